import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the seasons screen (the member pages read the same list). */
export const seasonKeys = { list: ['seasons', 'list'] as const };

export const seasonsBase = '/api/v1/admin/seasons/';

/** After any change: the list with its counts. */
export function invalidateSeasons(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['seasons'] });
}
