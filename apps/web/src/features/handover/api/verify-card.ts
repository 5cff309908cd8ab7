import type { ItemEnvelope, MemberCardCheck } from '@club/contract';
import { useMutation } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { retryDelay, retryUntilAnswered } from './hand-over';

/** `POST /api/v1/admin/membercards/verify`: the member of a scanned card, or 422 for a forged, altered or expired one. */
export async function verifyCard(token: string): Promise<MemberCardCheck> {
  return unwrapItem(await api.post<ItemEnvelope<MemberCardCheck>>('/api/v1/admin/membercards/verify', { token }));
}

export function useVerifyCard() {
  return useMutation({ mutationFn: verifyCard, retry: retryUntilAnswered, retryDelay });
}
