import type { ContactMessageInput, ContactReceipt, ItemEnvelope } from '@club/contract';
import { useMutation } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';

/** `POST /api/v1/contact/` (202): the message is stored and will be mailed to the recipient. */
export async function sendMessage(input: ContactMessageInput): Promise<ContactReceipt> {
  return unwrapItem(await api.post<ItemEnvelope<ContactReceipt>>('/api/v1/contact/', input));
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
