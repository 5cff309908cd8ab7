import {
  rappenToFrancs,
  reminderTitles,
  toMoney,
  type CreditDecision,
  type HistoryBankLine,
  type InvoiceDetail,
  type InvoiceHistoryEntry,
  type InvoiceOrigin,
} from '@club/contract';
import { notFound } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/ctx.ts';
import { toIsoDate, zurichToday } from '../../lib/dates.ts';
import {
  findBankLineAudit,
  findBankLines,
  findInvoiceAudit,
  findInvoiceWithMember,
  findMailsWithInvoice,
  findNamesOf,
  findPaymentsOnInvoice,
  findRunAudit,
  type AuditOfHistory,
  type BankLineOfHistory,
  type InvoiceWithMember,
  type MailOfHistory,
  type PaymentOnInvoice,
} from './invoice-history.repository.ts';
import { reminderFeeLineText } from './invoices.rules.ts';
import { toInvoiceOverviewItem } from './invoices.service.ts';

/** The audit actions of the runs and the acceptance that issue invoices, and what each says of its invoices. */
const ORIGIN_OF_ACTION: Record<string, InvoiceOrigin> = {
  'season.membershipfees.issued': 'MEMBERSHIP_FEE_RUN',
  'season.parkingfees.issued': 'PARKING_FEE_RUN',
  'season.ticketfees.issued': 'TICKET_BILLING_RUN',
  'candidate.accepted': 'APPLICATION_ACCEPTED',
};
const REMINDER_RUN = 'invoices.reminded';

/** Entries of one instant in the order they happened within their transaction. */
const KIND_ORDER: InvoiceHistoryEntry['kind'][] = [
  'CREATED',
  'REMINDED',
  'PAYMENT',
  'BANK_LINE',
  'DECISION',
  'UNDONE',
  'CANCELLED',
  'MAILED',
];

type Names = Map<number, string>;
type DecisionKind = CreditDecision['kind'];

/** What an audit entry's data says, read field by field (the entries are JSON of their time). */
function dataOf(entry: AuditOfHistory): { paymentId?: number; amountRappen?: number; kind?: DecisionKind; note?: string } {
  const data = (entry.data ?? {}) as Record<string, unknown>;
  return {
    paymentId: typeof data.paymentId === 'number' ? data.paymentId : undefined,
    amountRappen: typeof data.amountRappen === 'number' ? data.amountRappen : undefined,
    kind: typeof data.kind === 'string' ? (data.kind as DecisionKind) : undefined,
    note: typeof data.note === 'string' ? data.note : '',
  };
}

function nameOf(names: Names, id: number | null | undefined): string | null {
  return id === null || id === undefined ? null : (names.get(id) ?? null);
}

function bankLineOf(line: BankLineOfHistory, split: boolean): HistoryBankLine {
  return {
    paymentId: line.id,
    fileName: line.bankFile?.fileName ?? '',
    importedAt: (line.bankFile?.createdAt ?? line.createdAt).toISOString(),
    debtorName: line.debtorName,
    reference: line.reference,
    message: line.message,
    amount: { currency: line.currency, amount: rappenToFrancs(line.amountRappen) },
    split,
  };
}

/** Whether the run's entry is the one that issued this invoice (same instant, and its season or member). */
function issued(entry: AuditOfHistory, invoice: InvoiceWithMember): boolean {
  if (entry.createdAt.getTime() !== invoice.createdAt.getTime()) return false;
  const data = (entry.data ?? {}) as Record<string, unknown>;
  if (entry.action === 'candidate.accepted') return data.memberId === invoice.memberId;
  return entry.entityId === String(invoice.seasonId);
}

function createdEntry(invoice: InvoiceWithMember, runs: readonly AuditOfHistory[], names: Names): InvoiceHistoryEntry {
  const run = runs.find((r) => ORIGIN_OF_ACTION[r.action] && issued(r, invoice));
  return {
    kind: 'CREATED',
    at: invoice.createdAt.toISOString(),
    origin: run ? ORIGIN_OF_ACTION[run.action]! : null,
    actor: nameOf(names, run?.actorId),
  };
}

function reminderFee(invoice: InvoiceWithMember, level: number): number {
  const text = reminderFeeLineText(reminderTitles[level] ?? 'Mahnung');
  return invoice.lines.filter((l) => l.text === text).reduce((sum, l) => sum + l.amountRappen, 0);
}

/** A reminder as the invoice page lists it: level, title, dates, what it asked for and its fee. */
function reminderOf(invoice: InvoiceWithMember, r: InvoiceWithMember['reminders'][number]): InvoiceDetail['reminders'][number] {
  return {
    level: r.level,
    title: reminderTitles[r.level] ?? 'Mahnung',
    reminderDate: toIsoDate(r.reminderDate),
    dueDate: toIsoDate(r.dueDate),
    openAmount: toMoney(r.openRappen),
    fee: toMoney(reminderFee(invoice, r.level)),
  };
}

