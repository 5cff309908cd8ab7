import './locale.ts';
import { z } from 'zod';
import {
  idParam,
  isoDate,
  isoDateTime,
  moneySchema,
  pageQuery,
  positiveAmount,
  pageSizeQuery,
  searchQuery,
  storedMoneySchema,
  text,
} from './common.ts';
import { listEnvelope } from './envelope.ts';
import { INVOICE_STATUSES, invoiceKindSchema, invoiceSchema } from './invoices.ts';
import { pageInfoSchema } from './members.ts';

/**
 * The treasurer's side of invoices: the board's invoice overview, payments recorded by hand,
 * the bank's files (camt.053 statements and camt.054 notifications) and the credits that came
 * without a usable reference, with suggestions and their booking.
 */

/** Kind of an invoice in the overview (the invoices' own kinds). */
export const invoiceOverviewKindSchema = invoiceKindSchema;

// --- GET /api/v1/admin/invoices ---------------------------------------------------------

export const INVOICE_OVERVIEW_DEFAULT_PAGE_SIZE = 25;
export const INVOICE_OVERVIEW_MAX_PAGE_SIZE = 200;

const yesNo = z.enum(['true', 'false'], { error: 'Überfällig: Bitte true oder false angeben.' }).transform((v) => v === 'true');

/** Filters of the overview; cancelled invoices only when `status=CANCELLED` asks for them. */
export const invoiceOverviewQuerySchema = z.object({
  seasonId: idParam.optional(),
  kind: invoiceOverviewKindSchema.optional(),
  status: z.enum(INVOICE_STATUSES, { error: 'Status: Bitte offen, bezahlt oder storniert wählen.' }).optional(),
  overdue: yesNo.optional(),
  /** a name (debtor or member) or an invoice number, or part of one */
  q: searchQuery,
  page: pageQuery,
  pageSize: pageSizeQuery(INVOICE_OVERVIEW_MAX_PAGE_SIZE, INVOICE_OVERVIEW_DEFAULT_PAGE_SIZE),
});
export type InvoiceOverviewQuery = z.input<typeof invoiceOverviewQuerySchema>;

/**
 * An invoice in the board's overview: the invoice's wire shape (docs/domain-rules.md «Wire names») plus the
 * member's name, the season's name and whether it is overdue. Sums are answers: never capped.
 */
export const invoiceOverviewItemSchema = invoiceSchema.extend({
  memberName: z.string(),
  seasonName: z.string().nullable(),
  /** open and past its due date (Zurich's today) */
  overdue: z.boolean(),
});
export type InvoiceOverviewItem = z.infer<typeof invoiceOverviewItemSchema>;

/** Sums over every invoice the filter selects (not only the page shown). */
export const invoiceOverviewTotalsSchema = z.object({
  /** what is still open on open invoices */
  openAmount: storedMoneySchema,
  /** what was paid on the selected invoices */
  paidAmount: storedMoneySchema,
  overdueCount: z.number().int(),
});
export type InvoiceOverviewTotals = z.infer<typeof invoiceOverviewTotalsSchema>;

/** `{ data: [{ data: invoice }, ...], page: {...}, totals: {...} }` */
export const invoiceOverviewResultSchema = listEnvelope(invoiceOverviewItemSchema).extend({
  page: pageInfoSchema,
  totals: invoiceOverviewTotalsSchema,
});
export type InvoiceOverviewResult = z.infer<typeof invoiceOverviewResultSchema>;

// --- POST /api/v1/admin/invoices/{id}/payments --------------------------------------------

