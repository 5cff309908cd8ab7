import type { AdminMember, ItemEnvelope, MemberUpdateBody } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './common';

/** `PUT /api/v1/admin/members/{id}`: names, e-mail, date of birth. */
export async function updateMember({ id, input }: { id: number; input: MemberUpdateBody }): Promise<AdminMember> {
  return unwrapItem(await api.put<ItemEnvelope<AdminMember>>(`${adminMembersBase}/${id}`, input));
}

export function useUpdateMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberUpdateBody) => updateMember({ id, input }),
    onSuccess: () => invalidateMember(queryClient, id),
  });
}
