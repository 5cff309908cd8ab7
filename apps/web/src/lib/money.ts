/**
 * Money in the browser: the API sends CHF amounts with at most two decimals (`{ currency, amount }`);
 * a sum is worked out in whole Rappen so no floating-point drift reaches the screen.
 */

/** A price × a count (tickets, places), in whole Rappen: `35.55 × 3` → `106.65`, never `106.64999…`. */
export function multiplyMoney(amount: number, count: number): number {
  return (Math.round(amount * 100) * count) / 100;
}

/** A sum of two amounts, in whole Rappen: `71.10 + 5` → `76.10`. */
export function addMoney(a: number, b: number): number {
  return (Math.round(a * 100) + Math.round(b * 100)) / 100;
}