/** A payment recorded by hand (cash at the general assembly): more than zero, not in the future. */
/** How a payment by hand was paid. */
export const paymentMethodSchema = z.enum(['BANK', 'CASH', 'TWINT', 'CARD'], {
  error: 'Zahlungsart: Bitte Bank, Bar, TWINT oder Karte wählen.',
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const manualPaymentInputSchema = z.object({
  amount: moneySchema.refine((m) => positiveAmount.check(m.amount), { error: positiveAmount.error }),
  paidAt: isoDate,
  /** BANK when not named */
  method: paymentMethodSchema.default('BANK'),
  note: text('Notiz', 500).default(''),
});
export type ManualPaymentInput = z.input<typeof manualPaymentInputSchema>;

// --- POST /api/v1/admin/payments/camt054 ----------------------------------------------------

/** The largest bank file the import takes (bytes). */
export const CAMT054_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What became of one transaction line of the file. ALREADY_IMPORTED: the same bank transaction
 * came with an earlier file (or earlier in this one); CONFLICT: its identifiers match an earlier
 * line of another amount or date (listed, never booked); NOT_A_PAYMENT: listed (debit, reversal,
 * pending, other currency or account, transactions not adding up to their entry).
 */
export const camtLineOutcomeSchema = z.enum([
  'MATCHED',
  'ALREADY_PAID',
  'UNKNOWN_REFERENCE',
  'AMOUNT_DIFFERS',
  'NOT_A_PAYMENT',
  'ALREADY_IMPORTED',
  'CONFLICT',
]);
export type CamtLineOutcome = z.infer<typeof camtLineOutcomeSchema>;

/** An amount as the bank file states it: any currency ('' when the file names none). */
export const bankAmountSchema = z.object({ currency: z.string(), amount: z.number().finite() });
export type BankAmount = z.infer<typeof bankAmountSchema>;

export const camtLineSchema = z.object({
  /** the stored bank line (null for a line already imported) */
  paymentId: z.number().nullable(),
  outcome: camtLineOutcomeSchema,
  /** why, in German, where the outcome alone does not say it (debit, reversal, partial payment …) */
  note: z.string(),
  reference: z.string(),
  amount: bankAmountSchema,
  /** CRDT or DBIT: the entry's booking on the account */
  creditDebit: z.enum(['CRDT', 'DBIT']),
  /** null for a listed line without booking and value date */
  bookingDate: isoDate.nullable(),
  debtorName: z.string(),
  invoice: z.object({ id: z.number(), number: z.string(), memberId: z.number(), memberName: z.string() }).nullable(),
});
export type CamtLine = z.infer<typeof camtLineSchema>;

export const camtImportResultSchema = z.object({
  bankFileId: z.number().nullable(),
  msgId: z.string(),
  /** e.g. camt.054.001.08 or camt.053.001.04 */
  version: z.string(),
  /** Ntry elements read */
  entries: z.number().int(),
  /** transaction lines read (a batch entry has several) */
  transactions: z.number().int(),
  matched: z.number().int(),
  alreadyPaid: z.number().int(),
  alreadyImported: z.number().int(),
  unknownReferences: z.number().int(),
  amountsDiffer: z.number().int(),
  notPayments: z.number().int(),
  conflicts: z.number().int(),
  /** sum of what was booked on invoices by this import */
  bookedAmount: storedMoneySchema,
  lines: z.array(camtLineSchema),
});
export type CamtImportResult = z.infer<typeof camtImportResultSchema>;

// --- GET /api/v1/admin/payments/unmatched, POST /api/v1/admin/payments/{id}/booking ---------

/** An open invoice suggested for a credit without usable reference, with why. */
export const paymentSuggestionSchema = z.object({
  invoice: z.object({
    id: z.number(),
    number: z.string(),
    memberId: z.number(),
    memberName: z.string(),
    debtorName: z.string(),
    invoiceDate: isoDate,
    total: storedMoneySchema,
    openAmount: storedMoneySchema,
  }),
  score: z.number().int(),
  /** German: "Betrag passt", "Name passt", "Rechnungsnummer in der Mitteilung" … */
  reasons: z.array(z.string()),
});
export type PaymentSuggestion = z.infer<typeof paymentSuggestionSchema>;

/** The outcomes a listed credit can have (what the import left on the line). */
export const reviewOutcomeSchema = z.enum(['UNKNOWN_REFERENCE', 'CONFLICT', 'ALREADY_PAID', 'AMOUNT_DIFFERS', 'NOT_A_PAYMENT', 'MATCHED']);

/**
 * A credit of the club's account that the import did not book (or booked with a difference), listed
 * for the board until it is decided: the line's `outcome` and `note` as the import left them, and
 * suggestions (best first) while it is not booked.
 */
export const unmatchedCreditSchema = z.object({
  id: z.number(),
  amount: bankAmountSchema,
  bookingDate: isoDate.nullable(),
  debtorName: z.string(),
  debtorAccount: z.string(),
  reference: z.string(),
  message: z.string(),
  outcome: reviewOutcomeSchema,
  note: z.string(),
  /** whether the board can still book it on invoices (not booked by the import, in CHF, with a date) */
  bookable: z.boolean(),
  /** the invoice the import booked it on or whose reference it carried */
  invoice: z.object({ id: z.number(), number: z.string() }).nullable(),
  suggestions: z.array(paymentSuggestionSchema),
  /** the day the import listed it (Zurich) */
  listedOn: isoDate,
  /** listed more than REVIEW_WAITING_DAYS days ago and still undecided */
  waitingLong: z.boolean(),
});
export type UnmatchedCredit = z.infer<typeof unmatchedCreditSchema>;

/** After this many days without a decision a listed credit is flagged as waiting long. */
export const REVIEW_WAITING_DAYS = 14;

export const UNMATCHED_DEFAULT_PAGE_SIZE = 25;
export const UNMATCHED_MAX_PAGE_SIZE = 200;

export const unmatchedQuerySchema = z.object({
  page: pageQuery,
  pageSize: pageSizeQuery(UNMATCHED_MAX_PAGE_SIZE, UNMATCHED_DEFAULT_PAGE_SIZE),
});

/** `{ data: [{ data: credit }], page: {...}, total, waitingLongCount }`: newest first, one page, how many are listed and wait long. */
export const unmatchedCreditsResultSchema = listEnvelope(unmatchedCreditSchema).extend({
  page: pageInfoSchema,
  total: z.number().int(),
  /** how many of all listed credits wait long (on every page) */
  waitingLongCount: z.number().int(),
});
export type UnmatchedCreditsResult = z.infer<typeof unmatchedCreditsResultSchema>;

/** An amount of a split: money (`{"currency": "CHF", "amount": 20}`) or the number of francs. */
const allocationAmountSchema = z.union([
  moneySchema,
  moneySchema.shape.amount.transform((amount) => ({ currency: 'CHF' as const, amount })),
]);

/**
 * Books a listed credit: `{"invoiceId"}` the whole credit on one invoice, or
 * `{"allocations": [{"invoiceId", "amount"}]}` split across several (the parts add up to the credit).
 */
export const bookCreditInputSchema = z
  .object({
    invoiceId: idParam.optional(),
    allocations: z
      .array(
        z.object({
          invoiceId: idParam,
          amount: allocationAmountSchema.refine((m) => positiveAmount.check(m.amount), { error: positiveAmount.error }),
        }),
        { error: 'Aufteilung: Bitte eine Liste von Rechnungen mit Beträgen angeben.' },
      )
      .min(1, { error: 'Aufteilung: Bitte mindestens eine Rechnung angeben.' })
      .max(20, { error: 'Aufteilung: Höchstens 20 Rechnungen.' })
      .refine((list) => new Set(list.map((a) => a.invoiceId)).size === list.length, {
        error: 'Aufteilung: Jede Rechnung nur einmal angeben.',
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    // neither: the request lacks its one field (malformed); both: say which one
    if (body.invoiceId === undefined && body.allocations === undefined)
      ctx.addIssue({
        code: 'invalid_type',
        expected: 'number',
        input: undefined,
        path: ['invoiceId'],
        message: 'Bitte eine Rechnung (invoiceId) oder eine Aufteilung (allocations) angeben.',
      });
    if (body.invoiceId !== undefined && body.allocations !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['allocations'],
        message: 'Bitte entweder eine Rechnung oder eine Aufteilung angeben, nicht beides.',
      });
  });
export type BookCreditInput = z.input<typeof bookCreditInputSchema>;

/** The answer: each invoice as it stands now and what the booking was (`invoice`: the first). */
export const bookCreditResultSchema = z.object({
  paymentId: z.number(),
  outcome: z.enum(['MATCHED', 'AMOUNT_DIFFERS']),
  note: z.string(),
  invoice: invoiceOverviewItemSchema,
  invoices: z.array(invoiceOverviewItemSchema),
});
export type BookCreditResult = z.infer<typeof bookCreditResultSchema>;

// --- POST/DELETE /api/v1/admin/payments/{id}/decision -----------------------------------------

/** Closing a listed credit without booking it. */
export const creditDecisionKindSchema = z.enum(['REFUNDED', 'NOT_OURS', 'DONATION', 'DUPLICATE'], {
  error: 'Entscheid: Bitte zurückerstattet, nicht für den Verein, Spende oder doppelt wählen.',
});
export type CreditDecisionKind = z.infer<typeof creditDecisionKindSchema>;

export const creditDecisionInputSchema = z.object({
  kind: creditDecisionKindSchema,
  note: text('Notiz', 500).default(''),
});
export type CreditDecisionInput = z.input<typeof creditDecisionInputSchema>;

/** A decision on a listed credit; BOOKED is a booking on invoices. */
export const creditDecisionSchema = z.object({
  paymentId: z.number(),
  kind: z.enum(['BOOKED', 'REFUNDED', 'NOT_OURS', 'DONATION', 'DUPLICATE']),
  note: z.string(),
  decidedAt: isoDateTime,
});
export type CreditDecision = z.infer<typeof creditDecisionSchema>;
