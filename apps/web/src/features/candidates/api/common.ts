import type { QueryClient } from '@tanstack/react-query';
import * as queryKeys from '@/lib/query-keys';

/** After a board change: every list and the one application may have changed. */
export function invalidateCandidates(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.candidates.all });
}

export const adminBase = '/api/v1/admin/members/candidates';
