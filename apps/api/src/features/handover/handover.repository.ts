import type { InvoiceStatus } from '@club/contract';
import type { DbOrTx } from '../../lib/ctx.ts';

/** Hand-over of tickets and event places, and the member card: the only file of the feature with SQL. */

export interface HandoverRow {
  id: number;
  memberId: number;
  memberNumber: number;
  firstName: string;
  lastName: string;
  amount: number;
  priceRappen: number;
  optionId: number | null;
  optionName: string | null;
  feeRappen: number;
  paymentMode: 'INVOICE' | 'ON_SITE';
  invoiceId: number | null;
  invoiceStatus: InvoiceStatus | null;
  handedOverAt: Date | null;
}

export function gameExists(db: DbOrTx, gameId: number) {
  return db.game.findUnique({ where: { id: gameId }, select: { id: true } });
}

export function eventExists(db: DbOrTx, eventId: number) {
  return db.event.findUnique({ where: { id: eventId }, select: { id: true } });
}

/** The reservations of a game for the hand-over, by member name. */
export function listReservationsForHandover(db: DbOrTx, gameId: number): Promise<HandoverRow[]> {
  return db.$queryRaw<HandoverRow[]>`
    SELECT r."id", m."id" AS "memberId", m."memberNumber", m."firstName", m."lastName", r."amount",
           r."pricePerTicketRappen" AS "priceRappen", o."id" AS "optionId", o."name" AS "optionName", o."feeRappen",
           gg."paymentMode"::text AS "paymentMode",
           i."id" AS "invoiceId", i."status"::text AS "invoiceStatus", h."handedOverAt"
      FROM "ticket_reservations" r
      JOIN "members" m ON m."id" = r."memberId"
      JOIN "delivery_options" o ON o."id" = r."deliveryOptionId"
      JOIN "games" g ON g."id" = r."gameId"
      JOIN "game_groups" gg ON gg."id" = g."gameGroupId"
      LEFT JOIN "billed_items" b ON b."reservationId" = r."id"
      LEFT JOIN "invoices" i ON i."id" = b."invoiceId"
      LEFT JOIN "handovers" h ON h."reservationId" = r."id"
     WHERE r."gameId" = ${gameId} AND r."status" = 'CONFIRMED'
     ORDER BY m."lastName", m."firstName", m."id", r."id"`;
}

/** The confirmed subscriptions of an event for the hand-over, by member name. */
export function listSubscriptionsForHandover(db: DbOrTx, eventId: number): Promise<HandoverRow[]> {
  return db.$queryRaw<HandoverRow[]>`
    SELECT s."id", m."id" AS "memberId", m."memberNumber", m."firstName", m."lastName", s."amount",
           e."priceRappen", NULL::int AS "optionId", NULL::text AS "optionName", 0 AS "feeRappen",
           e."paymentMode"::text AS "paymentMode",
           i."id" AS "invoiceId", i."status"::text AS "invoiceStatus", h."handedOverAt"
      FROM "event_subscriptions" s
      JOIN "events" e ON e."id" = s."eventId"
      JOIN "members" m ON m."id" = s."memberId"
      LEFT JOIN "billed_items" b ON b."subscriptionId" = s."id"
      LEFT JOIN "invoices" i ON i."id" = b."invoiceId"
      LEFT JOIN "handovers" h ON h."subscriptionId" = s."id"
     WHERE s."eventId" = ${eventId} AND s."status" = 'CONFIRMED'
     ORDER BY m."lastName", m."firstName", m."id", s."id"`;
}

/** A reservation or a subscription to hand over. */
export type HandoverTarget = { reservationId: number } | { subscriptionId: number };

export async function findTarget(db: DbOrTx, target: HandoverTarget): Promise<{ id: number; confirmed: boolean } | null> {
  if ('reservationId' in target) {
    const row = await db.ticketReservation.findUnique({ where: { id: target.reservationId }, select: { id: true, status: true } });
    return row ? { id: row.id, confirmed: row.status === 'CONFIRMED' } : null;
  }
  const row = await db.eventSubscription.findUnique({ where: { id: target.subscriptionId }, select: { id: true, status: true } });
  return row ? { id: row.id, confirmed: row.status === 'CONFIRMED' } : null;
}

/**
 * Records the hand-over unless there is one (unique per reservation and per subscription): the
 * first one stays. Returns whether this call recorded it, and when it was handed over.
 */
export async function insertHandover(
  db: DbOrTx,
  target: HandoverTarget,
  at: Date,
  byId: number | null,
): Promise<{ created: boolean; handedOverAt: Date }> {
  const reservationId = 'reservationId' in target ? target.reservationId : null;
  const subscriptionId = 'subscriptionId' in target ? target.subscriptionId : null;
  const inserted = await db.$queryRaw<{ handedOverAt: Date }[]>`
    INSERT INTO "handovers" ("reservationId", "subscriptionId", "handedOverAt", "handedOverById")
    VALUES (${reservationId}::int, ${subscriptionId}::int, ${at}, ${byId}::int)
    ON CONFLICT DO NOTHING
    RETURNING "handedOverAt"`;
  if (inserted[0]) return { created: true, handedOverAt: inserted[0].handedOverAt };
  const existing = await db.handover.findFirstOrThrow({
    where: reservationId !== null ? { reservationId } : { subscriptionId },
    select: { handedOverAt: true },
  });
  return { created: false, handedOverAt: existing.handedOverAt };
}

/** Undoes a hand-over; whether there was one. */
export async function deleteHandover(db: DbOrTx, target: HandoverTarget): Promise<boolean> {
  const { count } = await db.handover.deleteMany({
    where: 'reservationId' in target ? { reservationId: target.reservationId } : { subscriptionId: target.subscriptionId },
  });
  return count > 0;
}

// --- member card ------------------------------------------------------------------

/** The member with their membership in the season covering a day (null: none). */
export async function findMemberWithSeason(db: DbOrTx, memberId: number, day: Date) {
  return db.member.findUnique({
    where: { id: memberId },
    select: {
      id: true,
      memberNumber: true,
      firstName: true,
      lastName: true,
      memberships: {
        // The membership itself covers the day: one ended mid-season (validTo moved) no longer does.
        where: { validFrom: { lte: day }, validTo: { gte: day }, season: { validFrom: { lte: day }, validTo: { gte: day } } },
        select: { season: { select: { name: true, validTo: true } } },
        take: 1,
      },
    },
  });
}

export function findMemberByNumber(db: DbOrTx, memberNumber: number) {
  return db.member.findUnique({ where: { memberNumber }, select: { id: true, memberNumber: true, firstName: true, lastName: true } });
}

/** Whether a membership of the member covers the day (its own dates: one ended mid-season does not). */
export async function hasMembershipOn(db: DbOrTx, memberId: number, day: Date): Promise<boolean> {
  const count = await db.membership.count({ where: { memberId, validFrom: { lte: day }, validTo: { gte: day } } });
  return count > 0;
}