function reminderEntries(invoice: InvoiceWithMember, runs: readonly AuditOfHistory[], names: Names): InvoiceHistoryEntry[] {
  return invoice.reminders.map((r) => {
    const run = runs.find((a) => a.action === REMINDER_RUN && a.createdAt.getTime() === r.createdAt.getTime());
    const { title, ...reminder } = reminderOf(invoice, r);
    return { kind: 'REMINDED', at: r.createdAt.toISOString(), ...reminder, levelTitle: title, actor: nameOf(names, run?.actorId) };
  });
}

function mailEntries(invoiceId: number, mails: readonly MailOfHistory[]): InvoiceHistoryEntry[] {
  return mails.map((m) => {
    const refs = Array.isArray(m.attachments) ? (m.attachments as { invoiceId?: unknown; reminderLevel?: unknown }[]) : [];
    const ref = refs.find((a) => a && a.invoiceId === invoiceId);
    return {
      kind: 'MAILED',
      at: m.createdAt.toISOString(),
      subject: m.subject,
      to: m.to,
      status: m.status,
      sentAt: m.sentAt?.toISOString() ?? null,
      reminderLevel: typeof ref?.reminderLevel === 'number' ? ref.reminderLevel : null,
    };
  });
}

const BOOKED_OUTCOMES = new Set(['MATCHED', 'AMOUNT_DIFFERS']);

/** A payment on the invoice: by hand, a bank line booked by its reference, or a credit the board booked (whole or a part). */
function paymentEntry(p: PaymentOnInvoice, names: Names): InvoiceHistoryEntry {
  const line = p.parent ?? p;
  const split = p.parent !== null;
  const decision = line.decision?.kind === 'BOOKED' ? line.decision : null;
  const how = p.source === 'MANUAL' ? 'MANUAL' : decision || split ? 'ASSIGNED' : 'REFERENCE';
  const at = how === 'ASSIGNED' ? (split ? p.createdAt : decision!.createdAt) : p.createdAt;
  const actorId = how === 'REFERENCE' ? (p.bankFile?.importedById ?? null) : (decision?.decidedById ?? p.recordedById);
  return {
    kind: 'PAYMENT',
    at: at.toISOString(),
    date: p.bookingDate ? toIsoDate(p.bookingDate) : null,
    amount: toMoney(p.amountRappen),
    how,
    method: p.method,
    note: p.source === 'MANUAL' ? p.note : '',
    actor: nameOf(names, actorId),
    bankLine: p.source === 'BANK_FILE' ? bankLineOf(line, split) : null,
    undoPaymentId: decision ? line.id : null,
  };
}

function bankLineEntry(p: PaymentOnInvoice): InvoiceHistoryEntry {
  return {
    kind: 'BANK_LINE',
    at: p.createdAt.toISOString(),
    date: p.bookingDate ? toIsoDate(p.bookingDate) : null,
    outcome: p.outcome,
    note: p.note,
    bankLine: bankLineOf(p, false),
  };
}

/**
 * Decisions on credits that named the invoice, and undoings: of such a decision, or of a booking
 * the board had made on this invoice (its amount: what that booking had put on it).
 */
function decisionEntries(
  lines: ReadonlyMap<number, BankLineOfHistory>,
  decidedLines: ReadonlySet<number>,
  invoiceAudit: readonly AuditOfHistory[],
  lineAudit: readonly AuditOfHistory[],
  names: Names,
): InvoiceHistoryEntry[] {
  const bookings = invoiceAudit.filter((a) => a.action === 'payments.credit_booked');
  return lineAudit.flatMap((a): InvoiceHistoryEntry[] => {
    const data = dataOf(a);
    const paymentId = Number.parseInt(a.entityId, 10);
    const line = lines.get(paymentId);
    if (!line || !data.kind) return [];
    if (a.action === 'payments.credit_decided') {
      if (!decidedLines.has(paymentId) || data.kind === 'BOOKED') return [];
      const current = line.decision;
      return [
        {
          kind: 'DECISION',
          at: a.createdAt.toISOString(),
          decision: data.kind,
          note: data.note ?? '',
          amount: { currency: line.currency, amount: rappenToFrancs(line.amountRappen) },
          paymentId,
          actor: nameOf(names, a.actorId),
          undoable: current !== null && current.kind === data.kind && current.createdAt.getTime() === a.createdAt.getTime(),
        },
      ];
    }
    if (data.kind === 'BOOKED') {
      const booked = bookings.filter((b) => dataOf(b).paymentId === paymentId && b.createdAt < a.createdAt).at(-1);
      if (!booked) return [];
      return [
        {
          kind: 'UNDONE',
          at: a.createdAt.toISOString(),
          decision: 'BOOKED',
          amount: toMoney(dataOf(booked).amountRappen ?? 0),
          paymentId,
          actor: nameOf(names, a.actorId),
        },
      ];
    }
    if (!decidedLines.has(paymentId)) return [];
    return [
      {
        kind: 'UNDONE',
        at: a.createdAt.toISOString(),
        decision: data.kind,
        amount: toMoney(data.amountRappen ?? line.amountRappen),
        paymentId,
        actor: nameOf(names, a.actorId),
      },
    ];
  });
}

