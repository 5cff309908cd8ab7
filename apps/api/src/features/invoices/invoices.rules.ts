import type { InvoiceStatus } from '@club/contract';
import { calculateQRReferenceChecksum, calculateSCORReferenceChecksum, isQRIBAN } from 'swissqrbill/utils';

/** Pure rules of invoices: numbers, references, titles, reminders, and the one status transition. */

/** Days to pay an invoice, and a reminder. */
export const PAYMENT_DAYS = 30;
export const REMINDER_PAYMENT_DAYS = 14;
/** At most one reminder level per this many days. */
export const REMINDER_INTERVAL_DAYS = 14;
export const MAX_REMINDER_LEVEL = 3;

/**
 * The due date that applies now: the one the last reminder (highest level) gave, else the
 * invoice's own. The next reminder waits for it; "overdue" does not: an open invoice is overdue
 * once its own due date has passed, reminded or not (the reminder's date is shown beside it).
 */
export function currentDueDate(dueDate: Date, reminders: readonly { level: number; dueDate: Date }[]): Date {
  let last: { level: number; dueDate: Date } | undefined;
  for (const r of reminders) if (!last || r.level > last.level) last = r;
  return last?.dueDate ?? dueDate;
}

/** The reminder fee applies from this reminder level on (the first reminder is free). */
export const REMINDER_FEE_FROM_LEVEL = 2;

export interface PlannedReminder {
  invoiceId: number;
  level: number;
  /** the season's reminder fee, added as a line by this reminder (0: none) */
  feeRappen: number;
  /** what the reminder asks for: what was open plus the fee */
  openRappen: number;
}

/**
 * The next reminder of each invoice due for one (at most `MAX_REMINDER_LEVEL`), with the fee it
 * adds: the season's reminder fee from the second reminder on.
 */
export function planReminders<T extends { invoiceId: number; lastLevel: number; openRappen: number; reminderFeeRappen: number }>(
  due: readonly T[],
): (T & PlannedReminder)[] {
  return due
    .filter((d) => d.lastLevel < MAX_REMINDER_LEVEL)
    .map((d) => {
      const level = d.lastLevel + 1;
      const feeRappen = level >= REMINDER_FEE_FROM_LEVEL ? Math.max(0, d.reminderFeeRappen) : 0;
      return { ...d, level, feeRappen, openRappen: d.openRappen + feeRappen };
    });
}

/** `Mahngebühr (2. Mahnung)`: the text of a reminder fee line. */
export function reminderFeeLineText(levelTitle: string): string {
  return `Mahngebühr (${levelTitle})`;
}

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
  if (!/^[0-9]{1,21}$/.test(payload)) throw new Error(`reference payload ${payload} out of range`);
  if (isQRIBAN(iban)) {
    const body = payload.padStart(26, '0');
    return body + calculateQRReferenceChecksum(body);
  }
  return `RF${calculateSCORReferenceChecksum(payload)}${payload}`;
}

/** What a fee invoice is called (title, line and QR message). */
export function feeTitle(kind: 'MEMBERSHIP_FEE' | 'PARKING_FEE', seasonName: string): string {
  return kind === 'MEMBERSHIP_FEE' ? `Mitgliederbeitrag ${seasonName}` : `Parkkarte ${seasonName}`;
}

/** The line of a fee invoice (a membership category other than the default is named). */
export function feeLineText(kind: 'MEMBERSHIP_FEE' | 'PARKING_FEE', seasonName: string, categoryName: string | null = null): string {
  if (kind === 'PARKING_FEE') return `Parkkarte Saison ${seasonName}`;
  return categoryName ? `Mitgliederbeitrag Saison ${seasonName} (${categoryName})` : `Mitgliederbeitrag Saison ${seasonName}`;
}

/** The unstructured message of the QR-bill: names the invoice. */
export function qrMessage(title: string, invoiceNumber: string): string {
  return `${title}, Rechnung ${invoiceNumber}`.slice(0, 140);
}

/** Name of the debtor as printed. */
export function debtorName(m: { firstName: string; lastName: string }): string {
  return `${m.firstName} ${m.lastName}`.trim();
}

