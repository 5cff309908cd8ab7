import { Prisma, type TicketStatus } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import { lockedGameColumns, splitLockedGame, type LockedGame } from './games.repository.ts';
import type { AddressColumns } from './tickets.rules.ts';

// ---------------------------------------------------------------------------------------
// Reservations: the quota path (docs/domain-rules.md «Tickets»)
// ---------------------------------------------------------------------------------------

/** What deciding one reservation needs to know, read in one statement (readReservationState). */
export interface ReservationStateRow {
  /** The game as lockGame reads it. */
  game: LockedGame;
  groupName: string;
  pricePerTicketRappen: number;
  quota: number;
  perMember: number;
  /** Confirmed tickets of the game. */
  reserved: number;
  /** Confirmed tickets of the game the member holds. */
  held: number;
  /** The member's request or waiting-list entry for the game. */
  pending: 'WAITING' | 'REQUESTED' | null;
  /** The member (null: gone), with what the confirmation mail needs. */
  member: { id: number; email: string | null; firstName: string } | null;
  /** The delivery option, when the game's group offers it. */
  option: { id: number; name: string; feeRappen: number } | null;
  /** The member's current address, when asked for. */
  address: AddressColumns | null;
  /** The member's earlier reservation with the request's Idempotency-Key. */
  earlierId: number | null;
}

export interface ReservationStateQuery {
  gameId: number;
  memberId: number;
  deliveryOptionId: number;
  /** The member's current address is wanted (the request names none). */
  withAddress: boolean;
  idempotencyKey: string | null;
}

type ReservationStateSqlRow = Omit<ReservationStateRow, 'game'> & LockedGame;

/**
 * The game, its group's limits and price, the game's confirmed sum, what the member holds or
 * has pending, whether the group offers the option, the member's current address and an earlier
 * reservation with the request's Idempotency-Key: one statement; null when the game does not exist.
 *
 * `locked`: after lockGame in the same transaction. The statement's snapshot is then taken after
 * the lock, so every sum is current, and the member and the option it finds are locked against
 * deletion (FOR KEY SHARE) until the transaction ends, so the insert that follows cannot miss
 * them. Without it (outside a transaction) it is a consistent snapshot of the moment: good for
 * a refusal, never for an acceptance.
 */
export async function readReservationState(db: DbOrTx, q: ReservationStateQuery, locked: boolean): Promise<ReservationStateRow | null> {
  const keyShare = locked ? Prisma.sql`FOR KEY SHARE` : Prisma.empty;
  const rows = await db.$queryRaw<ReservationStateSqlRow[]>`
    WITH member AS (
      SELECT m."id", m."email", m."firstName" FROM "members" m WHERE m."id" = ${q.memberId} ${keyShare}
    ), option AS (
      SELECT o."id", o."name", o."feeRappen" FROM "delivery_options" o
      JOIN "game_group_delivery_options" l ON l."deliveryOptionId" = o."id"
        AND l."gameGroupId" = (SELECT "gameGroupId" FROM "games" WHERE "id" = ${q.gameId})
      WHERE o."id" = ${q.deliveryOptionId}
      ${locked ? Prisma.sql`FOR KEY SHARE OF o` : Prisma.empty}
    )
    SELECT ${lockedGameColumns},
           gg."name" AS "groupName", gg."defaultPricePerTicketRappen" AS "pricePerTicketRappen",
           gg."availableTicketsPerGame" AS "quota", gg."freeTicketAmount" AS "perMember",
           (SELECT COALESCE(SUM(r."amount"), 0)::int FROM "ticket_reservations" r
             WHERE r."gameId" = g."id" AND r."status" = 'CONFIRMED') AS "reserved",
           (SELECT COALESCE(SUM(r."amount"), 0)::int FROM "ticket_reservations" r
             WHERE r."gameId" = g."id" AND r."memberId" = ${q.memberId} AND r."status" = 'CONFIRMED') AS "held",
           (SELECT r."status"::text FROM "ticket_reservations" r
             WHERE r."gameId" = g."id" AND r."memberId" = ${q.memberId} AND r."status" <> 'CONFIRMED' ORDER BY r."id" LIMIT 1) AS "pending",
           (SELECT row_to_json(m) FROM member m) AS "member",
           (SELECT row_to_json(o) FROM option o) AS "option",
           CASE WHEN ${q.withAddress}::boolean THEN (
             SELECT row_to_json(a) FROM (
               SELECT a."street", a."houseNumber", a."addressLine2", a."postalCode", a."city", a."country"
               FROM "addresses" a WHERE a."current" AND a."memberId" = ${q.memberId} LIMIT 1) a
           ) END AS "address",
           (SELECT r."id" FROM "ticket_reservations" r
             WHERE r."memberId" = ${q.memberId} AND r."idempotencyKey" = ${q.idempotencyKey}::text) AS "earlierId"
    FROM "games" g JOIN "game_groups" gg ON gg."id" = g."gameGroupId"
    WHERE g."id" = ${q.gameId}`;
  const row = rows[0];
  if (!row) return null;
  const { game, rest } = splitLockedGame(row);
  return { ...rest, game };
}

