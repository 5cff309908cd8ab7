import type { AdminEvent, EventSubscriber, eventInputSchema } from '@club/contract';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { asBusy } from '../../lib/busy.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { eventCancelledMail } from './events.mails.ts';
import { toAdminEvent, toSubscriber } from './events.mappers.ts';
import {
  countBilledPlacesOfEvent,
  deleteEventRow,
  findEvent,
  findMembersForMail,
  insertEvent,
  listEventRows,
  listSubscribersOfEvent,
  listSubscriptionRows,
  lockEvent,
  markEventCancelled,
  subscriptionRowsByEvent,
  updateEventRow,
  type EventFields,
  type EventRow,
  type SubscriberRow,
} from './events.repository.ts';
import { confirmedPlaces, places, toRappen } from './events.rules.ts';
import { BUSY_MESSAGE, EVENT_NOT_FOUND, LOCK_TIMEOUT_MS, moveUp, type Site } from './events.service.ts';

type EventBody = z.output<typeof eventInputSchema>;

function fieldsOf(body: EventBody): EventFields {
  return {
    title: body.title,
    description: body.description,
    location: body.location,
    start: new Date(body.start),
    end: new Date(body.end),
    registrationDeadline: new Date(body.registrationDeadline),
    capacity: body.capacity,
    priceRappen: toRappen(body.price),
    maxPlacesPerMember: body.maxPlacesPerMember,
    paymentMode: body.paymentMode,
  };
}

/** What changed, for the audit row: `[{ field, before, after }]`. */
function changes(before: EventRow, after: EventFields): { field: string; before: unknown; after: unknown }[] {
  const out: { field: string; before: unknown; after: unknown }[] = [];
  for (const key of Object.keys(after) as (keyof EventFields)[]) {
    const a = before[key];
    const b = after[key];
    const same = a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
    if (!same) out.push({ field: key, before: a instanceof Date ? a.toISOString() : a, after: b instanceof Date ? b.toISOString() : b });
  }
  return out;
}

async function busyOr<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw asBusy(error, BUSY_MESSAGE) ?? error;
  }
}

/** All events not cancelled: upcoming soonest first, then past ones latest first; with places taken and waiting. */
export async function listAdminEvents(ctx: Ctx): Promise<AdminEvent[]> {
  const rows = [...(await listEventRows(ctx.db, ctx.now, false)), ...(await listEventRows(ctx.db, ctx.now, true))];
  const subs = await subscriptionRowsByEvent(
    ctx.db,
    rows.map((e) => e.id),
  );
  return rows.map((e) => toAdminEvent(e, subs.get(e.id) ?? [], ctx.now));
}

export async function getAdminEvent(ctx: Ctx, id: number): Promise<AdminEvent> {
  const row = await findEvent(ctx.db, id);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return toAdminEvent(row, await listSubscriptionRows(ctx.db, id), ctx.now);
}

export async function listSubscribers(ctx: Ctx, id: number): Promise<EventSubscriber[]> {
  return (await listSubscriberRows(ctx, id)).rows.map(toSubscriber);
}

/** The event and its subscribers as rows (for the spreadsheet). */
export async function listSubscriberRows(ctx: Ctx, id: number): Promise<{ event: EventRow; rows: SubscriberRow[] }> {
  const event = await findEvent(ctx.db, id);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return { event, rows: await listSubscribersOfEvent(ctx.db, id) };
}

export async function createEvent(ctx: Ctx, body: EventBody): Promise<AdminEvent> {
  return withTx(ctx, async (tx) => {
    const row = await insertEvent(tx.db, fieldsOf(body));
    await writeAudit(tx, {
      action: 'event.created',
      entity: 'event',
      entityId: row.id,
      data: { title: row.title, start: row.start.toISOString(), capacity: row.capacity },
    });
    return toAdminEvent(row, [], tx.now);
  });
}

/**
 * Changes an event under its lock. The capacity may not drop below the confirmed places
 * (409); a larger capacity moves waiting members up at once (with their mail).
 */
export async function updateEvent(ctx: Ctx, site: Site, id: number, body: EventBody): Promise<AdminEvent> {
  return busyOr(() =>
    withTx(ctx, async (tx) => {
      const before = await lockEvent(tx.db, id, LOCK_TIMEOUT_MS);
      if (!before) throw notFound(EVENT_NOT_FOUND);
      const rows = await listSubscriptionRows(tx.db, id);
      const fields = fieldsOf(body);
      const taken = confirmedPlaces(rows);
      if (fields.capacity !== null && fields.capacity < taken) {
        throw conflict(`Es sind bereits ${places(taken)} fest vergeben: Die Anzahl Plätze kann nicht kleiner werden.`, 'QUOTA_EXCEEDED');
      }
      if (fields.paymentMode !== before.paymentMode) {
        const billed = await countBilledPlacesOfEvent(tx.db, id);
        if (billed > 0) {
          throw conflict(
            `Für diesen Anlass ${billed === 1 ? 'ist bereits eine Anmeldung' : `sind bereits ${billed} Anmeldungen`} verrechnet: ` +
              'Die Zahlungsart kann nicht mehr geändert werden, solange ihre Rechnungen nicht storniert sind.',
            'CONFLICT',
          );
        }
      }
      const diff = changes(before, fields);
      if (!diff.length) return toAdminEvent(before, rows, tx.now);
      const row = await updateEventRow(tx.db, id, fields);
      await writeAudit(tx, { action: 'event.updated', entity: 'event', entityId: id, data: { title: row.title, changes: diff } });
      const moved = await moveUp(tx, site, row, rows);
      const movedIds = new Set(moved.map((r) => r.id));
      const after = rows.map((r) => (movedIds.has(r.id) ? { ...r, status: 'CONFIRMED' as const } : r));
      return toAdminEvent(row, after, tx.now);
    }),
  );
}

/**
 * Deletes an event; one with subscribers is cancelled instead (kept for the records, gone
 * from every list) and each subscriber gets a mail.
 */
export async function deleteEvent(ctx: Ctx, site: Site, id: number): Promise<void> {
  await busyOr(() =>
    withTx(ctx, async (tx) => {
      const event = await lockEvent(tx.db, id, LOCK_TIMEOUT_MS);
      if (!event) throw notFound(EVENT_NOT_FOUND);
      const rows = await listSubscriptionRows(tx.db, id);
      if (!rows.length) {
        await deleteEventRow(tx.db, id);
        await writeAudit(tx, { action: 'event.deleted', entity: 'event', entityId: id, data: { title: event.title } });
        return;
      }
      await markEventCancelled(tx.db, id, tx.now);
      for (const member of await findMembersForMail(
        tx.db,
        rows.map((r) => r.memberId),
      )) {
        await enqueueMail(tx.db, {
          to: member.email,
          ...eventCancelledMail({ firstName: member.firstName, event, clubName: site.clubName }),
        });
      }
      await writeAudit(tx, {
        action: 'event.cancelled',
        entity: 'event',
        entityId: id,
        data: { title: event.title, subscribers: rows.length },
      });
    }),
  );
}
