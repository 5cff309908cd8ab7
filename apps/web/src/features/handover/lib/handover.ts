import type { HandoverItem } from '@club/contract';

/** Pure rules of the hand-over screen: search and counters. */

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Entries whose member matches every word (name or member number); all for an empty search. */
export function filterEntries(items: readonly HandoverItem[], search: string): HandoverItem[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((i) => {
    const text = fold(`${i.member.firstName} ${i.member.lastName}`);
    return words.every((w) => (/^\d+$/.test(w) ? String(i.member.memberNumber) === w : text.includes(w)));
  });
}

export interface HandoverCounts {
  entries: number;
  handedOver: number;
  units: number;
  unitsHandedOver: number;
  /** handed over, not paid */
  unpaidHandedOver: number;
  /** not paid at all (not billed, or billed and open); free entries are never unpaid */
  unpaid: number;
}

/** Nothing to pay: free tickets or places without a delivery fee (no invoice is ever issued for them). */
export const isFree = (item: HandoverItem): boolean => item.total.amount === 0;

/** Money still owed: billed and open, or not billed yet; never for a free entry. */
export const isUnpaid = (item: HandoverItem): boolean => !isFree(item) && item.invoiceStatus !== 'PAID';

/** Paid on site and not invoiced: the total is collected at the hand-over. */
export const collectOnSite = (item: HandoverItem): boolean => item.paymentMode === 'ON_SITE' && item.invoiceId === null && !isFree(item);

export function countEntries(items: readonly HandoverItem[]): HandoverCounts {
  const given = items.filter((i) => i.handedOverAt !== null);
  return {
    entries: items.length,
    handedOver: given.length,
    units: items.reduce((sum, i) => sum + i.amount, 0),
    unitsHandedOver: given.reduce((sum, i) => sum + i.amount, 0),
    unpaidHandedOver: given.filter(isUnpaid).length,
    unpaid: items.filter(isUnpaid).length,
  };
}
