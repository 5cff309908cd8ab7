import type { QueryClient } from '@tanstack/react-query';
import { seasonsKey } from '@/lib/seasons';

export const seasonsBase = '/api/v1/admin/seasons/';

/** After any change: the list with its counts. */
export function invalidateSeasons(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: seasonsKey });
}
