import { makeCreditorReference, makeQrReference, isQrIban } from '../../lib/payment-reference.ts';

/** Pure rules of invoices: numbers, references, titles, reminders. */

/** Days to pay an invoice, and a reminder. */
export const PAYMENT_DAYS = 30;
export const REMINDER_PAYMENT_DAYS = 14;
/** At most one reminder level per this many days. */
export const REMINDER_INTERVAL_DAYS = 14;
export const MAX_REMINDER_LEVEL = 3;

/** `2027-00012`: year and the number drawn for it (gapless per year). */
export function formatInvoiceNumber(year: number, n: number): string {
  if (n < 1 || n > 99_999) throw new Error(`invoice number ${n} out of range for ${year}`);
  return `${year}-${String(n).padStart(5, '0')}`;
}

/**
 * The payment reference of an invoice, from its number and the member: a 27-digit QR reference
 * (with a QR-IBAN) or an ISO 11649 creditor reference `RF…` (with a plain IBAN). The payload is
 * year, number (5 digits) and member id (8 digits), so it is unique with the number.
 */
export function paymentReference(iban: string, invoiceNumber: string, memberId: number): string {
  const payload = `${invoiceNumber.replace('-', '')}${String(memberId).padStart(8, '0')}`;
  return isQrIban(iban) ? makeQrReference(payload) : makeCreditorReference(payload);
}

/** What a fee invoice is called (title, line and QR message). */
export function feeTitle(kind: 'MEMBERSHIP_FEE' | 'PARKING_FEE', seasonName: string): string {
  return kind === 'MEMBERSHIP_FEE' ? `Mitgliederbeitrag ${seasonName}` : `Parkplatzgebühr ${seasonName}`;
}

/** The line of a fee invoice. */
export function feeLineText(kind: 'MEMBERSHIP_FEE' | 'PARKING_FEE', seasonName: string): string {
  return kind === 'MEMBERSHIP_FEE' ? `Mitgliederbeitrag Saison ${seasonName}` : `Parkkarte Saison ${seasonName}`;
}

/** The unstructured message of the QR-bill: names the invoice. */
export function qrMessage(title: string, invoiceNumber: string): string {
  return `${title}, Rechnung ${invoiceNumber}`.slice(0, 140);
}

/** Reference grouped for reading (QR reference 2+5×5, creditor reference by 4). */
export function formatReference(reference: string): string {
  if (/^[0-9]{27}$/.test(reference)) return `${reference.slice(0, 2)} ${reference.slice(2).replace(/(.{5})(?=.)/g, '$1 ')}`;
  return reference.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Name of the debtor as printed. */
export function debtorName(m: { firstName: string; lastName: string }): string {
  return `${m.firstName} ${m.lastName}`.trim();
}
