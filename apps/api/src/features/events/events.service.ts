import type { ClubEvent, EventSubscription, MemberEventSubscription } from '@club/contract';
import { AppError, conflict, notFound, notLoggedIn } from '../../lib/app-error.ts';
import { asBusy } from '../../lib/busy.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { movedUpMail } from './events.mails.ts';
import { toEvent, toMemberSubscription, toSubscription } from './events.mappers.ts';
import {
  confirmSubscriptions,
  deleteSubscription,
  findEvent,
  findMembersForMail,
  insertSubscription,
  listEventRows,
  listSubscriptionRows,
  listSubscriptionsOfMember,
  lockEvent,
  subscriptionRowsByEvent,
  updateSubscription,
  type EventRow,
} from './events.repository.ts';
import { decideSubscription, promotions, type SubscriptionRefusal, type SubscriptionRow } from './events.rules.ts';

/** How long a subscription waits for the event's lock before it answers 503 BUSY. */
export const LOCK_TIMEOUT_MS = 3_000;

export const BUSY_MESSAGE = 'Gerade melden sich sehr viele Mitglieder gleichzeitig an. Bitte nochmals versuchen.';
export const EVENT_NOT_FOUND = 'Diese Veranstaltung gibt es nicht.';

/** What mails need to know about the site. */
export interface Site {
  clubName: string;
  publicUrl: string;
}

function memberIdOf(ctx: Ctx): number {
  if (!ctx.actor) throw notLoggedIn();
  return ctx.actor.memberId;
}

/** Upcoming events (not yet ended) soonest first, or past ones latest first; each with places left and the member's own subscription. */
export async function listEvents(ctx: Ctx, past: boolean): Promise<ClubEvent[]> {
  const rows = await listEventRows(ctx.db, ctx.now, past);
  const subs = await subscriptionRowsByEvent(ctx.db, rows.map((e) => e.id));
  return rows.map((e) => toEvent(e, subs.get(e.id) ?? [], ctx.now, ctx.actor?.memberId ?? null));
}

export async function getEvent(ctx: Ctx, id: number): Promise<ClubEvent> {
  const row = await findEvent(ctx.db, id);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  const subs = await listSubscriptionRows(ctx.db, id);
  return toEvent(row, subs, ctx.now, ctx.actor?.memberId ?? null);
}

/** The event for its calendar file. */
export async function getEventForCalendar(ctx: Ctx, id: number): Promise<EventRow> {
  const row = await findEvent(ctx.db, id);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return row;
}

/** The member's subscriptions (account page), by event start; those of cancelled events say so. */
export async function listOwnSubscriptions(ctx: Ctx): Promise<MemberEventSubscription[]> {
  const memberId = memberIdOf(ctx);
  const rows = await listSubscriptionsOfMember(ctx.db, memberId);
  const waitingEvents = [...new Set(rows.filter((r) => r.status === 'WAITING').map((r) => r.event.id))];
  const byEvent = await subscriptionRowsByEvent(ctx.db, waitingEvents);
  return rows.map((r) => toMemberSubscription({ ...r, memberId }, byEvent.get(r.event.id) ?? []));
}

export interface SubscribeResult {
  /** null: the subscription was cancelled. */
  subscription: EventSubscription | null;
  created: boolean;
}

function refusal(reason: SubscriptionRefusal, message: string): AppError {
  switch (reason) {
    case 'NOT_SUBSCRIBED':
      return notFound(message);
    case 'DEADLINE':
    case 'STARTED':
      return conflict(message, 'DEADLINE_PASSED');
    case 'PER_MEMBER':
    case 'FULL':
      return new AppError('QUOTA_EXCEEDED', message, { amount: message });
  }
}

/**
 * Subscribes, changes the amount or cancels (amount 0), in one transaction that first locks
 * the event row: the places are counted and written under the lock, so they are never
 * exceeded, and freed places go to the waiting list in the same transaction.
 */
export async function subscribe(ctx: Ctx, site: Site, eventId: number, input: { amount: number; waitlist?: boolean | undefined }): Promise<SubscribeResult> {
  const memberId = memberIdOf(ctx);
  try {
    return await withTx(ctx, async (tx) => {
      const event = await lockEvent(tx.db, eventId, LOCK_TIMEOUT_MS);
      if (!event) throw notFound(EVENT_NOT_FOUND);
      const rows = await listSubscriptionRows(tx.db, eventId);
      const decision = decideSubscription(event, rows, { memberId, amount: input.amount, waitlist: input.waitlist ?? false }, tx.now);
      if (decision.kind === 'refuse') throw refusal(decision.reason, decision.message);

      let after: SubscriptionRow[];
      let own: SubscriptionRow | null = null;
      if (decision.kind === 'cancel') {
        await deleteSubscription(tx.db, decision.row.id);
        after = rows.filter((r) => r.id !== decision.row.id);
      } else {
        const data = { amount: decision.amount, status: decision.status, ...(decision.newTimestamp ? { subscriptionTimestamp: tx.now } : {}) };
        own = decision.row
          ? await updateSubscription(tx.db, decision.row.id, data)
          : await insertSubscription(tx.db, { eventId, memberId, amount: decision.amount, status: decision.status, subscriptionTimestamp: tx.now });
        after = [...rows.filter((r) => r.memberId !== memberId), own];
      }
      const moved = await moveUp(tx, site, event, after, memberId);
      const ownId = own?.id;
      if (own && moved.some((r) => r.id === ownId)) own = { ...own, status: 'CONFIRMED' };
      return { subscription: own ? toSubscription(eventId, own) : null, created: decision.kind === 'save' && decision.row === null };
    });
  } catch (error) {
    const busy = asBusy(error, BUSY_MESSAGE);
    if (busy) {
      ctx.log.warn({ eventId, cause: error instanceof Error ? error.message : String(error) }, 'subscription refused as busy');
      throw busy;
    }
    throw error;
  }
}

/**
 * Moves waiting members up as far as the places allow (events.rules.ts `promotions`), inside
 * the caller's transaction that holds the event's lock, and mails each of them (the member
 * whose own request this is sees it in the answer and gets no mail). Returns who moved up.
 */
export async function moveUp(tx: Ctx, site: Site, event: EventRow, rows: readonly SubscriptionRow[], exceptMemberId: number | null = null): Promise<SubscriptionRow[]> {
  const moved = promotions(event.capacity, rows, tx.now, event.start);
  if (!moved.length) return moved;
  await confirmSubscriptions(tx.db, moved.map((r) => r.id));
  const members = new Map((await findMembersForMail(tx.db, moved.map((r) => r.memberId))).map((m) => [m.id, m]));
  for (const row of moved) {
    const member = members.get(row.memberId);
    if (!member || row.memberId === exceptMemberId) continue;
    const mail = movedUpMail({ firstName: member.firstName, event, amount: row.amount, clubName: site.clubName, publicUrl: site.publicUrl });
    await enqueueMail(tx.db, { to: member.email, ...mail });
  }
  tx.log.info({ eventId: event.id, movedUp: moved.length }, 'waiting members moved up');
  return moved;
}
