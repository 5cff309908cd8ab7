import type { ListEnvelope, Phone, PhonesBody } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapList } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `PUT /api/v1/member/phones`: the member's own landline and mobile; empty removes one. */
export async function changePhones(input: PhonesBody): Promise<Phone[]> {
  return unwrapList(await api.put<ListEnvelope<Phone>>('/api/v1/member/phones', input));
}

export function useChangePhones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePhones,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
