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

/** `POST /api/v1/admin/mailings` (JSON), after the attachment's upload when there is one. */
export async function sendMailing({ body, file, onProgress }: MailingToSend): Promise<Mailing> {
  let attachmentId: number | undefined;
  if (file) {
    const form = new FormData();
    form.append('file', file, file.name);
    const attachment = await postFormData<MailingAttachment>('/api/v1/admin/mailings/attachments', form, onProgress);
    attachmentId = attachment.id;
  }
  return unwrapItem(
    await api.post<ItemEnvelope<Mailing>>('/api/v1/admin/mailings', { ...body, ...(attachmentId ? { attachmentId } : {}) }),
  );
}

export function useSendMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMailing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mailings.list() }),
  });
}
