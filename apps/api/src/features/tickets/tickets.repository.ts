import { ADMIN_RESERVATIONS_PAGE_SIZE } from '@club/contract';
import { Prisma, type PaymentMode, type SaleMode, type TicketStatus } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import type { AddressColumns } from './tickets.rules.ts';

// ---------------------------------------------------------------------------------------
// Delivery options
// ---------------------------------------------------------------------------------------

export function listDeliveryOptionsWithUsage(db: DbOrTx) {
  return db.deliveryOption.findMany({
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    include: { _count: { select: { gameGroups: true, reservations: true } } },
  });
}
export type DeliveryOptionUsageRow = Awaited<ReturnType<typeof listDeliveryOptionsWithUsage>>[number];

export function findDeliveryOption(db: DbOrTx, id: number) {
  return db.deliveryOption.findUnique({
    where: { id },
    include: { _count: { select: { gameGroups: true, reservations: true } } },
  });
}

export function findDeliveryOptionByName(db: DbOrTx, name: string) {
  return db.deliveryOption.findFirst({ where: { name: { equals: name, mode: 'insensitive' } } });
}

export function findDeliveryOptionsByIds(db: DbOrTx, ids: number[]) {
  return db.deliveryOption.findMany({ where: { id: { in: ids } }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}

/** The options a group offers, by name. */
export function listDeliveryOptionsOfGroup(db: DbOrTx, gameGroupId: number) {
  return db.deliveryOption.findMany({ where: { gameGroups: { some: { gameGroupId } } }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}

export function insertDeliveryOption(db: DbOrTx, data: { name: string; feeRappen: number }, createdAt: Date) {
  return db.deliveryOption.create({ data: { ...data, createdAt } });
}

export function updateDeliveryOptionRow(db: DbOrTx, id: number, data: { name: string; feeRappen: number }) {
  return db.deliveryOption.update({ where: { id }, data });
}

/** Locks the option row against concurrent use (a reservation takes a key-share lock on it). */
export async function lockDeliveryOption(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: number }[]>`SELECT "id" FROM "delivery_options" WHERE "id" = ${id} FOR UPDATE`;
  return rows.length > 0;
}

export function deleteDeliveryOptionRow(db: DbOrTx, id: number) {
  return db.deliveryOption.delete({ where: { id } });
}

// ---------------------------------------------------------------------------------------
// Game groups
// ---------------------------------------------------------------------------------------

export interface GameGroupFields {
  name: string;
  defaultPricePerTicketRappen: number;
  availableTicketsPerGame: number;
  freeTicketAmount: number;
  paymentMode: PaymentMode;
}

const adminReservationInclude = {
  member: { select: { id: true, memberNumber: true, firstName: true, lastName: true } },
  deliveryOption: true,
} satisfies Prisma.TicketReservationInclude;

/** The order of a game's reservations on the board's screens (the group detail and the paged list). */
const adminReservationOrder = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

function gameGroupInclude(withReservations: boolean) {
  return {
    deliveryOptions: { include: { deliveryOption: true } },
    games: {
      orderBy: [{ start: 'asc' as const }, { id: 'asc' as const }],
      ...(withReservations
        ? {
            include: {
              reservations: { include: adminReservationInclude, orderBy: adminReservationOrder, take: ADMIN_RESERVATIONS_PAGE_SIZE },
            },
          }
        : {}),
    },
  };
}

type GameGroupRow = Prisma.GameGroupGetPayload<{ include: { deliveryOptions: { include: { deliveryOption: true } }; games: true } }>;
export type AdminReservationRow = Prisma.TicketReservationGetPayload<{ include: typeof adminReservationInclude }>;
/** A group with its options and games; the games carry the first page of their reservations when asked for. */
export type GameGroupDetailRow = Omit<GameGroupRow, 'games'> & {
  games: (GameGroupRow['games'][number] & { reservations?: AdminReservationRow[] })[];
};

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

export function listGameGroups(db: DbOrTx): Promise<GameGroupDetailRow[]> {
  return db.gameGroup.findMany({ include: gameGroupInclude(false), orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}

export function findGameGroup(db: DbOrTx, id: number, withReservations = false): Promise<GameGroupDetailRow | null> {
  return db.gameGroup.findUnique({ where: { id }, include: gameGroupInclude(withReservations) });
}

export function findGameGroupPlain(db: DbOrTx, id: number) {
  return db.gameGroup.findUnique({ where: { id } });
}

export function findGameGroupByName(db: DbOrTx, name: string) {
  return db.gameGroup.findFirst({ where: { name: { equals: name, mode: 'insensitive' } } });
}

export function insertGameGroup(db: DbOrTx, data: GameGroupFields & { createdAt: Date }) {
  return db.gameGroup.create({ data });
}

export function updateGameGroupRow(db: DbOrTx, id: number, data: GameGroupFields) {
  return db.gameGroup.update({ where: { id }, data });
}

export function deleteGameGroupRow(db: DbOrTx, id: number) {
  return db.gameGroup.delete({ where: { id } });
}

/** Locks every game of a group in id order (the fixed order that keeps locks deadlock-free). */
export async function lockGamesOfGroup(db: DbOrTx, gameGroupId: number): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "games" WHERE "gameGroupId" = ${gameGroupId} ORDER BY "id" FOR UPDATE`;
  return rows.map((r) => r.id);
}

/** The game of a group with the most tickets reserved, and how many. */
export async function mostReservedGameOfGroup(
  db: DbOrTx,
  gameGroupId: number,
): Promise<{ gameId: number; start: Date; opponent: string; reserved: number } | null> {
  const rows = await db.$queryRaw<{ gameId: number; start: Date; opponent: string; reserved: number }[]>`
    SELECT g."id" AS "gameId", g."start", g."opponent", SUM(r."amount")::int AS "reserved"
    FROM "ticket_reservations" r JOIN "games" g ON g."id" = r."gameId"
    WHERE g."gameGroupId" = ${gameGroupId} AND r."status" = 'CONFIRMED'
    GROUP BY g."id" ORDER BY "reserved" DESC, g."start" ASC LIMIT 1`;
  return rows[0] ?? null;
}

/** The most tickets one member holds for one game of a group. */
export async function mostHeldByOneMemberInGroup(db: DbOrTx, gameGroupId: number): Promise<number> {
  const rows = await db.$queryRaw<{ held: number }[]>`
    SELECT COALESCE(MAX(t."held"), 0)::int AS "held" FROM (
      SELECT SUM(r."amount") AS "held"
      FROM "ticket_reservations" r JOIN "games" g ON g."id" = r."gameId"
      WHERE g."gameGroupId" = ${gameGroupId}
      GROUP BY r."gameId", r."memberId") t`;
  return rows[0]?.held ?? 0;
}

export function countReservationsOfGroup(db: DbOrTx, gameGroupId: number): Promise<number> {
  return db.ticketReservation.count({ where: { game: { gameGroupId } } });
}

/** How many reservations of the group's games the billing run put on an invoice (an invoice cancelled since gave them back). */
export function countBilledReservationsOfGroup(db: DbOrTx, gameGroupId: number): Promise<number> {
  return db.billedItem.count({ where: { reservation: { game: { gameGroupId } } } });
}

export async function clearGroupDeliveryOptions(db: DbOrTx, gameGroupId: number): Promise<number> {
  const { count } = await db.gameGroupDeliveryOption.deleteMany({ where: { gameGroupId } });
  return count;
}

export async function addGroupDeliveryOptions(db: DbOrTx, gameGroupId: number, deliveryOptionIds: number[]): Promise<void> {
  if (!deliveryOptionIds.length) return;
  await db.gameGroupDeliveryOption.createMany({ data: deliveryOptionIds.map((deliveryOptionId) => ({ gameGroupId, deliveryOptionId })) });
}

// ---------------------------------------------------------------------------------------
// Games
// ---------------------------------------------------------------------------------------

export interface GameFields {
  start: Date;
  opponent: string;
  homeGame: boolean;
  venue: string;
  salesOpenAt: Date | null;
  salesCloseAt: Date | null;
  saleMode: SaleMode;
  drawAt: Date | null;
}

const gameInclude = { gameGroup: true } satisfies Prisma.GameInclude;
export type GameRow = Prisma.GameGetPayload<{ include: typeof gameInclude }>;

export function findGame(db: DbOrTx, id: number): Promise<GameRow | null> {
  return db.game.findUnique({ where: { id }, include: gameInclude });
}

/**
 * A game as the public read path needs it: its fields, its group's price and limits, the
 * tickets reserved for it and (for a member) the tickets the member holds.
 */
export interface GameReadRow {
  id: number;
  gameGroupId: number;
  start: Date;
  opponent: string;
  homeGame: boolean;
  venue: string;
  salesOpenAt: Date | null;
  salesCloseAt: Date | null;
  saleMode: SaleMode;
  drawAt: Date | null;
  drawnAt: Date | null;
  gameGroup: {
    name: string;
    defaultPricePerTicketRappen: number;
    availableTicketsPerGame: number;
    freeTicketAmount: number;
    paymentMode: PaymentMode;
  };
  /** Confirmed tickets. */
  reserved: number;
  /** Tickets requested for the draw, and waiting. */
  requested: number;
  waiting: number;
  /** Tickets the reading member holds (0 for a visitor). */
  held: number;
  /** The reading member's request or waiting-list entry, with the place in the list (1 = next). */
  ownId: number | null;
  ownStatus: 'WAITING' | 'REQUESTED' | null;
  ownAmount: number | null;
  ownPosition: number | null;
}

interface GameReadSqlRow extends Omit<GameReadRow, 'gameGroup'> {
  groupName: string;
  defaultPricePerTicketRappen: number;
  availableTicketsPerGame: number;
  freeTicketAmount: number;
  paymentMode: PaymentMode;
}

/**
 * The read path of a sale in one statement (instead of games, groups, sums and the member's
 * holdings one after another): either one game (`id`) or every game starting after `after`,
 * soonest first. The sums are those of the committed reservations at the time of the read.
 */
export async function readGames(db: DbOrTx, q: { id?: number; after?: Date; memberId: number | null }): Promise<GameReadRow[]> {
  const rows = await db.$queryRaw<GameReadSqlRow[]>`
    SELECT g."id", g."gameGroupId", g."start", g."opponent", g."homeGame", g."venue", g."salesOpenAt", g."salesCloseAt",
           g."saleMode"::text AS "saleMode", g."drawAt", g."drawnAt",
           gg."name" AS "groupName", gg."defaultPricePerTicketRappen", gg."availableTicketsPerGame", gg."freeTicketAmount",
           gg."paymentMode"::text AS "paymentMode",
           COALESCE(r."reserved", 0)::int AS "reserved", COALESCE(r."held", 0)::int AS "held",
           COALESCE(r."requested", 0)::int AS "requested", COALESCE(r."waiting", 0)::int AS "waiting",
           o."id" AS "ownId", o."status"::text AS "ownStatus", o."amount" AS "ownAmount",
           CASE WHEN o."status" = 'WAITING' THEN (
             SELECT COUNT(*)::int FROM "ticket_reservations" w
             WHERE w."gameId" = g."id" AND w."status" = 'WAITING'
               AND (COALESCE(w."drawRank", 2147483647), w."createdAt", w."id") <= (COALESCE(o."drawRank", 2147483647), o."createdAt", o."id")
           ) END AS "ownPosition"
    FROM "games" g
    JOIN "game_groups" gg ON gg."id" = g."gameGroupId"
    LEFT JOIN LATERAL (
      SELECT SUM(t."amount") FILTER (WHERE t."status" = 'CONFIRMED') AS "reserved",
             SUM(t."amount") FILTER (WHERE t."status" = 'CONFIRMED' AND t."memberId" = ${q.memberId}::int) AS "held",
             SUM(t."amount") FILTER (WHERE t."status" = 'REQUESTED') AS "requested",
             SUM(t."amount") FILTER (WHERE t."status" = 'WAITING') AS "waiting"
      FROM "ticket_reservations" t WHERE t."gameId" = g."id"
    ) r ON true
    LEFT JOIN LATERAL (
      SELECT t."id", t."status", t."amount", t."drawRank", t."createdAt" FROM "ticket_reservations" t
      WHERE t."gameId" = g."id" AND t."memberId" = ${q.memberId}::int AND t."status" <> 'CONFIRMED'
      ORDER BY t."id" LIMIT 1
    ) o ON true
    WHERE (${q.id ?? null}::int IS NULL OR g."id" = ${q.id ?? null}::int)
      AND (${q.after ?? null}::timestamptz IS NULL OR g."start" > ${q.after ?? null}::timestamptz)
    ORDER BY g."start", g."id"`;
  return rows.map(({ groupName, defaultPricePerTicketRappen, availableTicketsPerGame, freeTicketAmount, paymentMode, ...game }) => ({
    ...game,
    gameGroup: { name: groupName, defaultPricePerTicketRappen, availableTicketsPerGame, freeTicketAmount, paymentMode },
  }));
}

/** The delivery options a game's group offers, by name, in one statement; null when the game does not exist. */
export async function readGameDeliveryOptions(
  db: DbOrTx,
  gameId: number,
): Promise<{ id: number; name: string; feeRappen: number }[] | null> {
  const rows = await db.$queryRaw<{ id: number | null; name: string | null; feeRappen: number | null }[]>`
    SELECT o."id", o."name", o."feeRappen"
    FROM "games" g
    LEFT JOIN "game_group_delivery_options" x ON x."gameGroupId" = g."gameGroupId"
    LEFT JOIN "delivery_options" o ON o."id" = x."deliveryOptionId"
    WHERE g."id" = ${gameId}
    ORDER BY o."name", o."id"`;
  if (rows.length === 0) return null;
  return rows.flatMap((r) => (r.id === null || r.name === null ? [] : [{ id: r.id, name: r.name, feeRappen: r.feeRappen ?? 0 }]));
}

export function countRequestsOfGame(db: DbOrTx, gameId: number): Promise<number> {
  return db.ticketReservation.count({ where: { gameId, status: 'REQUESTED' } });
}

export function insertGame(db: DbOrTx, gameGroupId: number, data: GameFields & { drawSeed: string | null; createdAt: Date }) {
  return db.game.create({ data: { ...data, gameGroupId } });
}

export function updateGameRow(db: DbOrTx, id: number, data: GameFields & { drawSeed?: string }) {
  return db.game.update({ where: { id }, data });
}

export function deleteGameRow(db: DbOrTx, id: number) {
  return db.game.delete({ where: { id } });
}

export function countReservationsOfGame(db: DbOrTx, gameId: number): Promise<number> {
  return db.ticketReservation.count({ where: { gameId } });
}

/** Tickets reserved per game. */
export async function reservedByGame(db: DbOrTx, gameIds: number[]): Promise<Map<number, number>> {
  if (!gameIds.length) return new Map();
  const rows = await db.ticketReservation.groupBy({
    by: ['gameId'],
    where: { gameId: { in: gameIds }, status: 'CONFIRMED' },
    _sum: { amount: true },
  });
  return new Map(rows.map((r) => [r.gameId, r._sum.amount ?? 0]));
}

/**
 * Tickets per game and status: confirmed (`reserved`), requested for the draw, waiting; the
 * tickets the draw's requests asked for (`drawn`, 0 before a draw) and the reservation rows (`count`).
 */
export interface TicketSums {
  reserved: number;
  requested: number;
  waiting: number;
  drawn: number;
  count: number;
}

export const noTicketSums: TicketSums = { reserved: 0, requested: 0, waiting: 0, drawn: 0, count: 0 };

export async function ticketSumsByGame(db: DbOrTx, gameIds: number[]): Promise<Map<number, TicketSums>> {
  if (!gameIds.length) return new Map();
  const [rows, drawn] = await Promise.all([
    db.ticketReservation.groupBy({ by: ['gameId', 'status'], where: { gameId: { in: gameIds } }, _sum: { amount: true }, _count: true }),
    db.drawEntry.groupBy({ by: ['gameId'], where: { gameId: { in: gameIds } }, _sum: { amount: true } }),
  ]);
  const sums = new Map<number, TicketSums>();
  const sumOf = (gameId: number): TicketSums => {
    const known = sums.get(gameId);
    if (known) return known;
    const sum = { ...noTicketSums };
    sums.set(gameId, sum);
    return sum;
  };
  for (const r of rows) {
    const sum = sumOf(r.gameId);
    const amount = r._sum.amount ?? 0;
    if (r.status === 'CONFIRMED') sum.reserved += amount;
    else if (r.status === 'REQUESTED') sum.requested += amount;
    else sum.waiting += amount;
    sum.count += r._count;
  }
  for (const d of drawn) sumOf(d.gameId).drawn = d._sum.amount ?? 0;
  return sums;
}

/** Tickets one member holds per game. */
export async function heldByMember(db: DbOrTx, memberId: number, gameIds: number[]): Promise<Map<number, number>> {
  if (!gameIds.length) return new Map();
  const rows = await db.ticketReservation.groupBy({
    by: ['gameId'],
    where: { memberId, gameId: { in: gameIds }, status: 'CONFIRMED' },
    _sum: { amount: true },
  });
  return new Map(rows.map((r) => [r.gameId, r._sum.amount ?? 0]));
}

// ---------------------------------------------------------------------------------------
// Reservations: the quota path (docs/domain-rules.md «Tickets»)
// ---------------------------------------------------------------------------------------

export interface LockedGame {
  id: number;
  gameGroupId: number;
  start: Date;
  opponent: string;
  homeGame: boolean;
  venue: string;
  salesOpenAt: Date | null;
  salesCloseAt: Date | null;
  saleMode: SaleMode;
  drawAt: Date | null;
  drawnAt: Date | null;
  drawSeed: string | null;
  /** the group's: how the tickets are paid */
  paymentMode: PaymentMode;
}

/**
 * SELECT ... FOR UPDATE of the game row: every reservation of the game queues here.
 * `set_config(..., true)` is SET LOCAL lock_timeout in the same round trip: the target list
 * is evaluated before the row is locked, so the timeout bounds this very wait (then
 * PostgreSQL raises 55P03). `lockTimeoutMs` is chosen by the code, never by a client.
 */
export async function lockGame(db: DbOrTx, gameId: number, lockTimeoutMs?: number): Promise<LockedGame | null> {
  const timeout = lockTimeoutMs === undefined ? null : String(Math.trunc(lockTimeoutMs));
  const rows = await db.$queryRaw<LockedGame[]>`
    SELECT CASE WHEN ${timeout}::text IS NULL THEN NULL ELSE set_config('lock_timeout', ${timeout}::text, true) END AS "lockTimeout",
           "id", "gameGroupId", "start", "opponent", "homeGame", "venue", "salesOpenAt", "salesCloseAt",
           "saleMode"::text AS "saleMode", "drawAt", "drawnAt", "drawSeed",
           (SELECT gg."paymentMode"::text FROM "game_groups" gg WHERE gg."id" = "games"."gameGroupId") AS "paymentMode"
    FROM "games" WHERE "id" = ${gameId} FOR UPDATE`;
  return rows[0] ?? null;
}

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
    SELECT g."id", g."gameGroupId", g."start", g."opponent", g."homeGame", g."venue", g."salesOpenAt", g."salesCloseAt",
           g."saleMode"::text AS "saleMode", g."drawAt", g."drawnAt", g."drawSeed", gg."paymentMode"::text AS "paymentMode",
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
  const {
    id,
    gameGroupId,
    start,
    opponent,
    homeGame,
    venue,
    salesOpenAt,
    salesCloseAt,
    saleMode,
    drawAt,
    drawnAt,
    drawSeed,
    paymentMode,
    ...state
  } = row;
  return {
    ...state,
    game: {
      id,
      gameGroupId,
      start,
      opponent,
      homeGame,
      venue,
      salesOpenAt,
      salesCloseAt,
      saleMode,
      drawAt,
      drawnAt,
      drawSeed,
      paymentMode,
    },
  };
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
// The member's current address (the default delivery address)
// ---------------------------------------------------------------------------------------

export function findCurrentAddress(db: DbOrTx, memberId: number) {
  return db.address.findFirst({
    where: { memberId, current: true },
    select: { street: true, houseNumber: true, addressLine2: true, postalCode: true, city: true, country: true },
  });
}

// --- demo data ------------------------------------------------------------------

export function insertDemoDeliveryOption(db: DbOrTx, name: string, feeRappen: number) {
  return db.deliveryOption.create({ data: { name, feeRappen } });
}

export function insertDemoGameGroup(
  db: DbOrTx,
  data: {
    name: string;
    defaultPricePerTicketRappen: number;
    availableTicketsPerGame: number;
    freeTicketAmount: number;
    paymentMode?: PaymentMode;
  },
  deliveryOptionIds: number[],
) {
  return db.gameGroup.create({
    data: { ...data, deliveryOptions: { create: deliveryOptionIds.map((deliveryOptionId) => ({ deliveryOptionId })) } },
  });
}

export function insertDemoGame(
  db: DbOrTx,
  data: { gameGroupId: number; start: Date; opponent: string; homeGame: boolean; venue: string; salesOpenAt?: Date; salesCloseAt?: Date },
) {
  return db.game.create({ data });
}

/** The first members (by id) other than the one with this username, with their current address. */
export function findFirstMembersWithAddressExcept(db: DbOrTx, username: string, take: number) {
  return db.member.findMany({
    where: { username: { not: username } },
    orderBy: { id: 'asc' },
    take,
    include: { addresses: { where: { current: true } } },
  });
}

export async function insertDemoReservations(db: DbOrTx, rows: Omit<NewReservation, 'idempotencyKey' | 'status'>[]): Promise<void> {
  await db.ticketReservation.createMany({ data: rows });
}
