import type { Candidate, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminBase, invalidateCandidates } from './common';
import * as queryKeys from '@/lib/query-keys';

export type Decision = 'accept' | 'reject';

/**
 * `POST .../candidates/{id}/accept` or `/reject` with body `{ id }` (SPEC.md §7); an accept the board
 * confirmed despite possible duplicates adds `confirmDuplicates: true`.
 */
export async function decideCandidate({
  id,
  decision,
  confirmDuplicates,
}: {
  id: number;
  decision: Decision;
  confirmDuplicates?: boolean;
}): Promise<Candidate> {
  const body = decision === 'accept' && confirmDuplicates ? { id, confirmDuplicates: true } : { id };
  return unwrapItem(await api.post<ItemEnvelope<Candidate>>(`${adminBase}/${id}/${decision}`, body));
}

export function useDecideCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCandidate,
    onSuccess: async (candidate) => {
      queryClient.setQueryData(queryKeys.candidates.detail(candidate.id), candidate);
      await invalidateCandidates(queryClient);
    },
    onError: () => invalidateCandidates(queryClient),
  });
}
