import type { CandidateStatus } from '@club/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the applications, from broad to narrow. */
export const candidateKeys = {
  all: ['candidates'] as const,
  lists: () => [...candidateKeys.all, 'list'] as const,
  list: (status: CandidateStatus | undefined) => [...candidateKeys.lists(), status ?? 'ALL'] as const,
  detail: (id: number) => [...candidateKeys.all, 'detail', id] as const,
};

/** After a board change: every list and the one application may have changed. */
export function invalidateCandidates(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: candidateKeys.all });
}

export const adminBase = '/api/v1/admin/members/candidates';
