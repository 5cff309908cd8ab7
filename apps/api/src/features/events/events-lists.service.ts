import type { EventSubscriber } from '@club/contract';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { asBusy } from '../../lib/busy.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { movedUpMail, removedMail, signUpMail } from './events.mails.ts';
import { toSubscriber } from './events.mappers.ts';
import {
  confirmSubscriptions,
  deleteSubscriptions,
  isSubscriptionBilled,
  findMembersForMail,
  insertSubscriptions,
  listSubscribersOfEvent,
  listSubscriptionRows,
  lockEvent,
  type EventRow,
} from './events.repository.ts';
import { confirmedPlaces, places } from './events.rules.ts';
import { BUSY_MESSAGE, EVENT_NOT_FOUND, LOCK_TIMEOUT_MS, moveUp, type Site } from './events.service.ts';

/**
 * The board's changes to an event's list (docs/domain-rules.md «Tickets»): a member signed up by
 * hand, removed, or promoted from the waiting list, each with an optional reason, audited and
 * mailed, under the event's row lock and within its places.
 */

async function busyOr<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw asBusy(error, BUSY_MESSAGE) ?? error;
  }
}

async function lockOpenEvent(tx: Ctx, id: number): Promise<EventRow> {
  const event = await lockEvent(tx.db, id, LOCK_TIMEOUT_MS);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  if (event.cancelledAt) throw conflict('Diese Veranstaltung ist abgesagt.', 'DEADLINE_PASSED');
  if (tx.now >= event.start) throw conflict('Die Veranstaltung hat bereits begonnen.', 'DEADLINE_PASSED');
  return event;
}

async function mailTo(tx: Ctx, memberId: number, mail: (firstName: string) => { subject: string; text: string }): Promise<void> {
  const [member] = await findMembersForMail(tx.db, [memberId]);
  if (member?.email) await enqueueMail(tx.db, { to: member.email, ...mail(member.firstName) });
}

async function subscriberOut(tx: Ctx, eventId: number, memberId: number): Promise<EventSubscriber> {
  const row = (await listSubscribersOfEvent(tx.db, eventId)).find((r) => r.member.id === memberId);
  if (!row) throw notFound('Diese Anmeldung gibt es nicht.');
  return toSubscriber(row);
}

/** Signs a member up by hand: confirmed when the places are there and nobody waits, else at the end of the waiting list. */
export async function addSubscriber(
  ctx: Ctx,
  site: Site,
  eventId: number,
  input: { memberId: number; amount: number; reason?: string | undefined },
): Promise<EventSubscriber> {
  return busyOr(() =>
    withTx(ctx, async (tx) => {
      const event = await lockOpenEvent(tx, eventId);
      const [member] = await findMembersForMail(tx.db, [input.memberId]);
      if (!member) throw invalid('Dieses Mitglied gibt es nicht.', { memberId: 'Dieses Mitglied gibt es nicht.' });
      if (input.amount > event.maxPlacesPerMember) {
        const message = `Pro Mitglied sind höchstens ${places(event.maxPlacesPerMember)} möglich.`;
        throw new AppError('QUOTA_EXCEEDED', message, { amount: message });
      }
      const rows = await listSubscriptionRows(tx.db, eventId);
      if (rows.some((r) => r.memberId === input.memberId)) throw conflict('Dieses Mitglied ist bereits angemeldet.', 'ALREADY_EXISTS');
      const waiting = rows.some((r) => r.status === 'WAITING');
      const fits = event.capacity === null || (!waiting && confirmedPlaces(rows) + input.amount <= event.capacity);
      const status = fits ? 'CONFIRMED' : 'WAITING';
      await insertSubscriptions(tx.db, [
        { eventId, memberId: input.memberId, amount: input.amount, status, subscriptionTimestamp: tx.now },
      ]);
      await writeAudit(tx, {
        action: 'eventsubscription.added',
        entity: 'event',
        entityId: eventId,
        data: { memberId: input.memberId, amount: input.amount, status, reason: input.reason ?? null },
      });
      await mailTo(tx, input.memberId, (firstName) =>
        signUpMail(
          { firstName, event, amount: input.amount, clubName: site.clubName, publicUrl: site.publicUrl, reason: input.reason },
          status,
        ),
      );
      // A waiting member that fits the places left moves up with the new row in the list.
      if (status === 'WAITING') await moveUp(tx, site, event, await listSubscriptionRows(tx.db, eventId));
      return subscriberOut(tx, eventId, input.memberId);
    }),
  );
}

/** Removes a member's sign-up (confirmed or waiting); freed places move up at once. */
export async function removeSubscriber(ctx: Ctx, site: Site, eventId: number, memberId: number, reason: string | undefined): Promise<void> {
  await busyOr(() =>
    withTx(ctx, async (tx) => {
      const event = await lockOpenEvent(tx, eventId);
      const rows = await listSubscriptionRows(tx.db, eventId);
      const row = rows.find((r) => r.memberId === memberId);
      if (!row) throw notFound('Diese Anmeldung gibt es nicht.');
      if (await isSubscriptionBilled(tx.db, row.id)) {
        throw conflict('Diese Anmeldung ist bereits verrechnet: Bitte zuerst die Rechnung stornieren.', 'IN_USE');
      }
      await deleteSubscriptions(tx.db, [row.id]);
      await writeAudit(tx, {
        action: 'eventsubscription.removed',
        entity: 'event',
        entityId: eventId,
        data: { memberId, amount: row.amount, status: row.status, reason: reason ?? null },
      });
      await mailTo(tx, memberId, (firstName) =>
        removedMail({ firstName, event, amount: row.amount, clubName: site.clubName, publicUrl: site.publicUrl, reason }),
      );
      await moveUp(
        tx,
        site,
        event,
        rows.filter((r) => r.id !== row.id),
      );
    }),
  );
}

/** Promotes a waiting member by hand, ahead of the list: within the places only (a 409 beyond, unless the board raises the capacity first). */
export async function promoteSubscriber(
  ctx: Ctx,
  site: Site,
  eventId: number,
  memberId: number,
  reason: string | undefined,
): Promise<EventSubscriber> {
  return busyOr(() =>
    withTx(ctx, async (tx) => {
      const event = await lockOpenEvent(tx, eventId);
      const rows = await listSubscriptionRows(tx.db, eventId);
      const row = rows.find((r) => r.memberId === memberId);
      if (!row) throw notFound('Diese Anmeldung gibt es nicht.');
      if (row.status !== 'WAITING') throw conflict('Nur wer auf der Warteliste steht, kann nachrücken.');
      const free = event.capacity === null ? Infinity : event.capacity - confirmedPlaces(rows);
      if (row.amount > free) {
        throw new AppError(
          'QUOTA_EXCEEDED',
          `Es ${free === 1 ? 'ist' : 'sind'} nur ${places(Math.max(0, free))} frei, die Anmeldung will ${places(row.amount)}. Erhöhen Sie zuerst die Anzahl Plätze.`,
        );
      }
      await confirmSubscriptions(tx.db, [row.id]);
      await writeAudit(tx, {
        action: 'eventsubscription.promoted',
        entity: 'event',
        entityId: eventId,
        data: { memberId, amount: row.amount, reason: reason ?? null },
      });
      await mailTo(tx, memberId, (firstName) =>
        movedUpMail({ firstName, event, amount: row.amount, clubName: site.clubName, publicUrl: site.publicUrl }),
      );
      return subscriberOut(tx, eventId, memberId);
    }),
  );
}
