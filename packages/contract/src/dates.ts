// No zod here: the web imports this file on its own (`@club/contract/dates`), so a screen that only
// needs today's date does not load the validators.

// Made once: a formatter costs far more than a call (a member list checks thousands of dates).
const zurichDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in Zurich as `YYYY-MM-DD` (browser and server alike; the API wraps it in `lib/dates.ts`). */
export function todayInZurich(now: Date = new Date()): string {
  return zurichDay.format(now);
}
