import type {
  BookCreditResult,
  CamtImportResult,
  CamtLine as CamtLineResult,
  CamtLineOutcome,
  InvoiceOverviewItem,
  InvoiceOverviewTotals,
  UnmatchedCredit,
} from '@club/contract';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { fromIsoDate, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { toMoney } from '../../lib/money.ts';
import { saveInvoiceStates } from '../invoices/invoices.service.ts';
import { CamtFormatError, parseCamt, type CamtFile, type CamtLine } from './camt.parser.ts';
import { toAdminInvoice } from './payments.mappers.ts';
import {
  addIdentifiers,
  countUnmatchedCredits,
  findInvoiceForList,
  findInvoicesByReferences,
  findInvoicesPage,
  findLinesByIdentifiers,
  findOpenInvoiceCandidates,
  findUnmatchedCredits,
  insertBankFile,
  insertBankLines,
  insertManualPayment,
  linkPaymentToInvoice,
  lockBankImports,
  lockInvoices,
  lockPayment,
  sumInvoices,
  updatePaymentOutcomes,
  type BankLineRow,
  type InvoiceFilter,
  type InvoiceOfReference,
  type LockedInvoice,
} from './payments.repository.ts';
import {
  bookPayment,
  identify,
  keysOfFile,
  suggestInvoices,
  whyNotPayable,
  type Identity,
  type InvoiceState,
  type KnownLine,
} from './payments.rules.ts';

/** A large file books thousands of lines in one transaction: more time than the default. */
const IMPORT_TIMEOUT_MS = 120_000;

function stateOf(row: LockedInvoice): InvoiceState {
  return {
    status: row.status,
    totalRappen: row.totalRappen,
    paidRappen: row.paidRappen,
    paidAt: row.paidAt ? toIsoDate(row.paidAt) : null,
  };
}

/** Locks the invoices and answers their payment states by id. */
async function lockedStates(tx: Ctx, ids: readonly number[]): Promise<Map<number, InvoiceState>> {
  return new Map((await lockInvoices(tx.db, ids)).map((row) => [row.id, stateOf(row)]));
}

// ---------------------------------------------------------------------------------------
// GET /api/v1/admin/invoices
// ---------------------------------------------------------------------------------------

export interface ListInvoicesInput {
  seasonId?: number | undefined;
  kind?: InvoiceFilter['kind'];
  status?: InvoiceFilter['status'];
  overdue?: boolean | undefined;
  q: string;
  page: number;
  pageSize: number;
}

/** The board's invoice overview: one page, newest first, and the totals of the whole filter. */
export async function listInvoices(
  ctx: Ctx,
  input: ListInvoicesInput,
): Promise<{ items: InvoiceOverviewItem[]; total: number; totals: InvoiceOverviewTotals }> {
  const today = zurichToday(ctx.now);
  const filter: InvoiceFilter = {
    seasonId: input.seasonId,
    kind: input.kind,
    status: input.status,
    overdue: input.overdue,
    words: input.q.split(/\s+/).filter(Boolean).slice(0, 5),
    today,
  };
  const [rows, sums] = await Promise.all([
    findInvoicesPage(ctx.db, filter, (input.page - 1) * input.pageSize, input.pageSize),
    sumInvoices(ctx.db, filter),
  ]);
  return {
    items: rows.map((r) => toAdminInvoice(r, today)),
    total: sums.count,
    totals: { openAmount: toMoney(sums.openRappen), paidAmount: toMoney(sums.paidRappen), overdueCount: sums.overdueCount },
  };
}

// ---------------------------------------------------------------------------------------
// POST /api/v1/admin/invoices/{id}/payments
// ---------------------------------------------------------------------------------------

/** A cancelled or paid invoice takes no payment by hand (409), with the reason. */
function refuseClosed(state: InvoiceState | undefined): asserts state is InvoiceState {
  if (!state) throw notFound('Diese Rechnung gibt es nicht.');
  if (state.status === 'CANCELLED') throw conflict('Die Rechnung ist storniert; darauf lässt sich keine Zahlung buchen.');
  if (state.status === 'PAID') throw new AppError('INVOICE_PAID', 'Die Rechnung ist schon bezahlt.');
}

/**
 * Records a payment by hand (cash at the general assembly) through the same booking rule as
 * the bank import. A cancelled or paid invoice takes none (409); the date may not lie ahead.
 */
export async function recordManualPayment(
  ctx: Ctx,
  invoiceId: number,
  input: { amountRappen: number; paidAt: string },
): Promise<InvoiceOverviewItem> {
  const today = zurichToday(ctx.now);
  if (fromIsoDate(input.paidAt).getTime() > today.getTime()) {
    const message = 'Zahlungsdatum: Darf nicht in der Zukunft liegen.';
    throw invalid(message, { paidAt: message });
  }
  return withTx(ctx, async (tx) => {
    const state = (await lockedStates(tx, [invoiceId])).get(invoiceId);
    refuseClosed(state);
    const booking = bookPayment(state, input.amountRappen, input.paidAt);
    const reference = (await findInvoiceForList(tx.db, invoiceId))?.reference ?? '';
    await insertManualPayment(tx.db, {
      invoiceId,
      outcome: booking.outcome === 'MATCHED' ? 'MATCHED' : 'AMOUNT_DIFFERS',
      reference,
      amountRappen: input.amountRappen,
      bookingDate: fromIsoDate(input.paidAt),
      recordedById: tx.actor?.memberId ?? null,
      createdAt: tx.now,
    });
    await saveInvoiceStates(tx, [{ id: invoiceId, ...booking.state }]);
    await writeAudit(tx, {
      action: 'invoice.payment_recorded',
      entity: 'invoice',
      entityId: invoiceId,
      data: { amountRappen: input.amountRappen, paidAt: input.paidAt, status: booking.state.status, paidRappen: booking.state.paidRappen },
    });
    const row = await findInvoiceForList(tx.db, invoiceId);
    return toAdminInvoice(row!, today);
  });
}

// ---------------------------------------------------------------------------------------
// POST /api/v1/admin/payments/camt054 (camt.054 notifications and camt.053 statements)
// ---------------------------------------------------------------------------------------

/** Reads and checks the whole file before anything is written, or answers 422 with the parser's German reason. */
function readBankFile(xml: string): CamtFile {
  try {
    return parseCamt(xml);
  } catch (error) {
    if (error instanceof CamtFormatError) throw invalid(`Die Datei wurde nicht eingelesen: ${error.message}`, { file: error.message });
    throw error;
  }
}

/** What a line of the file is, decided before anything is written. */
interface PlannedLine {
  line: CamtLine;
  keys: string[];
  identity: Identity;
  /** why it cannot pay an invoice (listed or unknown reference); null when it pays `invoice` */
  reason: { outcome: 'NOT_A_PAYMENT' | 'UNKNOWN_REFERENCE'; note: string } | null;
  invoice: InvoiceOfReference | undefined;
}

/**
 * Which lines are new, the same as a line stored by an earlier import, or in conflict with one.
 * The lines of one file are distinct bank transactions (the bank lists each once); equal lines
 * without identifiers are told apart by their number within the file.
 */
async function identifyLines(tx: Ctx, lines: readonly CamtLine[]): Promise<{ keys: string[]; identity: Identity }[]> {
  const keysPerLine = keysOfFile(lines);
  const known: KnownLine[] = await findLinesByIdentifiers(tx.db, keysPerLine.flat());
  return lines.map((line, i) => ({ keys: keysPerLine[i]!, identity: identify(line, keysPerLine[i]!, known) }));
}

async function planLines(tx: Ctx, file: CamtFile, clubAccounts: readonly string[]): Promise<PlannedLine[]> {
  const identities = await identifyLines(tx, file.lines);
  const reasons = file.lines.map((line) => whyNotPayable(line, clubAccounts));
  const payable = file.lines.filter((_, i) => !reasons[i] && identities[i]!.identity.kind === 'NEW');
  const invoices = new Map(
    (
      await findInvoicesByReferences(
        tx.db,
        payable.map((l) => l.reference),
      )
    ).map((inv) => [inv.reference, inv]),
  );
  return file.lines.map((line, i) => ({
    line,
    ...identities[i]!,
    reason: reasons[i]!,
    invoice: reasons[i] ? undefined : invoices.get(line.reference),
  }));
}

/** A line's outcome before booking (booking may still turn MATCHED into AMOUNT_DIFFERS or ALREADY_PAID). */
function provisionalOutcome(p: PlannedLine): { outcome: BankLineRow['outcome']; note: string } {
  if (p.identity.kind === 'CONFLICT')
    return {
      outcome: 'CONFLICT',
      note: 'Eine Kennung dieser Zeile gehört zu einer früher eingelesenen Zeile mit anderem Betrag oder Datum: nicht verbucht, bitte prüfen.',
    };
  if (p.reason) return p.reason;
  if (!p.invoice) return { outcome: 'UNKNOWN_REFERENCE', note: 'Keine Rechnung mit dieser Referenz.' };
  return { outcome: 'MATCHED', note: '' };
}

function toRow(p: PlannedLine): BankLineRow {
  const { outcome, note } = provisionalOutcome(p);
  const l = p.line;
  return {
    invoiceId: outcome === 'MATCHED' ? p.invoice!.id : null,
    outcome,
    note,
    reference: l.reference,
    message: l.message,
    amountRappen: l.amountRappen,
    currency: l.currency,
    direction: l.direction,
    account: l.account,
    bookingDate: l.bookingDate,
    debtorName: l.debtorName,
    debtorAccount: l.debtorAccount,
    rawXml: l.rawXml,
    keys: p.keys,
  };
}

/**
 * Books the new lines that pay an invoice, in file order, on the locked invoices' states; answers
 * each line's final outcome and the invoices' new states.
 */
function bookLines(
  planned: readonly PlannedLine[],
  rows: readonly BankLineRow[],
  states: Map<number, InvoiceState>,
): { results: { outcome: CamtLineOutcome; note: string }[]; touched: Set<number>; bookedRappen: number } {
  const touched = new Set<number>();
  let bookedRappen = 0;
  const results = planned.map((p, i) => {
    const row = rows[i]!;
    if (p.identity.kind === 'SAME')
      return { outcome: 'ALREADY_IMPORTED' as const, note: 'Schon mit einer früheren Datei eingelesen; nicht nochmals verbucht.' };
    if (row.outcome !== 'MATCHED') return { outcome: row.outcome, note: row.note };
    const booking = bookPayment(states.get(p.invoice!.id)!, p.line.amountRappen, p.line.bookingDate!);
    states.set(p.invoice!.id, booking.state);
    if (booking.booked) {
      touched.add(p.invoice!.id);
      bookedRappen += p.line.amountRappen;
    }
    return { outcome: booking.outcome, note: booking.note };
  });
  return { results, touched, bookedRappen };
}

function summarise(file: CamtFile, bankFileId: number, lines: CamtLineResult[], bookedRappen: number): CamtImportResult {
  const count = (o: CamtLineOutcome) => lines.filter((l) => l.outcome === o).length;
  return {
    bankFileId,
    msgId: file.msgId,
    version: file.version,
    entries: file.entries,
    transactions: file.lines.length,
    matched: count('MATCHED'),
    alreadyPaid: count('ALREADY_PAID'),
    alreadyImported: count('ALREADY_IMPORTED'),
    unknownReferences: count('UNKNOWN_REFERENCE'),
    amountsDiffer: count('AMOUNT_DIFFERS'),
    notPayments: count('NOT_A_PAYMENT'),
    conflicts: count('CONFLICT'),
    bookedAmount: toMoney(bookedRappen),
    lines,
  };
}

/**
 * Stores the lines not seen before with their identifiers, and gives the known lines the
 * identifiers they lacked (the .08 file's UETR for a line first read from the .04 file).
 * Answers the stored line's id per line of the file.
 */
async function storeLines(
  tx: Ctx,
  bankFileId: number,
  planned: readonly PlannedLine[],
  rows: readonly BankLineRow[],
): Promise<Map<number, number>> {
  const fresh = planned.flatMap((p, i) => (p.identity.kind === 'SAME' ? [] : [i]));
  const ids = await insertBankLines(
    tx.db,
    bankFileId,
    fresh.map((i) => rows[i]!),
    tx.now,
  );
  await addIdentifiers(
    tx.db,
    planned.flatMap((p) =>
      p.identity.kind === 'SAME' ? p.keys.map((key) => ({ paymentId: (p.identity as { paymentId: number }).paymentId, key })) : [],
    ),
  );
  return new Map(fresh.map((i, k) => [i, ids[k]!]));
}

/** Books the new lines that pay an invoice on the locked invoices and writes outcomes and invoice states. */
async function bookAndSave(tx: Ctx, planned: readonly PlannedLine[], rows: readonly BankLineRow[], paymentIds: Map<number, number>) {
  const states = await lockedStates(
    tx,
    rows.filter((r) => r.outcome === 'MATCHED').map((r) => r.invoiceId!),
  );
  const booked = bookLines(planned, rows, states);
  await updatePaymentOutcomes(
    tx.db,
    booked.results.flatMap((r, i) =>
      paymentIds.has(i) && rows[i]!.outcome === 'MATCHED' && r.outcome !== 'MATCHED' ? [{ id: paymentIds.get(i)!, ...r }] : [],
    ),
  );
  await saveInvoiceStates(
    tx,
    [...booked.touched].map((id) => ({ id, ...states.get(id)! })),
  );
  return { ...booked, invoicesPaid: [...booked.touched].filter((id) => states.get(id)!.status === 'PAID').length };
}

function lineResult(p: PlannedLine, result: { outcome: CamtLineOutcome; note: string }, paymentId: number | undefined): CamtLineResult {
  return {
    paymentId: paymentId ?? null,
    ...result,
    reference: p.line.reference,
    amount: { currency: p.line.currency, amount: p.line.amountRappen / 100 },
    creditDebit: p.line.direction,
    bookingDate: p.line.bookingDate,
    debtorName: p.line.debtorName,
    invoice: p.invoice
      ? { id: p.invoice.id, number: p.invoice.number, memberId: p.invoice.memberId, memberName: p.invoice.memberName }
      : null,
  };
}

/**
 * Imports a bank file (camt.054 notification or camt.053 statement). The whole file is read and
 * checked first; then, in one transaction under the import lock: each line is identified against
 * the lines already stored, the new ones are stored with their identifiers, the credits whose
 * reference matches an open invoice are booked, and the answer says what became of each line.
 * A bank transaction that comes again (the other version, an intraday and an end-of-day
 * notification, a statement after the notification) is recognised and booked once.
 */
export async function importBankFile(
  ctx: Ctx,
  input: { xml: string; fileName: string; clubAccounts: readonly string[] },
): Promise<CamtImportResult> {
  const started = performance.now();
  const file = readBankFile(input.xml);
  return withTx(
    ctx,
    async (tx) => {
      await lockBankImports(tx.db);
      const planned = await planLines(tx, file, input.clubAccounts);
      const rows = planned.map(toRow);
      const bankFile = await insertBankFile(tx.db, {
        msgId: file.msgId,
        fileName: input.fileName,
        importedById: tx.actor?.memberId ?? null,
        createdAt: tx.now,
      });
      const paymentIds = await storeLines(tx, bankFile.id, planned, rows);
      const { results, bookedRappen, invoicesPaid } = await bookAndSave(tx, planned, rows, paymentIds);
      const lines = planned.map((p, i) => lineResult(p, results[i]!, paymentIds.get(i)));
      const result = summarise(file, bankFile.id, lines, bookedRappen);
      const { lines: _lines, bookedAmount: _booked, ...counts } = result;
      await writeAudit(tx, {
        action: 'payments.imported',
        entity: 'bank_file',
        entityId: bankFile.id,
        data: { ...counts, fileName: input.fileName, bookedRappen, invoicesPaid },
      });
      ctx.log.info(
        {
          bankFileId: bankFile.id,
          transactions: result.transactions,
          matched: result.matched,
          totalMs: Math.round(performance.now() - started),
        },
        'bank file imported',
      );
      return result;
    },
    { timeoutMs: IMPORT_TIMEOUT_MS },
  );
}

// ---------------------------------------------------------------------------------------
// GET /api/v1/admin/payments/unmatched, POST /api/v1/admin/payments/{id}/booking
// ---------------------------------------------------------------------------------------

const UNMATCHED_SHOWN = 100;

/** Credits of the club's account that no invoice took, oldest first, each with suggested open invoices. */
export async function listUnmatchedCredits(ctx: Ctx): Promise<{ items: UnmatchedCredit[]; total: number }> {
  const [credits, total, candidates] = await Promise.all([
    findUnmatchedCredits(ctx.db, UNMATCHED_SHOWN),
    countUnmatchedCredits(ctx.db),
    findOpenInvoiceCandidates(ctx.db),
  ]);
  const open = candidates.map((c) => ({ ...c, invoiceDate: toIsoDate(c.invoiceDate) }));
  const byId = new Map(open.map((c) => [c.id, c]));
  const items = credits.map((credit) => ({
    id: credit.id,
    amount: { currency: credit.currency, amount: credit.amountRappen / 100 },
    bookingDate: credit.bookingDate ? toIsoDate(credit.bookingDate) : null,
    debtorName: credit.debtorName,
    debtorAccount: credit.debtorAccount,
    reference: credit.reference,
    message: credit.message,
    suggestions: suggestInvoices(credit, open).map((s) => {
      const inv = byId.get(s.invoiceId)!;
      return {
        invoice: {
          id: inv.id,
          number: inv.number,
          memberId: inv.memberId,
          memberName: inv.memberName,
          debtorName: inv.debtorName,
          invoiceDate: inv.invoiceDate,
          total: toMoney(inv.totalRappen),
          openAmount: toMoney(inv.totalRappen - inv.paidRappen),
        },
        score: s.score,
        reasons: s.reasons,
      };
    }),
  }));
  return { items, total };
}

/**
 * Books a credit that came without a usable reference on the invoice the treasurer chose, with
 * the booking rule of every payment; the bank line is linked to the invoice, so it counts once
 * (a second booking of it is a 409).
 */
export async function bookCredit(ctx: Ctx, input: { paymentId: number; invoiceId: number }): Promise<BookCreditResult> {
  return withTx(ctx, async (tx) => {
    const line = await lockPayment(tx.db, input.paymentId);
    if (!line || line.source !== 'BANK_FILE') throw notFound('Diese Bankzeile gibt es nicht.');
    if (line.outcome !== 'UNKNOWN_REFERENCE' || line.invoiceId !== null || !line.bookingDate || line.currency !== 'CHF')
      throw conflict('Diese Bankzeile ist schon verbucht oder keine offene Gutschrift.');
    const state = (await lockedStates(tx, [input.invoiceId])).get(input.invoiceId);
    refuseClosed(state);
    const booking = bookPayment(state, line.amountRappen, toIsoDate(line.bookingDate));
    const outcome = booking.outcome === 'MATCHED' ? 'MATCHED' : 'AMOUNT_DIFFERS';
    await linkPaymentToInvoice(tx.db, {
      id: line.id,
      invoiceId: input.invoiceId,
      outcome,
      note: booking.note,
      recordedById: tx.actor?.memberId ?? null,
    });
    await saveInvoiceStates(tx, [{ id: input.invoiceId, ...booking.state }]);
    await writeAudit(tx, {
      action: 'payments.credit_booked',
      entity: 'invoice',
      entityId: input.invoiceId,
      data: { paymentId: line.id, amountRappen: line.amountRappen, status: booking.state.status, paidRappen: booking.state.paidRappen },
    });
    const row = await findInvoiceForList(tx.db, input.invoiceId);
    return { paymentId: line.id, outcome, note: booking.note, invoice: toAdminInvoice(row!, zurichToday(tx.now)) };
  });
}
