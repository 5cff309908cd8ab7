import { describe, expect, it } from 'vitest';
import { decideSubscription, placesLeft, promotions, waitingPosition, type EventLimits, type SubscriptionRow } from './events.rules.ts';

const NOW = new Date('2026-12-01T12:00:00Z');
const event: EventLimits = {
  capacity: 10,
  maxPlacesPerMember: 4,
  start: new Date('2026-12-10T18:00:00Z'),
  registrationDeadline: new Date('2026-12-08T22:00:00Z'),
};

let nextId = 1;
function row(memberId: number, amount: number, status: SubscriptionRow['status'], minute: number): SubscriptionRow {
  return { id: nextId++, memberId, amount, status, subscriptionTimestamp: new Date(Date.UTC(2026, 10, 1, 10, minute)) };
}

describe('places left', () => {
  it('is capacity minus the confirmed places, none while members wait, null when unlimited', () => {
    expect(placesLeft(10, [row(1, 3, 'CONFIRMED', 0), row(2, 2, 'CONFIRMED', 1)])).toBe(5);
    expect(placesLeft(10, [row(1, 9, 'CONFIRMED', 0), row(2, 3, 'WAITING', 1)])).toBe(0);
    expect(placesLeft(null, [row(1, 9, 'CONFIRMED', 0)])).toBeNull();
    expect(placesLeft(2, [row(1, 2, 'CONFIRMED', 0)])).toBe(0);
  });
});

describe('moving up from the waiting list', () => {
  it('moves members up in sign-up order as far as the places allow', () => {
    const rows = [row(1, 6, 'CONFIRMED', 0), row(2, 2, 'WAITING', 5), row(3, 1, 'WAITING', 3), row(4, 3, 'WAITING', 7)];
    expect(promotions(10, rows, NOW, event.start).map((r) => r.memberId)).toEqual([3, 2]);
  });

  it('when the first in line wants more than is free, then the next request that fits moves up and the larger keeps its place', () => {
    const rows = [row(1, 7, 'CONFIRMED', 0), row(2, 4, 'WAITING', 1), row(3, 1, 'WAITING', 2), row(4, 2, 'WAITING', 3)];
    expect(promotions(10, rows, NOW, event.start).map((r) => r.memberId)).toEqual([3, 4]);
    expect(
      waitingPosition(
        rows.filter((r) => r.memberId !== 3 && r.memberId !== 4),
        2,
      ),
    ).toBe(1);
  });

  it('fills the demo Chlausabend: 10 of 12 taken, 3 then 2 then 1 waiting: the 2 moves up, the 3 keeps first place', () => {
    const rows = [row(1, 10, 'CONFIRMED', 0), row(2, 3, 'WAITING', 1), row(3, 2, 'WAITING', 2), row(4, 1, 'WAITING', 3)];
    expect(promotions(12, rows, NOW, event.start).map((r) => r.memberId)).toEqual([3]);
  });

  it('moves everybody up when the capacity becomes unlimited', () => {
    const rows = [row(1, 7, 'CONFIRMED', 0), row(2, 4, 'WAITING', 1), row(3, 1, 'WAITING', 2)];
    expect(promotions(null, rows, NOW, event.start).map((r) => r.memberId)).toEqual([2, 3]);
  });

  it('moves nobody up once the event has started', () => {
    const rows = [row(2, 1, 'WAITING', 1)];
    expect(promotions(10, rows, event.start, event.start)).toEqual([]);
  });

  it('tells a waiting member their place in the line', () => {
    const rows = [row(1, 7, 'CONFIRMED', 0), row(2, 4, 'WAITING', 9), row(3, 1, 'WAITING', 2)];
    expect(waitingPosition(rows, 3)).toBe(1);
    expect(waitingPosition(rows, 2)).toBe(2);
    expect(waitingPosition(rows, 1)).toBeNull();
  });
});

