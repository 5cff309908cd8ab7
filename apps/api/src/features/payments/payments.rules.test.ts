import { describe, expect, it } from 'vitest';
import type { CamtTransaction } from './camt054.parser.ts';
import { bookPayment, whyNotPayable, type InvoiceState } from './payments.rules.ts';

const open = (totalRappen: number, paidRappen = 0): InvoiceState => ({ status: 'OPEN', totalRappen, paidRappen, paidAt: null });

describe('bookPayment', () => {
  it("when the payment settles the open amount exactly, then the invoice is paid on the payment's date", () => {
    expect(bookPayment(open(5000), 5000, '2027-06-03')).toEqual({
      outcome: 'MATCHED',
      booked: true,
      state: { status: 'PAID', totalRappen: 5000, paidRappen: 5000, paidAt: '2027-06-03' },
      note: '',
    });
    expect(bookPayment(open(5000, 2000), 3000, '2027-06-04').state).toMatchObject({
      status: 'PAID',
      paidRappen: 5000,
      paidAt: '2027-06-04',
    });
  });

  it('when it pays less, then it is booked, the invoice stays open and the rest is named', () => {
    const b = bookPayment(open(5000), 2000, '2027-06-03');
    expect(b).toMatchObject({ outcome: 'AMOUNT_DIFFERS', booked: true, state: { status: 'OPEN', paidRappen: 2000, paidAt: null } });
    expect(b.note).toBe('Teilzahlung: CHF 20.00 von CHF 50.00 bezahlt, CHF 30.00 noch offen.');
  });

  it('when it pays more, then the invoice is settled and the surplus is listed', () => {
    const b = bookPayment(open(5000), 5050, '2027-06-03');
    expect(b).toMatchObject({ outcome: 'AMOUNT_DIFFERS', booked: true, state: { status: 'PAID', paidRappen: 5050, paidAt: '2027-06-03' } });
    expect(b.note).toMatch(/Überzahlung: CHF 0\.50/);
  });

  it('when the invoice is paid or cancelled, then nothing is booked', () => {
    const paid: InvoiceState = { status: 'PAID', totalRappen: 5000, paidRappen: 5000, paidAt: '2027-05-01' };
    expect(bookPayment(paid, 5000, '2027-06-03')).toEqual({
      outcome: 'ALREADY_PAID',
      booked: false,
      state: paid,
      note: expect.stringMatching(/schon bezahlt/),
    });
    const cancelled: InvoiceState = { status: 'CANCELLED', totalRappen: 5000, paidRappen: 0, paidAt: null };
    expect(bookPayment(cancelled, 5000, '2027-06-03')).toMatchObject({
      outcome: 'ALREADY_PAID',
      booked: false,
      state: cancelled,
      note: expect.stringMatching(/storniert/),
    });
  });
});

describe('whyNotPayable', () => {
  const line = (over: Partial<CamtTransaction> = {}): CamtTransaction => ({
    entryIndex: 0,
    creditDebit: 'CRDT',
    reversal: false,
    status: 'BOOK',
    amountRappen: 5000,
    currency: 'CHF',
    bookingDate: '2027-06-03',
    reference: 'RF18539007547034',
    referenceType: 'SCOR',
    debtorName: '',
    debtorAccount: '',
    uetr: null,
    entryAcctSvcrRef: null,
    txAcctSvcrRef: null,
    dedupeKey: 'k',
    rawXml: '',
    ...over,
  });

  it('lets a booked CHF credit with a valid reference through', () => {
    expect(whyNotPayable(line())).toBeNull();
  });

  it.each([
    [{ reversal: true }, 'NOT_A_PAYMENT', /Storno/],
    [{ creditDebit: 'DBIT' as const }, 'NOT_A_PAYMENT', /Belastung/],
    [{ status: 'PDNG' }, 'NOT_A_PAYMENT', /PDNG/],
    [{ currency: 'EUR' }, 'NOT_A_PAYMENT', /EUR/],
    [{ amountRappen: 0 }, 'NOT_A_PAYMENT', /Betrag 0/],
    [{ reference: '', referenceType: null }, 'UNKNOWN_REFERENCE', /Ohne strukturierte Referenz/],
    [{ reference: 'RF19539007547034', referenceType: null }, 'UNKNOWN_REFERENCE', /Prüfziffer/],
  ])('refuses %o', (over, outcome, note) => {
    expect(whyNotPayable(line(over))).toEqual({ outcome, note: expect.stringMatching(note) });
  });
});
