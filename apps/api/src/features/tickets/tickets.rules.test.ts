import { describe, expect, it } from 'vitest';
import { formatZurich, mayReserve, quotaRefusal, salesEnd, salesState, toMoney, toRappen } from './tickets.rules.ts';

const start = new Date('2027-01-12T18:45:00Z');

describe('the sales window', () => {
  it('is open from salesOpenAt (or at once) until salesCloseAt, at the latest the start', () => {
    expect(salesState({ start, salesOpenAt: null, salesCloseAt: null }, new Date('2026-12-01T00:00:00Z'))).toBe('OPEN');
    expect(salesState({ start, salesOpenAt: null, salesCloseAt: null }, start)).toBe('CLOSED');
    const window = { start, salesOpenAt: new Date('2027-01-01T09:00:00Z'), salesCloseAt: new Date('2027-01-11T12:00:00Z') };
    expect(salesState(window, new Date('2027-01-01T08:59:59Z'))).toBe('NOT_YET_OPEN');
    expect(salesState(window, new Date('2027-01-01T09:00:00Z'))).toBe('OPEN');
    expect(salesState(window, new Date('2027-01-11T12:00:00Z'))).toBe('CLOSED');
    expect(salesEnd({ start, salesOpenAt: null, salesCloseAt: new Date('2027-02-01T00:00:00Z') })).toEqual(start);
  });
});

describe('what a member may reserve', () => {
  it('is the smaller of what the game has left and what the member may still hold, 0 outside the window', () => {
    expect(mayReserve({ state: 'OPEN', quota: 30, reserved: 28, perMember: 4, held: 0 })).toBe(2);
    expect(mayReserve({ state: 'OPEN', quota: 30, reserved: 10, perMember: 4, held: 3 })).toBe(1);
    expect(mayReserve({ state: 'OPEN', quota: 30, reserved: 35, perMember: 4, held: 0 })).toBe(0);
    expect(mayReserve({ state: 'CLOSED', quota: 30, reserved: 0, perMember: 4, held: 0 })).toBe(0);
  });

  it('refuses with a sentence that says how many are left', () => {
    expect(quotaRefusal({ amount: 2, quota: 30, reserved: 0, perMember: 4, held: 2 })).toBeNull();
    expect(quotaRefusal({ amount: 2, quota: 30, reserved: 29, perMember: 4, held: 0 })).toBe('Für dieses Spiel ist nur noch 1 Ticket verfügbar.');
    expect(quotaRefusal({ amount: 4, quota: 30, reserved: 27, perMember: 4, held: 0 })).toBe('Für dieses Spiel sind nur noch 3 Tickets verfügbar.');
    expect(quotaRefusal({ amount: 1, quota: 30, reserved: 30, perMember: 4, held: 0 })).toContain('noch 0 Tickets');
    expect(quotaRefusal({ amount: 3, quota: 30, reserved: 0, perMember: 4, held: 2 })).toBe(
      'Pro Mitglied sind höchstens 4 Tickets möglich und Sie haben bereits 2 Tickets: Sie können noch 2 Tickets reservieren.',
    );
    expect(quotaRefusal({ amount: 5, quota: 30, reserved: 0, perMember: 4, held: 0 })).toBe('Pro Mitglied sind höchstens 4 Tickets möglich: Sie können noch 4 Tickets reservieren.');
    expect(quotaRefusal({ amount: 1, quota: 30, reserved: 0, perMember: 4, held: 4 })).toContain('noch 0 Tickets reservieren');
  });
});

describe('money and time in messages', () => {
  it('converts Rappen exactly and formats Zurich time', () => {
    expect(toMoney(3550)).toEqual({ currency: 'CHF', amount: 35.5 });
    expect(toRappen({ currency: 'CHF', amount: 0.29 })).toBe(29);
    expect(toRappen({ currency: 'CHF', amount: 35.55 })).toBe(3555);
    expect(formatZurich(start)).toBe('12.01.2027 um 19:45');
    expect(formatZurich(new Date('2026-07-01T17:30:00Z'))).toBe('01.07.2026 um 19:30');
  });
});
