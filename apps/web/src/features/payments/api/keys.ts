import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the invoice overview, from broad to narrow. */
export const invoiceKeys = {
  all: ['admin', 'invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (filter: object) => [...invoiceKeys.lists(), filter] as const,
};

/** The bank's credits that came without a usable reference. */
export const paymentKeys = {
  all: ['admin', 'payments'] as const,
  unmatched: () => [...paymentKeys.all, 'unmatched'] as const,
};

export const adminInvoicesBase = '/api/v1/admin/invoices';
export const adminPaymentsBase = '/api/v1/admin/payments';

/** After a payment, an import, a booking, a cancellation or a reminder run: every list, its totals and the open credits may have changed. */
export async function invalidateInvoices(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  ]);
}
