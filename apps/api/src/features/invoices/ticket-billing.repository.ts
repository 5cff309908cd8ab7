import type { DbOrTx } from '../../lib/ctx.ts';
import type { DebtorRow } from './invoices.repository.ts';
import type { PlaceItem, ReservationItem } from './ticket-billing.rules.ts';

/**
 * The ticket and event billing of a season: what is still to bill, and the links that bill each
 * reservation and event place once (`billed_items`, unique per reservation and per subscription).
 */

export interface BillingScope {
  /** the instants the season covers: a game or event belongs to the season its start falls into */
  from: Date;
  until: Date;
  /** sales closed, registration deadline passed, by this instant */
  now: Date;
  /** null: every member */
  memberIds: number[] | null;
}

/**
 * Reservations of the season's games whose sales have closed (at `salesCloseAt`, at the latest at
 * the start), not billed yet, with something to pay (tickets or the delivery fee), of groups
 * paid by invoice (an `ON_SITE` group's tickets are paid on site and never billed).
 */
export function findBillableReservations(db: DbOrTx, scope: BillingScope): Promise<ReservationItem[]> {
  const all = scope.memberIds === null;
  const ids = scope.memberIds ?? [];
  return db.$queryRaw<ReservationItem[]>`
    SELECT r."id" AS "reservationId", r."memberId", g."id" AS "gameId", g."start", g."opponent", g."homeGame",
           r."amount" AS "quantity", r."pricePerTicketRappen" AS "priceRappen",
           o."id" AS "optionId", o."name" AS "optionName", o."feeRappen"
      FROM "ticket_reservations" r
      JOIN "games" g ON g."id" = r."gameId"
      JOIN "game_groups" gg ON gg."id" = g."gameGroupId" AND gg."paymentMode" = 'INVOICE'
      JOIN "delivery_options" o ON o."id" = r."deliveryOptionId"
     WHERE g."start" >= ${scope.from} AND g."start" < ${scope.until}
       AND LEAST(COALESCE(g."salesCloseAt", g."start"), g."start") <= ${scope.now}
       AND r."status" = 'CONFIRMED'
       AND r."amount" * r."pricePerTicketRappen" + o."feeRappen" > 0
       AND (${all}::boolean OR r."memberId" = ANY(${ids}::int[]))
       AND NOT EXISTS (SELECT 1 FROM "billed_items" b WHERE b."reservationId" = r."id")
     ORDER BY r."memberId", g."start", g."id", r."id"`;
}

/**
 * Confirmed places at the season's events (not cancelled) whose registration deadline has
 * passed, not billed yet, at a price above zero, of events paid by invoice (not `ON_SITE`).
 */
export function findBillablePlaces(db: DbOrTx, scope: BillingScope): Promise<PlaceItem[]> {
  const all = scope.memberIds === null;
  const ids = scope.memberIds ?? [];
  return db.$queryRaw<PlaceItem[]>`
    SELECT s."id" AS "subscriptionId", s."memberId", e."id" AS "eventId", e."start", e."title",
           s."amount" AS "quantity", e."priceRappen"
      FROM "event_subscriptions" s
      JOIN "events" e ON e."id" = s."eventId"
     WHERE s."status" = 'CONFIRMED' AND e."cancelledAt" IS NULL AND e."paymentMode" = 'INVOICE'
       AND e."start" >= ${scope.from} AND e."start" < ${scope.until}
       AND e."registrationDeadline" <= ${scope.now}
       AND e."priceRappen" > 0
       AND (${all}::boolean OR s."memberId" = ANY(${ids}::int[]))
       AND NOT EXISTS (SELECT 1 FROM "billed_items" b WHERE b."subscriptionId" = s."id")
     ORDER BY s."memberId", e."start", e."id", s."id"`;
}

/** Name, e-mail and current address of members (the debtor copy of their invoice). */
export function findDebtors(db: DbOrTx, memberIds: number[]): Promise<DebtorRow[]> {
  return db.$queryRaw<DebtorRow[]>`
    SELECT m."id" AS "memberId", m."firstName", m."lastName", m."email",
           a."street", a."houseNumber", a."addressLine2", a."postalCode", a."city", a."country"
      FROM "members" m
      LEFT JOIN "addresses" a ON a."memberId" = m."id" AND a."current"
     WHERE m."id" = ANY(${memberIds}::int[])
     ORDER BY m."lastName", m."firstName", m."id"`;
}

/** Which of these member ids exist. */
export async function findExistingMembers(db: DbOrTx, memberIds: number[]): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`SELECT "id" FROM "members" WHERE "id" = ANY(${memberIds}::int[])`;
  return rows.map((r) => Number(r.id));
}

