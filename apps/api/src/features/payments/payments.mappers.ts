import type { InvoiceOverviewItem } from '@club/contract';
import { toInvoiceOverviewItem } from '../invoices/invoices.service.ts';
import type { InvoiceListRow } from './payments.repository.ts';

/** An invoice row of the overview → its wire shape (the invoices feature's, also for one invoice's page). */
export function toAdminInvoice(row: InvoiceListRow, today: Date): InvoiceOverviewItem {
  return toInvoiceOverviewItem(row, today);
}
