import type { CamtTransaction } from './camt054.parser.ts';
import { chf } from './camt054.writer.ts';

/** Pure rules of booking payments on invoices, shared by the bank import and payments by hand. */

export type InvoiceStatusValue = 'OPEN' | 'PAID' | 'CANCELLED';

export interface InvoiceState {
  status: InvoiceStatusValue;
  totalRappen: number;
  paidRappen: number;
  /** YYYY-MM-DD */
  paidAt: string | null;
}

export type BookingOutcome = 'MATCHED' | 'AMOUNT_DIFFERS' | 'ALREADY_PAID';

export interface Booking {
  outcome: BookingOutcome;
  /** the payment counts on the invoice (paidRappen grew) */
  booked: boolean;
  state: InvoiceState;
  note: string;
}

/**
 * Books a payment on an invoice: an open invoice takes it (paidRappen grows); fully paid it
 * becomes PAID with the payment's date. Exactly the open amount: MATCHED. Less: AMOUNT_DIFFERS,
 * still open. More: AMOUNT_DIFFERS, PAID (the surplus is the treasurer's to refund). A paid or
 * cancelled invoice takes nothing: ALREADY_PAID, listed for the treasurer.
 */
export function bookPayment(state: InvoiceState, amountRappen: number, date: string): Booking {
  if (state.status === 'CANCELLED')
    return { outcome: 'ALREADY_PAID', booked: false, state, note: 'Die Rechnung ist storniert; die Zahlung wurde nicht verbucht.' };
  if (state.status === 'PAID')
    return { outcome: 'ALREADY_PAID', booked: false, state, note: 'Die Rechnung war schon bezahlt; die Zahlung wurde nicht verbucht.' };
  const paid = state.paidRappen + amountRappen;
  if (paid === state.totalRappen) {
    return { outcome: 'MATCHED', booked: true, state: { ...state, status: 'PAID', paidRappen: paid, paidAt: date }, note: '' };
  }
  if (paid < state.totalRappen) {
    return {
      outcome: 'AMOUNT_DIFFERS',
      booked: true,
      state: { ...state, paidRappen: paid },
      note: `Teilzahlung: CHF ${chf(paid)} von CHF ${chf(state.totalRappen)} bezahlt, CHF ${chf(state.totalRappen - paid)} noch offen.`,
    };
  }
  return {
    outcome: 'AMOUNT_DIFFERS',
    booked: true,
    state: { ...state, status: 'PAID', paidRappen: paid, paidAt: date },
    note: `Überzahlung: CHF ${chf(paid - state.totalRappen)} mehr als der Rechnungsbetrag von CHF ${chf(state.totalRappen)}.`,
  };
}

/** A bank line that cannot pay an invoice, with the reason; null when it may. */
export function whyNotPayable(line: CamtTransaction): { outcome: 'NOT_A_PAYMENT' | 'UNKNOWN_REFERENCE'; note: string } | null {
  if (line.reversal) return { outcome: 'NOT_A_PAYMENT', note: 'Stornobuchung (Rückbuchung) der Bank: keine Zahlung.' };
  if (line.creditDebit === 'DBIT') return { outcome: 'NOT_A_PAYMENT', note: 'Belastung: keine Zahlung.' };
  if (line.status !== 'BOOK')
    return { outcome: 'NOT_A_PAYMENT', note: `Noch nicht gebucht (Status ${line.status || 'unbekannt'}): kommt mit einer späteren Datei.` };
  if (line.currency !== 'CHF') return { outcome: 'NOT_A_PAYMENT', note: `Zahlung in ${line.currency}: bitte von Hand prüfen.` };
  if (line.amountRappen <= 0) return { outcome: 'NOT_A_PAYMENT', note: 'Betrag 0: keine Zahlung.' };
  if (!line.reference) return { outcome: 'UNKNOWN_REFERENCE', note: 'Ohne strukturierte Referenz.' };
  if (!line.referenceType)
    return {
      outcome: 'UNKNOWN_REFERENCE',
      note: 'Die Referenz ist weder eine gültige QR-Referenz noch eine gültige RF-Referenz (Prüfziffer).',
    };
  return null;
}
