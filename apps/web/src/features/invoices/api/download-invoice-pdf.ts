import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** `GET /api/v1/admin/members/{memberId}/invoices/{invoiceId}.pdf` */
export function fetchInvoicePdf(memberId: number, invoiceId: number): Promise<Blob> {
  return apiDownload(`/api/v1/admin/members/${encodeURIComponent(memberId)}/invoices/${encodeURIComponent(invoiceId)}.pdf`);
}

/** Downloads an invoice as the member got it, saved as `Rechnung-<number>.pdf`. */
export function useDownloadInvoicePdf() {
  return useMutation({
    mutationFn: async ({ memberId, id, number }: { memberId: number; id: number; number: string }) => {
      saveFile(await fetchInvoicePdf(memberId, id), `Rechnung-${number}.pdf`);
    },
  });
}
