import type { InvoiceStatus } from '@club/contract';
import type {
  AdminEvent,
  ClubEvent,
  EventSubscriber,
  EventSubscription,
  MemberEventSubscription,
  OwnEventSubscription,
} from '@club/contract';
import { itemTotalRappen } from '../../lib/payment-mode.ts';
import type { EventRow, SubscriberRow } from './events.repository.ts';
import { confirmedPlaces, placesLeft, toMoney, waitingPosition, type SubscriptionRow } from './events.rules.ts';

/** Rows to the contract's shapes, field by field (a Prisma row is never sent as is). */

/** What the subscription's answer needs of its event: the price per place and how it is paid. */
export type SubscriptionEvent = Pick<EventRow, 'id' | 'priceRappen' | 'paymentMode'>;

export function toSubscription(
  event: SubscriptionEvent,
  row: Pick<SubscriptionRow, 'amount' | 'status' | 'subscriptionTimestamp'>,
): EventSubscription {
  return {
    eventId: event.id,
    amount: row.amount,
    status: row.status,
    subscriptionTimestamp: row.subscriptionTimestamp.toISOString(),
    // An event has no delivery option: no fee, the total is the places at the event's price.
    fee: toMoney(0),
    total: toMoney(itemTotalRappen(row.amount, event.priceRappen, 0)),
    paymentMode: event.paymentMode,
  };
}

export function toOwnSubscription(
  event: SubscriptionEvent,
  rows: readonly SubscriptionRow[],
  memberId: number,
): OwnEventSubscription | null {
  const own = rows.find((r) => r.memberId === memberId);
  if (!own) return null;
  return { ...toSubscription(event, own), waitingPosition: waitingPosition(rows, memberId) };
}

function eventFields(e: EventRow, rows: readonly SubscriptionRow[], now: Date) {
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    location: e.location,
    start: e.start.toISOString(),
    end: e.end.toISOString(),
    registrationDeadline: e.registrationDeadline.toISOString(),
    capacity: e.capacity,
    price: toMoney(e.priceRappen),
    maxPlacesPerMember: e.maxPlacesPerMember,
    paymentMode: e.paymentMode,
    placesLeft: placesLeft(e.capacity, rows),
    waitingCount: rows.filter((r) => r.status === 'WAITING').length,
    registrationOpen: now <= e.registrationDeadline,
    ended: now > e.end,
  };
}

export function toEvent(e: EventRow, rows: readonly SubscriptionRow[], now: Date, memberId: number | null): ClubEvent {
  return { ...eventFields(e, rows, now), subscription: memberId === null ? null : toOwnSubscription(e, rows, memberId) };
}

export function toAdminEvent(e: EventRow, rows: readonly SubscriptionRow[], now: Date): AdminEvent {
  return {
    ...eventFields(e, rows, now),
    placesTaken: confirmedPlaces(rows),
    placesWaiting: rows.reduce((sum, r) => (r.status === 'WAITING' ? sum + r.amount : sum), 0),
    subscriberCount: rows.length,
  };
}

export function toSubscriber(row: SubscriberRow): EventSubscriber {
  return {
    member: { id: row.member.id, firstName: row.member.firstName, lastName: row.member.lastName },
    amount: row.amount,
    status: row.status,
    subscriptionTimestamp: row.subscriptionTimestamp.toISOString(),
  };
}

export function toMemberSubscription(
  row: SubscriptionRow & {
    event: EventRow;
    billedItem: { invoice: { id: number; status: InvoiceStatus } } | null;
    handover: { handedOverAt: Date } | null;
  },
  eventRows: readonly SubscriptionRow[],
): MemberEventSubscription {
  return {
    ...toSubscription(row.event, row),
    waitingPosition: waitingPosition(eventRows, row.memberId),
    eventTitle: row.event.title,
    eventStart: row.event.start.toISOString(),
    eventLocation: row.event.location,
    eventPrice: toMoney(row.event.priceRappen),
    eventCancelled: row.event.cancelledAt !== null,
    invoiceId: row.billedItem?.invoice.id ?? null,
    invoiceStatus: row.billedItem?.invoice.status ?? null,
    handedOverAt: row.handover?.handedOverAt.toISOString() ?? null,
  };
}
