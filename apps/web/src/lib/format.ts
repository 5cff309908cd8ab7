/**
 * The only place that turns dates, times and money into text (docs/domain-rules.md «API conventions»):
 * de-CH, 24-hour clock, Europe/Zurich; money through the contract's one formatter (`CHF 1'234.50`).
 */

export const TIME_ZONE = 'Europe/Zurich';
const LOCALE = 'de-CH';

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

const dateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
/** A business date (`2025-05-01`) has no time zone: read and shown as it is. */
const plainDateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
const dayMonthFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit' });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const weekdayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: 'long' });
const plainWeekdayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', weekday: 'long' });
const numberFormat = new Intl.NumberFormat(LOCALE);

type DateInput = string | Date;

function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  return new Date(dateOnly.test(value) ? `${value}T00:00:00Z` : value);
}

function isPlainDate(value: DateInput): boolean {
  return typeof value === 'string' && dateOnly.test(value);
}

function valid(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}

/** `2025-05-01` or a timestamp → `01.05.2025`; '' for nothing or nonsense. */
export function formatDate(value: DateInput | null | undefined): string {
  if (value == null || value === '') return '';
  const date = toDate(value);
  if (!valid(date)) return '';
  return (isPlainDate(value) ? plainDateFormat : dateFormat).format(date);
}

/** A timestamp → `09.12.` in Zurich (day and month, for short labels); '' for nothing or nonsense. */
export function formatDayMonth(value: DateInput | null | undefined): string {
  if (value == null || value === '') return '';
  const date = toDate(value);
  return valid(date) ? dayMonthFormat.format(date) : '';
}

/** A timestamp → `19:45` in Zurich. */
export function formatTime(value: DateInput | null | undefined): string {
  if (value == null || value === '' || isPlainDate(value)) return '';
  const date = toDate(value);
  return valid(date) ? timeFormat.format(date) : '';
}

/** A timestamp → `01.05.2025, 19:45` in Zurich. */
export function formatDateTime(value: DateInput | null | undefined): string {
  const date = formatDate(value);
  const time = formatTime(value);
  return time ? `${date}, ${time}` : date;
}

/** → `Donnerstag`. */
export function formatWeekday(value: DateInput | null | undefined): string {
  if (value == null || value === '') return '';
  const date = toDate(value);
  if (!valid(date)) return '';
  return (isPlainDate(value) ? plainWeekdayFormat : weekdayFormat).format(date);
}

/** `{ currency: 'CHF', amount: 35.5 }` or `35.5` → `CHF 35.50` (no-break space after the code); Rappen: `formatChf`. */
export { formatChf, formatMoney } from '@club/contract';

/** `1250` → `1’250` (de-CH grouping). */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

const pluralRules = new Intl.PluralRules(LOCALE);

/** A count with its noun in the right number: `(1, 'Zeile', 'Zeilen')` → `1 Zeile`, `(1250, …)` → `1’250 Zeilen`. */
export function formatCount(value: number, one: string, other: string): string {
  return `${formatNumber(value)} ${pluralRules.select(value) === 'one' ? one : other}`;
}

/** Today's date in Zurich as `YYYY-MM-DD`: the contract's, so the browser and the server agree. */
export { todayInZurich } from '@club/contract/dates';

let regionNames: Intl.DisplayNames | null = null;

/** `DE` → `Deutschland`; the code itself when Intl does not know it. */
export function formatCountry(code: string): string {
  regionNames ??= new Intl.DisplayNames(LOCALE, { type: 'region' });
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
