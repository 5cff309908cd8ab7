// No zod here: the web imports this file on its own (`@club/contract/dates`), so a screen that only
// needs today's date does not load the validators.

/** Made at the first call and kept: making a formatter costs far more than formatting (a list formats a date per row). */
let zurichDay: Intl.DateTimeFormat | undefined;

/** Today's date in Zurich as `YYYY-MM-DD` (browser and server alike; the API wraps it in `lib/dates.ts`). */
export function todayInZurich(now: Date = new Date()): string {
  zurichDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' });
  return zurichDay.format(now);
}
