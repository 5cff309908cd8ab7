import './locale.ts';
import { z } from 'zod';
import { idParam, isoDate, moneySchema } from './common.ts';

export const invoiceStatusSchema = z.enum(['OPEN', 'PAID', 'CANCELLED']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const invoiceKindSchema = z.enum(['MEMBERSHIP_FEE', 'PARKING_FEE', 'OTHER']);
export type InvoiceKind = z.infer<typeof invoiceKindSchema>;

export const invoiceLineSchema = z.object({ text: z.string(), amount: moneySchema });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * An invoice on the wire (DESIGN.md §8): frozen at issue; `paidAt`/`paidAmount` once a payment
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
  total: moneySchema,
  status: invoiceStatusSchema,
  /** payment reference as printed: QR reference (27 digits) or creditor reference (RF…), without spaces */
  reference: z.string(),
  paidAt: isoDate.nullable(),
  paidAmount: moneySchema,
  /** highest reminder level sent (0: none; 1 Zahlungserinnerung, 2 and 3 Mahnung) */
  reminderLevel: z.number().int(),
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

/** German names of the reminder levels. */
export const reminderTitles: Record<number, string> = { 1: 'Zahlungserinnerung', 2: '2. Mahnung', 3: '3. Mahnung' };
