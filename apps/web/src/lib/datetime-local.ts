import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { TIME_ZONE } from './format';

// -----------------------------------------------------------------------------------------
// <input type="datetime-local"> holds Zurich wall-clock time, whatever the browser's zone
// (@date-fns/tz reads and builds the fields in Zurich).
// -----------------------------------------------------------------------------------------

/** `2027-01-12T18:45:00.000Z` → `2027-01-12T19:45` (Zurich); '' for nothing. */
export function isoToZurichLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return format(new TZDate(date, TIME_ZONE), "yyyy-MM-dd'T'HH:mm");
}

/**
 * `2027-01-12T19:45` (Zurich) → ISO instant; null for an empty or broken value. A time the clocks
 * skip in spring (02:30 on the last Sunday of March) becomes the instant an hour later (03:30); a
 * time that comes twice in autumn, the second (winter time).
 */
export function zurichLocalToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  return new Date(new TZDate(y, mo - 1, d, h, mi, TIME_ZONE).getTime()).toISOString();
}
