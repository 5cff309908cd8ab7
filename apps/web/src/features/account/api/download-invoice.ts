import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';

/** `GET /api/v1/member/invoices/{id}.pdf` */
export function fetchInvoicePdf(id: number): Promise<Blob> {
  return apiDownload(`/api/v1/member/invoices/${encodeURIComponent(id)}.pdf`);
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

/** Downloads one of the member's own invoices as PDF. */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: async ({ id, number }: { id: number; number: string }) => {
      const blob = await fetchInvoicePdf(id);
      saveFile(blob, `Rechnung-${number}.pdf`);
    },
  });
}
