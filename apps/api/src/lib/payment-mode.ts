import { formatChf, type PaymentMode } from '@club/contract';

/**
 * What a member pays for a ticket reservation or an event sign-up, and how: the same sum and
 * the same way on every screen, PDF and mail, and on the invoice that follows.
 */

/** price × amount + fee (the delivery option's fee; 0 for an event), in Rappen. */
export function itemTotalRappen(amount: number, priceRappen: number, feeRappen: number): number {
  return amount * priceRappen + feeRappen;
}

/** «Rechnung folgt» or «zahlbar vor Ort»: the words every screen and mail uses. */
export const PAYMENT_MODE_LABEL: Record<PaymentMode, string> = { INVOICE: 'Rechnung folgt', ON_SITE: 'zahlbar vor Ort' };

/**
 * The payment sentence of a mail: `Total CHF 74.00, Rechnung folgt (nach dem Verkaufsschluss).`
 * `after` says when the invoice comes; nothing to pay: null.
 */
export function paymentSentence(totalRappen: number, mode: PaymentMode, after: string): string | null {
  if (totalRappen <= 0) return null;
  return mode === 'ON_SITE'
    ? `Total ${formatChf(totalRappen)}, zahlbar vor Ort (bar oder mit TWINT bei der Übergabe). Sie erhalten dafür keine Rechnung.`
    : `Total ${formatChf(totalRappen)}, Rechnung folgt: Sie erhalten sie ${after}.`;
}
