import type { Prisma } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';

// ---------------------------------------------------------------------------------------
// The invoice overview
// ---------------------------------------------------------------------------------------

export interface InvoiceFilter {
  seasonId?: number | undefined;
  kind?: 'MEMBERSHIP_FEE' | 'PARKING_FEE' | 'OTHER' | undefined;
  status?: 'OPEN' | 'PAID' | 'CANCELLED' | undefined;
  overdue?: boolean | undefined;
  /** words, each found in the number, the debtor's or the member's name */
  words: string[];
  /** Zurich's today (UTC midnight): overdue means open and due before it */
  today: Date;
}

function invoiceWhere(f: InvoiceFilter): Prisma.InvoiceWhereInput {
  const and: Prisma.InvoiceWhereInput[] = [];
  if (f.seasonId !== undefined) and.push({ seasonId: f.seasonId });
  if (f.kind) and.push({ kind: f.kind });
  // Cancelled invoices stay for the books but leave the lists unless asked for.
  and.push(f.status ? { status: f.status } : { status: { not: 'CANCELLED' } });
  if (f.overdue === true) and.push({ status: 'OPEN', dueDate: { lt: f.today } });
  if (f.overdue === false) and.push({ NOT: { status: 'OPEN', dueDate: { lt: f.today } } });
  for (const word of f.words) {
    and.push({
      OR: [
        { number: { contains: word, mode: 'insensitive' } },
        { debtorName: { contains: word, mode: 'insensitive' } },
        { member: { firstName: { contains: word, mode: 'insensitive' } } },
        { member: { lastName: { contains: word, mode: 'insensitive' } } },
      ],
    });
  }
  return { AND: and };
}

const listInclude = {
  lines: { orderBy: { position: 'asc' } },
  member: { select: { firstName: true, lastName: true } },
  season: { select: { name: true } },
  reminders: { select: { level: true }, orderBy: { level: 'desc' }, take: 1 },
} satisfies Prisma.InvoiceInclude;
export type InvoiceListRow = Prisma.InvoiceGetPayload<{ include: typeof listInclude }>;

export function findInvoicesPage(db: DbOrTx, f: InvoiceFilter, skip: number, take: number): Promise<InvoiceListRow[]> {
  return db.invoice.findMany({
    where: invoiceWhere(f),
    include: listInclude,
    orderBy: [{ invoiceDate: 'desc' }, { number: 'desc' }],
    skip,
    take,
  });
}

export function findInvoiceForList(db: DbOrTx, id: number): Promise<InvoiceListRow | null> {
  return db.invoice.findUnique({ where: { id }, include: listInclude });
}

/** Count, open and paid sums and overdue count over every invoice the filter selects. */
export async function sumInvoices(db: DbOrTx, f: InvoiceFilter) {
  const where = invoiceWhere(f);
  const [count, open, all, overdue] = await Promise.all([
    db.invoice.count({ where }),
    db.invoice.aggregate({ where: { AND: [where, { status: 'OPEN' }] }, _sum: { totalRappen: true, paidRappen: true } }),
    db.invoice.aggregate({ where, _sum: { paidRappen: true } }),
    db.invoice.count({ where: { AND: [where, { status: 'OPEN', dueDate: { lt: f.today } }] } }),
  ]);
  return {
    count,
    openRappen: (open._sum.totalRappen ?? 0) - (open._sum.paidRappen ?? 0),
    paidRappen: all._sum.paidRappen ?? 0,
    overdueCount: overdue,
  };
}

// ---------------------------------------------------------------------------------------
// Booking payments
// ---------------------------------------------------------------------------------------

export interface LockedInvoice {
  id: number;
  status: 'OPEN' | 'PAID' | 'CANCELLED';
  totalRappen: number;
  paidRappen: number;
  paidAt: Date | null;
}

/** Locks the invoices in id order (the order every writer uses) and reads their payment state. */
export async function lockInvoices(db: DbOrTx, ids: readonly number[]): Promise<LockedInvoice[]> {
  if (ids.length === 0) return [];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return db.$queryRaw<LockedInvoice[]>`
    SELECT "id", "status"::text AS "status", "totalRappen", "paidRappen", "paidAt"
    FROM "invoices" WHERE "id" = ANY(${sorted}::int[]) ORDER BY "id" FOR UPDATE`;
}

export interface InvoiceOfReference {
  id: number;
  reference: string;
  number: string;
  memberId: number;
  memberName: string;
}

/** The invoices carrying these references (references are unique and never change). */
export async function findInvoicesByReferences(db: DbOrTx, references: readonly string[]): Promise<InvoiceOfReference[]> {
  if (references.length === 0) return [];
  // One array parameter instead of thousands (a bank file may carry 5,000 references).
  return db.$queryRaw<InvoiceOfReference[]>`
    SELECT i."id", i."reference", i."number", i."memberId", m."firstName" || ' ' || m."lastName" AS "memberName"
    FROM "invoices" i JOIN "members" m ON m."id" = i."memberId"
    WHERE i."reference" = ANY(${[...new Set(references)]}::text[])`;
}

export interface InvoicePaymentUpdate {
  id: number;
  status: 'OPEN' | 'PAID' | 'CANCELLED';
  paidRappen: number;
  /** YYYY-MM-DD or null */
  paidAt: string | null;
}

