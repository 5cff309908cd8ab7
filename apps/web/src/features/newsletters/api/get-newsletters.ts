import type { ListEnvelope, Newsletter } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `GET /api/v1/newsletters/`: members only, newest first. */
export async function getNewsletters({ signal }: { signal?: AbortSignal } = {}): Promise<Newsletter[]> {
  return unwrapList(await api.get<ListEnvelope<Newsletter>>('/api/v1/newsletters/', { signal }));
}

export function newslettersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.newsletters.list(), queryFn: ({ signal }) => getNewsletters({ signal }) });
}

export function useNewsletters(enabled: boolean) {
  return useQuery({ ...newslettersQueryOptions(), enabled });
}
