/** Time of day and season bounds in Zurich, for reports (spreadsheets know no time zones). */

const zurichParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Zurich',
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

/** Only the date of a wall-clock value (UTC midnight). */
export function dateOnly(wallClock: Date): Date {
  return new Date(Date.UTC(wallClock.getUTCFullYear(), wallClock.getUTCMonth(), wallClock.getUTCDate()));
}

/** Only the time of a wall-clock value, on Excel's day zero (30.12.1899): a pure time cell. */
export function timeOnly(wallClock: Date): Date {
  return new Date(Date.UTC(1899, 11, 30, wallClock.getUTCHours(), wallClock.getUTCMinutes()));
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

/** A wall-clock value as `dd.mm.yyyy`. */
export function formatWallDate(wall: Date): string {
  return `${pad2(wall.getUTCDate())}.${pad2(wall.getUTCMonth() + 1)}.${wall.getUTCFullYear()}`;
}

/** A wall-clock value as `HH:MM`. */
export function formatWallTime(wall: Date): string {
  return `${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}`;
}

/** An instant as Zurich's `dd.mm.yyyy HH:MM`. */
export function formatZurich(instant: Date): string {
  const wall = zurichWallClock(instant);
  return `${formatWallDate(wall)} ${formatWallTime(wall)}`;
}