describe('one request', () => {
  const ask = (memberId: number, amount: number, waitlist = false) => ({ memberId, amount, waitlist });

  it('confirms a new member when the places are left', () => {
    expect(decideSubscription(event, [row(1, 8, 'CONFIRMED', 0)], ask(2, 2), NOW)).toMatchObject({
      kind: 'save',
      status: 'CONFIRMED',
      amount: 2,
      newTimestamp: true,
    });
  });

  it('refuses more places than are left, offering the waiting list, and puts the member on it when asked', () => {
    const rows = [row(1, 9, 'CONFIRMED', 0)];
    expect(decideSubscription(event, rows, ask(2, 2), NOW)).toMatchObject({
      kind: 'refuse',
      reason: 'FULL',
      message: expect.stringContaining('nur noch 1 Platz frei'),
    });
    expect(decideSubscription(event, rows, ask(2, 2, true), NOW)).toMatchObject({ kind: 'save', status: 'WAITING', amount: 2 });
  });

  it('gives freed places to waiting members, not to a new subscriber', () => {
    const rows = [row(1, 6, 'CONFIRMED', 0), row(3, 5, 'WAITING', 1)];
    expect(decideSubscription(event, rows, ask(2, 1), NOW)).toMatchObject({
      kind: 'refuse',
      reason: 'FULL',
      message: expect.stringContaining('ausgebucht'),
    });
    expect(decideSubscription(event, rows, ask(2, 1, true), NOW)).toMatchObject({ kind: 'save', status: 'WAITING' });
  });

  it('lets a confirmed member lower the amount, and raise it only into free places while nobody waits', () => {
    const own = row(1, 3, 'CONFIRMED', 0);
    expect(decideSubscription(event, [own, row(2, 5, 'CONFIRMED', 1)], ask(1, 1), NOW)).toMatchObject({
      kind: 'save',
      status: 'CONFIRMED',
      amount: 1,
      newTimestamp: false,
    });
    expect(decideSubscription(event, [own, row(2, 5, 'CONFIRMED', 1)], ask(1, 4), NOW)).toMatchObject({ kind: 'save', amount: 4 });
    expect(decideSubscription(event, [own, row(2, 7, 'CONFIRMED', 1)], ask(1, 4), NOW)).toMatchObject({ kind: 'refuse', reason: 'FULL' });
    expect(decideSubscription(event, [own, row(2, 1, 'WAITING', 1)], ask(1, 4), NOW)).toMatchObject({
      kind: 'refuse',
      reason: 'FULL',
      message: 'Es sind keine weiteren Plätze frei.',
    });
  });

  it('keeps a waiting member in line when they ask for fewer places, and moves them to the end when they ask for more', () => {
    const own = row(1, 2, 'WAITING', 0);
    expect(decideSubscription(event, [own], ask(1, 1), NOW)).toMatchObject({ kind: 'save', status: 'WAITING', newTimestamp: false });
    expect(decideSubscription(event, [own], ask(1, 3), NOW)).toMatchObject({ kind: 'save', status: 'WAITING', newTimestamp: true });
  });

  it('refuses more than the places per member', () => {
    expect(decideSubscription(event, [], ask(1, 5), NOW)).toMatchObject({
      kind: 'refuse',
      reason: 'PER_MEMBER',
      message: 'Pro Mitglied sind höchstens 4 Plätze möglich.',
    });
  });

  it('confirms any amount within the per-member limit when the places are unlimited', () => {
    expect(decideSubscription({ ...event, capacity: null }, [row(2, 4, 'CONFIRMED', 0)], ask(1, 4), NOW)).toMatchObject({
      kind: 'save',
      status: 'CONFIRMED',
    });
  });

  it('cancels until the deadline; a waiting member may leave the list until the start', () => {
    const afterDeadline = new Date(event.registrationDeadline.getTime() + 1000);
    const confirmed = row(1, 2, 'CONFIRMED', 0);
    const waiting = row(2, 2, 'WAITING', 1);
    expect(decideSubscription(event, [confirmed], ask(1, 0), NOW)).toMatchObject({ kind: 'cancel' });
    expect(decideSubscription(event, [confirmed], ask(1, 0), afterDeadline)).toMatchObject({ kind: 'refuse', reason: 'DEADLINE' });
    expect(decideSubscription(event, [waiting], ask(2, 0), afterDeadline)).toMatchObject({ kind: 'cancel' });
    expect(decideSubscription(event, [waiting], ask(2, 0), event.start)).toMatchObject({ kind: 'refuse', reason: 'STARTED' });
    expect(decideSubscription(event, [], ask(3, 0), NOW)).toMatchObject({ kind: 'refuse', reason: 'NOT_SUBSCRIBED' });
  });

  it('refuses new subscriptions and changes after the deadline', () => {
    const afterDeadline = new Date(event.registrationDeadline.getTime() + 1000);
    expect(decideSubscription(event, [], ask(1, 1), afterDeadline)).toMatchObject({ kind: 'refuse', reason: 'DEADLINE' });
    expect(decideSubscription(event, [], ask(1, 1), event.registrationDeadline)).toMatchObject({ kind: 'save' });
  });
});
