import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';

/** `GET /api/v1/newsletters/{id}.pdf` */
export function fetchNewsletterPdf(id: number): Promise<Blob> {
  return apiDownload(`/api/v1/newsletters/${encodeURIComponent(id)}.pdf`);
}

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a newsletter and saves it as `<date> <title>.pdf` (the server's name for it). */
export function useDownloadNewsletter() {
  return useMutation({
    mutationFn: async ({ id, fileName }: { id: number; fileName: string }) => {
      saveFile(await fetchNewsletterPdf(id), fileName);
    },
  });
}
