/** Time of day in Zurich, for reports (spreadsheets know no time zones). */
import { zurichWallClock } from '../../lib/dates.ts';

export { seasonInstants, zurichStartOfDay, zurichWallClock } from '../../lib/dates.ts';

/** Only the date of a wall-clock value (UTC midnight). */
export function dateOnly(wallClock: Date): Date {
  return new Date(Date.UTC(wallClock.getUTCFullYear(), wallClock.getUTCMonth(), wallClock.getUTCDate()));
}

/** Only the time of a wall-clock value, on Excel's day zero (30.12.1899): a pure time cell. */
export function timeOnly(wallClock: Date): Date {
  return new Date(Date.UTC(1899, 11, 30, wallClock.getUTCHours(), wallClock.getUTCMinutes()));
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
