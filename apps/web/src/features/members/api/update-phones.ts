import type { ListEnvelope, Phone, PhonesUpdateBody } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './common';

/** `PUT /api/v1/admin/members/{id}/phones`: landline and mobile; empty removes one. */
export async function updatePhones({ id, input }: { id: number; input: PhonesUpdateBody }): Promise<Phone[]> {
  return unwrapList(await api.put<ListEnvelope<Phone>>(`${adminMembersBase}/${id}/phones`, input));
}

export function useUpdatePhones(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PhonesUpdateBody) => updatePhones({ id, input }),
    onSuccess: () => invalidateMember(queryClient, id),
  });
}
