/** Business dates are `date` columns: Prisma hands them over as UTC midnight. */
import { todayInZurich } from '@club/contract';

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

/**
 * The one formatter of Zurich time: every Zurich date or time the API shows or writes is made from
 * the wall clock it gives (`zurichWallClock`), with the `format…` functions below.
 */
const zurichParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZURICH,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** The Zurich wall clock at an instant, as a `Date.UTC` value (what Excel and the PDF show). */
export function zurichWallClock(instant: Date): Date {
  const p: Record<string, number> = {};
  for (const part of zurichParts.formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return new Date(Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0));
}

/** The instant at which a business day (UTC midnight value) begins in Zurich. */
export function zurichStartOfDay(day: Date): Date {
  const local = day.getTime();
  let instant = local;
  // Two rounds settle the offset, also on the days the clocks change.
  for (let i = 0; i < 2; i++) instant = local - (zurichWallClock(new Date(instant)).getTime() - instant);
  return new Date(instant);
}

/**
 * The instants a season covers: from the start of its first day to the start of the day
 * after its last (a game or event belongs to the season its start falls into).
 */
export function seasonInstants(season: { validFrom: Date; validTo: Date }): { from: Date; until: Date } {
  return {
    from: zurichStartOfDay(season.validFrom),
    until: zurichStartOfDay(new Date(season.validTo.getTime() + 86_400_000)),
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A wall-clock value (`zurichWallClock`, or a business date) as `dd.mm.yyyy`. */
export function formatWallDate(wall: Date): string {
  return `${pad2(wall.getUTCDate())}.${pad2(wall.getUTCMonth() + 1)}.${wall.getUTCFullYear()}`;
}

/** A wall-clock value as `HH:MM`. */
export function formatWallTime(wall: Date): string {
  return `${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}`;
}

/** `12.01.2027`: the Zurich date of an instant. */
export function formatZurichDate(instant: Date): string {
  return formatWallDate(zurichWallClock(instant));
}

/** `19:45`: the Zurich time of an instant. */
export function formatZurichTime(instant: Date): string {
  return formatWallTime(zurichWallClock(instant));
}

/** `12.01.2027 19:45`: the Zurich date and time of an instant. */
export function formatZurichDateTime(instant: Date): string {
  const wall = zurichWallClock(instant);
  return `${formatWallDate(wall)} ${formatWallTime(wall)}`;
}

const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];

/** `Samstag`: the Zurich weekday of an instant. */
export function formatZurichWeekday(instant: Date): string {
  return WEEKDAYS[zurichWallClock(instant).getUTCDay()] ?? '';
}
