import type { EmailChangeConfirmed, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `POST /api/v1/member/email/confirm`: the token of the mail link applies the new address; no login needed. */
export async function confirmEmailChange(token: string): Promise<EmailChangeConfirmed> {
  return unwrapItem(await api.post<ItemEnvelope<EmailChangeConfirmed>>('/api/v1/member/email/confirm', { token }));
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
