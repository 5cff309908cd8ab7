import type { HandoverItem } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { collectOnSite, countEntries, filterEntries, isFree, isUnpaid } from './handover';

const item = (id: number, over: Partial<HandoverItem> & { first?: string; last?: string; nr?: number } = {}): HandoverItem => ({
  id,
  member: { id, memberNumber: over.nr ?? id, firstName: over.first ?? 'Lara', lastName: over.last ?? 'Huber' },
  amount: over.amount ?? 2,
  deliveryOption: null,
  price: { currency: 'CHF', amount: 45 },
  total: { currency: 'CHF', amount: 90 },
  paymentMode: over.paymentMode ?? 'INVOICE',
  invoiceId: over.invoiceId ?? null,
  invoiceStatus: over.invoiceStatus ?? null,
  handedOverAt: over.handedOverAt ?? null,
});

describe('hand-over list', () => {
  const items = [
    item(1, { first: 'Jürg', last: 'Müller', nr: 17 }),
    item(2, { first: 'Lara', last: 'Huber', nr: 170, invoiceStatus: 'PAID', handedOverAt: '2027-01-12T18:00:00Z' }),
    item(3, { first: 'Anna', last: 'Müller-Lüdenscheid', nr: 5, amount: 1, invoiceStatus: 'OPEN', handedOverAt: '2027-01-12T18:05:00Z' }),
  ];
  it('finds members by name without accents and by their exact member number', () => {
    expect(filterEntries(items, 'muller').map((i) => i.id)).toEqual([1, 3]);
    expect(filterEntries(items, 'anna MÜLLER').map((i) => i.id)).toEqual([3]);
    expect(filterEntries(items, '17').map((i) => i.id)).toEqual([1]);
    expect(filterEntries(items, '  ').map((i) => i.id)).toEqual([1, 2, 3]);
  });
  it('counts entries and tickets handed over, and the unpaid ones among them', () => {
    expect(countEntries(items)).toEqual({ entries: 3, handedOver: 2, units: 5, unitsHandedOver: 3, unpaidHandedOver: 1, unpaid: 2 });
  });
  it('never counts a free entry (nothing to pay, no invoice) as unpaid', () => {
    const free = item(4, { handedOverAt: '2027-01-12T18:10:00Z' });
    free.total = { currency: 'CHF', amount: 0 };
    expect(isFree(free)).toBe(true);
    expect(isUnpaid(free)).toBe(false);
    expect(isUnpaid(items[0]!)).toBe(true);
    expect(countEntries([...items, free])).toMatchObject({ entries: 4, handedOver: 3, unpaidHandedOver: 1, unpaid: 2 });
  });
  it('an entry paid on site and not invoiced is collected at the hand-over; one paid by invoice never is', () => {
    expect(collectOnSite(item(5, { paymentMode: 'ON_SITE' }))).toBe(true);
    expect(collectOnSite(item(6, { paymentMode: 'INVOICE' }))).toBe(false);
    const free = item(7, { paymentMode: 'ON_SITE' });
    free.total = { currency: 'CHF', amount: 0 };
    expect(collectOnSite(free)).toBe(false);
  });
});
