import type { ItemEnvelope, Role } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './common';

/** `PUT /api/v1/admin/members/{id}/roles`: MEMBER always stays; the last board member keeps the role (409). */
export async function updateRoles({ id, roles }: { id: number; roles: Role[] }): Promise<Role[]> {
  return unwrapItem(await api.put<ItemEnvelope<{ roles: Role[] }>>(`${adminMembersBase}/${id}/roles`, { roles })).roles;
}

export function useUpdateRoles(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (roles: Role[]) => updateRoles({ id, roles }), onSettled: () => invalidateMember(queryClient, id) });
}
