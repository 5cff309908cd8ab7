import type { ItemEnvelope, Membership } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { adminMembersBase, invalidateMember } from './common';

interface MembershipChange {
  membershipId: number;
  validTo: string;
  parkingPermit?: boolean;
  /** another category of the membership's season (the fee run bills its fee) */
  categoryId?: number;
}

/** `PUT /api/v1/admin/members/{id}/memberships/{membershipId}`: ends a membership on `validTo`, sets its parking permit or category. */
export async function updateMembership({ id, membershipId, ...body }: MembershipChange & { id: number }): Promise<Membership> {
  const sent = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  return unwrapItem(await api.put<ItemEnvelope<Membership>>(`${adminMembersBase}/${id}/memberships/${membershipId}`, sent));
}

export function useUpdateMembership(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MembershipChange) => updateMembership({ id, ...input }),
    onSuccess: async (_membership, input) => {
      await invalidateMember(queryClient, id);
      // a changed category changes the categories' member counts and what the fee run bills
      if (input.categoryId !== undefined) await queryClient.invalidateQueries({ queryKey: queryKeys.seasons.all });
    },
  });
}
