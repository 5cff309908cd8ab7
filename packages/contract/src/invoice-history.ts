import './locale.ts';
import { z } from 'zod';
import { isoDate, isoDateTime, storedMoneySchema } from './common.ts';
import {
  paymentMethodSchema,
  bankAmountSchema,
  camtLineOutcomeSchema,
  creditDecisionSchema,
  invoiceOverviewItemSchema,
} from './payments.ts';

/**
 * `GET /api/v1/admin/invoices/{id}`: one invoice as the board sees it, with its reminders and its
 * history in time order, taken from what the site records (the run that issued it, its mails,
 * reminders, payments, the bank lines and decisions that touched it, its cancellation).
 */

/** Who did it: a board member (or the member), null where nobody is recorded (demo data, an older record). */
const actorName = z.string().nullable();

/** How an invoice came into being, where a record says so. */
export const invoiceOriginSchema = z.enum(['MEMBERSHIP_FEE_RUN', 'PARKING_FEE_RUN', 'TICKET_BILLING_RUN', 'APPLICATION_ACCEPTED']);
export type InvoiceOrigin = z.infer<typeof invoiceOriginSchema>;

/** The bank line a payment came from, or that touched the invoice without paying it. */
export const historyBankLineSchema = z.object({
  /** the stored bank line (for a split: the whole credit) */
  paymentId: z.number(),
  /** the bank file's name as uploaded ('' when none was given) */
  fileName: z.string(),
  /** when the file was read */
  importedAt: isoDateTime,
  debtorName: z.string(),
  reference: z.string(),
  message: z.string(),
  /** the whole credit, as the file states it */
  amount: bankAmountSchema,
  /** booked in parts on several invoices */
  split: z.boolean(),
});
export type HistoryBankLine = z.infer<typeof historyBankLineSchema>;

const at = { at: isoDateTime };

export const invoiceHistoryEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('CREATED'), ...at, origin: invoiceOriginSchema.nullable(), actor: actorName }),
  z.object({
    kind: z.literal('MAILED'),
    ...at,
    subject: z.string(),
    to: z.string(),
    status: z.enum(['PENDING', 'SENT']),
    sentAt: isoDateTime.nullable(),
    /** the reminder the mail carried (null: the invoice itself) */
    reminderLevel: z.number().int().nullable(),
  }),
  z.object({
    kind: z.literal('REMINDED'),
    ...at,
    level: z.number().int(),
    levelTitle: z.string(),
    reminderDate: isoDate,
    /** the new deadline the reminder gave */
    dueDate: isoDate,
    /** what was open when it was sent */
    openAmount: storedMoneySchema,
    /** the reminder fee it added as a line (0: none) */
    fee: storedMoneySchema,
    actor: actorName,
  }),
  z.object({
    kind: z.literal('PAYMENT'),
    ...at,
    /** the booking date (a payment by hand: the day it was paid) */
    date: isoDate.nullable(),
    amount: storedMoneySchema,
    /** MANUAL: recorded by hand; REFERENCE: a bank line booked by its reference; ASSIGNED: a credit the board booked on it */
    how: z.enum(['MANUAL', 'REFERENCE', 'ASSIGNED']),
    /** how a payment by hand was paid (null for a bank line) */
    method: paymentMethodSchema.nullable(),
    note: z.string(),
    /** who recorded it by hand, booked the credit on the invoice or read the bank file */
    actor: actorName,
    bankLine: historyBankLineSchema.nullable(),
    /** the bank line whose booking can still be undone (`DELETE /api/v1/admin/payments/{id}/booking`), else null */
    undoPaymentId: z.number().nullable(),
  }),
  z.object({
    /** a credit that named this invoice but was not booked on it (already paid, conflict, not a payment) */
    kind: z.literal('BANK_LINE'),
    ...at,
    date: isoDate.nullable(),
    outcome: camtLineOutcomeSchema,
    note: z.string(),
    bankLine: historyBankLineSchema,
  }),
  z.object({
    /** the board closed a credit that touched this invoice without booking it */
    kind: z.literal('DECISION'),
    ...at,
    decision: creditDecisionSchema.shape.kind.exclude(['BOOKED']),
    note: z.string(),
    amount: bankAmountSchema,
    paymentId: z.number(),
    actor: actorName,
    /** still in force: `DELETE /api/v1/admin/payments/{paymentId}/decision` undoes it */
    undoable: z.boolean(),
  }),
  z.object({
    /** a booking on this invoice or a decision on a credit that touched it was undone */
    kind: z.literal('UNDONE'),
    ...at,
    decision: creditDecisionSchema.shape.kind,
    /** what the undone booking had put on this invoice, or the credit's amount */
    amount: storedMoneySchema,
    paymentId: z.number(),
    actor: actorName,
  }),
  z.object({ kind: z.literal('CANCELLED'), ...at, actor: actorName }),
]);
export type InvoiceHistoryEntry = z.infer<typeof invoiceHistoryEntrySchema>;
export type InvoiceHistoryKind = InvoiceHistoryEntry['kind'];

export const invoiceDetailSchema = invoiceOverviewItemSchema.extend({
  /** the debtor as frozen on the invoice */
  debtorName: z.string(),
  /** what is still to pay (0 unless open) */
  openAmount: storedMoneySchema,
  cancelledAt: isoDateTime.nullable(),
  /** the reminders sent, by level */
  reminders: z.array(
    z.object({
      level: z.number().int(),
      title: z.string(),
      reminderDate: isoDate,
      dueDate: isoDate,
      openAmount: storedMoneySchema,
      fee: storedMoneySchema,
    }),
  ),
  /** oldest first */
  history: z.array(invoiceHistoryEntrySchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
