import { TIME_ZONE } from './format';

// -----------------------------------------------------------------------------------------
// <input type="datetime-local"> holds Zurich wall-clock time, whatever the browser's zone.
// -----------------------------------------------------------------------------------------

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2027-01-12T18:45:00.000Z` → `2027-01-12T19:45` (Zurich); '' for nothing. */
export function isoToZurichLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = Object.fromEntries(wallClock.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** `2027-01-12T19:45` (Zurich) → ISO instant; null for an empty or broken value. */
export function zurichLocalToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Zurich is UTC+1 or UTC+2: take the offset that gives back the wanted wall-clock time.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000);
    if (isoToZurichLocal(candidate.toISOString()) === local.slice(0, 16)) return candidate.toISOString();
  }
  // A time that does not exist (the hour skipped in spring): the instant an hour later.
  return new Date(asUtc - 3_600_000).toISOString();
}
