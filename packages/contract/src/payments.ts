import './locale.ts';
import { z } from 'zod';
import { idParam, isoDate, moneySchema, pageQuery, positiveAmount, pageSizeQuery, searchQuery, storedMoneySchema } from './common.ts';
import { listEnvelope } from './envelope.ts';
import { invoiceKindSchema, invoiceSchema } from './invoices.ts';
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
  status: z.enum(['OPEN', 'PAID', 'CANCELLED'], { error: 'Status: Bitte offen, bezahlt oder storniert wählen.' }).optional(),
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
export const manualPaymentInputSchema = z.object({
  amount: moneySchema.refine((m) => positiveAmount.check(m.amount), { error: positiveAmount.error }),
  paidAt: isoDate,
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

/** A booked credit of the club's account that no invoice took, with suggestions (best first). */
export const unmatchedCreditSchema = z.object({
  id: z.number(),
  amount: bankAmountSchema,
  bookingDate: isoDate.nullable(),
  debtorName: z.string(),
  debtorAccount: z.string(),
  reference: z.string(),
  message: z.string(),
  suggestions: z.array(paymentSuggestionSchema),
});
export type UnmatchedCredit = z.infer<typeof unmatchedCreditSchema>;

/** `{ data: [{ data: credit }], total }`: the oldest 100 and how many there are. */
export const unmatchedCreditsResultSchema = listEnvelope(unmatchedCreditSchema).extend({ total: z.number().int() });
export type UnmatchedCreditsResult = z.infer<typeof unmatchedCreditsResultSchema>;

/** Books an unmatched credit on the invoice the treasurer chose. */
export const bookCreditInputSchema = z.object({ invoiceId: idParam });
export type BookCreditInput = z.input<typeof bookCreditInputSchema>;

/** The answer: the invoice as it stands now and what the booking was. */
export const bookCreditResultSchema = z.object({
  paymentId: z.number(),
  outcome: z.enum(['MATCHED', 'AMOUNT_DIFFERS']),
  note: z.string(),
  invoice: invoiceOverviewItemSchema,
});
export type BookCreditResult = z.infer<typeof bookCreditResultSchema>;
