import type { BookCreditInput, BookCreditResult, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminPaymentsBase, invalidateInvoices } from './common';

/** `POST /api/v1/admin/payments/{id}/booking` with `{ invoiceId }`: books a credit without reference on the chosen invoice. */
export async function bookCredit({ paymentId, invoiceId }: { paymentId: number; invoiceId: number }): Promise<BookCreditResult> {
  const body: BookCreditInput = { invoiceId };
  return unwrapItem(await api.post<ItemEnvelope<BookCreditResult>>(`${adminPaymentsBase}/${encodeURIComponent(paymentId)}/booking`, body));
}

export function useBookCredit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookCredit, onSettled: () => invalidateInvoices(queryClient) });
}
