import type { Prisma } from '../../generated/prisma/client.ts';
import type { InvoiceKind, InvoiceStatus } from '@club/contract';
import type { DbOrTx } from '../../lib/ctx.ts';

// ---------------------------------------------------------------------------------------
// The invoice overview
// ---------------------------------------------------------------------------------------

export interface InvoiceFilter {
  seasonId?: number | undefined;
  kind?: InvoiceKind | undefined;
  status?: InvoiceStatus | undefined;
  overdue?: boolean | undefined;
  /** words, each found in the number, the debtor's or the member's name, the reference or the amount */
  words: string[];
  /** Zurich's today (UTC midnight): overdue means open and the invoice's own due date before it */
  today: Date;
}

/**
 * Open and its own due date before today. A reminder does not make it current again: a reminded
 * invoice stays overdue, its reminder's deadline shown beside the due date.
 */
function overdueWhere(today: Date): Prisma.InvoiceWhereInput {
  return { status: 'OPEN', dueDate: { lt: today } };
}

function invoiceWhere(f: InvoiceFilter): Prisma.InvoiceWhereInput {
  const and: Prisma.InvoiceWhereInput[] = [];
  if (f.seasonId !== undefined) and.push({ seasonId: f.seasonId });
  if (f.kind) and.push({ kind: f.kind });
  // Cancelled invoices stay for the books but leave the lists unless asked for.
  and.push(f.status ? { status: f.status } : { status: { not: 'CANCELLED' } });
  if (f.overdue === true) and.push(overdueWhere(f.today));
  if (f.overdue === false) and.push({ NOT: overdueWhere(f.today) });
  for (const word of f.words) {
    const or: Prisma.InvoiceWhereInput[] = [
      { number: { contains: word, mode: 'insensitive' } },
      { debtorName: { contains: word, mode: 'insensitive' } },
      { member: { firstName: { contains: word, mode: 'insensitive' } } },
      { member: { lastName: { contains: word, mode: 'insensitive' } } },
    ];
    // a reference (or part of one, as the payer typed it) and an amount in francs (`35`, `35.50`, `35,50`)
    if (/^[0-9A-Za-z]{4,}$/.test(word)) or.push({ reference: { contains: word.toUpperCase() } });
    const amount = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(word);
    if (amount) or.push({ totalRappen: Number(amount[1]) * 100 + Number((amount[2] ?? '').padEnd(2, '0')) });
    and.push({ OR: or });
  }
  return { AND: and };
}

