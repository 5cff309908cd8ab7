import type { InvoiceOverviewItem, CamtLineOutcome, InvoiceStatus } from '@club/contract';

export const STATUS_LABEL: Record<InvoiceStatus, { text: string; className: string }> = {
  OPEN: { text: 'Offen', className: 'text-bg-warning' },
  PAID: { text: 'Bezahlt', className: 'text-bg-success' },
  CANCELLED: { text: 'Storniert', className: 'text-bg-secondary' },
};

export const KIND_LABEL: Record<InvoiceOverviewItem['kind'], string> = {
  MEMBERSHIP_FEE: 'Mitgliederbeitrag',
  PARKING_FEE: 'Parkplatz',
  OTHER: 'Andere',
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
  NOT_A_PAYMENT: 'Keine Zahlung (Belastung, Storno, nicht gebucht)',
  ALREADY_IMPORTED: 'Schon früher eingelesen',
  MATCHED: 'Verbucht und bezahlt',
};

/** What is still open on an invoice, in Franken. */
export function openAmount(invoice: InvoiceOverviewItem): number {
  return Math.max(0, Math.round((invoice.total.amount - invoice.paidAmount.amount) * 100) / 100);
}
