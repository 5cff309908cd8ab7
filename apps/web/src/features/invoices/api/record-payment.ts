import type { InvoiceOverviewItem, ItemEnvelope, ManualPaymentInput } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminInvoicesBase, invalidateInvoices } from './common';

/** `POST /api/v1/admin/invoices/{id}/payments` with `{ amount, paidAt }`: a payment by hand. */
export async function recordPayment({ id, ...input }: ManualPaymentInput & { id: number }): Promise<InvoiceOverviewItem> {
  return unwrapItem(await api.post<ItemEnvelope<InvoiceOverviewItem>>(`${adminInvoicesBase}/${encodeURIComponent(id)}/payments`, input));
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordPayment, onSuccess: () => invalidateInvoices(queryClient) });
}
