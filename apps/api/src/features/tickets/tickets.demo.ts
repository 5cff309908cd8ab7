import type { DbOrTx } from '../../lib/ctx.ts';
import { addDays, toIsoDate, zurichToday, zurichWallClock } from '../../lib/dates.ts';
import {
  findFirstMembersWithAddressExcept,
  insertDemoDeliveryOption,
  insertDemoGame,
  insertDemoGameGroup,
  insertDemoReservations,
} from './tickets.demo.repository.ts';

/**
 * Demo rows of ticket sales: delivery options, two game groups with upcoming games against
 * several teams (open sales, one game sold out, one whose sales open later, one played),
 * and a few reservations of demo members. Runs after the demo members exist.
 */

/** The instant of hh:mm Zurich time on the Zurich day `daysAhead` after today. */
export function zurichAt(now: Date, daysAhead: number, hh: number, mm = 0): Date {
  const day = toIsoDate(addDays(zurichToday(now), daysAhead));
  const guess = new Date(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00Z`);
  // Zurich is UTC+1 or UTC+2: take the offset that gives back the wanted wall-clock hour.
  for (const offset of [1, 2]) {
    const candidate = new Date(guess.getTime() - offset * 3_600_000);
    if (zurichWallClock(candidate).getUTCHours() === hh) return candidate;
  }
  return new Date(guess.getTime() - 3_600_000);
}

const HOME = 'Swiss Life Arena, Zürich';

export async function loadTicketDemoData(db: DbOrTx, now: Date): Promise<void> {
  const options = [];
  for (const [name, feeRappen] of [
    ['Abholung im Fanlokal', 0],
    ['Versand per Post', 200],
    ['Abholung an der Stadionkasse', 0],
  ] as const) {
    options.push(await insertDemoDeliveryOption(db, name, feeRappen));
  }
  const [fanlokal, post, kasse] = options;
  if (!fanlokal || !post || !kasse) return;

  const home = await insertDemoGameGroup(
    db,
    { name: 'Heimspiele Qualifikation 2026/27', defaultPricePerTicketRappen: 3500, availableTicketsPerGame: 40, freeTicketAmount: 4 },
    [fanlokal, post, kasse].map((o) => o.id),
  );
  const away = await insertDemoGameGroup(
    db,
    { name: 'Auswärtsspiele', defaultPricePerTicketRappen: 4500, availableTicketsPerGame: 20, freeTicketAmount: 2 },
    [fanlokal, post].map((o) => o.id),
  );

  const game = (
    gameGroupId: number,
    days: number,
    opponent: string,
    homeGame: boolean,
    venue: string,
    extra: { salesOpenAt?: Date; salesCloseAt?: Date } = {},
  ) => insertDemoGame(db, { gameGroupId, start: zurichAt(now, days, 19, 45), opponent, homeGame, venue, ...extra });

  const played = await game(home.id, -4, 'HCD', true, HOME, { salesOpenAt: zurichAt(now, -30, 10) });
  const scb = await game(home.id, 3, 'SCB', true, HOME);
  await game(home.id, 10, 'EVZ', true, HOME);
  await game(home.id, 17, 'LHC', true, HOME);
  await game(home.id, 31, 'HCL', true, HOME, { salesOpenAt: zurichAt(now, 14, 10) });
  const soldOut = await game(away.id, 6, 'HCAP', false, 'Eishalle Ambrì');
  await game(away.id, 13, 'SCRJ', false, 'Eishalle Rapperswil-Jona', { salesCloseAt: zurichAt(now, 11, 12) });
  await game(away.id, 24, 'HCFG', false, 'Eishalle Fribourg');

  const members = await findFirstMembersWithAddressExcept(db, 'vorstand', 12);
  const reservation = (
    member: (typeof members)[number],
    gameId: number,
    deliveryOptionId: number,
    amount: number,
    priceRappen: number,
    daysAgo: number,
  ) => {
    const a = member.addresses[0];
    if (!a) return null;
    return {
      gameId,
      memberId: member.id,
      deliveryOptionId,
      amount,
      pricePerTicketRappen: priceRappen,
      street: a.street,
      houseNumber: a.houseNumber,
      addressLine2: a.addressLine2,
      postalCode: a.postalCode,
      city: a.city,
      country: a.country,
      createdAt: addDays(now, -daysAgo),
    };
  };
  const rows = [
    // The away game in Ambrì: 10 members with 2 tickets each fill the quota of 20.
    ...members.slice(1, 11).map((m, i) => reservation(m, soldOut.id, i % 2 ? post.id : fanlokal.id, 2, 4500, 5 - (i % 4))),
    ...members.slice(2, 6).map((m, i) => reservation(m, scb.id, kasse.id, 1 + (i % 3), 3500, 2)),
    ...members.slice(0, 3).map((m) => reservation(m, played.id, fanlokal.id, 2, 3500, 12)),
  ].filter((r) => r !== null);
  await insertDemoReservations(db, rows);
}
