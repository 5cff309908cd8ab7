import type { Money } from '@club/contract';

/** Money is integer Rappen inside and `{ currency: 'CHF', amount }` on the wire (docs/domain-rules.md «API conventions»). */

export function toMoney(rappen: number): Money {
  return { currency: 'CHF', amount: rappen / 100 };
}

export function toRappen(money: Money): number {
  return Math.round(money.amount * 100);
}
