import type { Candidate, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminBase, invalidateCandidates } from './common';
import * as queryKeys from '@/lib/query-keys';

export type Decision = 'accept' | 'reject';

/** `POST .../candidates/{id}/accept` or `/reject` with body `{ id }` (SPEC.md §7). */
export async function decideCandidate({ id, decision }: { id: number; decision: Decision }): Promise<Candidate> {
  return unwrapItem(await api.post<ItemEnvelope<Candidate>>(`${adminBase}/${id}/${decision}`, { id }));
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
