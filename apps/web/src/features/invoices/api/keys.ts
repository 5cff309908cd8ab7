import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the invoice overview, from broad to narrow. */
export const invoiceKeys = {
  all: ['admin', 'invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (filter: object) => [...invoiceKeys.lists(), filter] as const,
};

export const adminInvoicesBase = '/api/v1/admin/invoices';

/** After a payment, an import, a cancellation or a reminder run: every list and its totals may have changed. */
export function invalidateInvoices(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
}
