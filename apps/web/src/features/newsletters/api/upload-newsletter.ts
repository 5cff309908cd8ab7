import type { ItemEnvelope, NewsletterUploaded } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, toApiError } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';

export interface NewsletterUpload {
  title: string;
  publicationDate: string;
  notify: boolean;
  file: File;
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
}

/**
 * `POST /api/v1/admin/newsletters` as a multipart form (title, publicationDate, notify, file).
 * XMLHttpRequest rather than fetch: only it reports the progress of an upload.
 */
export function uploadNewsletter({ title, publicationDate, notify, file, onProgress }: NewsletterUpload): Promise<NewsletterUploaded> {
  const form = new FormData();
  form.append('title', title);
  form.append('publicationDate', publicationDate);
  if (notify) form.append('notify', 'true');
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/admin/newsletters');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.'));
    xhr.onload = () => {
      const response = new Response(xhr.responseText || null, { status: xhr.status, headers: { 'Content-Type': 'application/json' } });
      if (xhr.status < 200 || xhr.status >= 300) {
        void toApiError(response).then(reject);
        return;
      }
      void response
        .json()
        .then((body: ItemEnvelope<NewsletterUploaded>) => resolve(body.data))
        .catch(() => reject(new ApiError(xhr.status, 'UNEXPECTED_RESPONSE', 'Der Server hat eine unerwartete Antwort geschickt.')));
    };
    xhr.send(form);
  });
}

export function useUploadNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadNewsletter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.newsletters.all }),
  });
}
