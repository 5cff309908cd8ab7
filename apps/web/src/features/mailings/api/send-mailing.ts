import type { ItemEnvelope, Mailing, MailingAttachment, MailingBody } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { postFormData } from '@/lib/upload-form-data';

export interface MailingToSend {
  body: Omit<MailingBody, 'attachmentId'>;
  /** The PDF to attach: uploaded first (`POST .../mailings/attachments`), then named in the mailing. */
  file?: File | undefined;
  /** Called with the share of the PDF sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
}

/** The mailing's JSON body, after the attachment's upload when there is one (also for the test mail). */
export async function withAttachment({ body, file, onProgress }: MailingToSend): Promise<MailingBody> {
  if (!file) return body;
  const form = new FormData();
  form.append('file', file, file.name);
  const attachment = await postFormData<MailingAttachment>('/api/v1/admin/mailings/attachments', form, onProgress);
  return { ...body, attachmentId: attachment.id };
}

/** `POST /api/v1/admin/mailings` (JSON), after the attachment's upload when there is one. */
export async function sendMailing(mailing: MailingToSend): Promise<Mailing> {
  return unwrapItem(await api.post<ItemEnvelope<Mailing>>('/api/v1/admin/mailings', await withAttachment(mailing)));
}

export function useSendMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMailing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mailings.list() }),
  });
}
