import type { InvoiceOverviewItem } from '@club/contract';
import { toIsoDate } from '../../lib/dates.ts';
import { toMoney } from '../../lib/money.ts';
import type { InvoiceListRow } from './payments.repository.ts';

/** An invoice row → the overview's wire shape (DESIGN.md §8 plus name, season, reminders, overdue). */
export function toAdminInvoice(row: InvoiceListRow, today: Date): InvoiceOverviewItem {
  return {
    id: row.id,
    number: row.number,
    memberId: row.memberId,
    title: row.title,
    kind: row.kind,
    invoiceDate: toIsoDate(row.invoiceDate),
    dueDate: toIsoDate(row.dueDate),
    lines: row.lines.map((l) => ({ text: l.text, amount: toMoney(l.amountRappen) })),
    total: toMoney(row.totalRappen),
    status: row.status,
    reference: row.reference,
    paidAt: row.paidAt ? toIsoDate(row.paidAt) : null,
    paidAmount: toMoney(row.paidRappen),
    memberName: `${row.member.firstName} ${row.member.lastName}`,
    seasonName: row.season?.name ?? null,
    reminderLevel: row.reminders[0]?.level ?? 0,
    overdue: row.status === 'OPEN' && row.dueDate.getTime() < today.getTime(),
  };
}
