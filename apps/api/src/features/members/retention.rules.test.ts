import { describe, expect, it } from 'vitest';
import { erasureRefusal, monthsBefore, yearsBefore } from './retention.rules.ts';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('retention periods', () => {
  it('counts whole calendar years back, 29 February becoming 28 February', () => {
    expect(yearsBefore(day('2036-05-01'), 10)).toEqual(day('2026-05-01'));
    expect(yearsBefore(day('2028-02-29'), 10)).toEqual(day('2018-02-28'));
    expect(yearsBefore(day('2036-12-31'), 1)).toEqual(day('2035-12-31'));
  });

  it('counts months back across the turn of the year and to shorter months', () => {
    expect(monthsBefore(new Date('2027-03-15T10:00:00Z'), 6)).toEqual(new Date('2026-09-15T10:00:00Z'));
    expect(monthsBefore(new Date('2027-08-31T23:00:00Z'), 6)).toEqual(new Date('2027-02-28T23:00:00Z'));
    expect(monthsBefore(new Date('2027-06-30T00:00:00Z'), 6)).toEqual(new Date('2026-12-30T00:00:00Z'));
  });

  it('lets the board anonymise only a former member without open invoices who is not on the board', () => {
    const today = day('2027-01-10');
    const former = { anonymisedAt: null, board: false, lastMembershipEnd: day('2026-04-30'), openInvoice: false };
    expect(erasureRefusal(former, today)).toBeNull();
    expect(erasureRefusal({ ...former, lastMembershipEnd: null }, today)).toBeNull();
    expect(erasureRefusal({ ...former, anonymisedAt: day('2027-01-01') }, today)).toBe('ALREADY_ANONYMISED');
    expect(erasureRefusal({ ...former, board: true }, today)).toBe('BOARD_MEMBER');
    expect(erasureRefusal({ ...former, lastMembershipEnd: day('2027-04-30') }, today)).toBe('MEMBERSHIP_RUNNING');
    expect(erasureRefusal({ ...former, lastMembershipEnd: today }, today)).toBe('MEMBERSHIP_RUNNING');
    expect(erasureRefusal({ ...former, openInvoice: true }, today)).toBe('OPEN_INVOICE');
  });
});
