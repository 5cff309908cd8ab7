import type { InvitationSent, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './common';

/** `POST /api/v1/admin/members/{id}/invitation`: a new 14-day link for a member without a password (409 with one). */
export async function sendInvitation(id: number): Promise<InvitationSent> {
  return unwrapItem(await api.post<ItemEnvelope<InvitationSent>>(`${adminMembersBase}/${id}/invitation`));
}

export function useSendInvitation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => sendInvitation(id), onSuccess: () => invalidateMember(queryClient, id) });
}
