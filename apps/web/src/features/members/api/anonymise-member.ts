import type { AdminMember, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './common';
import * as queryKeys from '@/lib/query-keys';

/** `POST /api/v1/admin/members/{id}/anonymisation`: the right to erasure, at once (409 when not allowed). */
export async function anonymiseMember(id: number): Promise<AdminMember> {
  return unwrapItem(await api.post<ItemEnvelope<AdminMember>>(`${adminMembersBase}/${id}/anonymisation`));
}

export function useAnonymiseMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => anonymiseMember(id),
    onSuccess: () =>
      Promise.all([invalidateMember(queryClient, id), queryClient.invalidateQueries({ queryKey: queryKeys.members.retention() })]),
  });
}
