import type { ItemEnvelope, Membership } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './common';

/** `PUT /api/v1/admin/members/{id}/memberships/{membershipId}`: ends a membership on `validTo`, sets its parking permit. */
export async function updateMembership({
  id,
  membershipId,
  validTo,
  parkingPermit,
}: {
  id: number;
  membershipId: number;
  validTo: string;
  parkingPermit?: boolean;
}): Promise<Membership> {
  return unwrapItem(
    await api.put<ItemEnvelope<Membership>>(
      `${adminMembersBase}/${id}/memberships/${membershipId}`,
      parkingPermit === undefined ? { validTo } : { validTo, parkingPermit },
    ),
  );
}

export function useUpdateMembership(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { membershipId: number; validTo: string; parkingPermit?: boolean }) => updateMembership({ id, ...input }),
    onSuccess: () => invalidateMember(queryClient, id),
  });
}
