import type { ItemEnvelope, Membership } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './common';

/** `POST /api/v1/admin/members/{id}/memberships`: one per member and season (409 otherwise); no category: the season's default. */
export async function addMembership({
  id,
  seasonId,
  categoryId,
}: {
  id: number;
  seasonId: number;
  categoryId?: number;
}): Promise<Membership> {
  const body = categoryId === undefined ? { seasonId } : { seasonId, categoryId };
  return unwrapItem(await api.post<ItemEnvelope<Membership>>(`${adminMembersBase}/${id}/memberships`, body));
}

export function useAddMembership(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { seasonId: number; categoryId?: number }) => addMembership({ id, ...input }),
    onSettled: () => invalidateMember(queryClient, id),
  });
}
