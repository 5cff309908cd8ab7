import type { InvoiceOverviewItem, CamtImportResult, CamtLine, CamtLineOutcome, InvoiceOverviewTotals, PageInfo } from '@club/contract';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { fromIsoDate, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { toMoney } from '../../lib/money.ts';
import { CamtFormatError, parseCamt054, type CamtFile } from './camt054.parser.ts';
import { toAdminInvoice } from './payments.mappers.ts';
import {
  findInvoiceForList,
  findInvoicesByReferences,
  findInvoicesPage,
  insertBankFile,
  insertBankLines,
  insertManualPayment,
  lockInvoices,
  sumInvoices,
  updateInvoicePayments,
  updatePaymentOutcomes,
  type BankLineRow,
  type InvoiceFilter,
  type InvoiceOfReference,
  type LockedInvoice,
} from './payments.repository.ts';
import { bookPayment, whyNotPayable, type InvoiceState } from './payments.rules.ts';

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
): Promise<{ items: InvoiceOverviewItem[]; page: PageInfo; totals: InvoiceOverviewTotals }> {
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
    page: {
      page: input.page,
      pageSize: input.pageSize,
      total: sums.count,
      totalPages: Math.max(1, Math.ceil(sums.count / input.pageSize)),
    },
    totals: { openAmount: toMoney(sums.openRappen), paidAmount: toMoney(sums.paidRappen), overdueCount: sums.overdueCount },
  };
}

// ---------------------------------------------------------------------------------------
// POST /api/v1/admin/invoices/{id}/payments
// ---------------------------------------------------------------------------------------

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
    const [locked] = await lockInvoices(tx.db, [invoiceId]);
    if (!locked) throw notFound('Diese Rechnung gibt es nicht.');
    if (locked.status === 'CANCELLED') throw conflict('Die Rechnung ist storniert; darauf lässt sich keine Zahlung erfassen.');
    if (locked.status === 'PAID') throw new AppError('INVOICE_PAID', 'Die Rechnung ist schon bezahlt.');
    const booking = bookPayment(stateOf(locked), input.amountRappen, input.paidAt);
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
    await updateInvoicePayments(tx.db, [{ id: invoiceId, ...booking.state }], tx.now);
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
// POST /api/v1/admin/payments/camt054
// ---------------------------------------------------------------------------------------

/** Reads the file or answers 422 with the parser's German reason; nothing is written then. */
function readFile(xml: string): CamtFile {
  try {
    return parseCamt054(xml);
  } catch (error) {
    if (error instanceof CamtFormatError) throw invalid(`Die Datei wurde nicht eingelesen: ${error.message}`, { file: error.message });
    throw error;
  }
}

/**
 * Imports a camt.054 file in one transaction: keeps every line (raw XML, the file's MsgId),
 * books each credit whose reference matches an invoice, and answers what became of each line.
 * A line an earlier import booked (same dedupe key) is skipped, also when two imports of the
 * same file run at once: the unique key decides, not a check in code.
 */