/** Not cancelled TICKETS invoices of a season (of the given members). */
export async function countTicketInvoices(db: DbOrTx, seasonId: number, memberIds: number[] | null): Promise<number> {
  const all = memberIds === null;
  const ids = memberIds ?? [];
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "invoices" i
     WHERE i."seasonId" = ${seasonId} AND i."kind" = 'TICKETS' AND i."status" <> 'CANCELLED'
       AND (${all}::boolean OR i."memberId" = ANY(${ids}::int[]))`;
  return Number(row?.n ?? 0);
}

export interface NewBilledItem {
  invoiceId: number;
  invoiceLineId: number;
  reservationId: number | null;
  subscriptionId: number | null;
  quantity: number;
  priceRappen: number;
  feeRappen: number;
}

/**
 * Links reservations and places to the invoice lines that bill them, 5,000 per statement. One
 * link per reservation and per subscription (unique): one that has a link is skipped
 * (ON CONFLICT DO NOTHING) and not counted. Returns how many were linked.
 */
export async function insertBilledItems(db: DbOrTx, items: readonly NewBilledItem[], now: Date): Promise<number> {
  let linked = 0;
  for (let i = 0; i < items.length; i += 5000) {
    const batch = items.slice(i, i + 5000);
    const col = <K extends keyof NewBilledItem>(k: K) => batch.map((r) => r[k]);
    linked += await db.$executeRaw`
      INSERT INTO "billed_items" ("invoiceId", "invoiceLineId", "reservationId", "subscriptionId", "quantity", "priceRappen", "feeRappen", "createdAt")
      SELECT t."invoiceId", t."lineId", t."reservationId", t."subscriptionId", t."quantity", t."price", t."fee", ${now}
        FROM unnest(${col('invoiceId')}::int[], ${col('invoiceLineId')}::int[], ${col('reservationId')}::int[], ${col('subscriptionId')}::int[],
                    ${col('quantity')}::int[], ${col('priceRappen')}::int[], ${col('feeRappen')}::int[])
          AS t("invoiceId", "lineId", "reservationId", "subscriptionId", "quantity", "price", "fee")
      ON CONFLICT DO NOTHING`;
  }
  return linked;
}

/** Releases what a cancelled invoice billed, for the next run; how many reservations and places. */
export function releaseBilledItems(db: DbOrTx, invoiceId: number): Promise<number> {
  return db.$executeRaw`DELETE FROM "billed_items" WHERE "invoiceId" = ${invoiceId}`;
}

/** What awaits billing in a season, and its TICKETS invoices. */
export interface TicketBillingStateRow {
  reservations: number;
  tickets: number;
  subscriptions: number;
  places: number;
  /** tickets × price + delivery fees + places × price still to bill */
  amountRappen: number;
  /** confirmed reservations and places whose sales or registration have not closed yet */
  pendingReservations: number;
  pendingSubscriptions: number;
  issued: number;
  paid: number;
  billedRappen: number;
  paidRappen: number;
}

/** The counts of the seasons screen's billing card, in one statement. */
export async function readTicketBillingState(
  db: DbOrTx,
  seasonId: number,
  scope: Omit<BillingScope, 'memberIds'>,
): Promise<TicketBillingStateRow> {
  const [row] = await db.$queryRaw<TicketBillingStateRow[]>`
    WITH res AS (
      SELECT r."amount", r."amount" * r."pricePerTicketRappen" + o."feeRappen" AS "due",
             LEAST(COALESCE(g."salesCloseAt", g."start"), g."start") <= ${scope.now} AS "closed"
        FROM "ticket_reservations" r
        JOIN "games" g ON g."id" = r."gameId"
        JOIN "game_groups" gg ON gg."id" = g."gameGroupId" AND gg."paymentMode" = 'INVOICE'
        JOIN "delivery_options" o ON o."id" = r."deliveryOptionId"
       WHERE g."start" >= ${scope.from} AND g."start" < ${scope.until}
         AND r."status" = 'CONFIRMED'
         AND r."amount" * r."pricePerTicketRappen" + o."feeRappen" > 0
         AND NOT EXISTS (SELECT 1 FROM "billed_items" b WHERE b."reservationId" = r."id")
    ), sub AS (
      SELECT s."amount", s."amount" * e."priceRappen" AS "due", e."registrationDeadline" <= ${scope.now} AS "closed"
        FROM "event_subscriptions" s
        JOIN "events" e ON e."id" = s."eventId"
       WHERE s."status" = 'CONFIRMED' AND e."cancelledAt" IS NULL AND e."priceRappen" > 0 AND e."paymentMode" = 'INVOICE'
         AND e."start" >= ${scope.from} AND e."start" < ${scope.until}
         AND NOT EXISTS (SELECT 1 FROM "billed_items" b WHERE b."subscriptionId" = s."id")
    ), inv AS (
      SELECT count(*) AS "issued", count(*) FILTER (WHERE i."status" = 'PAID') AS "paid",
             COALESCE(sum(i."totalRappen"), 0) AS "billedRappen", COALESCE(sum(i."paidRappen"), 0) AS "paidRappen"
        FROM "invoices" i
       WHERE i."seasonId" = ${seasonId} AND i."kind" = 'TICKETS' AND i."status" <> 'CANCELLED'
    )
    SELECT (SELECT count(*) FROM res WHERE "closed")::int AS "reservations",
           (SELECT COALESCE(sum("amount"), 0) FROM res WHERE "closed")::int AS "tickets",
           (SELECT count(*) FROM sub WHERE "closed")::int AS "subscriptions",
           (SELECT COALESCE(sum("amount"), 0) FROM sub WHERE "closed")::int AS "places",
           ((SELECT COALESCE(sum("due"), 0) FROM res WHERE "closed") + (SELECT COALESCE(sum("due"), 0) FROM sub WHERE "closed"))::int AS "amountRappen",
           (SELECT count(*) FROM res WHERE NOT "closed")::int AS "pendingReservations",
           (SELECT count(*) FROM sub WHERE NOT "closed")::int AS "pendingSubscriptions",
           inv."issued"::int AS "issued", inv."paid"::int AS "paid",
           inv."billedRappen"::int AS "billedRappen", inv."paidRappen"::int AS "paidRappen"
      FROM inv`;
  return row!;
}
