import type { SubscriptionStatus } from '@club/contract';
import { servedInOrder } from '@club/contract/fair-sale';

/**
 * Pure rules of event subscriptions (docs/domain-rules.md «Events», «Tickets»): places left, the waiting list and what
 * one request does. Decided only on rows read after the event's row lock.
 */

export { toMoney, toRappen } from '@club/contract';

export interface SubscriptionRow {
  id: number;
  memberId: number;
  amount: number;
  status: SubscriptionStatus;
  subscriptionTimestamp: Date;
}

export interface EventLimits {
  /** null: unlimited. */
  capacity: number | null;
  maxPlacesPerMember: number;
  start: Date;
  registrationDeadline: Date;
}

export function confirmedPlaces(rows: readonly SubscriptionRow[]): number {
  return rows.reduce((sum, r) => (r.status === 'CONFIRMED' ? sum + r.amount : sum), 0);
}

/** The waiting list in sign-up order (ties by id). */
export function waitingInOrder(rows: readonly SubscriptionRow[]): SubscriptionRow[] {
  return rows
    .filter((r) => r.status === 'WAITING')
    .sort((a, b) => a.subscriptionTimestamp.getTime() - b.subscriptionTimestamp.getTime() || a.id - b.id);
}

/**
 * Places a new subscriber can get: none while members wait (freed places belong to them),
 * otherwise capacity minus confirmed places; null when unlimited.
 */
export function placesLeft(capacity: number | null, rows: readonly SubscriptionRow[]): number | null {
  if (capacity === null) return null;
  if (rows.some((r) => r.status === 'WAITING')) return 0;
  return Math.max(0, capacity - confirmedPlaces(rows));
}

/** 1 for the next to move up; null when the member is not waiting. */
export function waitingPosition(rows: readonly SubscriptionRow[], memberId: number): number | null {
  const i = waitingInOrder(rows).findIndex((r) => r.memberId === memberId);
  return i < 0 ? null : i + 1;
}

/**
 * Who moves up from the waiting list (docs/domain-rules.md «Tickets»): the first waiting
 * requests in sign-up order that fit, whole (`servedInOrder`, the one rule of games and events);
 * a larger request keeps its place for the next freed places. Nobody moves up once the event
 * has started.
 */
export function promotions(capacity: number | null, rows: readonly SubscriptionRow[], now: Date, start: Date): SubscriptionRow[] {
  if (now >= start) return [];
  const free = capacity === null ? null : Math.max(0, capacity - confirmedPlaces(rows));
  return servedInOrder(free, waitingInOrder(rows));
}

export type SubscriptionRefusal = 'NOT_SUBSCRIBED' | 'DEADLINE' | 'STARTED' | 'PER_MEMBER' | 'FULL';

export type SubscriptionDecision =
  | { kind: 'cancel'; row: SubscriptionRow }
  /** Writes the member's row; `newTimestamp` puts them at the end of the waiting list. */
  | { kind: 'save'; status: SubscriptionStatus; amount: number; newTimestamp: boolean; row: SubscriptionRow | null }
  | { kind: 'refuse'; reason: SubscriptionRefusal; message: string };

const places = (n: number) => `${n} ${n === 1 ? 'Platz' : 'Plätze'}`;

/**
 * What a request of `amount` places (0 = cancel) does, on the event's current rows:
 * - cancelling: confirmed places until the deadline, the waiting list until the start;
 * - a confirmed member may lower the amount, and raise it only into free places while nobody waits;
 * - a waiting member may change the amount (raising it moves them to the end of the list);
 * - a new member is confirmed when nobody waits and the places are left; otherwise they join
 *   the waiting list when they asked for it (`waitlist`), else the request is refused.
 */
export function decideSubscription(
  event: EventLimits,
  rows: readonly SubscriptionRow[],
  request: { memberId: number; amount: number; waitlist: boolean },
  now: Date,
): SubscriptionDecision {
  const own = rows.find((r) => r.memberId === request.memberId) ?? null;
  if (request.amount === 0) {
    if (!own) return { kind: 'refuse', reason: 'NOT_SUBSCRIBED', message: 'Sie sind für diese Veranstaltung nicht angemeldet.' };
    if (own.status === 'WAITING') {
      if (now >= event.start) return { kind: 'refuse', reason: 'STARTED', message: 'Die Veranstaltung hat bereits begonnen.' };
      return { kind: 'cancel', row: own };
    }
    if (now > event.registrationDeadline) {
      return {
        kind: 'refuse',
        reason: 'DEADLINE',
        message: 'Der Anmeldeschluss ist vorbei: Die Anmeldung kann nicht mehr geändert werden.',
      };
    }
    return { kind: 'cancel', row: own };
  }
  if (now > event.registrationDeadline) {
    return { kind: 'refuse', reason: 'DEADLINE', message: 'Der Anmeldeschluss ist vorbei: Anmeldungen sind nicht mehr möglich.' };
  }
  if (request.amount > event.maxPlacesPerMember) {
    return { kind: 'refuse', reason: 'PER_MEMBER', message: `Pro Mitglied sind höchstens ${places(event.maxPlacesPerMember)} möglich.` };
  }
  const others = rows.filter((r) => r.memberId !== request.memberId);
  const othersWait = others.some((r) => r.status === 'WAITING');
  const free = event.capacity === null ? Number.POSITIVE_INFINITY : event.capacity - confirmedPlaces(others);

  if (own?.status === 'CONFIRMED') {
    if (request.amount <= own.amount || (!othersWait && request.amount <= free)) {
      return { kind: 'save', status: 'CONFIRMED', amount: request.amount, newTimestamp: false, row: own };
    }
    const more = othersWait ? 0 : Math.max(0, free - own.amount);
    return {
      kind: 'refuse',
      reason: 'FULL',
      message:
        more > 0 ? `Es ${more === 1 ? 'ist' : 'sind'} nur noch ${places(more)} zusätzlich frei.` : 'Es sind keine weiteren Plätze frei.',
    };
  }
  if (own?.status === 'WAITING') {
    return { kind: 'save', status: 'WAITING', amount: request.amount, newTimestamp: request.amount > own.amount, row: own };
  }
  if (!othersWait && request.amount <= free)
    return { kind: 'save', status: 'CONFIRMED', amount: request.amount, newTimestamp: true, row: null };
  if (request.waitlist) return { kind: 'save', status: 'WAITING', amount: request.amount, newTimestamp: true, row: null };
  const left = othersWait ? 0 : Math.max(0, free);
  return {
    kind: 'refuse',
    reason: 'FULL',
    message:
      left > 0
        ? `Es ${left === 1 ? 'ist' : 'sind'} nur noch ${places(left)} frei. Sie können sich auf die Warteliste setzen.`
        : 'Diese Veranstaltung ist ausgebucht. Sie können sich auf die Warteliste setzen.',
  };
}

export { places };
