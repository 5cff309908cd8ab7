import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './common';

/** `DELETE /api/v1/admin/members/{id}/twofactor`: switches off another member's lost second factor (mailed to the member). */
export async function resetTwoFactor(id: number): Promise<void> {
  await api.delete(`${adminMembersBase}/${id}/twofactor`);
}

export function useResetTwoFactor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => resetTwoFactor(id), onSuccess: () => invalidateMember(queryClient, id) });
}
