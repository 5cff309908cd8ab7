import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCountry,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatTime,
  formatWeekday,
  todayInZurich,
} from './format';

/** Intl uses a no-break space between code and amount; compare on plain spaces. */
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('formatDate', () => {
  it('shows a business date as dd.mm.yyyy without shifting the day', () => {
    expect(formatDate('2025-05-01')).toBe('01.05.2025');
    expect(formatDate('2026-04-30')).toBe('30.04.2026');
  });

  it('shows the Zurich date of a timestamp, also just after midnight in Zurich', () => {
    expect(formatDate('2025-05-01T17:45:00Z')).toBe('01.05.2025');
    // 23:30 UTC on 31 December is already New Year in Zurich.
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('01.01.2026');
    expect(formatDate(new Date('2025-03-09T12:00:00+01:00'))).toBe('09.03.2025');
  });

  it('gives an empty text for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('kein Datum')).toBe('');
  });
});

describe('formatTime', () => {
  it('uses the 24-hour clock in Zurich time, summer and winter', () => {
    expect(formatTime('2025-05-01T17:45:00Z')).toBe('19:45');
    expect(formatTime('2025-01-15T18:45:00Z')).toBe('19:45');
    expect(formatTime('2025-01-15T00:05:00+01:00')).toBe('00:05');
  });

  it('has no time for a business date', () => {
    expect(formatTime('2025-05-01')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('joins date and time', () => {
    expect(formatDateTime('2025-10-04T17:45:00Z')).toBe('04.10.2025, 19:45');
  });

  it('falls back to the date alone for a business date', () => {
    expect(formatDateTime('2025-10-04')).toBe('04.10.2025');
  });
});

describe('formatWeekday', () => {
  it('names the German weekday', () => {
    expect(formatWeekday('2025-05-01')).toBe('Donnerstag');
    expect(formatWeekday('2025-05-03T18:00:00Z')).toBe('Samstag');
  });
});

describe('formatMoney', () => {
  it('shows francs with two decimals and the currency code first', () => {
    expect(plain(formatMoney({ currency: 'CHF', amount: 35.5 }))).toBe('CHF 35.50');
    expect(plain(formatMoney({ currency: 'CHF', amount: 0 }))).toBe('CHF 0.00');
    expect(plain(formatMoney(12))).toBe('CHF 12.00');
  });

  it('groups thousands the Swiss way', () => {
    expect(formatMoney({ currency: 'CHF', amount: 1250 })).toBe("CHF\u00a01'250.00");
  });

  it('gives an empty text for nothing', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('formatNumber', () => {
  it('groups thousands', () => {
    expect(formatNumber(1250)).toMatch(/^1['’]250$/);
  });
});

describe('formatCount', () => {
  it('takes the singular for one and the plural for none and for more', () => {
    expect(formatCount(1, 'Zeile', 'Zeilen')).toBe('1 Zeile');
    expect(formatCount(0, 'Zeile', 'Zeilen')).toBe('0 Zeilen');
    expect(formatCount(2, 'neues Mitglied', 'neue Mitglieder')).toBe('2 neue Mitglieder');
    expect(formatCount(1250, 'Zeile', 'Zeilen')).toMatch(/^1['’]250 Zeilen$/);
  });
});

describe('todayInZurich', () => {
  it('is the calendar day in Zurich, not in UTC', () => {
    expect(todayInZurich(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(todayInZurich(new Date('2025-06-15T10:00:00Z'))).toBe('2025-06-15');
  });
});

describe('formatCountry', () => {
  it('names the country in German', () => {
    expect(formatCountry('CH')).toBe('Schweiz');
    expect(formatCountry('de')).toBe('Deutschland');
  });

  it('keeps a code it cannot name', () => {
    expect(formatCountry('1')).toBe('1');
  });
});
