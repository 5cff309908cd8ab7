import type { ListEnvelope, SeasonOption } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import { seasonKeys } from './keys';

/** `GET /api/v1/admin/seasons/`: newest first (for the season filter). */
export async function getSeasons({ signal }: { signal?: AbortSignal } = {}): Promise<SeasonOption[]> {
  return unwrapList(await api.get<ListEnvelope<SeasonOption>>('/api/v1/admin/seasons/', { signal }));
}

export function seasonsQueryOptions() {
  return queryOptions({ queryKey: seasonKeys.list, queryFn: ({ signal }) => getSeasons({ signal }), staleTime: 5 * 60_000 });
}

export function useSeasons() {
  return useQuery(seasonsQueryOptions());
}
