import { ADMIN_RESERVATIONS_PAGE_SIZE } from '@club/contract';
import type { PaymentMode, Prisma } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import { adminReservationInclude, adminReservationOrder, type AdminReservationRow } from './reservations.repository.ts';

export interface GameGroupFields {
  name: string;
  defaultPricePerTicketRappen: number;
  availableTicketsPerGame: number;
  freeTicketAmount: number;
  paymentMode: PaymentMode;
}

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
/** A group with its options and games; the games carry the first page of their reservations when asked for. */
export type GameGroupDetailRow = Omit<GameGroupRow, 'games'> & {
  games: (GameGroupRow['games'][number] & { reservations?: AdminReservationRow[] })[];
};

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
