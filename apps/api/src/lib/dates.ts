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

/** Season of a year: 1 May to 30 April of the next year, named `2025/26` (DESIGN.md §6). */
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
