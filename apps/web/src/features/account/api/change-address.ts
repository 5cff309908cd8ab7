import type { AddressOut, ItemEnvelope, Address } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `POST /api/v1/member/addresses`: the new address starts today, the old one ends yesterday. */
export async function changeAddress(address: Address): Promise<AddressOut> {
  return unwrapItem(await api.post<ItemEnvelope<AddressOut>>('/api/v1/member/addresses', address));
}

export function useChangeAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
