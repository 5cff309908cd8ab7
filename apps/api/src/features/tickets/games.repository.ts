import { Prisma, type PaymentMode, type SaleMode } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';

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

/** Confirmed tickets per game: all of them, or those one member holds. */
async function confirmedByGame(db: DbOrTx, gameIds: number[], memberId?: number): Promise<Map<number, number>> {
  if (!gameIds.length) return new Map();
  const rows = await db.ticketReservation.groupBy({
    by: ['gameId'],
    where: { gameId: { in: gameIds }, status: 'CONFIRMED', ...(memberId === undefined ? {} : { memberId }) },
    _sum: { amount: true },
  });
  return new Map(rows.map((r) => [r.gameId, r._sum.amount ?? 0]));
}

/** Tickets reserved per game. */
export function reservedByGame(db: DbOrTx, gameIds: number[]): Promise<Map<number, number>> {
  return confirmedByGame(db, gameIds);
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
export function heldByMember(db: DbOrTx, memberId: number, gameIds: number[]): Promise<Map<number, number>> {
  return confirmedByGame(db, gameIds, memberId);
}

// ---------------------------------------------------------------------------------------
// The quota path's lock (docs/domain-rules.md «Tickets»)
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

/** The columns of a LockedGame, written once: the game's own (of the games row `g`) and its group's payment mode. */
const lockedGameKeys = [
  'id',
  'gameGroupId',
  'start',
  'opponent',
  'homeGame',
  'venue',
  'salesOpenAt',
  'salesCloseAt',
  'saleMode',
  'drawAt',
  'drawnAt',
  'drawSeed',
  'paymentMode',
] as const satisfies readonly (keyof LockedGame)[];

/**
 * The select list of a LockedGame from the games row `g`; the payment mode is read from the
 * group by a subquery, so the statement needs no join (and locks nothing but what it names).
 */
export const lockedGameColumns = Prisma.raw(
  lockedGameKeys
    .map((key) =>
      key === 'saleMode'
        ? `g."saleMode"::text AS "saleMode"`
        : key === 'paymentMode'
          ? `(SELECT gg."paymentMode"::text FROM "game_groups" gg WHERE gg."id" = g."gameGroupId") AS "paymentMode"`
          : `g."${key}"`,
    )
    .join(', '),
);

/** A row read with lockedGameColumns, split into the game and the statement's other columns. */
export function splitLockedGame<T extends LockedGame>(row: T): { game: LockedGame; rest: Omit<T, keyof LockedGame> } {
  const own = new Set<string>(lockedGameKeys);
  const entries = Object.entries(row);
  return {
    game: Object.fromEntries(entries.filter(([key]) => own.has(key))) as unknown as LockedGame,
    rest: Object.fromEntries(entries.filter(([key]) => !own.has(key))) as Omit<T, keyof LockedGame>,
  };
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
           ${lockedGameColumns}
    FROM "games" g WHERE g."id" = ${gameId} FOR UPDATE`;
  return rows[0] ?? null;
}
