import type { ItemEnvelope, Membership } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './keys';

/** `PUT /api/v1/admin/members/{id}/memberships/{membershipId}`: ends a membership on `validTo`. */
export async function updateMembership({ id, membershipId, validTo }: { id: number; membershipId: number; validTo: string }): Promise<Membership> {
  return unwrapItem(await api.put<ItemEnvelope<Membership>>(`${adminMembersBase}/${id}/memberships/${membershipId}`, { validTo }));
}

export function useUpdateMembership(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { membershipId: number; validTo: string }) => updateMembership({ id, ...input }),
    onSuccess: () => invalidateMember(queryClient, id),
  });
}
