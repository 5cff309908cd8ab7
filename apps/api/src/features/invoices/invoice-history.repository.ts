import type { DbOrTx } from '../../lib/ctx.ts';

/**
 * What the site recorded about one invoice, read for its history: the invoice with its lines and
 * reminders, the payments and bank lines on it, the mails that carried it and the audit entries.
 */

/** The invoice with what its page shows; null when there is none. */
export function findInvoiceWithMember(db: DbOrTx, id: number) {
  return db.invoice.findUnique({
    where: { id },
    include: {
      lines: { orderBy: { position: 'asc' } },
      reminders: { orderBy: { level: 'asc' } },
      season: { select: { name: true } },
      member: { select: { firstName: true, lastName: true } },
    },
  });
}
export type InvoiceWithMember = NonNullable<Awaited<ReturnType<typeof findInvoiceWithMember>>>;

/** What the history reads of an audit entry. */
const auditSelect = { actorId: true, action: true, entityId: true, data: true, createdAt: true } as const;

const bankLineSelect = {
  id: true,
  amountRappen: true,
  currency: true,
  debtorName: true,
  reference: true,
  message: true,
  bookingDate: true,
  createdAt: true,
  bankFile: { select: { fileName: true, createdAt: true } },
  decision: { select: { kind: true, createdAt: true, decidedById: true } },
} as const;

/**
 * Every payment row on the invoice: payments by hand, bank lines booked on it (by reference or by
 * the board), parts of split credits (with their whole credit) and bank lines that named it without
 * paying it.
 */
export function findPaymentsOnInvoice(db: DbOrTx, invoiceId: number) {
  return db.payment.findMany({
    where: { invoiceId },
    select: {
      ...bankLineSelect,
      source: true,
      outcome: true,
      note: true,
      method: true,
      recordedById: true,
      parentId: true,
      bankFile: { select: { fileName: true, createdAt: true, importedById: true } },
      parent: { select: bankLineSelect },
    },
    orderBy: { id: 'asc' },
  });
}
export type PaymentOnInvoice = Awaited<ReturnType<typeof findPaymentsOnInvoice>>[number];

/** The bank lines an audit entry speaks of (a booking undone since: the line no longer names the invoice). */
export function findBankLines(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.payment.findMany({ where: { id: { in: [...ids] } }, select: bankLineSelect });
}
export type BankLineOfHistory = Awaited<ReturnType<typeof findBankLines>>[number];

/** Audit entries about the invoice itself (cancelled, payment recorded, credit booked on it). */
export function findInvoiceAudit(db: DbOrTx, invoiceId: number) {
  return db.auditLog.findMany({
    where: { entity: 'invoice', entityId: String(invoiceId) },
    select: auditSelect,
    orderBy: { id: 'asc' },
  });
}
export type AuditOfHistory = Awaited<ReturnType<typeof findInvoiceAudit>>[number];

/** Decisions and their undoing on the given bank lines. */
export function findBankLineAudit(db: DbOrTx, paymentIds: readonly number[]): Promise<AuditOfHistory[]> {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db.auditLog.findMany({
    where: {
      entity: 'payment',
      entityId: { in: paymentIds.map(String) },
      action: { in: ['payments.credit_decided', 'payments.decision_undone'] },
    },
    select: auditSelect,
    orderBy: { id: 'asc' },
  });
}

/**
 * The audit entries of runs written in the same transaction as something of this invoice: a run's
 * entry carries the transaction's instant, as do the invoices and reminders it wrote.
 */
export function findRunAudit(db: DbOrTx, instants: readonly Date[], actions: readonly string[]): Promise<AuditOfHistory[]> {
  return db.auditLog.findMany({
    where: { createdAt: { in: [...instants] }, action: { in: [...actions] } },
    select: auditSelect,
    orderBy: { id: 'asc' },
  });
}

/** The mails that carried the invoice or one of its reminders as an attachment. */
export function findMailsWithInvoice(db: DbOrTx, invoiceId: number) {
  return db.mailOutbox.findMany({
    where: { attachments: { array_contains: [{ kind: 'invoice', invoiceId }] } },
    select: { to: true, subject: true, status: true, sentAt: true, createdAt: true, attachments: true },
    orderBy: { id: 'asc' },
  });
}
export type MailOfHistory = Awaited<ReturnType<typeof findMailsWithInvoice>>[number];

export function findNamesOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.member.findMany({ where: { id: { in: [...ids] } }, select: { id: true, firstName: true, lastName: true } });
}
