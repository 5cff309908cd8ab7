import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** `GET /api/v1/member/invoices/{id}.pdf` */
export function fetchInvoicePdf(id: number): Promise<Blob> {
  return apiDownload(`/api/v1/member/invoices/${encodeURIComponent(id)}.pdf`);
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