/** Writes the new payment state of several invoices in one statement. */
export async function updateInvoicePayments(db: DbOrTx, updates: readonly InvoicePaymentUpdate[], now: Date): Promise<void> {
  if (updates.length === 0) return;
  await db.$executeRaw`
    UPDATE "invoices" AS i
    SET "status" = v."status"::"InvoiceStatus", "paidRappen" = v."paid", "paidAt" = v."paidAt"::date, "updatedAt" = ${now}
    FROM unnest(${updates.map((u) => u.id)}::int[], ${updates.map((u) => u.status)}::text[], ${updates.map((u) => u.paidRappen)}::int[], ${updates.map((u) => u.paidAt)}::text[])
      AS v("id", "status", "paid", "paidAt")
    WHERE i."id" = v."id"`;
}

export function insertBankFile(db: DbOrTx, data: { msgId: string; fileName: string; importedById: number | null; createdAt: Date }) {
  return db.bankFile.create({ data });
}

export interface BankLineRow {
  dedupeKey: string;
  invoiceId: number | null;
  outcome: 'MATCHED' | 'ALREADY_PAID' | 'UNKNOWN_REFERENCE' | 'AMOUNT_DIFFERS' | 'NOT_A_PAYMENT';
  reference: string;
  amountRappen: number;
  currency: string;
  /** YYYY-MM-DD */
  bookingDate: string;
  debtorName: string;
  debtorAccount: string;
  rawXml: string;
}

/**
 * Inserts the lines of a bank file; a line whose dedupeKey is already there (an earlier import,
 * or one running at the same moment, which this insert waits for) is skipped. Rows go in in key
 * order, so two imports with overlapping lines wait for each other instead of deadlocking.
 * Answers the keys actually inserted.
 */
export async function insertBankLines(
  db: DbOrTx,
  bankFileId: number,
  rows: readonly BankLineRow[],
  createdAt: Date,
): Promise<Map<string, number>> {
  const inserted = new Map<string, number>();
  if (rows.length === 0) return inserted;
  const sorted = [...rows].sort((a, b) => (a.dedupeKey < b.dedupeKey ? -1 : a.dedupeKey > b.dedupeKey ? 1 : 0));
  const col = <K extends keyof BankLineRow>(k: K) => sorted.map((r) => r[k]);
  const result = await db.$queryRaw<{ id: number; dedupeKey: string }[]>`
    INSERT INTO "payments" ("source", "dedupeKey", "bankFileId", "invoiceId", "outcome", "reference", "amountRappen", "currency", "bookingDate", "debtorName", "debtorAccount", "rawXml", "createdAt")
    SELECT 'CAMT054'::"PaymentSource", v."dedupeKey", ${bankFileId}, v."invoiceId", v."outcome"::"PaymentOutcome", v."reference", v."amountRappen", v."currency", v."bookingDate"::date, v."debtorName", v."debtorAccount", v."rawXml", ${createdAt}
    FROM unnest(
      ${col('dedupeKey')}::text[], ${col('invoiceId')}::int[], ${col('outcome')}::text[], ${col('reference')}::text[], ${col('amountRappen')}::int[],
      ${col('currency')}::text[], ${col('bookingDate')}::text[], ${col('debtorName')}::text[], ${col('debtorAccount')}::text[], ${col('rawXml')}::text[]
    ) WITH ORDINALITY AS v("dedupeKey", "invoiceId", "outcome", "reference", "amountRappen", "currency", "bookingDate", "debtorName", "debtorAccount", "rawXml", "n")
    ORDER BY v."n"
    ON CONFLICT ("dedupeKey") DO NOTHING
    RETURNING "id", "dedupeKey"`;
  for (const r of result) inserted.set(r.dedupeKey, r.id);
  return inserted;
}

/** Sets the final outcome of lines inserted with a provisional one. */
export async function updatePaymentOutcomes(db: DbOrTx, updates: readonly { id: number; outcome: string }[]): Promise<void> {
  if (updates.length === 0) return;
  await db.$executeRaw`
    UPDATE "payments" AS p SET "outcome" = v."outcome"::"PaymentOutcome"
    FROM unnest(${updates.map((u) => u.id)}::int[], ${updates.map((u) => u.outcome)}::text[]) AS v("id", "outcome")
    WHERE p."id" = v."id"`;
}

export function insertManualPayment(
  db: DbOrTx,
  data: {
    invoiceId: number;
    outcome: 'MATCHED' | 'AMOUNT_DIFFERS';
    reference: string;
    amountRappen: number;
    bookingDate: Date;
    recordedById: number | null;
    createdAt: Date;
  },
) {
  return db.payment.create({ data: { ...data, source: 'MANUAL', debtorName: '', debtorAccount: '' } });
}

/** The oldest open invoices with what is still open on them (for the demo bank file). */
export async function findOpenInvoicesToPay(db: DbOrTx, take: number) {
  const rows = await db.invoice.findMany({
    where: { status: 'OPEN' },
    orderBy: [{ invoiceDate: 'asc' }, { id: 'asc' }],
    take,
    select: { number: true, reference: true, totalRappen: true, paidRappen: true, debtorName: true },
  });
  return rows.map((r) => ({
    number: r.number,
    reference: r.reference,
    openRappen: r.totalRappen - r.paidRappen,
    debtorName: r.debtorName,
  }));
}
