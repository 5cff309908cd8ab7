import type {
  BookCreditResult,
  CamtImportResult,
  CamtLine as CamtLineResult,
  CamtLineOutcome,
  CreditDecision,
  CreditDecisionKind,
  InvoiceOverviewItem,
  PaymentMethod,
  InvoiceOverviewTotals,
  UnmatchedCredit,
} from '@club/contract';
import { REVIEW_WAITING_DAYS } from '@club/contract';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { addDays, fromIsoDate, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { rappenToFrancs, toMoney } from '@club/contract';
import { saveInvoiceStates } from '../invoices/invoices.service.ts';
import { CamtFormatError, parseCamt, type CamtFile, type CamtLine } from './camt.parser.ts';
import { toAdminInvoice } from './payments.mappers.ts';
import {
  addIdentifiers,
  countReviewCredits,
  deletePaymentDecision,
  deletePaymentParts,
  findPaymentDecision,
  findPaymentParts,
  findInvoiceForList,
  findInvoicesByReferences,
  findInvoicesPage,
  findLinesByIdentifiers,
  findOpenInvoiceCandidates,
  findReviewCredits,
  insertBankFile,
  insertBankLines,
  insertManualPayment,
  insertPaymentDecision,
  insertPaymentParts,
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
  type LockedPayment,
} from './payments.repository.ts';
import {
  bookPayment,
  checkAllocations,
  identifyFile,
  keysOfFile,
  legacyKeys,
  needsDecision,
  invoiceSuggester,
  unbookPayment,
  whyNotBookable,
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
  input: { amountRappen: number; paidAt: string; method: PaymentMethod; note: string },
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
      method: input.method,
      note: input.note,
      recordedById: tx.actor?.memberId ?? null,
      createdAt: tx.now,
    });
    await saveInvoiceStates(tx, [{ id: invoiceId, ...booking.state }]);
    await writeAudit(tx, {
      action: 'invoice.payment_recorded',
      entity: 'invoice',
      entityId: invoiceId,
      data: {
        amountRappen: input.amountRappen,
        paidAt: input.paidAt,
        method: input.method,
        note: input.note,
        status: booking.state.status,
        paidRappen: booking.state.paidRappen,
      },
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
  const legacyPerLine = lines.map(legacyKeys);
  const known: KnownLine[] = await findLinesByIdentifiers(tx.db, [...keysPerLine.flat(), ...legacyPerLine.flat()]);
  const identities = identifyFile(lines, keysPerLine, legacyPerLine, known);
  return lines.map((_, i) => ({ keys: keysPerLine[i]!, identity: identities[i]! }));
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

/** A line's note with what the reader left out of it (a malformed optional identifier). */
function withReadNotes(note: string, line: CamtLine): string {
  return [note, ...line.notes].filter(Boolean).join(' ');
}

function toRow(p: PlannedLine): BankLineRow {
  const provisional = provisionalOutcome(p);
  const outcome = provisional.outcome;
  const note = withReadNotes(provisional.note, p.line);
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
    needsDecision: needsDecision(l, outcome),
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
    return { outcome: booking.outcome, note: withReadNotes(booking.note, p.line) };
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
    amount: { currency: p.line.currency, amount: rappenToFrancs(p.line.amountRappen) },
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
// GET /api/v1/admin/payments/unmatched, POST /api/v1/admin/payments/{id}/booking,
// POST/DELETE /api/v1/admin/payments/{id}/decision
// ---------------------------------------------------------------------------------------

/**
 * The credits listed for the board (every credit the import did not book cleanly, until it is
 * decided): one page, newest first, each with its outcome and note and, while it can be booked,
 * suggested open invoices.
 */
export async function listUnmatchedCredits(
  ctx: Ctx,
  input: { page: number; pageSize: number },
): Promise<{ items: UnmatchedCredit[]; total: number; waitingLongCount: number }> {
  const waitingSince = addDays(ctx.now, -REVIEW_WAITING_DAYS);
  const [credits, counts] = await Promise.all([
    findReviewCredits(ctx.db, (input.page - 1) * input.pageSize, input.pageSize),
    countReviewCredits(ctx.db, waitingSince),
  ]);
  const bookable = credits.map((c) => whyNotBookable(c) === null);
  const candidates = bookable.some(Boolean) ? await findOpenInvoiceCandidates(ctx.db) : [];
  const open = candidates.map((c) => ({ ...c, invoiceDate: toIsoDate(c.invoiceDate) }));
  const byId = new Map(open.map((c) => [c.id, c]));
  const suggest = invoiceSuggester(open);
  const items = credits.map((credit, i) => ({
    id: credit.id,
    amount: { currency: credit.currency, amount: rappenToFrancs(credit.amountRappen) },
    bookingDate: credit.bookingDate ? toIsoDate(credit.bookingDate) : null,
    debtorName: credit.debtorName,
    debtorAccount: credit.debtorAccount,
    reference: credit.reference,
    message: credit.message,
    outcome: credit.outcome as UnmatchedCredit['outcome'],
    note: credit.note,
    bookable: bookable[i]!,
    invoice: credit.invoice,
    suggestions: (bookable[i] ? suggest(credit) : []).map((s) => {
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
    listedOn: toIsoDate(zurichToday(credit.createdAt)),
    waitingLong: credit.createdAt < waitingSince,
  }));
  return { items, total: counts.total, waitingLongCount: counts.waitingLong };
}

/** Locks a listed credit the board may still decide; 404 for no bank line, 409 when it is not listed or decided. */
async function lockListedCredit(tx: Ctx, paymentId: number): Promise<LockedPayment> {
  const line = await lockPayment(tx.db, paymentId);
  if (!line || line.source !== 'BANK_FILE' || line.parentId !== null) throw notFound('Diese Bankzeile gibt es nicht.');
  if (!line.needsDecision) throw conflict('Diese Bankzeile ist schon verbucht oder keine offene Gutschrift.');
  if (await findPaymentDecision(tx.db, line.id))
    throw conflict('Diese Gutschrift ist schon verbucht oder entschieden; machen Sie den Entscheid zuerst rückgängig.');
  return line;
}

/**
 * Books a listed credit on the invoices the board chose: the whole credit on one invoice, or split
 * (the parts must add up to the credit, else 422), each part by the booking rule of every payment.
 * The credit leaves the list; the booking is audited and can be undone (undoDecision).
 */
export async function bookCredit(
  ctx: Ctx,
  input: { paymentId: number; parts: readonly { invoiceId: number; amountRappen: number | null }[] },
): Promise<BookCreditResult> {
  return withTx(ctx, async (tx) => {
    const line = await lockListedCredit(tx, input.paymentId);
    const why = whyNotBookable(line);
    if (why) throw conflict(why);
    const parts = input.parts.map((p) => ({ invoiceId: p.invoiceId, amountRappen: p.amountRappen ?? line.amountRappen }));
    const wrongSum = checkAllocations(line.amountRappen, parts);
    if (wrongSum) throw invalid(wrongSum, { allocations: wrongSum });
    const states = await lockedStates(
      tx,
      parts.map((p) => p.invoiceId),
    );
    const date = toIsoDate(line.bookingDate!);
    const booked = parts.map((part) => {
      const state = states.get(part.invoiceId);
      refuseClosed(state);
      const booking = bookPayment(state, part.amountRappen, date);
      states.set(part.invoiceId, booking.state);
      return { ...part, outcome: booking.outcome === 'MATCHED' ? ('MATCHED' as const) : ('AMOUNT_DIFFERS' as const), note: booking.note };
    });
    const recordedById = tx.actor?.memberId ?? null;
    const outcome = booked.every((b) => b.outcome === 'MATCHED') ? 'MATCHED' : 'AMOUNT_DIFFERS';
    const note = booked
      .map((b) => b.note)
      .filter(Boolean)
      .join(' ');
    await insertPaymentDecision(tx.db, {
      paymentId: line.id,
      kind: 'BOOKED',
      note: '',
      previousInvoiceId: line.invoiceId,
      previousOutcome: line.outcome as BankLineRow['outcome'],
      previousNote: line.note,
      decidedById: recordedById,
      createdAt: tx.now,
    });
    if (booked.length === 1) {
      await linkPaymentToInvoice(tx.db, { id: line.id, invoiceId: booked[0]!.invoiceId, outcome, note, recordedById });
    } else {
      await insertPaymentParts(tx.db, line, booked, recordedById, tx.now);
      await linkPaymentToInvoice(tx.db, { id: line.id, invoiceId: null, outcome, note, recordedById });
    }
    await saveInvoiceStates(
      tx,
      booked.map((b) => ({ id: b.invoiceId, ...states.get(b.invoiceId)! })),
    );
    for (const b of booked) {
      const state = states.get(b.invoiceId)!;
      await writeAudit(tx, {
        action: 'payments.credit_booked',
        entity: 'invoice',
        entityId: b.invoiceId,
        data: {
          paymentId: line.id,
          amountRappen: b.amountRappen,
          split: booked.length > 1,
          status: state.status,
          paidRappen: state.paidRappen,
        },
      });
    }
    const today = zurichToday(tx.now);
    const invoices = await Promise.all(booked.map(async (b) => toAdminInvoice((await findInvoiceForList(tx.db, b.invoiceId))!, today)));
    return { paymentId: line.id, outcome, note, invoice: invoices[0]!, invoices };
  });
}

/** Closes a listed credit without booking it (refunded, not the club's, donation, duplicate), with a note; audited. */
export async function decideCredit(
  ctx: Ctx,
  input: { paymentId: number; kind: CreditDecisionKind; note: string },
): Promise<CreditDecision> {
  return withTx(ctx, async (tx) => {
    const line = await lockListedCredit(tx, input.paymentId);
    const decision = await insertPaymentDecision(tx.db, {
      paymentId: line.id,
      kind: input.kind,
      note: input.note,
      previousInvoiceId: line.invoiceId,
      previousOutcome: line.outcome as BankLineRow['outcome'],
      previousNote: line.note,
      decidedById: tx.actor?.memberId ?? null,
      createdAt: tx.now,
    });
    await writeAudit(tx, {
      action: 'payments.credit_decided',
      entity: 'payment',
      entityId: line.id,
      data: { kind: input.kind, note: input.note, amountRappen: line.amountRappen },
    });
    return { paymentId: line.id, kind: decision.kind, note: decision.note, decidedAt: decision.createdAt.toISOString() };
  });
}

/**
 * Undoes the board's decision on a credit, which is listed again as the import left it. A booking
 * is taken off its invoices again; refused (409) while something depends on it (an invoice was
 * cancelled since, or carries less than the booked part).
 */
export async function undoDecision(ctx: Ctx, paymentId: number): Promise<void> {
  await withTx(ctx, async (tx) => {
    const line = await lockPayment(tx.db, paymentId);
    if (!line || line.source !== 'BANK_FILE' || line.parentId !== null) throw notFound('Diese Bankzeile gibt es nicht.');
    const decision = await findPaymentDecision(tx.db, line.id);
    if (!decision) throw notFound('Zu dieser Bankzeile gibt es keinen Entscheid, der sich rückgängig machen liesse.');
    if (decision.kind === 'BOOKED') {
      const parts = await findPaymentParts(tx.db, line.id);
      const bookings = parts.length
        ? parts.map((p) => ({ invoiceId: p.invoiceId!, amountRappen: p.amountRappen }))
        : [{ invoiceId: line.invoiceId!, amountRappen: line.amountRappen }];
      const states = await lockedStates(
        tx,
        bookings.map((b) => b.invoiceId),
      );
      for (const b of bookings) {
        const next = unbookPayment(states.get(b.invoiceId)!, b.amountRappen);
        if (!next)
          throw conflict('Die Buchung lässt sich nicht mehr rückgängig machen: Die Rechnung wurde seither storniert oder geändert.');
        states.set(b.invoiceId, next);
      }
      await deletePaymentParts(tx.db, line.id);
      await linkPaymentToInvoice(tx.db, {
        id: line.id,
        invoiceId: decision.previousInvoiceId,
        outcome: decision.previousOutcome,
        note: decision.previousNote,
        recordedById: null,
      });
      await saveInvoiceStates(
        tx,
        bookings.map((b) => ({ id: b.invoiceId, ...states.get(b.invoiceId)! })),
      );
    }
    await deletePaymentDecision(tx.db, line.id);
    await writeAudit(tx, {
      action: 'payments.decision_undone',
      entity: 'payment',
      entityId: line.id,
      data: { kind: decision.kind, note: decision.note, amountRappen: line.amountRappen },
    });
  });
}
