import type { ListEnvelope, SeasonOption } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** Under the seasons' list key: whatever changes the seasons refreshes this list too. */

/** `GET /api/v1/admin/seasons/`: newest first (the seasons the reports can cover). */
export async function getReportSeasons({ signal }: { signal?: AbortSignal } = {}): Promise<SeasonOption[]> {
  return unwrapList(await api.get<ListEnvelope<SeasonOption>>('/api/v1/admin/seasons/', { signal }));
}

export function reportSeasonsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.seasons.reportList(),
    queryFn: ({ signal }) => getReportSeasons({ signal }),
    staleTime: 60_000,
  });
}

export function useReportSeasons() {
  return useQuery(reportSeasonsQueryOptions());
}
