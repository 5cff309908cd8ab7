import { describe, expect, it } from 'vitest';
import {
  formatZurichDate,
  formatZurichDateTime,
  formatZurichTime,
  formatZurichWeekday,
  seasonDates,
  seasonYearOf,
  toIsoDate,
  zurichToday,
} from './dates.ts';

describe('season dates', () => {
  it('runs from 1 May to 30 April and is named like 2025/26', () => {
    const s = seasonDates(2025);
    expect(s.name).toBe('2025/26');
    expect(toIsoDate(s.validFrom)).toBe('2025-05-01');
    expect(toIsoDate(s.validTo)).toBe('2026-04-30');
    expect(seasonDates(2099).name).toBe('2099/00');
  });

  it('puts 30 April into the season of the year before and 1 May into the new one', () => {
    expect(seasonYearOf(new Date('2026-04-30T00:00:00Z'))).toBe(2025);
    expect(seasonYearOf(new Date('2026-05-01T00:00:00Z'))).toBe(2026);
  });
});

describe('zurichToday', () => {
  it('uses the Zurich calendar day, not the UTC one', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Zurich (UTC+1 in winter).
    expect(toIsoDate(zurichToday(new Date('2025-12-31T23:30:00Z')))).toBe('2026-01-01');
    // 21:30 UTC on 30 June is 23:30 in Zurich (UTC+2 in summer): still 30 June.
    expect(toIsoDate(zurichToday(new Date('2026-06-30T21:30:00Z')))).toBe('2026-06-30');
  });
});

describe('Zurich time as shown', () => {
  it('gives date, time and weekday of an instant in Zurich, in winter and in summer', () => {
    const winter = new Date('2026-12-05T18:00:00Z');
    expect(formatZurichDateTime(winter)).toBe('05.12.2026 19:00');
    expect(formatZurichWeekday(winter)).toBe('Samstag');
    // 22:30 UTC on 30 June is 00:30 on 1 July in Zurich (UTC+2): a Wednesday.
    const summer = new Date('2026-06-30T22:30:00Z');
    expect(formatZurichDate(summer)).toBe('01.07.2026');
    expect(formatZurichTime(summer)).toBe('00:30');
    expect(formatZurichWeekday(summer)).toBe('Mittwoch');
  });
});
