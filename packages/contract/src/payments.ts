import './locale.ts';
import { z } from 'zod';
import { idParam, isoDate, moneySchema, pageQuery, positiveAmount, pageSizeQuery, searchQuery } from './common.ts';
import { listEnvelope } from './envelope.ts';
import { invoiceStatusSchema } from './invoices.ts';
import { pageInfoSchema } from './member-admin.ts';

/**
 * The treasurer's side of invoices: the board's invoice overview, payments recorded by hand
 * and payments read from the bank's camt.054 file.
 */

const invoiceKinds = ['MEMBERSHIP_FEE', 'PARKING_FEE', 'OTHER'] as const;
/** Kind of an invoice in the overview (membership fee, parking fee, other). */
export const invoiceOverviewKindSchema = z.enum(invoiceKinds, { error: 'Art: Bitte Mitgliederbeitrag, Parkplatz oder Andere wählen.' });

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
 * An invoice in the board's overview: the invoice's wire shape (DESIGN.md §8) plus the
 * member's name, the season's name, the highest reminder level sent and whether it is overdue.
 */
export const invoiceOverviewItemSchema = z.object({
  id: z.number(),
  number: z.string(),
  memberId: z.number(),
  title: z.string(),
  kind: invoiceOverviewKindSchema,
  invoiceDate: isoDate,
  dueDate: isoDate,
  lines: z.array(z.object({ text: z.string(), amount: moneySchema })),
  total: moneySchema,
  status: invoiceStatusSchema,
  reference: z.string(),
  paidAt: isoDate.nullable(),
  paidAmount: moneySchema,
  memberName: z.string(),
  seasonName: z.string().nullable(),
  /** 0 = no reminder yet, 1 = Zahlungserinnerung, 2 and 3 = Mahnung */
  reminderLevel: z.number().int(),
  /** open and past its due date (Zurich's today) */
  overdue: z.boolean(),
});
export type InvoiceOverviewItem = z.infer<typeof invoiceOverviewItemSchema>;

/** Sums over every invoice the filter selects (not only the page shown). */
export const invoiceOverviewTotalsSchema = z.object({
  /** what is still open on open invoices */
  openAmount: moneySchema,
  /** what was paid on the selected invoices */
  paidAmount: moneySchema,
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

/** The largest camt.054 file the import takes (bytes). */
export const CAMT054_MAX_BYTES = 10 * 1024 * 1024;

/** What became of one transaction line of the file. ALREADY_IMPORTED: an earlier import booked it. */
export const camtLineOutcomeSchema = z.enum([
  'MATCHED',
  'ALREADY_PAID',
  'UNKNOWN_REFERENCE',
  'AMOUNT_DIFFERS',
  'NOT_A_PAYMENT',
  'ALREADY_IMPORTED',
]);
export type CamtLineOutcome = z.infer<typeof camtLineOutcomeSchema>;

export const camtLineSchema = z.object({
  outcome: camtLineOutcomeSchema,
  /** why, in German, where the outcome alone does not say it (debit, reversal, partial payment …) */
  note: z.string(),
  reference: z.string(),
  amount: moneySchema,
  /** CRDT or DBIT */
  creditDebit: z.enum(['CRDT', 'DBIT']),
  bookingDate: isoDate,
  debtorName: z.string(),
  invoice: z.object({ id: z.number(), number: z.string(), memberId: z.number(), memberName: z.string() }).nullable(),
});
export type CamtLine = z.infer<typeof camtLineSchema>;

export const camtImportResultSchema = z.object({
  bankFileId: z.number().nullable(),
  msgId: z.string(),
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
  /** sum of what was booked on invoices by this import */
  bookedAmount: moneySchema,
  lines: z.array(camtLineSchema),
});
export type CamtImportResult = z.infer<typeof camtImportResultSchema>;
