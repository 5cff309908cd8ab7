import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateInvoices } from './common';

/** `DELETE /api/v1/admin/members/{memberId}/invoices/{invoiceId}`: cancels an open invoice (a paid one is a 409). */
export function cancelInvoice({ memberId, invoiceId }: { memberId: number; invoiceId: number }): Promise<void> {
  return api.delete(`/api/v1/admin/members/${encodeURIComponent(memberId)}/invoices/${encodeURIComponent(invoiceId)}`);
}

export function useCancelInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelInvoice, onSettled: () => invalidateInvoices(queryClient) });
}
