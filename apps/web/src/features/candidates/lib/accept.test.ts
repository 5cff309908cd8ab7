import type { Season } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { laterRenewedSeasons } from './accept';

const season = (id: number, year: number, memberCount: number, current = false) =>
  ({ id, name: `${year}/${String(year + 1).slice(2)}`, validFrom: `${year}-05-01`, memberCount, current }) as Season;

describe('laterRenewedSeasons', () => {
  it('offers the seasons after the current one that have memberships (their renewal has run), oldest first', () => {
    const current = season(2, 2026, 120, true);
    const list = [season(4, 2028, 3), season(3, 2027, 118), current, season(1, 2025, 110)];
    expect(laterRenewedSeasons(list, current).map((s) => s.id)).toEqual([3, 4]);
  });

  it('when the next season is new and empty, or there is no current season, then it offers none', () => {
    const current = season(2, 2026, 120, true);
    expect(laterRenewedSeasons([season(3, 2027, 0), current], current)).toEqual([]);
    expect(laterRenewedSeasons([season(3, 2027, 10)], undefined)).toEqual([]);
  });
});
