import type { InvoiceDetail, ItemEnvelope } from '@club/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrapItem } from '@/lib/api-client';
import * as queryKeys from '@/lib/query-keys';
import { adminInvoicesBase } from './common';

/** `GET /api/v1/admin/invoices/{id}`: one invoice with its reminders and its history. */
export async function getInvoice(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<InvoiceDetail> {
  return unwrapItem(await api.get<ItemEnvelope<InvoiceDetail>>(`${adminInvoicesBase}/${encodeURIComponent(id)}`, { signal }));
}

export function invoiceQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.invoices.detail(id), queryFn: ({ signal }) => getInvoice(id, { signal }) });
}

export function useInvoice(id: number, enabled = true) {
  return useQuery({ ...invoiceQueryOptions(id), enabled });
}
