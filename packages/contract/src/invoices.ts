import { z } from 'zod';
import { isoDate, moneySchema } from './common.ts';

export const invoiceStatusSchema = z.enum(['OPEN', 'PAID', 'CANCELLED']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** An invoice as a member sees it in their account. */
export const invoiceSummarySchema = z.object({
  id: z.number(),
  number: z.string(),
  title: z.string(),
  invoiceDate: isoDate,
  dueDate: isoDate,
  total: moneySchema,
  status: invoiceStatusSchema,
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
