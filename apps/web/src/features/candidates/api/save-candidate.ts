import type { Candidate, CandidateAdminInput, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminBase, invalidateCandidates } from './common';
import * as queryKeys from '@/lib/query-keys';

/** `POST /api/v1/admin/members/candidates`: a paper application entered by the board. */
export async function createCandidate(input: CandidateAdminInput): Promise<Candidate> {
  return unwrapItem(await api.post<ItemEnvelope<Candidate>>(adminBase, input));
}

/** `PUT /api/v1/admin/members/candidates/{id}`: only while the application is open (else 409). */
export async function updateCandidate({ id, input }: { id: number; input: CandidateAdminInput }): Promise<Candidate> {
  return unwrapItem(await api.put<ItemEnvelope<Candidate>>(`${adminBase}/${id}`, input));
}

export function useCreateCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCandidate,
    onSuccess: async (candidate) => {
      queryClient.setQueryData(queryKeys.candidates.detail(candidate.id), candidate);
      await invalidateCandidates(queryClient);
    },
  });
}

export function useUpdateCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCandidate,
    onSuccess: async (candidate) => {
      queryClient.setQueryData(queryKeys.candidates.detail(candidate.id), candidate);
      await invalidateCandidates(queryClient);
    },
    // A 409 means someone else decided meanwhile: show the current state.
    onError: () => invalidateCandidates(queryClient),
  });
}
