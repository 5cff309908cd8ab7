/** The invoices feature's public surface beyond its service: the status rules payments book through, the current due date. */
export { currentDueDate, nextInvoiceState, IllegalInvoiceTransition, type InvoiceEvent, type InvoiceState } from './invoices.rules.ts';