type NullableAddress = Record<'street' | 'houseNumber' | 'addressLine2' | 'postalCode' | 'city' | 'country', string | null>;

/** The debtor as an invoice freezes it: name and current address ('' where none is on file, country CH). */
export function debtorCopy(m: { firstName: string; lastName: string } & NullableAddress) {
  return {
    debtorName: debtorName(m),
    street: m.street ?? '',
    houseNumber: m.houseNumber ?? '',
    addressLine2: m.addressLine2 ?? '',
    postalCode: m.postalCode ?? '',
    city: m.city ?? '',
    country: m.country ?? 'CH',
  };
}

// ---------------------------------------------------------------------------------------
// The status of an invoice: OPEN → PAID (settled by payments) or OPEN → CANCELLED. Every
// change of status goes through nextInvoiceState, and only its result is written.
// ---------------------------------------------------------------------------------------

export interface InvoiceState {
  status: InvoiceStatus;
  totalRappen: number;
  paidRappen: number;
  /** YYYY-MM-DD of the payment that settled it */
  paidAt: string | null;
}

export type InvoiceEvent =
  /** a payment booked on it (bank line, by hand): paid grows; settled → PAID on the payment's date */
  | { kind: 'payment'; amountRappen: number; date: string }
  /** cancelled by the board: only an open invoice without any payment */
  | { kind: 'cancel' };

export class IllegalInvoiceTransition extends Error {
  override readonly name = 'IllegalInvoiceTransition';
}

/**
 * The one transition function of an invoice's status: the state after the event, or
 * IllegalInvoiceTransition for a move that must not happen (a payment on a paid or cancelled
 * invoice, cancelling one that carries a payment). Callers check first and answer the member or
 * board with a 409; this refuses whatever slips through.
 */
export function nextInvoiceState(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  if (state.status !== 'OPEN') throw new IllegalInvoiceTransition(`invoice is ${state.status}: no ${event.kind}`);
  if (event.kind === 'cancel') {
    if (state.paidRappen > 0) throw new IllegalInvoiceTransition('invoice carries a payment: no cancel');
    return { ...state, status: 'CANCELLED' };
  }
  if (!Number.isSafeInteger(event.amountRappen) || event.amountRappen <= 0)
    throw new IllegalInvoiceTransition(`payment of ${event.amountRappen} Rappen`);
  const paidRappen = state.paidRappen + event.amountRappen;
  return paidRappen >= state.totalRappen ? { ...state, status: 'PAID', paidRappen, paidAt: event.date } : { ...state, paidRappen };
}

/** One category's part of a fee run: how many invoices at its fee, and their sum. */
export interface FeeRunCategoryTotal {
  categoryId: number;
  name: string;
  isDefault: boolean;
  feeRappen: number;
  invoices: number;
  amountRappen: number;
}

/**
 * What a fee run would bill, from the members it would bill (`findMembersToBill`: one invoice
 * each at their fee, free ones already left out): the number of invoices and their total, and the
 * same per category, the default first and then by name.
 */
export function summarizeFeeRun(
  toBill: readonly { categoryId: number; category: string; categoryIsDefault: boolean; feeRappen: number }[],
): { invoices: number; amountRappen: number; categories: FeeRunCategoryTotal[] } {
  const byCategory = new Map<number, FeeRunCategoryTotal>();
  for (const m of toBill) {
    if (m.feeRappen <= 0) continue;
    const entry = byCategory.get(m.categoryId) ?? {
      categoryId: m.categoryId,
      name: m.category,
      isDefault: m.categoryIsDefault,
      feeRappen: m.feeRappen,
      invoices: 0,
      amountRappen: 0,
    };
    entry.invoices += 1;
    entry.amountRappen += m.feeRappen;
    byCategory.set(m.categoryId, entry);
  }
  const categories = [...byCategory.values()].sort(
    (a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name, 'de-CH'),
  );
  return {
    invoices: categories.reduce((n, c) => n + c.invoices, 0),
    amountRappen: categories.reduce((n, c) => n + c.amountRappen, 0),
    categories,
  };
}
