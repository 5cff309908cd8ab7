import { describe, expect, it } from 'vitest';
import {
  formatIsoDate,
  formatZurichDate,
  formatZurichDateAtTime,
  formatZurichEventStart,
  formatZurichDateTime,
  formatZurichTime,
  formatZurichWeekday,
  seasonDates,
  seasonInstants,
  seasonYearOf,
  toIsoDate,
  zurichStartOfDay,
  zurichWallClock,
  fromIsoDate,
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

describe('one meaning per name', () => {
  it('writes «date time» for lists, «date um time» inside sentences, the weekday for event mails', () => {
    const start = new Date('2027-01-12T18:45:00Z');
    expect(formatZurichDateTime(start)).toBe('12.01.2027 19:45');
    expect(formatZurichDateAtTime(start)).toBe('12.01.2027 um 19:45');
    expect(formatZurichDateAtTime(new Date('2026-07-01T17:30:00Z'))).toBe('01.07.2026 um 19:30');
    expect(formatZurichEventStart(new Date('2026-12-05T18:00:00Z'))).toBe('Samstag, 05.12.2026, 19:00');
    expect(formatIsoDate('2027-05-01')).toBe('01.05.2027');
  });
});

describe('the days the clocks change in Zurich', () => {
  it('starts 29 March 2026 at 00:00 CET and the next day at 00:00 CEST', () => {
    expect(zurichStartOfDay(fromIsoDate('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zurichStartOfDay(fromIsoDate('2026-03-30')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(zurichStartOfDay(fromIsoDate('2026-10-25')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(zurichStartOfDay(fromIsoDate('2026-10-26')).toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('shows the hour around the change as the clocks on the wall show it', () => {
    // 01:59:59 UTC on 29 March is 03:59:59 CEST; a second before 01:00 UTC it was 01:59:59 CET.
    expect(formatZurichDateTime(new Date('2026-03-29T00:59:00Z'))).toBe('29.03.2026 01:59');
    expect(formatZurichDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('29.03.2026 03:00');
    // In October 02:30 comes twice: at 00:30 UTC (CEST) and at 01:30 UTC (CET).
    expect(formatZurichTime(new Date('2026-10-25T00:30:00Z'))).toBe('02:30');
    expect(formatZurichTime(new Date('2026-10-25T01:30:00Z'))).toBe('02:30');
    expect(zurichWallClock(new Date('2026-10-25T01:30:00Z')).toISOString()).toBe('2026-10-25T02:30:00.000Z');
  });

  it('lets a season run from the Zurich midnight of 1 May to that of the next 1 May', () => {
    const { from, until } = seasonInstants(seasonDates(2026));
    expect(from.toISOString()).toBe('2026-04-30T22:00:00.000Z');
    expect(until.toISOString()).toBe('2027-04-30T22:00:00.000Z');
  });
});
