import type { PaymentMode } from '@club/contract';

/**
 * How a member pays for tickets or event places, in the words every screen uses: by the invoice
 * that follows («Rechnung folgt») or on site («zahlbar vor Ort», never invoiced).
 */
export const PAYMENT_MODE_TEXT: Record<PaymentMode, string> = {
  INVOICE: 'Rechnung folgt',
  ON_SITE: 'zahlbar vor Ort',
};

/** The longer hint beside a total. */
export const PAYMENT_MODE_HINT: Record<PaymentMode, string> = {
  INVOICE: 'Sie erhalten nach dem Verkaufs- bzw. Anmeldeschluss eine Rechnung.',
  ON_SITE: 'Bezahlt wird vor Ort bei der Übergabe, bar oder mit TWINT; Sie erhalten keine Rechnung.',
};
