import type { Money } from './common.ts';

/**
 * Money as people read and type it, the same on every screen, mail, PDF and report: Rappen (whole
 * hundredths of a franc) inside, `{ currency: 'CHF', amount }` in francs on the wire, and one written
 * form, `CHF 1'234.50`: the code, a no-break space, the Swiss grouping with an apostrophe (U+0027),
 * always two decimals, a minus before the number (`CHF -12.50`). Machine formats (the QR-bill's amount,
 * camt.054) are not this: they write `1234.50`.
 */

/** Whole hundredths of a franc; every sum is worked out in these. */
export type Rappen = number;

/** Between `CHF` and the number: a no-break space, so the two never part at a line's end. */
export const CHF_SPACE = '\u00a0';

/** The one formatter (creating one per call costs far more than the call). */
const FRANCS_FORMAT = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 0, useGrouping: true });
/** Some ICU versions group de-CH with `’` (U+2019), others with `'`: written as one, the apostrophe. */
const GROUP_MARK = /\D/g;

/** 1250 Rappen → 12.5 francs. */
export function rappenToFrancs(rappen: Rappen): number {
  return rappen / 100;
}

/** 12.5 francs → 1250 Rappen, rounded to the Rappen (`0.1 + 0.2` → 30). */
export function francsToRappen(francs: number): Rappen {
  const rappen = Math.round(francs * 100);
  return rappen === 0 ? 0 : rappen;
}

/** Rappen → money on the wire: `1250` → `{ currency: 'CHF', amount: 12.5 }`. */
export function toMoney(rappen: Rappen): Money {
  return { currency: 'CHF', amount: rappenToFrancs(rappen) };
}

/** Money on the wire → Rappen. */
export function toRappen(money: Money): Rappen {
  return francsToRappen(money.amount);
}

/** `123450` → `1'234.50`, `-1250` → `-12.50`: the number alone (columns headed «Betrag CHF»). */
export function formatAmount(rappen: Rappen): string {
  const whole = Math.abs(Math.round(rappen));
  const cents = whole % 100;
  // Whole francs and Rappen apart: exact up to Number.MAX_SAFE_INTEGER Rappen, where `/ 100` would round.
  const francs = FRANCS_FORMAT.format((whole - cents) / 100).replace(GROUP_MARK, "'");
  const digits = `${francs}.${String(cents).padStart(2, '0')}`;
  return Math.round(rappen) < 0 ? `-${digits}` : digits;
}

/** `123450` → `CHF 1'234.50` (with a no-break space). */
export function formatChf(rappen: Rappen): string {
  return `CHF${CHF_SPACE}${formatAmount(rappen)}`;
}

/** Money from the wire (or francs) → `CHF 35.50`; '' for nothing or not a number. */
export function formatMoney(value: Money | number | null | undefined): string {
  if (value == null) return '';
  const francs = typeof value === 'number' ? value : value.amount;
  return Number.isFinite(francs) ? formatChf(francsToRappen(francs)) : '';
}

/** Thousands marks people type in Swiss amounts (`1'250`, `1’250`, `1 250`). */
const THOUSANDS = /['’\u00a0\u202f ]/g;
/** A leading currency (`CHF 25`, `Fr. 25`) and a trailing dash for whole francs (`25.-`, `25.–`). */
const CURRENCY = /^(?:chf|fr\.?|sfr\.?)\s*/i;
const WHOLE_FRANCS = /[.,][-–—]$/;
const FRANCS = /^(\d+)(?:[.,](\d+))?$/;

/**
 * Francs as a person types them: `25`, `25.-`, `25.00`, `25,50`, `1'250.50`, `CHF 25`. Anything else
 * (empty, a sign, letters, `25 CHF`) is NaN; more than two decimals come through as typed, so a form's
 * money rule can name the problem.
 */
export function readFrancs(text: string): number {
  const plain = text.trim().replace(CURRENCY, '').replace(WHOLE_FRANCS, '').replace(THOUSANDS, '');
  const match = FRANCS.exec(plain);
  if (!match) return Number.NaN;
  return Number(`${match[1]}.${match[2] ?? '0'}`);
}

/** A typed amount → Rappen: `«CHF 12.-»` → 1200, `«1'234.50»` → 123450; null when it is no amount or has fractions of a Rappen. */
export function parseChf(text: string): Rappen | null {
  const francs = readFrancs(text);
  if (!Number.isFinite(francs)) return null;
  const rappen = francsToRappen(francs);
  return Math.abs(francs * 100 - rappen) < 1e-6 && Number.isSafeInteger(rappen) ? rappen : null;
}
