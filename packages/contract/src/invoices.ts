import './locale.ts';
import { z } from 'zod';
import { idParam, isoDate, isoDateTime, storedMoneySchema } from './common.ts';

/** An invoice's status: open until paid in full or cancelled (the database enum `InvoiceStatus`). */
export const INVOICE_STATUSES = ['OPEN', 'PAID', 'CANCELLED'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** The German word for an invoice's status, the same on every screen, PDF and report. */
export const INVOICE_STATUS_LABEL: Record<InvoiceStatus, string> = { OPEN: 'Offen', PAID: 'Bezahlt', CANCELLED: 'Storniert' };

/**
 * A payment reference grouped for reading as the QR-bill prints it: the 27-digit QR reference as 2 + 5×5 digits
 * («21 00000 00003 13947 14300 09017»), a creditor reference (RF…) by 4. The invoice PDF and the invoice page use it.
 */
export function formatReference(reference: string): string {
  if (/^[0-9]{27}$/.test(reference)) return `${reference.slice(0, 2)} ${reference.slice(2).replace(/(.{5})(?=.)/g, '$1 ')}`;
  return reference.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Kinds of invoices; a new kind is one more value here, in the database enum and in the screens' labels. */
export const INVOICE_KINDS = ['MEMBERSHIP_FEE', 'PARKING_FEE', 'OTHER', 'TICKETS'] as const;
export const invoiceKindSchema = z.enum(INVOICE_KINDS, { error: 'Art: Bitte eine Rechnungsart wählen.' });
export type InvoiceKind = z.infer<typeof invoiceKindSchema>;

export const invoiceLineSchema = z.object({ text: z.string(), amount: storedMoneySchema });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * An invoice on the wire (docs/domain-rules.md «Wire names»): frozen at issue; `paidAt`/`paidAmount` once a payment
 * was booked on it.
 */
export const invoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  memberId: z.number(),
  title: z.string(),
  kind: invoiceKindSchema,
  invoiceDate: isoDate,
  dueDate: isoDate,
  lines: z.array(invoiceLineSchema),
  total: storedMoneySchema,
  status: invoiceStatusSchema,
  /** payment reference as printed: QR reference (27 digits) or creditor reference (RF…), without spaces */
  reference: z.string(),
  paidAt: isoDate.nullable(),
  paidAmount: storedMoneySchema,
  /** highest reminder level sent (0: none; 1 Zahlungserinnerung, 2 and 3 Mahnung) */
  reminderLevel: z.number().int(),
  /** the due date that applies now: the new one of the last reminder, else `dueDate` (which stays as issued) */
  currentDueDate: isoDate,
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** An invoice as a member sees it in their account (the same shape). */
export const invoiceSummarySchema = invoiceSchema;
export type InvoiceSummary = Invoice;

/** `/admin/members/{memberId}/invoices/{invoiceId}` and its `.pdf`. */
export const memberInvoiceParams = z.object({ memberId: idParam, invoiceId: idParam });

/** Answer of `POST /api/v1/admin/invoices/reminders`: reminders sent per level. */
export const reminderRunResultSchema = z.object({
  reminded: z.number().int(),
  levels: z.object({ '1': z.number().int(), '2': z.number().int(), '3': z.number().int() }),
});
export type ReminderRunResult = z.infer<typeof reminderRunResultSchema>;

/**
 * Answer of `GET /api/v1/admin/invoices/reminders`: whom the reminder run would remind now, and
 * the sum it asks for, before it sends. `fee` is the season's reminder fee the reminder adds as an
 * invoice line (from the second reminder on), `amount` what the reminder asks for (open + fee).
 */
export const reminderPreviewSchema = z.object({
  count: z.number().int(),
  total: storedMoneySchema,
  fees: storedMoneySchema,
  recipients: z.array(
    z.object({
      invoiceId: z.number(),
      number: z.string(),
      memberId: z.number(),
      memberName: z.string(),
      title: z.string(),
      level: z.number().int(),
      levelTitle: z.string(),
      fee: storedMoneySchema,
      amount: storedMoneySchema,
    }),
  ),
});
export type ReminderPreview = z.infer<typeof reminderPreviewSchema>;

/** German names of the reminder levels. */
export const reminderTitles: Record<number, string> = { 1: 'Zahlungserinnerung', 2: '2. Mahnung', 3: '3. Mahnung' };

/** A sum in an answer (totals of a season may pass the 1,000,000 a single amount may have). */
const sumSchema = z.object({ currency: z.literal('CHF'), amount: z.number() });

/**
 * `GET /api/v1/admin/seasons/{id}/ticketfees/`: what the billing run would bill now (confirmed
 * reservations of games whose sales have closed, confirmed places of events whose registration
 * deadline has passed, not billed yet), what is not due yet, and the season's TICKETS invoices
 * (cancelled ones left out).
 */
export const ticketBillingStateSchema = z.object({
  seasonId: z.number(),
  toBill: z.object({
    reservations: z.number().int(),
    tickets: z.number().int(),
    subscriptions: z.number().int(),
    places: z.number().int(),
    /** tickets × price + delivery fees + places × price */
    amount: sumSchema,
  }),
  notYetDue: z.object({ reservations: z.number().int(), subscriptions: z.number().int() }),
  invoices: z.object({ issued: z.number().int(), paid: z.number().int(), billed: sumSchema, paidAmount: sumSchema }),
});
export type TicketBillingState = z.infer<typeof ticketBillingStateSchema>;

/** One membership category in the preview of a membership fee run: its fee, how many invoices at it, their sum. */
export const feeRunPreviewCategorySchema = z.object({
  categoryId: z.number(),
  name: z.string(),
  isDefault: z.boolean(),
  fee: storedMoneySchema,
  invoices: z.number().int(),
  amount: sumSchema,
});
export type FeeRunPreviewCategory = z.infer<typeof feeRunPreviewCategorySchema>;

/**
 * `GET /api/v1/admin/seasons/{id}/membershipfees/`: what the membership fee run would bill now, by the
 * run's own rule (each member without a fee invoice of the season, at the fee of their category;
 * free categories get none): the number of invoices and their total, and the same per category
 * (only categories with something to bill, the default first).
 */
export const membershipFeePreviewSchema = z.object({
  seasonId: z.number(),
  invoices: z.number().int(),
  amount: sumSchema,
  categories: z.array(feeRunPreviewCategorySchema),
});
export type MembershipFeePreview = z.infer<typeof membershipFeePreviewSchema>;

/** What a reservation or an event place says about its billing and hand-over (null: not billed, not handed over). */
export const billingStatusFields = {
  invoiceId: z.number().nullable(),
  invoiceStatus: invoiceStatusSchema.nullable(),
  handedOverAt: isoDateTime.nullable(),
};
