import type { ItemEnvelope, PasswordResetSent } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './common';

/** `POST /api/v1/admin/members/{id}/passwordreset`: the mail of «Passwort vergessen» (202, a link valid one hour). */
export async function sendPasswordReset(id: number): Promise<PasswordResetSent> {
  return unwrapItem(await api.post<ItemEnvelope<PasswordResetSent>>(`${adminMembersBase}/${id}/passwordreset`));
}

export function useSendPasswordReset(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => sendPasswordReset(id), onSuccess: () => invalidateMember(queryClient, id) });
}