export async function importCamt054(ctx: Ctx, input: { xml: string; fileName: string }): Promise<CamtImportResult> {
  const started = performance.now();
  const file = readFile(input.xml);
  const parsedMs = Math.round(performance.now() - started);
  const notes = file.transactions.map((t) => whyNotPayable(t));
  return withTx(
    ctx,
    async (tx) => {
      const bankFile = await insertBankFile(tx.db, {
        msgId: file.msgId,
        fileName: input.fileName,
        importedById: tx.actor?.memberId ?? null,
        createdAt: tx.now,
      });
      const invoices = new Map<string, InvoiceOfReference>();
      const payableRefs = file.transactions.filter((_, i) => !notes[i]).map((t) => t.reference);
      for (const inv of await findInvoicesByReferences(tx.db, payableRefs)) invoices.set(inv.reference, inv);

      // Insert first: the unique dedupe key says which lines are new (a concurrent import of
      // the same lines waits here and then skips them). Credits on an invoice go in as MATCHED
      // and get their final outcome below, under the invoices' locks.
      const rows: BankLineRow[] = file.transactions.map((t, i) => {
        const invoice = invoices.get(t.reference);
        const outcome = notes[i]?.outcome ?? (invoice ? 'MATCHED' : 'UNKNOWN_REFERENCE');
        return {
          dedupeKey: t.dedupeKey,
          invoiceId: notes[i] ? null : (invoice?.id ?? null),
          outcome,
          reference: t.reference,
          amountRappen: t.amountRappen,
          currency: t.currency,
          bookingDate: t.bookingDate,
          debtorName: t.debtorName,
          debtorAccount: t.debtorAccount,
          rawXml: t.rawXml,
        };
      });
      const inserted = await insertBankLines(tx.db, bankFile.id, rows, tx.now);

      const toBook = rows.filter((r) => r.invoiceId !== null && inserted.has(r.dedupeKey));
      const states = new Map(
        (
          await lockInvoices(
            tx.db,
            toBook.map((r) => r.invoiceId!),
          )
        ).map((l) => [l.id, stateOf(l)]),
      );
      const touched = new Set<number>();
      const changedOutcomes: { id: number; outcome: string }[] = [];
      const lines: CamtLine[] = [];
      let bookedRappen = 0;
      file.transactions.forEach((t, i) => {
        const row = rows[i]!;
        const invoice = notes[i] ? undefined : invoices.get(t.reference);
        let outcome: CamtLineOutcome = row.outcome;
        let note = notes[i]?.note ?? (invoice ? '' : 'Keine Rechnung mit dieser Referenz.');
        const paymentId = inserted.get(t.dedupeKey);
        if (paymentId === undefined) {
          outcome = 'ALREADY_IMPORTED';
          note = 'Schon mit einer früheren Datei eingelesen; nicht nochmals verbucht.';
        } else if (invoice) {
          const booking = bookPayment(states.get(invoice.id)!, t.amountRappen, t.bookingDate);
          states.set(invoice.id, booking.state);
          if (booking.booked) {
            touched.add(invoice.id);
            bookedRappen += t.amountRappen;
          }
          outcome = booking.outcome;
          note = booking.note;
          if (booking.outcome !== 'MATCHED') changedOutcomes.push({ id: paymentId, outcome: booking.outcome });
        }
        lines.push({
          outcome,
          note,
          reference: t.reference,
          amount: toMoney(t.amountRappen),
          creditDebit: t.creditDebit,
          bookingDate: t.bookingDate,
          debtorName: t.debtorName,
          invoice: invoice ? { id: invoice.id, number: invoice.number, memberId: invoice.memberId, memberName: invoice.memberName } : null,
        });
      });
      await updatePaymentOutcomes(tx.db, changedOutcomes);
      await updateInvoicePayments(
        tx.db,
        [...touched].map((id) => ({ id, ...states.get(id)! })),
        tx.now,
      );

      const count = (o: CamtLineOutcome) => lines.filter((l) => l.outcome === o).length;
      const result: CamtImportResult = {
        bankFileId: bankFile.id,
        msgId: file.msgId,
        entries: file.entries,
        transactions: file.transactions.length,
        matched: count('MATCHED'),
        alreadyPaid: count('ALREADY_PAID'),
        alreadyImported: count('ALREADY_IMPORTED'),
        unknownReferences: count('UNKNOWN_REFERENCE'),
        amountsDiffer: count('AMOUNT_DIFFERS'),
        notPayments: count('NOT_A_PAYMENT'),
        bookedAmount: toMoney(bookedRappen),
        lines,
      };
      const { lines: _lines, bookedAmount: _booked, ...counts } = result;
      await writeAudit(tx, {
        action: 'payments.imported',
        entity: 'bank_file',
        entityId: bankFile.id,
        data: {
          ...counts,
          fileName: input.fileName,
          version: file.version,
          bookedRappen,
          invoicesPaid: [...touched].filter((id) => states.get(id)!.status === 'PAID').length,
        },
      });
      ctx.log.info(
        {
          bankFileId: bankFile.id,
          transactions: result.transactions,
          matched: result.matched,
          parsedMs,
          totalMs: Math.round(performance.now() - started),
        },
        'camt.054 imported',
      );
      return result;
    },
    { timeoutMs: IMPORT_TIMEOUT_MS },
  );
}
