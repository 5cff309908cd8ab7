import type { TicketStatus } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';

/**
 * The fair sale's rows: requests for a draw, the waiting list, the draw's published entries.
 * Callers hold the game's row lock (`lockGame`) for every write here.
 */

/** A request or waiting-list entry with what a mail needs. */
export interface FairSaleRow {
  id: number;
  memberId: number;
  memberNumber: number;
  amount: number;
  status: TicketStatus;
  drawRank: number | null;
  firstName: string;
  email: string;
  deliveryOptionName: string;
  /** the delivery option's fee */
  feeRappen: number;
  pricePerTicketRappen: number;
}

const fairSaleSelect = {
  id: true,
  memberId: true,
  amount: true,
  status: true,
  drawRank: true,
  pricePerTicketRappen: true,
  member: { select: { memberNumber: true, firstName: true, email: true } },
  deliveryOption: { select: { name: true, feeRappen: true } },
} as const;

type FairSaleSelected = {
  id: number;
  memberId: number;
  amount: number;
  status: TicketStatus;
  drawRank: number | null;
  pricePerTicketRappen: number;
  member: { memberNumber: number; firstName: string; email: string };
  deliveryOption: { name: string; feeRappen: number };
};

function toFairSaleRow(r: FairSaleSelected): FairSaleRow {
  return {
    id: r.id,
    memberId: r.memberId,
    memberNumber: r.member.memberNumber,
    amount: r.amount,
    status: r.status,
    drawRank: r.drawRank,
    firstName: r.member.firstName,
    email: r.member.email,
    deliveryOptionName: r.deliveryOption.name,
    feeRappen: r.deliveryOption.feeRappen,
    pricePerTicketRappen: r.pricePerTicketRappen,
  };
}

