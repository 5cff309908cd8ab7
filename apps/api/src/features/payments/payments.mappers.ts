import type { InvoiceOverviewItem } from '@club/contract';
import { currentDueDate } from '../invoices/index.ts';
import { toInvoice } from '../invoices/invoices.service.ts';
import type { InvoiceListRow } from './payments.repository.ts';

/** An invoice row → the overview's wire shape (docs/domain-rules.md «Wire names» plus name, season, reminders, overdue). */
export function toAdminInvoice(row: InvoiceListRow, today: Date): InvoiceOverviewItem {
  return {
    ...toInvoice(row),
    memberName: `${row.member.firstName} ${row.member.lastName}`,
    seasonName: row.season?.name ?? null,
    overdue: row.status === 'OPEN' && currentDueDate(row.dueDate, row.reminders).getTime() < today.getTime(),
  };
}
