import type { ItemEnvelope } from '@club/contract';
import { ApiError, toApiError } from './api-client';

/**
 * POSTs a multipart form (a file upload) and answers the envelope's data, or rejects with the
 * server's `ApiError`. XMLHttpRequest rather than fetch: only it reports the progress of an upload
 * (`onProgress` gets the share sent so far, 0 to 1).
 */
export function postFormData<T>(path: string, form: FormData, onProgress?: (share: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
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
        .then((body: ItemEnvelope<T>) => resolve(body.data))
        .catch(() => reject(new ApiError(xhr.status, 'UNEXPECTED_RESPONSE', 'Der Server hat eine unerwartete Antwort geschickt.')));
    };
    xhr.send(form);
  });
}
