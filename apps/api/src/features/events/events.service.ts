import type { ClubEvent, EventSubscription, MemberEventSubscription } from '@club/contract';
import { AppError, conflict, notFound, notLoggedIn } from '../../lib/app-error.ts';
import { asBusy } from '../../lib/busy.ts';
import { PerKeyLimit } from '../../lib/per-key-limit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { movedUpMail, signUpMail } from './events.mails.ts';
import { toEvent, toMemberSubscription, toSubscription } from './events.mappers.ts';
import {
  confirmSubscriptions,
  deleteSubscriptions,
  findEvent,
  findMembersForMail,
  insertSubscriptions,
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
  const subs = await subscriptionRowsByEvent(
    ctx.db,
    rows.map((e) => e.id),
  );
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
  return listMemberSubscriptions(ctx, memberIdOf(ctx));
}

/** A member's event places with their state (the member's own list, and the board's view of the member). */
export async function listMemberSubscriptions(ctx: Ctx, memberId: number): Promise<MemberEventSubscription[]> {
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
 * One member transaction per event at a time in this process; the others wait here, each for
 * itself, and leave the pool to other requests (as the ticket sale's `GameTurns`).
 */
export type EventTurns = PerKeyLimit<number>;
export const createEventTurns = (): EventTurns => new PerKeyLimit<number>(1);

/** A request as the decision sees it: who asks, and for what. */
interface SubscriptionItem {
  memberId: number;
  amount: number;
  waitlist: boolean;
}

/**
 * Subscribes, changes the amount or cancels (amount 0) in one transaction of its own: locks
 * the event row, reads its subscriptions, decides the request (events.rules.ts), moves waiting
 * members up into places it freed, writes the difference and the mails. The places are never
 * exceeded, also across several server processes: requests for one event queue on its lock.
 */
export async function subscribe(
  ctx: Ctx,
  site: Site,
  turns: EventTurns,
  eventId: number,
  input: { amount: number; waitlist?: boolean | undefined },
): Promise<SubscribeResult> {
  const item: SubscriptionItem = { memberId: memberIdOf(ctx), amount: input.amount, waitlist: input.waitlist ?? false };
  let answer: SubscribeResult | AppError;
  try {
    answer = await turns.run(eventId, () => decideAndWrite(ctx, site, eventId, item));
  } catch (error) {
    const busy = asBusy(error, BUSY_MESSAGE);
    if (!busy) throw error;
    ctx.log.warn({ eventId, cause: error instanceof Error ? error.message : String(error) }, 'subscription refused as busy');
    throw busy;
  }
  if (answer instanceof AppError) throw answer;
  return answer;
}

/** A row decided in memory; `id` < 0 until it is inserted. */
type MemRow = SubscriptionRow;

/** The request's transaction: the answer, or the AppError that refuses it (nothing written then). */
async function decideAndWrite(ctx: Ctx, site: Site, eventId: number, item: SubscriptionItem): Promise<SubscribeResult | AppError> {
  return withTx(ctx, async (tx) => {
    const event = await lockEvent(tx.db, eventId, LOCK_TIMEOUT_MS);
    if (!event) return notFound(EVENT_NOT_FOUND);
    const original = await listSubscriptionRows(tx.db, eventId);
    let rows: MemRow[] = original.map((r) => ({ ...r }));
    const decision = decideSubscription(event, rows, item, tx.now);
    if (decision.kind === 'refuse') return refusal(decision.reason, decision.message);
    let own: MemRow | null = null;
    if (decision.kind === 'cancel') {
      rows = rows.filter((r) => r.memberId !== item.memberId);
    } else {
      const before = rows.find((r) => r.memberId === item.memberId);
      own = {
        id: before?.id ?? -1,
        memberId: item.memberId,
        amount: decision.amount,
        status: decision.status,
        subscriptionTimestamp: decision.newTimestamp || !before ? tx.now : before.subscriptionTimestamp,
      };
      rows = [...rows.filter((r) => r.memberId !== item.memberId), own];
    }
    // Places the request freed go to the waiting list at once (own included when it waited).
    const movedUp = new Set<number>();
    for (const moved of promotions(event.capacity, rows, tx.now, event.start)) {
      moved.status = 'CONFIRMED';
      if (moved.memberId !== item.memberId) movedUp.add(moved.memberId);
    }
    const answer: SubscribeResult = {
      subscription: own ? toSubscription(event, own) : null,
      created: decision.kind === 'save' && decision.row === null,
    };

    // Write the difference between the rows read and the rows decided.
    const finalIds = new Set(rows.map((r) => r.id));
    const gone = original.filter((r) => !finalIds.has(r.id)).map((r) => r.id);
    if (gone.length) await deleteSubscriptions(tx.db, gone);
    const byId = new Map(original.map((r) => [r.id, r]));
    for (const r of rows) {
      const was = byId.get(r.id);
      if (
        was &&
        (was.amount !== r.amount || was.status !== r.status || was.subscriptionTimestamp.getTime() !== r.subscriptionTimestamp.getTime())
      ) {
        await updateSubscription(tx.db, r.id, { amount: r.amount, status: r.status, subscriptionTimestamp: r.subscriptionTimestamp });
      }
    }
    await insertSubscriptions(
      tx.db,
      rows
        .filter((r) => r.id < 0)
        .map((r) => ({
          eventId,
          memberId: r.memberId,
          amount: r.amount,
          status: r.status,
          subscriptionTimestamp: r.subscriptionTimestamp,
        })),
    );

    // Mail those who moved up, and confirm the member's own sign-up or change (a place or one on the waiting list).
    const confirmed = rows.filter((r) => movedUp.has(r.memberId));
    await mailMovedUp(tx, site, event, confirmed);
    await mailRows(tx, own ? [own] : [], (member, row) =>
      signUpMail(
        { firstName: member.firstName, event, amount: row.amount, clubName: site.clubName, publicUrl: site.publicUrl },
        row.status,
      ),
    );
    tx.log.info({ eventId, amount: item.amount, movedUp: confirmed.length }, 'subscription decided');
    return answer;
  });
}

/** One mail to each row's member, made by `make` (members gone since are skipped). */
async function mailRows(
  tx: Ctx,
  rows: readonly SubscriptionRow[],
  make: (member: { firstName: string }, row: SubscriptionRow) => { subject: string; text: string },
): Promise<void> {
  if (!rows.length) return;
  const members = new Map(
    (
      await findMembersForMail(
        tx.db,
        rows.map((r) => r.memberId),
      )
    ).map((m) => [m.id, m]),
  );
  for (const row of rows) {
    const member = members.get(row.memberId);
    if (member) await enqueueMail(tx.db, { to: member.email, ...make(member, row) });
  }
}

async function mailMovedUp(tx: Ctx, site: Site, event: EventRow, moved: readonly SubscriptionRow[]): Promise<void> {
  if (!moved.length) return;
  await mailRows(tx, moved, (member, row) =>
    movedUpMail({ firstName: member.firstName, event, amount: row.amount, clubName: site.clubName, publicUrl: site.publicUrl }),
  );
  tx.log.info({ eventId: event.id, movedUp: moved.length }, 'waiting members moved up');
}

/**
 * Moves waiting members up as far as the places allow (events.rules.ts `promotions`), inside
 * the caller's transaction that holds the event's lock, and mails each of them (the member
 * Returns who moved up.
 */
export async function moveUp(tx: Ctx, site: Site, event: EventRow, rows: readonly SubscriptionRow[]): Promise<SubscriptionRow[]> {
  const moved = promotions(event.capacity, rows, tx.now, event.start);
  if (!moved.length) return moved;
  await confirmSubscriptions(
    tx.db,
    moved.map((r) => r.id),
  );
  await mailMovedUp(tx, site, event, moved);
  return moved;
}
