import { describe, expect, it } from 'vitest';
import { dateTextProblem, dateTimeTextProblem, isoToDateText, localToDateTimeText, parseDateText, parseDateTimeText } from './date-input';

const today = new Date(2026, 10, 28);

describe('parseDateText (what is typed into a date field)', () => {
  it('reads dd.mm.yyyy and the short forms into the ISO date', () => {
    expect(parseDateText('05.03.2026', today)).toEqual({ kind: 'date', iso: '2026-03-05' });
    expect(parseDateText('5.3.2026', today)).toEqual({ kind: 'date', iso: '2026-03-05' });
    expect(parseDateText(' 5. 3. 2026 ', today)).toEqual({ kind: 'date', iso: '2026-03-05' });
    expect(parseDateText('29.02.2028', today)).toEqual({ kind: 'date', iso: '2028-02-29' });
    expect(parseDateText('2026-03-05', today)).toEqual({ kind: 'date', iso: '2026-03-05' });
  });

  it('puts a two-digit year in the century nearest to today', () => {
    expect(parseDateText('5.3.26', today)).toEqual({ kind: 'date', iso: '2026-03-05' });
    expect(parseDateText('12.4.90', today)).toEqual({ kind: 'date', iso: '1990-04-12' });
    expect(parseDateText('1.1.50', today)).toEqual({ kind: 'date', iso: '2050-01-01' });
  });

  it('tells a wrong form from a day that does not exist', () => {
    expect(parseDateText('', today)).toEqual({ kind: 'empty' });
    expect(parseDateText('   ', today)).toEqual({ kind: 'empty' });
    for (const text of ['5.3', '05/03/2026', 'morgen', '5.3.202', '5.3.20266', '3/5/2026', '2026-3-5']) {
      expect(parseDateText(text, today), text).toEqual({ kind: 'format' });
    }
    for (const text of ['31.02.2026', '29.02.2027', '00.01.2026', '1.13.2026', '32.1.26', '2026-02-30', '01.01.0999']) {
      expect(parseDateText(text, today), text).toEqual({ kind: 'invalid' });
    }
  });
});

describe('isoToDateText', () => {
  it('shows an ISO date as dd.mm.yyyy and leaves anything else as typed', () => {
    expect(isoToDateText('2026-03-05')).toBe('05.03.2026');
    expect(isoToDateText('')).toBe('');
    expect(isoToDateText(null)).toBe('');
    expect(isoToDateText('31.02.2026')).toBe('31.02.2026');
  });
});

describe('dateTextProblem', () => {
  it('says in German what is wrong, with the limits in dd.mm.yyyy', () => {
    const label = 'Geburtsdatum';
    expect(dateTextProblem(label, { kind: 'empty' })).toBeNull();
    expect(dateTextProblem(label, { kind: 'format' })).toBe('Geburtsdatum: Bitte als TT.MM.JJJJ angeben, z. B. 05.03.2026.');
    expect(dateTextProblem(label, { kind: 'invalid' })).toBe('Geburtsdatum: Dieses Datum gibt es nicht.');
    const date = { kind: 'date', iso: '2026-12-01' } as const;
    expect(dateTextProblem(label, date, '1900-01-01', '2026-11-28')).toBe('Geburtsdatum: Spätestens 28.11.2026.');
    expect(dateTextProblem(label, date, '2027-01-01')).toBe('Geburtsdatum: Frühestens 01.01.2027.');
    expect(dateTextProblem(label, date, '2026-12-01', '2026-12-01')).toBeNull();
  });
});

describe('parseDateTimeText (a date with its time)', () => {
  it('reads dd.mm.yyyy HH:MM, its short forms and a pasted datetime-local value', () => {
    expect(parseDateTimeText('12.01.2027 19:45', today)).toEqual({ kind: 'date', local: '2027-01-12T19:45' });
    expect(parseDateTimeText(' 12.1.27  7.05 ', today)).toEqual({ kind: 'date', local: '2027-01-12T07:05' });
    expect(parseDateTimeText('2027-01-12T19:45', today)).toEqual({ kind: 'date', local: '2027-01-12T19:45' });
  });

  it('tells a wrong form from a day or time that does not exist', () => {
    expect(parseDateTimeText('', today)).toEqual({ kind: 'empty' });
    for (const text of ['12.01.2027', '19:45', '12.01.2027 1945', '12/01/2027 19:45', '12.01.2027 19:45 Uhr']) {
      expect(parseDateTimeText(text, today), text).toEqual({ kind: 'format' });
    }
    for (const text of ['30.02.2027 19:45', '12.01.2027 24:00', '12.01.2027 19:60']) {
      expect(parseDateTimeText(text, today), text).toEqual({ kind: 'invalid' });
    }
  });

  it('shows a datetime-local value the de-CH way, and says in German what is wrong', () => {
    expect(localToDateTimeText('2027-01-12T19:45')).toBe('12.01.2027 19:45');
    expect(localToDateTimeText('')).toBe('');
    expect(localToDateTimeText('12.01.2027 25:00')).toBe('12.01.2027 25:00');
    expect(dateTimeTextProblem('Spielbeginn', { kind: 'format' })).toBe(
      'Spielbeginn: Bitte als TT.MM.JJJJ HH:MM angeben, z. B. 12.01.2027 19:45.',
    );
    expect(dateTimeTextProblem('Spielbeginn', { kind: 'invalid' })).toBe('Spielbeginn: Dieses Datum oder diese Zeit gibt es nicht.');
    expect(dateTimeTextProblem('Spielbeginn', { kind: 'date', local: '2027-01-12T19:45' })).toBeNull();
  });
});
