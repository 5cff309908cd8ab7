import type { InvoiceStatus } from '@club/contract';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { fromIsoDate, seasonDates } from '../../lib/dates.ts';
import { createMember, unique, type CreatedMember } from '../../test/factories.ts';

/**
 * Rows for report tests, written straight into the tables (invoices and events have their
 * own features and tests; the reports only read the tables).
 */

export async function createSeason(db: PrismaClient, year: number): Promise<{ id: number; name: string }> {
  const s = seasonDates(year);
  return db.season.create({ data: { ...s, membershipFeeRappen: 5000, parkingFeeRappen: 12000 }, select: { id: true, name: true } });
}

export async function addMembership(db: PrismaClient, memberId: number, seasonId: number, parkingPermit = false): Promise<void> {
  const season = await db.season.findUniqueOrThrow({ where: { id: seasonId } });
  await db.membership.create({ data: { memberId, seasonId, validFrom: season.validFrom, validTo: season.validTo, parkingPermit } });
}

/** A member with a membership in the season. */
export async function seasonMember(
  db: PrismaClient,
  seasonId: number,
  options: { firstName?: string; lastName?: string; parkingPermit?: boolean; board?: boolean } = {},
): Promise<CreatedMember> {
  const member = await createMember(db, {
    ...(options.firstName ? { firstName: options.firstName } : {}),
    ...(options.lastName ? { lastName: options.lastName } : {}),
    roles: options.board ? ['MEMBER', 'MEMBER_OF_THE_BOARD'] : ['MEMBER'],
    // No login needed (hashing a password costs a quarter second).
    password: null,
  });
  await addMembership(db, member.id, seasonId, options.parkingPermit ?? false);
  return member;
}

let invoiceCounter = 0;

/** A fee invoice as the fee run writes it; `paid` books it as paid in full on `paidAt`. */
export async function createFeeInvoice(
  db: PrismaClient,
  input: {
    memberId: number;
    seasonId: number;
    kind: 'MEMBERSHIP_FEE' | 'PARKING_FEE';
    totalRappen: number;
    invoiceDate: string;
    status?: InvoiceStatus;
    paidAt?: string;
    paidRappen?: number;
  },
): Promise<{ id: number; number: string }> {
  invoiceCounter += 1;
  const number = `2027-${String(invoiceCounter).padStart(5, '0')}`;
  const invoiceDate = fromIsoDate(input.invoiceDate);
  return db.invoice.create({
    data: {
      number,
      memberId: input.memberId,
      seasonId: input.seasonId,
      kind: input.kind,
      title: input.kind === 'MEMBERSHIP_FEE' ? 'Mitgliederbeitrag' : 'Parkkarte',
      invoiceDate,
      dueDate: new Date(invoiceDate.getTime() + 30 * 86_400_000),
      totalRappen: input.totalRappen,
      status: input.status ?? 'OPEN',
      reference: unique('RF18'),
      debtorName: 'Test',
      street: 'Limmatstrasse',
      postalCode: '8005',
      city: 'Zürich',
      paidAt: input.paidAt ? fromIsoDate(input.paidAt) : null,
      paidRappen: input.paidRappen ?? 0,
      cancelledAt: input.status === 'CANCELLED' ? new Date() : null,
      lines: {
        create: [
          { position: 1, text: input.kind === 'MEMBERSHIP_FEE' ? 'Mitgliederbeitrag' : 'Parkkarte', amountRappen: input.totalRappen },
        ],
      },
    },
    select: { id: true, number: true },
  });
}

/** A game group with one delivery option. */
export async function createGroup(db: PrismaClient, name: string, priceRappen = 3550): Promise<{ id: number; optionId: number }> {
  const option = await db.deliveryOption.create({ data: { name: unique('Post ') } });
  const group = await db.gameGroup.create({
    data: {
      name,
      defaultPricePerTicketRappen: priceRappen,
      availableTicketsPerGame: 100,
      freeTicketAmount: 10,
      deliveryOptions: { create: [{ deliveryOptionId: option.id }] },
    },
  });
  return { id: group.id, optionId: option.id };
}

export async function createGame(db: PrismaClient, groupId: number, start: string, opponent = 'SCB', homeGame = true): Promise<number> {
  const game = await db.game.create({
    data: { gameGroupId: groupId, start: new Date(start), opponent, homeGame, venue: 'Swiss Life Arena' },
  });
  return game.id;
}

export async function createReservation(
  db: PrismaClient,
  input: { gameId: number; memberId: number; optionId: number; amount: number; priceRappen: number; street?: string },
): Promise<void> {
  await db.ticketReservation.create({
    data: {
      gameId: input.gameId,
      memberId: input.memberId,
      deliveryOptionId: input.optionId,
      amount: input.amount,
      pricePerTicketRappen: input.priceRappen,
      street: input.street ?? 'Hardturmstrasse',
      houseNumber: '5',
      postalCode: '8005',
      city: 'Zürich',
    },
  });
}

export async function createEvent(db: PrismaClient, input: { title: string; start: string; priceRappen: number }): Promise<number> {
  const start = new Date(input.start);
  const event = await db.event.create({
    data: {
      title: input.title,
      start,
      end: new Date(start.getTime() + 3 * 3_600_000),
      registrationDeadline: new Date(start.getTime() - 86_400_000),
      capacity: 10,
      priceRappen: input.priceRappen,
      maxPlacesPerMember: 4,
    },
  });
  return event.id;
}

export async function subscribe(
  db: PrismaClient,
  input: { eventId: number; memberId: number; amount: number; status: 'CONFIRMED' | 'WAITING'; at: string },
): Promise<void> {
  const { at, ...rest } = input;
  await db.eventSubscription.create({ data: { ...rest, subscriptionTimestamp: new Date(at) } });
}
