import { describe, expect, it } from 'vitest';
import { isoToZurichLocal, zurichLocalToIso } from './datetime-local';

describe('datetime-local fields hold Zurich wall-clock time', () => {
  it('reads and writes winter and summer times', () => {
    expect(isoToZurichLocal('2027-01-12T18:45:00.000Z')).toBe('2027-01-12T19:45');
    expect(zurichLocalToIso('2027-01-12T19:45')).toBe('2027-01-12T18:45:00.000Z');
    expect(isoToZurichLocal('2026-07-01T17:30:00.000Z')).toBe('2026-07-01T19:30');
    expect(zurichLocalToIso('2026-07-01T19:30')).toBe('2026-07-01T17:30:00.000Z');
  });

  it('moves a skipped spring time an hour on and takes winter time for the doubled autumn hour', () => {
    expect(zurichLocalToIso('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(isoToZurichLocal('2026-03-29T01:30:00.000Z')).toBe('2026-03-29T03:30');
    expect(zurichLocalToIso('2026-10-25T02:30')).toBe('2026-10-25T01:30:00.000Z');
  });

  it('gives nothing for nothing or nonsense', () => {
    expect(isoToZurichLocal(null)).toBe('');
    expect(isoToZurichLocal('kein Datum')).toBe('');
    expect(zurichLocalToIso('')).toBeNull();
    expect(zurichLocalToIso('12.01.2027 19:45')).toBeNull();
  });
});