const listInclude = {
  lines: { orderBy: { position: 'asc' } },
  member: { select: { firstName: true, lastName: true } },
  season: { select: { name: true } },
  reminders: { select: { level: true, dueDate: true }, orderBy: { level: 'desc' }, take: 1 },
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
    db.invoice.count({ where: { AND: [where, overdueWhere(f.today)] } }),
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
  status: InvoiceStatus;
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

export function insertBankFile(db: DbOrTx, data: { msgId: string; fileName: string; importedById: number | null; createdAt: Date }) {
  return db.bankFile.create({ data });
}

/** Serialises bank imports for the rest of the transaction: which lines are new is decided under it. */
export async function lockBankImports(db: DbOrTx): Promise<void> {
  await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('payments:bank-import'))`;
}

/** Stored bank lines carrying any of these identifiers, with amount and booking date. */
export async function findLinesByIdentifiers(
  db: DbOrTx,
  keys: readonly string[],
): Promise<{ key: string; paymentId: number; amountRappen: number; bookingDate: string | null }[]> {
  if (keys.length === 0) return [];
  return db.$queryRaw`
    SELECT pi."key", p."id" AS "paymentId", p."amountRappen", to_char(p."bookingDate", 'YYYY-MM-DD') AS "bookingDate"
    FROM "payment_identifiers" pi JOIN "payments" p ON p."id" = pi."paymentId"
    WHERE pi."key" = ANY(${[...new Set(keys)]}::text[])`;
}

export interface BankLineRow {
  invoiceId: number | null;
  outcome: 'MATCHED' | 'ALREADY_PAID' | 'UNKNOWN_REFERENCE' | 'AMOUNT_DIFFERS' | 'NOT_A_PAYMENT' | 'CONFLICT';
  note: string;
  reference: string;
  message: string;
  amountRappen: number;
  currency: string;
  direction: string;
  account: string;
  /** YYYY-MM-DD or null */
  bookingDate: string | null;
  debtorName: string;
  debtorAccount: string;
  rawXml: string;
  /** listed for the board until decided */
  needsDecision: boolean;
  /** its identity keys */
  keys: string[];
}

/** Inserts the new lines of a bank file with their identifiers; answers their ids in the given order. */
export async function insertBankLines(db: DbOrTx, bankFileId: number, rows: readonly BankLineRow[], createdAt: Date): Promise<number[]> {
  if (rows.length === 0) return [];
  const col = <K extends keyof BankLineRow>(k: K) => rows.map((r) => r[k]);
  const inserted = await db.$queryRaw<{ id: number; n: bigint | number }[]>`
    INSERT INTO "payments" ("source", "bankFileId", "invoiceId", "outcome", "note", "reference", "message", "amountRappen", "currency", "direction", "account", "bookingDate", "debtorName", "debtorAccount", "rawXml", "needsDecision", "createdAt")
    SELECT 'BANK_FILE'::"PaymentSource", ${bankFileId}, v."invoiceId", v."outcome"::"PaymentOutcome", v."note", v."reference", v."message", v."amountRappen", v."currency", v."direction", v."account", v."bookingDate"::date, v."debtorName", v."debtorAccount", v."rawXml", v."needsDecision", ${createdAt}
    FROM unnest(
      ${col('invoiceId')}::int[], ${col('outcome')}::text[], ${col('note')}::text[], ${col('reference')}::text[], ${col('message')}::text[], ${col('amountRappen')}::int[],
      ${col('currency')}::text[], ${col('direction')}::text[], ${col('account')}::text[], ${col('bookingDate')}::text[], ${col('debtorName')}::text[], ${col('debtorAccount')}::text[], ${col('rawXml')}::text[],
      ${col('needsDecision')}::boolean[]
    ) WITH ORDINALITY AS v("invoiceId", "outcome", "note", "reference", "message", "amountRappen", "currency", "direction", "account", "bookingDate", "debtorName", "debtorAccount", "rawXml", "needsDecision", "n")
    ORDER BY v."n"
    RETURNING "id"`;
  const ids = inserted.map((r) => Number(r.id));
  await addIdentifiers(
    db,
    rows.flatMap((r, i) => r.keys.map((key) => ({ paymentId: ids[i]!, key }))),
  );
  return ids;
}

/** Adds identifiers to stored lines (a later file may carry one the first did not, e.g. the UETR). */
export async function addIdentifiers(db: DbOrTx, rows: readonly { paymentId: number; key: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.$executeRaw`
    INSERT INTO "payment_identifiers" ("paymentId", "key")
    SELECT * FROM unnest(${rows.map((r) => r.paymentId)}::int[], ${rows.map((r) => r.key)}::text[])
    ON CONFLICT ("key", "paymentId") DO NOTHING`;
}

/** Sets the final outcome (and its note) of credits inserted as MATCHED: one that did not match is listed for the board. */
export async function updatePaymentOutcomes(db: DbOrTx, updates: readonly { id: number; outcome: string; note: string }[]): Promise<void> {
  if (updates.length === 0) return;
  await db.$executeRaw`
    UPDATE "payments" AS p SET "outcome" = v."outcome"::"PaymentOutcome", "note" = v."note", "needsDecision" = (v."outcome" <> 'MATCHED')
    FROM unnest(${updates.map((u) => u.id)}::int[], ${updates.map((u) => u.outcome)}::text[], ${updates.map((u) => u.note)}::text[]) AS v("id", "outcome", "note")
    WHERE p."id" = v."id"`;
}

// ---------------------------------------------------------------------------------------
// Credits without a usable reference
// ---------------------------------------------------------------------------------------

/** Listed credits the board has not decided: newest first. */
const reviewWhere = { needsDecision: true, decision: { is: null } } satisfies Prisma.PaymentWhereInput;

export function findReviewCredits(db: DbOrTx, skip: number, take: number) {
  return db.payment.findMany({
    where: reviewWhere,
    orderBy: [{ bookingDate: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
    skip,
    take,
    select: {
      id: true,
      amountRappen: true,
      currency: true,
      bookingDate: true,
      debtorName: true,
      debtorAccount: true,
      reference: true,
      message: true,
      note: true,
      outcome: true,
      invoiceId: true,
      invoice: { select: { id: true, number: true } },
      createdAt: true,
    },
  });
}

/** How many credits are listed, and how many of them since before `waitingSince`. */
export async function countReviewCredits(db: DbOrTx, waitingSince: Date): Promise<{ total: number; waitingLong: number }> {
  const [total, waitingLong] = await Promise.all([
    db.payment.count({ where: reviewWhere }),
    db.payment.count({ where: { ...reviewWhere, createdAt: { lt: waitingSince } } }),
  ]);
  return { total, waitingLong };
}

/**
 * Every open invoice with what suggestions compare (a club has a few thousand at most): one query,
 * the member's name joined in SQL (a review page reads them all each time).
 */
export function findOpenInvoiceCandidates(db: DbOrTx) {
  return db.$queryRaw<
    {
      id: number;
      number: string;
      debtorName: string;
      totalRappen: number;
      paidRappen: number;
      invoiceDate: Date;
      memberId: number;
      memberName: string;
    }[]
  >`
    SELECT i."id", i."number", i."debtorName", i."totalRappen", i."paidRappen", i."invoiceDate", i."memberId",
           m."firstName" || ' ' || m."lastName" AS "memberName"
      FROM "invoices" i
      JOIN "members" m ON m."id" = i."memberId"
     WHERE i."status" = 'OPEN'`;
}

export interface LockedPayment {
  id: number;
  source: string;
  outcome: string;
  note: string;
  invoiceId: number | null;
  parentId: number | null;
  needsDecision: boolean;
  amountRappen: number;
  currency: string;
  bookingDate: Date | null;
  reference: string;
  message: string;
  direction: string;
  account: string;
  debtorName: string;
  debtorAccount: string;
}

/** Locks a bank line for the board's decision on it. */
export async function lockPayment(db: DbOrTx, id: number): Promise<LockedPayment | undefined> {
  const [row] = await db.$queryRaw<LockedPayment[]>`
    SELECT "id", "source"::text AS "source", "outcome"::text AS "outcome", "note", "invoiceId", "parentId", "needsDecision", "amountRappen",
           "currency", "bookingDate", "reference", "message", "direction", "account", "debtorName", "debtorAccount"
    FROM "payments" WHERE "id" = ${id} FOR UPDATE`;
  return row;
}

/** Links a bank line to the invoice it was booked on by hand. */
export async function linkPaymentToInvoice(
  db: DbOrTx,
  data: { id: number; invoiceId: number | null; outcome: string; note: string; recordedById: number | null },
) {
  await db.$executeRaw`
    UPDATE "payments" SET "invoiceId" = ${data.invoiceId}, "outcome" = ${data.outcome}::"PaymentOutcome", "note" = ${data.note},
           "recordedById" = ${data.recordedById}
    WHERE "id" = ${data.id}`;
}

/** The parts of a split credit, each booked on its own invoice. */
export async function insertPaymentParts(
  db: DbOrTx,
  parent: LockedPayment,
  parts: readonly { invoiceId: number; amountRappen: number; outcome: 'MATCHED' | 'AMOUNT_DIFFERS'; note: string }[],
  recordedById: number | null,
  createdAt: Date,
): Promise<void> {
  await db.payment.createMany({
    data: parts.map((part) => ({
      source: 'BANK_FILE' as const,
      parentId: parent.id,
      invoiceId: part.invoiceId,
      outcome: part.outcome,
      note: part.note,
      reference: parent.reference,
      message: parent.message,
      amountRappen: part.amountRappen,
      currency: parent.currency,
      direction: parent.direction,
      account: parent.account,
      bookingDate: parent.bookingDate,
      debtorName: parent.debtorName,
      debtorAccount: parent.debtorAccount,
      recordedById,
      createdAt,
    })),
  });
}

export function findPaymentParts(db: DbOrTx, parentId: number) {
  return db.payment.findMany({ where: { parentId }, select: { id: true, invoiceId: true, amountRappen: true }, orderBy: { id: 'asc' } });
}

export async function deletePaymentParts(db: DbOrTx, parentId: number): Promise<void> {
  await db.payment.deleteMany({ where: { parentId } });
}

export function insertPaymentDecision(
  db: DbOrTx,
  data: {
    paymentId: number;
    kind: 'BOOKED' | 'REFUNDED' | 'NOT_OURS' | 'DONATION' | 'DUPLICATE';
    note: string;
    previousInvoiceId: number | null;
    previousOutcome: BankLineRow['outcome'];
    previousNote: string;
    decidedById: number | null;
    createdAt: Date;
  },
) {
  return db.paymentDecision.create({ data });
}

export function findPaymentDecision(db: DbOrTx, paymentId: number) {
  return db.paymentDecision.findUnique({ where: { paymentId } });
}

export async function deletePaymentDecision(db: DbOrTx, paymentId: number): Promise<void> {
  await db.paymentDecision.delete({ where: { paymentId } });
}

export function insertManualPayment(
  db: DbOrTx,
  data: {
    invoiceId: number;
    outcome: 'MATCHED' | 'AMOUNT_DIFFERS';
    reference: string;
    amountRappen: number;
    bookingDate: Date;
    method: 'BANK' | 'CASH' | 'TWINT' | 'CARD';
    note: string;
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
