import { format, isValid, parse } from 'date-fns';

/**
 * What the board and the members type into a date field (components/ui/date-field.tsx), the
 * de-CH way whatever the browser's language: `5.3.2026`, `05.03.2026` or `5.3.26` (two-digit
 * years go to the century nearest to today, date-fns' rule); a pasted ISO date `2026-03-05`
 * too. The form keeps the ISO date the API expects.
 */
export type DateText =
  | { kind: 'empty' }
  /** not a date in the form TT.MM.JJJJ */
  | { kind: 'format' }
  /** the form fits, the day does not exist (31.02.2026) */
  | { kind: 'invalid' }
  | { kind: 'date'; iso: string };

const DE_CH = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

export function parseDateText(text: string, referenceDate: Date = new Date()): DateText {
  const t = text.replace(/\s+/g, '');
  if (t === '') return { kind: 'empty' };
  const match = DE_CH.exec(t);
  const pattern = match ? (match[3]!.length === 2 ? 'd.M.yy' : 'd.M.yyyy') : ISO.test(t) ? 'yyyy-MM-dd' : null;
  if (!pattern) return { kind: 'format' };
  const date = parse(t, pattern, referenceDate);
  if (!isValid(date) || date.getFullYear() < 1000) return { kind: 'invalid' };
  return { kind: 'date', iso: format(date, 'yyyy-MM-dd') };
}

/** `2026-03-05` → `05.03.2026`; anything else as it is (what was typed stays in the field). */
export function isoToDateText(value: string | null | undefined): string {
  if (!value) return '';
  if (!ISO.test(value)) return value;
  const date = parse(value, 'yyyy-MM-dd', new Date());
  return isValid(date) ? format(date, 'dd.MM.yyyy') : value;
}

/**
 * The German message for what was typed, or null when it is fine (empty is for the form's schema
 * to judge). `min`/`max` are ISO dates (ISO dates compare as text).
 */
export function dateTextProblem(label: string, parsed: DateText, min?: string, max?: string): string | null {
  switch (parsed.kind) {
    case 'empty':
      return null;
    case 'format':
      return `${label}: Bitte als TT.MM.JJJJ angeben, z. B. 05.03.2026.`;
    case 'invalid':
      return `${label}: Dieses Datum gibt es nicht.`;
    case 'date':
      if (min && parsed.iso < min) return `${label}: Frühestens ${isoToDateText(min)}.`;
      if (max && parsed.iso > max) return `${label}: Spätestens ${isoToDateText(max)}.`;
      return null;
  }
}

// -----------------------------------------------------------------------------------------
// Date and time (`datetime-local` values, Zurich wall-clock time): `12.01.2027 19:45`
// -----------------------------------------------------------------------------------------

export type DateTimeText = { kind: 'empty' } | { kind: 'format' } | { kind: 'invalid' } | { kind: 'date'; local: string };

const TIME = /^(\d{1,2})[:.](\d{2})$/;
const ISO_LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/**
 * `12.1.2027 19:45` (also `19.45`, a two-digit year, or a pasted `2027-01-12T19:45`) → the
 * `yyyy-MM-ddTHH:mm` value a `datetime-local` input would hold.
 */
export function parseDateTimeText(text: string, referenceDate: Date = new Date()): DateTimeText {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t === '') return { kind: 'empty' };
  const iso = ISO_LOCAL.exec(t);
  const [datePart, timePart] = iso ? [iso[1]!, iso[2]!] : t.split(' ');
  if (!datePart || !timePart || t.split(' ').length > 2) return { kind: 'format' };
  const date = parseDateText(datePart, referenceDate);
  const time = TIME.exec(timePart);
  if (date.kind === 'format' || !time) return { kind: 'format' };
  const hours = Number(time[1]);
  const minutes = Number(time[2]);
  if (date.kind !== 'date' || hours > 23 || minutes > 59) return { kind: 'invalid' };
  return { kind: 'date', local: `${date.iso}T${String(hours).padStart(2, '0')}:${time[2]}` };
}

/** `2027-01-12T19:45` → `12.01.2027 19:45`; anything else as it is. */
export function localToDateTimeText(value: string | null | undefined): string {
  if (!value) return '';
  const match = ISO_LOCAL.exec(value.slice(0, 16));
  return match ? `${isoToDateText(match[1])} ${match[2]}` : value;
}

/** The German message for what was typed into a date-and-time field, or null when it is fine or empty. */
export function dateTimeTextProblem(label: string, parsed: DateTimeText): string | null {
  if (parsed.kind === 'format') return `${label}: Bitte als TT.MM.JJJJ HH:MM angeben, z. B. 12.01.2027 19:45.`;
  if (parsed.kind === 'invalid') return `${label}: Dieses Datum oder diese Zeit gibt es nicht.`;
  return null;
}
