import type { ItemEnvelope, Membership } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './common';

/** `POST /api/v1/admin/members/{id}/memberships`: one per member and season (409 otherwise). */
export async function addMembership({ id, seasonId }: { id: number; seasonId: number }): Promise<Membership> {
  return unwrapItem(await api.post<ItemEnvelope<Membership>>(`${adminMembersBase}/${id}/memberships`, { seasonId }));
}

export function useAddMembership(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seasonId: number) => addMembership({ id, seasonId }),
    onSettled: () => invalidateMember(queryClient, id),
  });
}
