/** Business dates are `date` columns: Prisma hands them over as UTC midnight. */
import { todayInZurich } from '@club/contract';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { de } from 'date-fns/locale/de';

export { todayInZurich };

/** `2025-05-01` from a Date holding a business date (UTC midnight). */
export function toIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** UTC midnight of an ISO date `YYYY-MM-DD`. */
export function fromIsoDate(s: string): Date {
  return new Date(`${s}T00:00:00.000Z`);
}

/** Today's date in Zurich, as UTC midnight (for comparing with `date` columns). */
export function zurichToday(now: Date): Date {
  return fromIsoDate(todayInZurich(now));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** Season of a year: 1 May to 30 April of the next year, named `2025/26` (docs/domain-rules.md «Seasons, memberships and categories»). */
export function seasonDates(year: number): { name: string; validFrom: Date; validTo: Date } {
  return {
    name: `${year}/${String((year + 1) % 100).padStart(2, '0')}`,
    validFrom: fromIsoDate(`${year}-05-01`),
    validTo: fromIsoDate(`${year + 1}-04-30`),
  };
}

/** The year whose season covers the given day (seasons start on 1 May). */
export function seasonYearOf(day: Date): number {
  const y = day.getUTCFullYear();
  return day.getUTCMonth() >= 4 ? y : y - 1;
}

/** The club's time zone: every time the site shows, and its timers (croner), are Zurich's. */
export const ZURICH = 'Europe/Zurich';

/*
 * Zurich time goes through @date-fns/tz (TZDate: a Date that reads and builds its fields in a named zone) and
 * date-fns' `format`; no offset arithmetic of our own. Each function name has one meaning:
 *   formatZurichDate         12.01.2027
 *   formatZurichTime         19:45
 *   formatZurichDateTime     12.01.2027 19:45          (lists, reports)
 *   formatZurichDateAtTime   12.01.2027 um 19:45       (sentences in messages and mails)
 *   formatZurichWeekday      Dienstag
 *   formatZurichEventStart   Dienstag, 12.01.2027, 19:45 (event mails)
 */
const inZurich = (instant: Date) => new TZDate(instant, ZURICH);

/** The Zurich wall clock at an instant, as a `Date.UTC` value (what Excel and the PDF show). */
export function zurichWallClock(instant: Date): Date {
  const z = inZurich(instant);
  return new Date(Date.UTC(z.getFullYear(), z.getMonth(), z.getDate(), z.getHours(), z.getMinutes(), z.getSeconds()));
}

/** The instant at which a business day (UTC midnight value) begins in Zurich. */
export function zurichStartOfDay(day: Date): Date {
  return new Date(new TZDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), ZURICH).getTime());
}

/**
 * The instants a season covers: from the start of its first day to the start of the day
 * after its last (a game or event belongs to the season its start falls into).
 */
export function seasonInstants(season: { validFrom: Date; validTo: Date }): { from: Date; until: Date } {
  return {
    from: zurichStartOfDay(season.validFrom),
    until: zurichStartOfDay(addDays(season.validTo, 1)),
  };
}

/** A wall-clock value (`zurichWallClock`, or a business date) as `dd.mm.yyyy`. */
export function formatWallDate(wall: Date): string {
  return format(new TZDate(wall, 'UTC'), 'dd.MM.yyyy');
}

/** A wall-clock value as `HH:MM`. */
export function formatWallTime(wall: Date): string {
  return format(new TZDate(wall, 'UTC'), 'HH:mm');
}

/** `01.05.2027` from the business date `2027-05-01`. */
export function formatIsoDate(iso: string): string {
  return formatWallDate(fromIsoDate(iso));
}

/** `12.01.2027`: the Zurich date of an instant. */
export function formatZurichDate(instant: Date): string {
  return format(inZurich(instant), 'dd.MM.yyyy');
}

/** `19:45`: the Zurich time of an instant. */
export function formatZurichTime(instant: Date): string {
  return format(inZurich(instant), 'HH:mm');
}

/** `12.01.2027 19:45`: the Zurich date and time of an instant (lists and reports). */
export function formatZurichDateTime(instant: Date): string {
  return format(inZurich(instant), 'dd.MM.yyyy HH:mm');
}

/** `12.01.2027 um 19:45`: the Zurich date and time of an instant inside a sentence. */
export function formatZurichDateAtTime(instant: Date): string {
  return format(inZurich(instant), "dd.MM.yyyy 'um' HH:mm");
}

/** `Samstag`: the Zurich weekday of an instant. */
export function formatZurichWeekday(instant: Date): string {
  return format(inZurich(instant), 'EEEE', { locale: de });
}

/** `Samstag, 05.12.2026, 19:00`: when an event starts, for its mails. */
export function formatZurichEventStart(instant: Date): string {
  return format(inZurich(instant), 'EEEE, dd.MM.yyyy, HH:mm', { locale: de });
}
