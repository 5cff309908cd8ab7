import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** `GET /api/v1/newsletters/{id}.pdf` */
export function fetchNewsletterPdf(id: number): Promise<Blob> {
  return apiDownload(`/api/v1/newsletters/${encodeURIComponent(id)}.pdf`);
}

/** Downloads a newsletter and saves it as `<date> <title>.pdf` (the server's name for it). */
export function useDownloadNewsletter() {
  return useMutation({
    mutationFn: async ({ id, fileName }: { id: number; fileName: string }) => {
      saveFile(await fetchNewsletterPdf(id), fileName);
    },
  });
}
