import type { InvoiceOverviewItem } from '@club/contract';
import { toInvoice } from '../invoices/invoices.service.ts';
import type { InvoiceListRow } from './payments.repository.ts';

/** An invoice row → the overview's wire shape (docs/domain-rules.md «Wire names» plus name, season, reminders, overdue). */
export function toAdminInvoice(row: InvoiceListRow, today: Date): InvoiceOverviewItem {
  return {
    ...toInvoice(row),
    memberName: `${row.member.firstName} ${row.member.lastName}`,
    seasonName: row.season?.name ?? null,
    // A reminded invoice stays overdue: its own due date decides (the reminder's deadline is shown beside it).
    overdue: row.status === 'OPEN' && row.dueDate.getTime() < today.getTime(),
  };
}
