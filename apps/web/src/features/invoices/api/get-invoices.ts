import { INVOICE_OVERVIEW_DEFAULT_PAGE_SIZE, type InvoiceOverviewQuery, type InvoiceOverviewResult } from '@club/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminInvoicesBase } from './common';
import * as queryKeys from '@/lib/query-keys';

/** The overview's filter as the screen keeps it (in the address). */
export interface InvoiceFilter {
  seasonId?: number | undefined;
  kind?: InvoiceOverviewQuery['kind'];
  status?: InvoiceOverviewQuery['status'];
  overdue?: boolean | undefined;
  q: string;
  page: number;
}

/** `GET /api/v1/admin/invoices?seasonId=&kind=&status=&overdue=&q=&page=&pageSize=`: one page, paging facts, totals. */
export async function getInvoices(filter: InvoiceFilter, { signal }: { signal?: AbortSignal } = {}) {
  const answer = await api.get<InvoiceOverviewResult>(adminInvoicesBase, {
    params: {
      seasonId: filter.seasonId,
      kind: filter.kind,
      status: filter.status,
      overdue: filter.overdue === undefined ? undefined : String(filter.overdue),
      q: filter.q || undefined,
      page: filter.page,
      pageSize: INVOICE_OVERVIEW_DEFAULT_PAGE_SIZE,
    },
    signal,
  });
  return { invoices: answer.data.map((item) => item.data), page: answer.page, totals: answer.totals };
}

export function invoicesQueryOptions(filter: InvoiceFilter) {
  return queryOptions({
    queryKey: queryKeys.invoices.list(filter),
    queryFn: ({ signal }) => getInvoices(filter, { signal }),
    // While the next page or filter loads, the previous rows stay (no flicker).
    placeholderData: keepPreviousData,
  });
}

export function useInvoices(filter: InvoiceFilter) {
  return useQuery(invoicesQueryOptions(filter));
}
