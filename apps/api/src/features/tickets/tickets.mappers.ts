import type { InvoiceStatus } from '@club/contract';
import type {
  Address,
  AdminDeliveryOption,
  AdminGame,
  AdminTicketReservation,
  DeliveryOption,
  Game,
  PaymentMode,
  GameGroup,
  TicketReservation,
  TicketStatus,
} from '@club/contract';
import type { DeliveryOptionUsageRow } from './delivery-options.repository.ts';
import type { GameGroupDetailRow } from './game-groups.repository.ts';
import { type GameRow, type LockedGame, type TicketSums, noTicketSums } from './games.repository.ts';
import type { AdminReservationRow, OwnReservationRow } from './reservations.repository.ts';
import { itemTotalRappen } from '../../lib/payment-mode.ts';
import { drawPhase, mayReserve, salesState, ticketsLeft, toMoney, toRappen, type AddressColumns } from './tickets.rules.ts';

/** Rows to the contract's shapes, field by field (a Prisma row is never sent as is). */

export function toDeliveryOption(o: { id: number; name: string; feeRappen: number }): DeliveryOption {
  return { id: o.id, name: o.name, fee: toMoney(o.feeRappen) };
}

export function toAdminDeliveryOption(o: DeliveryOptionUsageRow): AdminDeliveryOption {
  return { ...toDeliveryOption(o), gameGroupCount: o._count.gameGroups, reservationCount: o._count.reservations };
}

export function toAddress(a: AddressColumns): Address {
  return {
    street: a.street,
    houseNumber: a.houseNumber,
    addressLine2: a.addressLine2,
    postalCode: a.postalCode,
    city: a.city,
    country: a.country,
  };
}

/** The fields of a game and its group that the public shape needs. */
type GameSource = Pick<
  GameRow,
  'id' | 'gameGroupId' | 'start' | 'opponent' | 'homeGame' | 'venue' | 'salesOpenAt' | 'salesCloseAt' | 'saleMode' | 'drawAt' | 'drawnAt'
> & {
  gameGroup: Pick<
    GameRow['gameGroup'],
    'name' | 'defaultPricePerTicketRappen' | 'availableTicketsPerGame' | 'freeTicketAmount' | 'paymentMode'
  >;
};

/** What the reading member has for a game besides confirmed tickets. */
export interface OwnRequest {
  id: number;
  status: 'WAITING' | 'REQUESTED';
  amount: number;
  position: number | null;
}

export function toGame(
  g: GameSource,
  now: Date,
  sums: { reserved: number; requested: number; waiting: number },
  member: { held: number; own: OwnRequest | null } | null,
): Game {
  const state = salesState(g, now);
  const reserved = sums.reserved;
  const phase = drawPhase(g, now);
  const group = g.gameGroup;
  return {
    id: g.id,
    gameGroupId: g.gameGroupId,
    gameGroupName: group.name,
    start: g.start.toISOString(),
    opponent: g.opponent,
    homeGame: g.homeGame,
    venue: g.venue,
    salesOpenAt: g.salesOpenAt?.toISOString() ?? null,
    salesCloseAt: g.salesCloseAt?.toISOString() ?? null,
    salesOpen: state === 'OPEN',
    salesState: state,
    pricePerTicket: toMoney(group.defaultPricePerTicketRappen),
    paymentMode: group.paymentMode,
    ticketsLeft: ticketsLeft(group.availableTicketsPerGame, reserved),
    freeTicketAmount: group.freeTicketAmount,
    ticketsHeld: member ? member.held : null,
    ticketsMayReserve: member
      ? member.own
        ? 0
        : phase === 'REQUESTS' || phase === 'DUE'
          ? phase === 'REQUESTS' && state === 'OPEN'
            ? Math.max(0, group.freeTicketAmount - member.held)
            : 0
          : mayReserve({ state, quota: group.availableTicketsPerGame, reserved, perMember: group.freeTicketAmount, held: member.held })
      : null,
    saleMode: g.saleMode,
    drawAt: g.drawAt?.toISOString() ?? null,
    drawnAt: g.drawnAt?.toISOString() ?? null,
    ticketsRequested: g.saleMode === 'DRAW' ? sums.requested : null,
    ticketsWaiting: sums.waiting,
    ownRequest: member?.own ?? null,
  };
}

export function toAdminReservation(r: AdminReservationRow): AdminTicketReservation {
  return {
    id: r.id,
    member: { id: r.member.id, memberNumber: r.member.memberNumber, firstName: r.member.firstName, lastName: r.member.lastName },
    amount: r.amount,
    deliveryOption: toDeliveryOption(r.deliveryOption),
    deliveryAddress: toAddress(r),
    price: toMoney(r.pricePerTicketRappen),
    createdAt: r.createdAt.toISOString(),
    status: r.status,
    drawRank: r.drawRank,
    movedUpAt: r.movedUpAt?.toISOString() ?? null,
  };
}

