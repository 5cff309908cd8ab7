import type { BookCreditInput, BookCreditResult, CreditDecision, CreditDecisionInput, ItemEnvelope } from '@club/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import { adminPaymentsBase, invalidateInvoices } from './common';

const creditPath = (paymentId: number) => `${adminPaymentsBase}/${encodeURIComponent(paymentId)}`;

/**
 * `POST /api/v1/admin/payments/{id}/booking` with `{ invoiceId }` (the whole credit on one invoice)
 * or `{ allocations }` (split across several).
 */
export async function bookCredit({ paymentId, ...body }: BookCreditInput & { paymentId: number }): Promise<BookCreditResult> {
  return unwrapItem(await api.post<ItemEnvelope<BookCreditResult>>(`${creditPath(paymentId)}/booking`, body));
}

export function useBookCredit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookCredit, onSettled: () => invalidateInvoices(queryClient) });
}

/** `POST /api/v1/admin/payments/{id}/decision`: closes a listed credit without booking it. */
export async function decideCredit({ paymentId, ...body }: CreditDecisionInput & { paymentId: number }): Promise<CreditDecision> {
  return unwrapItem(await api.post<ItemEnvelope<CreditDecision>>(`${creditPath(paymentId)}/decision`, body));
}

export function useDecideCredit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideCredit, onSettled: () => invalidateInvoices(queryClient) });
}

/** `DELETE /api/v1/admin/payments/{id}/decision`: undoes a booking or decision; the credit is listed again. */
export async function undoCreditDecision({ paymentId }: { paymentId: number }): Promise<void> {
  await api.delete(`${creditPath(paymentId)}/decision`);
}

export function useUndoCreditDecision() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoCreditDecision, onSettled: () => invalidateInvoices(queryClient) });
}
