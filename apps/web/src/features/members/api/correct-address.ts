import type { AddressOut, ItemEnvelope, Address } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminMembersBase, invalidateMember } from './common';

/** `PUT /api/v1/admin/members/{id}/addresses/{addressId}`: fixes a typo; validity and history stay. */
export async function correctAddress({ id, addressId, address }: { id: number; addressId: number; address: Address }): Promise<AddressOut> {
  return unwrapItem(await api.put<ItemEnvelope<AddressOut>>(`${adminMembersBase}/${id}/addresses/${addressId}`, address));
}

export function useCorrectAddress(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { addressId: number; address: Address }) => correctAddress({ id, ...input }),
    onSuccess: () => invalidateMember(queryClient, id),
  });
}
