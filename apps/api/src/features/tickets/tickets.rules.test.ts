import { describe, expect, it } from 'vitest';
import {
  decideReservations,
  drawPhase,
  drawWeight,
  idempotencyRef,
  mayReserve,
  quotaRefusal,
  salesEnd,
  salesState,
  toMoney,
  toRappen,
  type ReservationRequest,
  type ReservationState,
} from './tickets.rules.ts';

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
    expect(quotaRefusal({ amount: 2, quota: 30, reserved: 29, perMember: 4, held: 0 })).toBe(
      'Für dieses Spiel ist nur noch 1 Ticket verfügbar.',
    );
    expect(quotaRefusal({ amount: 4, quota: 30, reserved: 27, perMember: 4, held: 0 })).toBe(
      'Für dieses Spiel sind nur noch 3 Tickets verfügbar.',
    );
    expect(quotaRefusal({ amount: 1, quota: 30, reserved: 30, perMember: 4, held: 0 })).toContain('noch 0 Tickets');
    expect(quotaRefusal({ amount: 3, quota: 30, reserved: 0, perMember: 4, held: 2 })).toBe(
      'Pro Mitglied sind höchstens 4 Tickets möglich und Sie haben bereits 2 Tickets: Sie können noch 2 Tickets reservieren.',
    );
    expect(quotaRefusal({ amount: 5, quota: 30, reserved: 0, perMember: 4, held: 0 })).toBe(
      'Pro Mitglied sind höchstens 4 Tickets möglich: Sie können noch 4 Tickets reservieren.',
    );
    expect(quotaRefusal({ amount: 1, quota: 30, reserved: 0, perMember: 4, held: 4 })).toContain('noch 0 Tickets reservieren');
  });
});

describe('money in messages', () => {
  it('converts Rappen exactly', () => {
    expect(toMoney(3550)).toEqual({ currency: 'CHF', amount: 35.5 });
    expect(toRappen({ currency: 'CHF', amount: 0.29 })).toBe(29);
    expect(toRappen({ currency: 'CHF', amount: 35.55 })).toBe(3555);
  });
});

