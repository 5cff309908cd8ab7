import type { NewsletterUploaded } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as queryKeys from '@/lib/query-keys';
import { postFormData } from '@/lib/upload-form-data';

export interface NewsletterUpload {
  title: string;
  publicationDate: string;
  notify: boolean;
  file: File;
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
}

/** `POST /api/v1/admin/newsletters` as a multipart form (title, publicationDate, notify, file), with progress. */
export function uploadNewsletter({ title, publicationDate, notify, file, onProgress }: NewsletterUpload): Promise<NewsletterUploaded> {
  const form = new FormData();
  form.append('title', title);
  form.append('publicationDate', publicationDate);
  if (notify) form.append('notify', 'true');
  form.append('file', file, file.name);
  return postFormData<NewsletterUploaded>('/api/v1/admin/newsletters', form, onProgress);
}

export function useUploadNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadNewsletter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.newsletters.all }),
  });
}