/** The waiting list of a game in its order: draw order first, then who joined after the draw, by time. */
export async function listWaiting(db: DbOrTx, gameId: number): Promise<FairSaleRow[]> {
  const rows = await db.ticketReservation.findMany({
    where: { gameId, status: 'WAITING' },
    select: fairSaleSelect,
    orderBy: [{ drawRank: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map(toFairSaleRow);
}

/** The requests for a game's draw. */
export async function listRequests(db: DbOrTx, gameId: number): Promise<FairSaleRow[]> {
  const rows = await db.ticketReservation.findMany({
    where: { gameId, status: 'REQUESTED' },
    select: fairSaleSelect,
    orderBy: { id: 'asc' },
  });
  return rows.map(toFairSaleRow);
}

/** One reservation of a game (any status) with what a mail of the fair sale needs. */
export async function findFairSaleRow(db: DbOrTx, id: number): Promise<(FairSaleRow & { gameId: number }) | null> {
  const row = await db.ticketReservation.findUnique({ where: { id }, select: { ...fairSaleSelect, gameId: true } });
  return row ? { ...toFairSaleRow(row), gameId: row.gameId } : null;
}

/** Confirmed tickets of a game (call under its lock: the sum is then current). */
export async function confirmedOfGame(db: DbOrTx, gameId: number): Promise<number> {
  const { _sum } = await db.ticketReservation.aggregate({ where: { gameId, status: 'CONFIRMED' }, _sum: { amount: true } });
  return _sum.amount ?? 0;
}

/** Confirmed tickets one member holds for a game. */
export async function confirmedOfMember(db: DbOrTx, gameId: number, memberId: number): Promise<number> {
  const { _sum } = await db.ticketReservation.aggregate({ where: { gameId, memberId, status: 'CONFIRMED' }, _sum: { amount: true } });
  return _sum.amount ?? 0;
}

/** Moves waiting entries up: confirmed from now on. */
export async function confirmWaiting(db: DbOrTx, ids: number[], now: Date): Promise<void> {
  if (!ids.length) return;
  await db.ticketReservation.updateMany({ where: { id: { in: ids }, status: 'WAITING' }, data: { status: 'CONFIRMED', movedUpAt: now } });
}

/** Sets the outcome of each request of a draw: its place in the order and its status. */
export async function setDrawOutcome(db: DbOrTx, outcome: { id: number; rank: number; won: boolean }[]): Promise<void> {
  if (!outcome.length) return;
  const ids = outcome.map((o) => o.id);
  const ranks = outcome.map((o) => o.rank);
  const won = outcome.map((o) => o.won);
  await db.$executeRaw`
    UPDATE "ticket_reservations" r
       SET "drawRank" = o."rank", "status" = CASE WHEN o."won" THEN 'CONFIRMED'::"TicketStatus" ELSE 'WAITING'::"TicketStatus" END
      FROM unnest(${ids}::int[], ${ranks}::int[], ${won}::boolean[]) AS o("id", "rank", "won")
     WHERE r."id" = o."id" AND r."status" = 'REQUESTED'`;
}

/**
 * What a draw's weights need per member: completed membership seasons (ended before `today`)
 * and, of their last three draws, how many they lost.
 */
export async function readDrawHistory(
  db: DbOrTx,
  memberIds: number[],
  today: Date,
): Promise<Map<number, { completedSeasons: number; lostOfLastThree: number }>> {
  if (!memberIds.length) return new Map();
  const rows = await db.$queryRaw<{ memberId: number; completedSeasons: number; lostOfLastThree: number }[]>`
    SELECT m."id" AS "memberId",
           (SELECT COUNT(*)::int FROM "memberships" s WHERE s."memberId" = m."id" AND s."validTo" < ${today}::date) AS "completedSeasons",
           (SELECT COUNT(*) FILTER (WHERE NOT d."won")::int FROM (
              SELECT e."won" FROM "draw_entries" e WHERE e."memberId" = m."id" ORDER BY e."drawnAt" DESC, e."gameId" DESC LIMIT 3
            ) d) AS "lostOfLastThree"
      FROM "members" m WHERE m."id" = ANY(${memberIds}::int[])`;
  return new Map(rows.map((r) => [r.memberId, { completedSeasons: r.completedSeasons, lostOfLastThree: r.lostOfLastThree }]));
}

export interface DrawEntryRow {
  memberId: number;
  memberNumber: number;
  amount: number;
  weight: number;
  /** The weight's components, published with it. */
  completedSeasons: number;
  lostDraws: number;
  rank: number;
  won: boolean;
}

/** Records a draw: its entries, and the game as drawn (once: `drawnAt` is set under the game's lock). */
export async function recordDraw(db: DbOrTx, gameId: number, entries: DrawEntryRow[], drawnAt: Date, drawTickets: number): Promise<void> {
  if (entries.length) await db.drawEntry.createMany({ data: entries.map((e) => ({ ...e, gameId, drawnAt })) });
  await db.game.update({ where: { id: gameId }, data: { drawnAt, drawTickets } });
}

/** A game's published draw data. */
export async function readDraw(db: DbOrTx, gameId: number) {
  return db.game.findUnique({
    where: { id: gameId },
    select: {
      id: true,
      saleMode: true,
      drawAt: true,
      drawnAt: true,
      drawSeed: true,
      drawTickets: true,
      salesOpenAt: true,
      salesCloseAt: true,
      start: true,
      gameGroup: { select: { availableTicketsPerGame: true } },
      drawEntries: {
        select: { memberNumber: true, amount: true, weight: true, completedSeasons: true, lostDraws: true, rank: true, won: true },
        orderBy: { memberNumber: 'asc' },
      },
    },
  });
}

/** DRAW games whose time has come and which have not been drawn (the job's list). */
export async function findDueDraws(db: DbOrTx, now: Date): Promise<number[]> {
  const rows = await db.game.findMany({
    where: { saleMode: 'DRAW', drawnAt: null, drawAt: { lte: now } },
    select: { id: true },
    orderBy: [{ drawAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map((r) => r.id);
}

/** Sets the seed of a game that becomes a draw. */
export async function setDrawSeed(db: DbOrTx, gameId: number, seed: string): Promise<void> {
  await db.game.update({ where: { id: gameId }, data: { drawSeed: seed } });
}

/** A member who exists, with what an added reservation needs. */
export function findMemberForList(db: DbOrTx, memberId: number) {
  return db.member.findUnique({
    where: { id: memberId },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      email: true,
      anonymisedAt: true,
      addresses: {
        where: { current: true },
        select: { street: true, houseNumber: true, addressLine2: true, postalCode: true, city: true, country: true },
      },
    },
  });
}

/** The row of a member for a game that is not confirmed (a request or waiting-list entry). */
export function findPendingOfMember(db: DbOrTx, gameId: number, memberId: number) {
  return db.ticketReservation.findFirst({ where: { gameId, memberId, status: { not: 'CONFIRMED' } }, select: { id: true, status: true } });
}

/** Whether a reservation is on an invoice (a cancelled ticket invoice releases its reservations). */
export async function isReservationBilled(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.billedItem.count({ where: { reservationId: id } })) > 0;
}

export function deleteReservationRow(db: DbOrTx, id: number) {
  return db.ticketReservation.delete({ where: { id } });
}

/** Names and addresses for mails, in one statement. */
export function findMembersForMail(db: DbOrTx, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.member.findMany({ where: { id: { in: ids } }, select: { id: true, email: true, firstName: true } });
}
