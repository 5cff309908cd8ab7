import { francsToRappen, rappenToFrancs } from '@club/contract';

/**
 * Money in the browser: the API sends CHF amounts with at most two decimals (`{ currency, amount }`);
 * a sum is worked out in whole Rappen so no floating-point drift reaches the screen. Reading and
 * writing amounts is the contract's (`readFrancs`, `formatMoney`).
 */

/** A price × a count (tickets, places), in whole Rappen: `35.55 × 3` → `106.65`, never `106.64999…`. */
export function multiplyMoney(amount: number, count: number): number {
  return rappenToFrancs(francsToRappen(amount) * count);
}

/** An amount as a money field shows it to be edited again: `25`, `25.50`. */
export function moneyToText(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/** A sum of two amounts, in whole Rappen: `71.10 + 5` → `76.10`. */
export function addMoney(a: number, b: number): number {
  return rappenToFrancs(francsToRappen(a) + francsToRappen(b));
}
