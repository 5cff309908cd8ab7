import {
  CHF_SPACE,
  formatAmount,
  francsToRappen,
  rappenToFrancs,
  toRappen,
  type BankAmount,
  type CamtLineOutcome,
  type CreditDecisionKind,
  type InvoiceKind,
  type InvoiceOverviewItem,
  type PaymentMethod,
  type UnmatchedCredit,
} from '@club/contract';
import { formatMoney } from '@/lib/format';

/** Every invoice kind needs its label here (a new kind in the contract is a type error until it has one). */
export const KIND_LABEL: Record<InvoiceKind, string> = {
  MEMBERSHIP_FEE: 'Mitgliederbeitrag',
  PARKING_FEE: 'Parkkarte',
  OTHER: 'Andere',
  TICKETS: 'Tickets und Veranstaltungen',
};

export const REMINDER_LABEL: Record<number, string> = {
  1: 'Zahlungserinnerung',
  2: '2. Mahnung',
  3: '3. Mahnung',
};

/** Headings of the import result's lists, in the order shown. */
export const OUTCOME_LABEL: Record<CamtLineOutcome, string> = {
  AMOUNT_DIFFERS: 'Betrag weicht ab',
  UNKNOWN_REFERENCE: 'Unbekannte Referenz',
  ALREADY_PAID: 'Rechnung schon bezahlt oder storniert',
  CONFLICT: 'Widerspruch zu einer früheren Zeile (nicht verbucht)',
  NOT_A_PAYMENT: 'Nicht verbucht (Belastung, Storno, vorgemerkt, Fremdwährung, anderes Konto)',
  ALREADY_IMPORTED: 'Schon früher eingelesen',
  MATCHED: 'Verbucht und bezahlt',
};

/** What is still open on an invoice, in Franken. */
export function openAmount(invoice: InvoiceOverviewItem): number {
  return rappenToFrancs(Math.max(0, toRappen(invoice.total) - toRappen(invoice.paidAmount)));
}

/** An amount as the bank file states it: CHF as money, another currency with its code, none as such. */
export function formatBankAmount(amount: BankAmount): string {
  if (amount.currency === 'CHF') return formatMoney(amount.amount);
  return `${amount.currency || 'ohne Währung'}${CHF_SPACE}${formatAmount(francsToRappen(amount.amount))}`;
}

/** Why a credit is listed for review (its outcome), short, as a badge. */
export const REVIEW_OUTCOME_LABEL: Record<UnmatchedCredit['outcome'], string> = {
  UNKNOWN_REFERENCE: 'Unbekannte Referenz',
  CONFLICT: 'Widerspruch',
  ALREADY_PAID: 'Rechnung schon bezahlt',
  AMOUNT_DIFFERS: 'Betrag weicht ab',
  NOT_A_PAYMENT: 'Nicht verbucht',
  MATCHED: 'Verbucht',
};

/** The board's ways to close a credit without booking it. */
export const DECISION_LABEL: Record<CreditDecisionKind, string> = {
  REFUNDED: 'Zurückerstattet',
  NOT_OURS: 'Nicht für den Verein',
  DONATION: 'Spende',
  DUPLICATE: 'Doppelt',
};

/** How a payment by hand was paid. */
export const METHOD_LABEL: Record<PaymentMethod, string> = {
  BANK: 'Bank',
  CASH: 'Bar',
  TWINT: 'TWINT',
  CARD: 'Karte',
};
