import type { PaymentMode } from '../../generated/prisma/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import type { NewReservation } from './reservations.repository.ts';

/** The demo rows of ticket sales (tickets.demo.ts). */

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
