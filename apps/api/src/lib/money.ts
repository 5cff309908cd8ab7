import type { Money } from '@club/contract';

/** Money is integer Rappen inside and `{ currency: 'CHF', amount }` on the wire (docs/domain-rules.md «API conventions»). */

export function toMoney(rappen: number): Money {
  return { currency: 'CHF', amount: rappen / 100 };
}

export function toRappen(money: Money): number {
  return Math.round(money.amount * 100);
}

/** `1’234.50`: Swiss grouping with the apostrophe the QR-bill uses, never Intl's narrow spaces. */
export function formatAmount(rappen: number): string {
  const francs = Math.floor(Math.abs(rappen) / 100);
  const cents = String(Math.abs(rappen) % 100).padStart(2, '0');
  return `${rappen < 0 ? '-' : ''}${String(francs).replace(/\B(?=(\d{3})+(?!\d))/g, '’')}.${cents}`;
}
