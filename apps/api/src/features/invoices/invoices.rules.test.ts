import { isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { formatReference } from '@club/contract';
import { describe, expect, it } from 'vitest';
import {
  currentDueDate,
  IllegalInvoiceTransition,
  nextInvoiceState,
  paymentReference,
  summarizeFeeRun,
  type InvoiceState,
} from './invoices.rules.ts';

const open = (totalRappen: number, paidRappen = 0): InvoiceState => ({ status: 'OPEN', totalRappen, paidRappen, paidAt: null });

describe('nextInvoiceState (the one status transition of an invoice)', () => {
  it('a payment on an open invoice adds up; settled it is PAID on the payment’s date', () => {
    expect(nextInvoiceState(open(5000), { kind: 'payment', amountRappen: 2000, date: '2027-06-03' })).toEqual(open(5000, 2000));
    expect(nextInvoiceState(open(5000, 2000), { kind: 'payment', amountRappen: 3000, date: '2027-06-04' })).toEqual({
      status: 'PAID',
      totalRappen: 5000,
      paidRappen: 5000,
      paidAt: '2027-06-04',
    });
    expect(nextInvoiceState(open(5000), { kind: 'payment', amountRappen: 6000, date: '2027-06-04' })).toMatchObject({
      status: 'PAID',
      paidRappen: 6000,
    });
  });

  it('cancels an open invoice without payments', () => {
    expect(nextInvoiceState(open(5000), { kind: 'cancel' })).toEqual({ ...open(5000), status: 'CANCELLED' });
  });

  it.each<[string, InvoiceState, Parameters<typeof nextInvoiceState>[1]]>([
    [
      'a payment on a paid invoice',
      { status: 'PAID', totalRappen: 5000, paidRappen: 5000, paidAt: '2027-06-01' },
      { kind: 'payment', amountRappen: 1, date: '2027-06-02' },
    ],
    ['a payment on a cancelled invoice', { ...open(5000), status: 'CANCELLED' }, { kind: 'payment', amountRappen: 1, date: '2027-06-02' }],
    ['cancelling a paid invoice', { status: 'PAID', totalRappen: 5000, paidRappen: 5000, paidAt: '2027-06-01' }, { kind: 'cancel' }],
    ['cancelling a partly paid invoice', open(5000, 100), { kind: 'cancel' }],
    ['cancelling twice', { ...open(5000), status: 'CANCELLED' }, { kind: 'cancel' }],
    ['a payment of nothing', open(5000), { kind: 'payment', amountRappen: 0, date: '2027-06-02' }],
  ])('refuses %s', (_what, state, event) => {
    expect(() => nextInvoiceState(state, event)).toThrow(IllegalInvoiceTransition);
  });
});

describe('paymentReference (swissqrbill’s checks)', () => {
  it('with a QR-IBAN: a 27-digit QR reference of year, number and member, with its check digit', () => {
    const ref = paymentReference('CH4431999123000889012', '2027-00012', 42);
    expect(ref.slice(0, 26)).toBe('00000000020270001200000042');
    expect(ref).toHaveLength(27);
    expect(isQRReferenceValid(ref)).toBe(true);
    expect(formatReference(ref)).toBe(`00 00000 00202 70001 20000 0042${ref[26]}`);
  });

  it('with a plain IBAN: an ISO 11649 creditor reference', () => {
    const ref = paymentReference('CH9300762011623852957', '2027-00012', 42);
    expect(ref).toMatch(/^RF\d{2}20270001200000042$/);
    expect(isSCORReferenceValid(ref)).toBe(true);
  });
});

describe('summarizeFeeRun (what a fee run would bill, per category)', () => {
  const member = (categoryId: number, category: string, feeRappen: number, categoryIsDefault = false) => ({
    categoryId,
    category,
    feeRappen,
    categoryIsDefault,
  });

  it('counts one invoice per member at the fee of their category and sums them, the default first, then by name', () => {
    const summary = summarizeFeeRun([
      member(3, 'Junior', 2500),
      member(1, 'Mitglied', 5000, true),
      member(2, 'Gönner', 10000),
      member(3, 'Junior', 2500),
      member(1, 'Mitglied', 5000, true),
    ]);
    expect(summary).toEqual({
      invoices: 5,
      amountRappen: 25000,
      categories: [
        { categoryId: 1, name: 'Mitglied', isDefault: true, feeRappen: 5000, invoices: 2, amountRappen: 10000 },
        { categoryId: 2, name: 'Gönner', isDefault: false, feeRappen: 10000, invoices: 1, amountRappen: 10000 },
        { categoryId: 3, name: 'Junior', isDefault: false, feeRappen: 2500, invoices: 2, amountRappen: 5000 },
      ],
    });
  });

  it('when a member is in a free category, then no invoice counts for them', () => {
    expect(summarizeFeeRun([member(4, 'Ehrenmitglied', 0), member(1, 'Mitglied', 5000, true)])).toMatchObject({
      invoices: 1,
      amountRappen: 5000,
      categories: [{ name: 'Mitglied' }],
    });
    expect(summarizeFeeRun([])).toEqual({ invoices: 0, amountRappen: 0, categories: [] });
  });
});

describe('currentDueDate', () => {
  const d = (iso: string) => new Date(`${iso}T00:00:00Z`);
  it("is the invoice's due date without reminders, else the one of the highest reminder level", () => {
    expect(currentDueDate(d('2026-10-31'), [])).toEqual(d('2026-10-31'));
    expect(
      currentDueDate(d('2026-10-31'), [
        { level: 2, dueDate: d('2026-12-01') },
        { level: 1, dueDate: d('2026-11-15') },
      ]),
    ).toEqual(d('2026-12-01'));
  });
});
