/** The invoices feature's public surface beyond its service: the status rules payments book through. */
export {
  nextInvoiceState,
  IllegalInvoiceTransition,
  type InvoiceEvent,
  type InvoiceState,
  type InvoiceStatusValue,
} from './invoices.rules.ts';