describe('deciding a batch of reservations for one game', () => {
  const home = { street: 'Hardturmstrasse', houseNumber: '1', addressLine2: '', postalCode: '8005', city: 'Zürich', country: 'CH' };
  const state = (over: Partial<ReservationState> = {}): ReservationState => ({
    sales: 'OPEN',
    quota: 10,
    perMember: 4,
    reserved: 0,
    held: new Map(),
    members: new Set([1, 2, 3]),
    offeredOptions: new Set([7]),
    currentAddresses: new Map([
      [1, home],
      [2, home],
    ]),
    earlier: new Map(),
    draw: 'NONE',
    pending: new Map(),
    ...over,
  });
  const request = (memberId: number, amount: number, over: Partial<ReservationRequest> = {}): ReservationRequest => ({
    memberId,
    deliveryOptionId: 7,
    amount,
    address: null,
    idempotencyKey: null,
    waitlist: false,
    ...over,
  });

  it('counts each accepted request against the quota for the ones after it, as if they came one by one', () => {
    const decisions = decideReservations(state({ reserved: 5 }), [request(1, 3), request(2, 3), request(2, 2)]);
    expect(decisions.map((d) => d.kind)).toEqual(['reserve', 'refuse', 'reserve']);
    expect(decisions[1]).toEqual({
      kind: 'refuse',
      reason: 'QUOTA',
      message: 'Für dieses Spiel sind nur noch 2 Tickets verfügbar. Sie können sich auf die Warteliste setzen.',
    });
  });

  it('counts what a member already holds and reserves in the same batch against their limit', () => {
    const decisions = decideReservations(state({ held: new Map([[1, 2]]) }), [request(1, 1), request(1, 2), request(1, 1)]);
    expect(decisions.map((d) => d.kind)).toEqual(['reserve', 'refuse', 'reserve']);
    expect(decisions[1]).toMatchObject({ reason: 'QUOTA', message: expect.stringContaining('Sie können noch 1 Ticket reservieren') });
  });

  it('delivers to the given address, else to the current one, and refuses without either', () => {
    const elsewhere = { ...home, street: 'Bahnhofstrasse', houseNumber: '10', postalCode: '8001' };
    const decisions = decideReservations(state(), [request(1, 1), request(3, 1, { address: elsewhere }), request(3, 1)]);
    expect(decisions).toEqual([
      { kind: 'reserve', address: home, status: 'CONFIRMED' },
      { kind: 'reserve', address: elsewhere, status: 'CONFIRMED' },
      { kind: 'refuse', reason: 'NO_ADDRESS' },
    ]);
  });

  it('answers a retry with the reservation its Idempotency-Key made, before this batch or in it', () => {
    const earlier = new Map([[idempotencyRef(1, 'klick-1'), 99]]);
    const decisions = decideReservations(state({ earlier }), [
      request(1, 2, { idempotencyKey: 'klick-1' }),
      request(2, 2, { idempotencyKey: 'klick-2' }),
      request(2, 2, { idempotencyKey: 'klick-2' }),
      request(1, 2, { idempotencyKey: 'klick-2' }),
    ]);
    expect(decisions).toEqual([
      { kind: 'replay', reservationId: 99 },
      { kind: 'reserve', address: home, status: 'CONFIRMED' },
      { kind: 'repeat', of: 1 },
      { kind: 'reserve', address: home, status: 'CONFIRMED' },
    ]);
  });

  it('does not remember the key of a refused request: the retry is decided anew', () => {
    const decisions = decideReservations(state({ reserved: 9 }), [
      request(1, 2, { idempotencyKey: 'k' }),
      request(1, 1, { idempotencyKey: 'k' }),
    ]);
    expect(decisions.map((d) => d.kind)).toEqual(['refuse', 'reserve']);
  });

  it('refuses in the order a member can act on: member, option, sales window, address, limits', () => {
    expect(decideReservations(state(), [request(4, 1)])).toEqual([{ kind: 'refuse', reason: 'NO_MEMBER' }]);
    expect(decideReservations(state({ sales: 'CLOSED' }), [request(1, 1, { deliveryOptionId: 8 })])).toEqual([
      { kind: 'refuse', reason: 'OPTION_NOT_OFFERED' },
    ]);
    expect(decideReservations(state({ sales: 'NOT_YET_OPEN', reserved: 10 }), [request(3, 1)])).toEqual([
      { kind: 'refuse', reason: 'SALES_NOT_OPEN' },
    ]);
    expect(decideReservations(state({ reserved: 10 }), [request(3, 1)])).toEqual([{ kind: 'refuse', reason: 'NO_ADDRESS' }]);
  });

  it('never reserves more than the quota, whatever the batch', () => {
    const members = Array.from({ length: 60 }, (_, i) => i + 1);
    const batch = Array.from({ length: 200 }, (_, i) => request(members[i % 60]!, 1 + ((i * 7) % 4), { address: home }));
    const decisions = decideReservations(state({ quota: 30, members: new Set(members) }), batch);
    const reserved = batch.filter((_, i) => decisions[i]!.kind === 'reserve');
    expect(reserved.reduce((sum, r) => sum + r.amount, 0)).toBe(30);
    const perMember = new Map<number, number>();
    for (const r of reserved) perMember.set(r.memberId, (perMember.get(r.memberId) ?? 0) + r.amount);
    expect(Math.max(...perMember.values())).toBeLessThanOrEqual(4);
  });

  it('when a draw takes requests, then a request within the member limit is recorded whatever the quota, once per member', () => {
    const decisions = decideReservations(state({ draw: 'REQUESTS', quota: 2, reserved: 2 }), [request(1, 4), request(1, 1), request(2, 5)]);
    expect(decisions[0]).toMatchObject({ kind: 'reserve', status: 'REQUESTED' });
    expect(decisions[1]).toEqual({ kind: 'refuse', reason: 'ALREADY_REQUESTED' });
    expect(decisions[2]).toMatchObject({ kind: 'refuse', reason: 'QUOTA' });
  });

  it('when the draw is due but has not run, then requests are refused', () => {
    expect(decideReservations(state({ draw: 'DUE' }), [request(1, 1)])[0]).toEqual({ kind: 'refuse', reason: 'DRAW_DUE' });
  });

  it('when sold out, then a request with waitlist joins the waiting list and one without is told it may', () => {
    const decisions = decideReservations(state({ reserved: 10 }), [
      request(1, 2, { waitlist: true }),
      request(2, 2),
      request(1, 1, { waitlist: true }),
    ]);
    expect(decisions[0]).toMatchObject({ kind: 'reserve', status: 'WAITING' });
    expect(decisions[1]).toMatchObject({ kind: 'refuse', reason: 'QUOTA', message: expect.stringContaining('Warteliste') });
    expect(decisions[2]).toEqual({ kind: 'refuse', reason: 'ALREADY_WAITING' });
  });

  it('when the member limit is what refuses, then the waiting list does not help', () => {
    const decisions = decideReservations(state({ reserved: 10 }), [request(1, 5, { waitlist: true })]);
    expect(decisions[0]).toMatchObject({ kind: 'refuse', reason: 'QUOTA' });
  });
});

describe('the draw phase and weights', () => {
  const at = new Date('2027-01-10T18:00:00Z');
  it('knows a first-come sale, open requests, a due and a finished draw', () => {
    expect(drawPhase({ saleMode: 'FIRST_COME', drawAt: null, drawnAt: null }, at)).toBe('NONE');
    expect(drawPhase({ saleMode: 'DRAW', drawAt: new Date(at.getTime() + 1), drawnAt: null }, at)).toBe('REQUESTS');
    expect(drawPhase({ saleMode: 'DRAW', drawAt: at, drawnAt: null }, at)).toBe('DUE');
    expect(drawPhase({ saleMode: 'DRAW', drawAt: at, drawnAt: at }, at)).toBe('DRAWN');
  });

  it('weighs 1 + completed seasons (at most 10) + 2 per draw lost of the last three', () => {
    expect(drawWeight({ completedSeasons: 0, lostOfLastThree: 0 })).toBe(1);
    expect(drawWeight({ completedSeasons: 4, lostOfLastThree: 1 })).toBe(7);
    expect(drawWeight({ completedSeasons: 25, lostOfLastThree: 3 })).toBe(17);
  });
});
