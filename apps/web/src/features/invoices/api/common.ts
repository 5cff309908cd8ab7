import type { QueryClient } from '@tanstack/react-query';
import * as queryKeys from '@/lib/query-keys';

export const adminInvoicesBase = '/api/v1/admin/invoices';
export const adminPaymentsBase = '/api/v1/admin/payments';

/** After a payment, an import, a booking, a cancellation or a reminder run: every list, its totals and the open credits may have changed. */
export async function invalidateInvoices(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.payments.all }),
  ]);
}
