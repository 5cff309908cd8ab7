import { describe, expect, it } from 'vitest';
import { isCurrentMembership, sortMemberships } from './membership';

const season = { validFrom: '2025-05-01', validTo: '2026-04-30' };

describe('isCurrentMembership', () => {
  it('is current on the first and the last day of the season', () => {
    expect(isCurrentMembership(season, '2025-05-01')).toBe(true);
    expect(isCurrentMembership(season, '2026-04-30')).toBe(true);
  });

  it('is not current before or after the season', () => {
    expect(isCurrentMembership(season, '2025-04-30')).toBe(false);
    expect(isCurrentMembership(season, '2026-05-01')).toBe(false);
  });
});

describe('sortMemberships', () => {
  it('puts the newest season first', () => {
    const older = { validFrom: '2024-05-01' };
    const newer = { validFrom: '2025-05-01' };
    expect(sortMemberships([older, newer])).toEqual([newer, older]);
  });
});