export interface NewReservation extends AddressColumns {
  gameId: number;
  memberId: number;
  deliveryOptionId: number;
  amount: number;
  pricePerTicketRappen: number;
  idempotencyKey: string | null;
  status: TicketStatus;
  createdAt: Date;
}

/** Inserts one reservation; its id. */
export async function insertReservation(db: DbOrTx, row: NewReservation): Promise<number> {
  const { id } = await db.ticketReservation.create({ data: row, select: { id: true } });
  return id;
}

const ownReservationInclude = {
  deliveryOption: true,
  game: { include: { gameGroup: true } },
  billedItem: { select: { invoice: { select: { id: true, status: true } } } },
  handover: { select: { handedOverAt: true } },
} satisfies Prisma.TicketReservationInclude;
export type OwnReservationRow = Prisma.TicketReservationGetPayload<{ include: typeof ownReservationInclude }>;

/** A member's reservations, by game start. */
export function listReservationsOfMember(db: DbOrTx, memberId: number): Promise<OwnReservationRow[]> {
  return db.ticketReservation.findMany({
    where: { memberId },
    include: ownReservationInclude,
    orderBy: [{ game: { start: 'asc' } }, { id: 'asc' }],
  });
}

/** One reservation of the member; another member's is simply not found. */
export function findReservationOfMember(db: DbOrTx, memberId: number, id: number): Promise<OwnReservationRow | null> {
  return db.ticketReservation.findFirst({ where: { id, memberId }, include: ownReservationInclude });
}

/** Sets the amount of one of the member's reservations; the row as the member sees it. */
export function updateReservationAmount(db: DbOrTx, id: number, amount: number, toEndOfList?: Date): Promise<OwnReservationRow> {
  return db.ticketReservation.update({
    where: { id },
    data: { amount, ...(toEndOfList ? { createdAt: toEndOfList, drawRank: null } : {}) },
    include: ownReservationInclude,
  });
}

export async function deleteReservationOfMember(db: DbOrTx, memberId: number, id: number): Promise<boolean> {
  const { count } = await db.ticketReservation.deleteMany({ where: { id, memberId } });
  return count === 1;
}

// ---------------------------------------------------------------------------------------
// A game's reservations on the board's screens
// ---------------------------------------------------------------------------------------

export const adminReservationInclude = {
  member: { select: { id: true, memberNumber: true, firstName: true, lastName: true } },
  deliveryOption: true,
} satisfies Prisma.TicketReservationInclude;

/** The order of a game's reservations on the board's screens (the group detail and the paged list). */
export const adminReservationOrder = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

export type AdminReservationRow = Prisma.TicketReservationGetPayload<{ include: typeof adminReservationInclude }>;

/** One page of a game's reservations (in the group detail's order) and how many there are; null: no such game. */
export async function pageGameReservations(
  db: DbOrTx,
  gameId: number,
  page: { skip: number; take: number },
): Promise<{ rows: AdminReservationRow[]; total: number } | null> {
  const game = await db.game.findUnique({ where: { id: gameId }, select: { _count: { select: { reservations: true } } } });
  if (!game) return null;
  const rows = await db.ticketReservation.findMany({
    where: { gameId },
    include: adminReservationInclude,
    orderBy: adminReservationOrder,
    skip: page.skip,
    take: page.take,
  });
  return { rows, total: game._count.reservations };
}

// ---------------------------------------------------------------------------------------
// The member's current address (the default delivery address)
// ---------------------------------------------------------------------------------------

export function findCurrentAddress(db: DbOrTx, memberId: number) {
  return db.address.findFirst({
    where: { memberId, current: true },
    select: { street: true, houseNumber: true, addressLine2: true, postalCode: true, city: true, country: true },
  });
}
