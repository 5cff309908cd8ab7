import type { ItemEnvelope, MailingTest } from '@club/contract';
import { useMutation } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { withAttachment, type MailingToSend } from './send-mailing';

/** `POST /api/v1/admin/mailings/test`: the mail only to the board member writing it («Testmail an mich»). */
export async function sendTestMailing(mailing: MailingToSend): Promise<MailingTest> {
  return unwrapItem(await api.post<ItemEnvelope<MailingTest>>('/api/v1/admin/mailings/test', await withAttachment(mailing)));
}

export function useSendTestMailing() {
  return useMutation({ mutationFn: sendTestMailing });
}
