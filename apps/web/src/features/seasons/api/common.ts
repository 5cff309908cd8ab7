import type { QueryClient } from '@tanstack/react-query';
import * as queryKeys from '@/lib/query-keys';

export const seasonsBase = '/api/v1/admin/seasons/';

/** After any change: the list with its counts. */
export function invalidateSeasons(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.seasons.all });
}
