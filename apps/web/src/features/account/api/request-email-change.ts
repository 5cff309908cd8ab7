import type { EmailChangeRequested, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

/** `PUT /api/v1/member/email`: the new address gets a confirmation link (202). */
export async function requestEmailChange(email: string): Promise<EmailChangeRequested> {
  return unwrapItem(await api.put<ItemEnvelope<EmailChangeRequested>>('/api/v1/member/email', { email }));
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