export function toGameGroup(g: GameGroupDetailRow, now: Date, sums: Map<number, TicketSums>): GameGroup {
  return {
    id: g.id,
    name: g.name,
    defaultPricePerTicket: toMoney(g.defaultPricePerTicketRappen),
    availableTicketsPerGame: g.availableTicketsPerGame,
    freeTicketAmount: g.freeTicketAmount,
    paymentMode: g.paymentMode,
    deliveryOptions: g.deliveryOptions
      .map((l) => toDeliveryOption(l.deliveryOption))
      .sort((a, b) => a.name.localeCompare(b.name, 'de') || a.id - b.id),
    games: g.games.map((game): AdminGame => {
      const state = salesState(game, now);
      const counts = sums.get(game.id) ?? noTicketSums;
      const sum = counts.reserved;
      return {
        id: game.id,
        gameGroupId: game.gameGroupId,
        start: game.start.toISOString(),
        opponent: game.opponent,
        homeGame: game.homeGame,
        venue: game.venue,
        salesOpenAt: game.salesOpenAt?.toISOString() ?? null,
        salesCloseAt: game.salesCloseAt?.toISOString() ?? null,
        salesOpen: state === 'OPEN',
        salesState: state,
        reserved: sum,
        ticketsLeft: ticketsLeft(g.availableTicketsPerGame, sum),
        saleMode: game.saleMode,
        drawAt: game.drawAt?.toISOString() ?? null,
        drawnAt: game.drawnAt?.toISOString() ?? null,
        // Once drawn, the requests have become tickets or waiting-list places: count what they asked for.
        requested: game.drawnAt ? counts.drawn : counts.requested,
        waiting: counts.waiting,
        reservationCount: counts.count,
        ...(game.reservations ? { reservations: game.reservations.map(toAdminReservation) } : {}),
      };
    }),
  };
}

export interface ReservationGameInfo {
  game: Pick<
    LockedGame,
    'id' | 'start' | 'opponent' | 'homeGame' | 'venue' | 'salesOpenAt' | 'salesCloseAt' | 'saleMode' | 'drawAt' | 'drawnAt'
  >;
  groupName: string;
  /** the group's: how the tickets are paid */
  paymentMode: PaymentMode;
  option: DeliveryOption;
}

/** Billing and hand-over of a reservation (none for a new one). */
export interface ReservationProgress {
  billedItem?: { invoice: { id: number; status: InvoiceStatus } } | null;
  handover?: { handedOverAt: Date } | null;
}

/** A reservation with its game as the member sees it. */
export function toReservation(
  r: AddressColumns & {
    id: number;
    amount: number;
    pricePerTicketRappen: number;
    createdAt: Date;
    status: TicketStatus;
    movedUpAt: Date | null;
  } & ReservationProgress,
  info: ReservationGameInfo,
  now: Date,
): TicketReservation {
  return {
    id: r.id,
    gameId: info.game.id,
    gameBegin: info.game.start.toISOString(),
    amount: r.amount,
    deliveryOption: info.option,
    deliveryAddress: toAddress(r),
    price: toMoney(r.pricePerTicketRappen),
    createdAt: r.createdAt.toISOString(),
    totalPrice: toMoney(r.pricePerTicketRappen * r.amount),
    fee: info.option.fee,
    total: toMoney(itemTotalRappen(r.amount, r.pricePerTicketRappen, toRappen(info.option.fee))),
    paymentMode: info.paymentMode,
    gameGroupName: info.groupName,
    opponent: info.game.opponent,
    homeGame: info.game.homeGame,
    venue: info.game.venue,
    cancellable: salesState(info.game, now) === 'OPEN' && (r.status !== 'REQUESTED' || drawPhase(info.game, now) === 'REQUESTS'),
    status: r.status,
    movedUpAt: r.movedUpAt?.toISOString() ?? null,
    invoiceId: r.billedItem?.invoice.id ?? null,
    invoiceStatus: r.billedItem?.invoice.status ?? null,
    handedOverAt: r.handover?.handedOverAt.toISOString() ?? null,
  };
}

export function toOwnReservation(r: OwnReservationRow, now: Date): TicketReservation {
  return toReservation(
    r,
    {
      game: r.game,
      groupName: r.game.gameGroup.name,
      paymentMode: r.game.gameGroup.paymentMode,
      option: toDeliveryOption(r.deliveryOption),
    },
    now,
  );
}