function byTime(a: InvoiceHistoryEntry, b: InvoiceHistoryEntry): number {
  return a.at.localeCompare(b.at) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
}

/** Every member named in the records: who ran, reminded, recorded, booked, decided or cancelled. */
async function namesOf(ctx: Ctx, audit: readonly AuditOfHistory[], payments: readonly PaymentOnInvoice[]): Promise<Names> {
  const ids = new Set<number>();
  for (const a of audit) if (a.actorId !== null) ids.add(a.actorId);
  for (const p of payments) {
    for (const id of [p.recordedById, p.bankFile?.importedById, p.decision?.decidedById, p.parent?.decision?.decidedById])
      if (typeof id === 'number') ids.add(id);
  }
  const rows = await findNamesOf(ctx.db, [...ids]);
  return new Map(rows.map((m) => [m.id, `${m.firstName} ${m.lastName}`]));
}

/**
 * One invoice as the board sees it, with its reminders and its history oldest first: issued (by
 * which run, by whom), mailed, reminded, paid (by hand with method and note, or from which bank
 * line), credits that named it without paying it, the board's decisions on them and their
 * undoing, cancelled. 404 when there is no such invoice.
 */
export async function getInvoiceHistory(ctx: Ctx, invoiceId: number): Promise<InvoiceDetail> {
  const invoice = await findInvoiceWithMember(ctx.db, invoiceId);
  if (!invoice) throw notFound('Diese Rechnung gibt es nicht.');
  const [payments, invoiceAudit, mails, runs] = await Promise.all([
    findPaymentsOnInvoice(ctx.db, invoiceId),
    findInvoiceAudit(ctx.db, invoiceId),
    findMailsWithInvoice(ctx.db, invoiceId),
    findRunAudit(
      ctx.db,
      [invoice.createdAt, ...invoice.reminders.map((r) => r.createdAt)],
      [...Object.keys(ORIGIN_OF_ACTION), REMINDER_RUN],
    ),
  ]);
  // The credits that named this invoice without being booked on it, and those booked on it (now or before an undo).
  const decided = payments.filter((p) => p.source === 'BANK_FILE' && p.parentId === null && !BOOKED_OUTCOMES.has(p.outcome));
  const bookedIds = invoiceAudit.flatMap((a) => (a.action === 'payments.credit_booked' ? [dataOf(a).paymentId ?? 0] : []));
  const lineIds = [...new Set([...payments.map((p) => p.parentId ?? p.id), ...bookedIds])].filter((id) => id > 0);
  const [lineAudit, lines] = await Promise.all([findBankLineAudit(ctx.db, lineIds), findBankLines(ctx.db, lineIds)]);
  const names = await namesOf(ctx, [...invoiceAudit, ...lineAudit, ...runs], payments);

  const cancelled = invoiceAudit.find((a) => a.action === 'invoice.cancelled');
  const history: InvoiceHistoryEntry[] = [
    createdEntry(invoice, runs, names),
    ...mailEntries(invoiceId, mails),
    ...reminderEntries(invoice, runs, names),
    ...payments.filter((p) => BOOKED_OUTCOMES.has(p.outcome)).map((p) => paymentEntry(p, names)),
    ...decided.map(bankLineEntry),
    ...decisionEntries(new Map(lines.map((l) => [l.id, l])), new Set(decided.map((p) => p.id)), invoiceAudit, lineAudit, names),
    ...(invoice.status === 'CANCELLED'
      ? [
          {
            kind: 'CANCELLED' as const,
            at: (invoice.cancelledAt ?? cancelled?.createdAt ?? invoice.updatedAt).toISOString(),
            actor: nameOf(names, cancelled?.actorId),
          },
        ]
      : []),
  ].sort(byTime);

  const item = toInvoiceOverviewItem(invoice, zurichToday(ctx.now));
  return {
    ...item,
    debtorName: invoice.debtorName,
    openAmount: toMoney(invoice.status === 'OPEN' ? Math.max(0, invoice.totalRappen - invoice.paidRappen) : 0),
    cancelledAt: invoice.cancelledAt?.toISOString() ?? null,
    reminders: invoice.reminders.map((r) => reminderOf(invoice, r)),
    history,
  };
}
