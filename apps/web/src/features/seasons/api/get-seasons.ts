import type { ListEnvelope, Season } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import { seasonKeys, seasonsBase } from './keys';

/** `GET /api/v1/admin/seasons/`: newest first, with memberships and fee invoices counted. */
export async function getSeasons({ signal }: { signal?: AbortSignal } = {}): Promise<Season[]> {
  return unwrapList(await api.get<ListEnvelope<Season>>(seasonsBase, { signal }));
}

export function seasonsQueryOptions() {
  return queryOptions({ queryKey: seasonKeys.list, queryFn: ({ signal }) => getSeasons({ signal }) });
}

export function useSeasonList() {
  return useQuery(seasonsQueryOptions());
}
