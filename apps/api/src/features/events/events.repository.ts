import type { PaymentMode, SubscriptionStatus } from '@club/contract';
import type { DbOrTx } from '../../lib/ctx.ts';
import type { SubscriptionRow } from './events.rules.ts';

// ---------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------

export interface EventFields {
  title: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
  registrationDeadline: Date;
  capacity: number | null;
  priceRappen: number;
  maxPlacesPerMember: number;
  paymentMode: PaymentMode;
}

export interface EventRow extends EventFields {
  id: number;
  cancelledAt: Date | null;
}

const eventSelect = {
  id: true,
  title: true,
  description: true,
  location: true,
  start: true,
  end: true,
  registrationDeadline: true,
  capacity: true,
  priceRappen: true,
  maxPlacesPerMember: true,
  paymentMode: true,
  cancelledAt: true,
} as const;

export function findEvent(db: DbOrTx, id: number): Promise<EventRow | null> {
  return db.event.findFirst({ where: { id, cancelledAt: null }, select: eventSelect });
}

/** Events not cancelled: upcoming (not yet ended) soonest first, or past ones latest first. */
export function listEventRows(db: DbOrTx, now: Date, past: boolean): Promise<EventRow[]> {
  return db.event.findMany({
    where: { cancelledAt: null, end: past ? { lt: now } : { gte: now } },
    select: eventSelect,
    orderBy: past ? [{ start: 'desc' }, { id: 'desc' }] : [{ start: 'asc' }, { id: 'asc' }],
  });
}

export function insertEvent(db: DbOrTx, data: EventFields) {
  return db.event.create({ data, select: eventSelect });
}

export function updateEventRow(db: DbOrTx, id: number, data: EventFields) {
  return db.event.update({ where: { id }, data, select: eventSelect });
}

export function deleteEventRow(db: DbOrTx, id: number) {
  return db.event.delete({ where: { id } });
}

export function markEventCancelled(db: DbOrTx, id: number, at: Date) {
  return db.event.update({ where: { id }, data: { cancelledAt: at } });
}

/**
 * SELECT ... FOR UPDATE of the event row: every change of the event's places queues here
 * (docs/domain-rules.md «Tickets»). `set_config(..., true)` is SET LOCAL lock_timeout in the same round trip,
 * so the timeout bounds this very wait (then PostgreSQL raises 55P03). A cancelled event is
 * not found.
 */
export async function lockEvent(db: DbOrTx, id: number, lockTimeoutMs: number): Promise<EventRow | null> {
  const timeout = String(Math.trunc(lockTimeoutMs));
  const rows = await db.$queryRaw<(EventRow & { lockTimeout: string })[]>`
    SELECT set_config('lock_timeout', ${timeout}::text, true) AS "lockTimeout",
           "id", "title", "description", "location", "start", "end", "registrationDeadline",
           "capacity", "priceRappen", "maxPlacesPerMember", "paymentMode"::text AS "paymentMode", "cancelledAt"
    FROM "events" WHERE "id" = ${id} FOR UPDATE`;
  const row = rows[0];
  if (!row || row.cancelledAt) return null;
  const { lockTimeout: _ignored, ...event } = row;
  return event;
}

// ---------------------------------------------------------------------------------------
// Subscriptions
// ---------------------------------------------------------------------------------------

const subscriptionSelect = { id: true, memberId: true, amount: true, status: true, subscriptionTimestamp: true } as const;

/** Every subscription of an event (read after lockEvent, they are current). */
export function listSubscriptionRows(db: DbOrTx, eventId: number): Promise<SubscriptionRow[]> {
  return db.eventSubscription.findMany({
    where: { eventId },
    select: subscriptionSelect,
    orderBy: [{ subscriptionTimestamp: 'asc' }, { id: 'asc' }],
  });
}

/** The subscriptions of several events, grouped by event. */
export async function subscriptionRowsByEvent(db: DbOrTx, eventIds: number[]): Promise<Map<number, SubscriptionRow[]>> {
  const map = new Map<number, SubscriptionRow[]>(eventIds.map((id) => [id, []]));
  if (!eventIds.length) return map;
  const rows = await db.eventSubscription.findMany({
    where: { eventId: { in: eventIds } },
    select: { ...subscriptionSelect, eventId: true },
    orderBy: [{ subscriptionTimestamp: 'asc' }, { id: 'asc' }],
  });
  for (const { eventId, ...row } of rows) map.get(eventId)?.push(row);
  return map;
}

export async function insertSubscriptions(
  db: DbOrTx,
  rows: { eventId: number; memberId: number; amount: number; status: SubscriptionStatus; subscriptionTimestamp: Date }[],
): Promise<void> {
  if (!rows.length) return;
  await db.eventSubscription.createMany({ data: rows });
}

export function updateSubscription(
  db: DbOrTx,
  id: number,
  data: { amount: number; status: SubscriptionStatus; subscriptionTimestamp?: Date },
) {
  return db.eventSubscription.update({ where: { id }, data, select: subscriptionSelect });
}

/** Whether an event place is on an invoice (a cancelled ticket invoice releases its places). */
export async function isSubscriptionBilled(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.billedItem.count({ where: { subscriptionId: id } })) > 0;
}

/** How many places of the event the billing run put on an invoice (an invoice cancelled since gave them back). */
export function countBilledPlacesOfEvent(db: DbOrTx, eventId: number): Promise<number> {
  return db.billedItem.count({ where: { subscription: { eventId } } });
}

export async function deleteSubscriptions(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.eventSubscription.deleteMany({ where: { id: { in: ids } } });
}

export async function confirmSubscriptions(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.eventSubscription.updateMany({ where: { id: { in: ids } }, data: { status: 'CONFIRMED' } });
}

/** Whom to write to: address and name of members. */
export function findMembersForMail(db: DbOrTx, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.member.findMany({ where: { id: { in: ids } }, select: { id: true, email: true, firstName: true, lastName: true } });
}

/** The board's list of an event's subscribers: confirmed first, each in sign-up order. */
export function listSubscribersOfEvent(db: DbOrTx, eventId: number) {
  return db.eventSubscription.findMany({
    where: { eventId },
    select: { ...subscriptionSelect, member: { select: { id: true, memberNumber: true, firstName: true, lastName: true, email: true } } },
    orderBy: [{ status: 'asc' }, { subscriptionTimestamp: 'asc' }, { id: 'asc' }],
  });
}
export type SubscriberRow = Awaited<ReturnType<typeof listSubscribersOfEvent>>[number];

/** A member's subscriptions with their events (also cancelled ones), by event start. */
export function listSubscriptionsOfMember(db: DbOrTx, memberId: number) {
  return db.eventSubscription.findMany({
    where: { memberId },
    select: {
      ...subscriptionSelect,
      event: { select: eventSelect },
      billedItem: { select: { invoice: { select: { id: true, status: true } } } },
      handover: { select: { handedOverAt: true } },
    },
    orderBy: [{ event: { start: 'asc' } }, { id: 'asc' }],
  });
}

// ---------------------------------------------------------------------------------------
// Demo data
// ---------------------------------------------------------------------------------------

/** The first members (by id) other than the one with this username. */
export function findFirstMembersExcept(db: DbOrTx, username: string, take: number) {
  return db.member.findMany({ where: { username: { not: username } }, orderBy: { id: 'asc' }, take, select: { id: true, username: true } });
}
