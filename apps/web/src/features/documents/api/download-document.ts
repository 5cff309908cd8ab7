import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** `GET /api/v1/documents/{id}.pdf` */
export function fetchDocumentPdf(id: number): Promise<Blob> {
  return apiDownload(`/api/v1/documents/${encodeURIComponent(id)}.pdf`);
}

/** Downloads a document and saves it as `<date> <title>.pdf` (the server's name for it). */
export function useDownloadDocument() {
  return useMutation({
    mutationFn: async ({ id, fileName }: { id: number; fileName: string }) => {
      saveFile(await fetchDocumentPdf(id), fileName);
    },
  });
}
