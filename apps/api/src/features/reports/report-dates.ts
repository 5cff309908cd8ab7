/** Time of day in Zurich, for reports (spreadsheets know no time zones). */
export {
  formatWallDate,
  formatWallTime,
  formatZurichDateTime,
  seasonInstants,
  zurichStartOfDay,
  zurichWallClock,
} from '../../lib/dates.ts';

/** Only the date of a wall-clock value (UTC midnight). */
export function dateOnly(wallClock: Date): Date {
  return new Date(Date.UTC(wallClock.getUTCFullYear(), wallClock.getUTCMonth(), wallClock.getUTCDate()));
}

/** Only the time of a wall-clock value, on Excel's day zero (30.12.1899): a pure time cell. */
export function timeOnly(wallClock: Date): Date {
  return new Date(Date.UTC(1899, 11, 30, wallClock.getUTCHours(), wallClock.getUTCMinutes()));
}
