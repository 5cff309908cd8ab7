import type { CandidateApplicationInput, CandidateReceipt, ItemEnvelope } from '@club/contract';
import { useMutation } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';

/** `POST /api/v1/candidates`: the public membership form. */
export async function submitApplication(input: CandidateApplicationInput): Promise<CandidateReceipt> {
  return unwrapItem(await api.post<ItemEnvelope<CandidateReceipt>>('/api/v1/candidates', input));
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}
