import { drawWeight as sharedDrawWeight } from '@club/contract/fair-sale';
import type { SalesState } from '@club/contract';

/** Pure rules of ticket sales: sales window, what a member may still reserve. */

export { toMoney, toRappen } from '@club/contract';

export interface SalesWindow {
  start: Date;
  salesOpenAt: Date | null;
  salesCloseAt: Date | null;
}

/** Sales close at salesCloseAt, at the latest when the game starts. */
export function salesEnd(game: SalesWindow): Date {
  return game.salesCloseAt && game.salesCloseAt < game.start ? game.salesCloseAt : game.start;
}

export function salesState(game: SalesWindow, now: Date): SalesState {
  if (now >= salesEnd(game)) return 'CLOSED';
  if (game.salesOpenAt && now < game.salesOpenAt) return 'NOT_YET_OPEN';
  return 'OPEN';
}

export function ticketsLeft(quota: number, reserved: number): number {
  return Math.max(0, quota - reserved);
}

/** How many a member may reserve now: within the quota and their own limit, 0 outside the sales window. */
export function mayReserve(args: { state: SalesState; quota: number; reserved: number; perMember: number; held: number }): number {
  if (args.state !== 'OPEN') return 0;
  return Math.max(0, Math.min(ticketsLeft(args.quota, args.reserved), args.perMember - args.held));
}

/** "1 Ticket" / "3 Tickets". */
export function tickets(n: number): string {
  return `${n} ${n === 1 ? 'Ticket' : 'Tickets'}`;
}

/**
 * Why `amount` cannot be reserved, as a German sentence that says how many are left;
 * null when it can.
 */
export function quotaRefusal(args: { amount: number; quota: number; reserved: number; perMember: number; held: number }): string | null {
  const left = ticketsLeft(args.quota, args.reserved);
  const ownLeft = Math.max(0, args.perMember - args.held);
  if (args.amount <= Math.min(left, ownLeft)) return null;
  if (left === 0) return 'Dieses Spiel ist ausverkauft: Es sind noch 0 Tickets verfügbar.';
  if (ownLeft === 0) {
    return `Sie haben für dieses Spiel bereits ${tickets(args.held)} reserviert, das ist das Maximum pro Mitglied. Sie können noch 0 Tickets reservieren.`;
  }
  if (ownLeft < left) {
    return `Pro Mitglied sind höchstens ${tickets(args.perMember)} möglich${args.held ? ` und Sie haben bereits ${tickets(args.held)}` : ''}: Sie können noch ${tickets(ownLeft)} reservieren.`;
  }
  return `Für dieses Spiel ${left === 1 ? 'ist' : 'sind'} nur noch ${tickets(left)} verfügbar.`;
}

/** The address columns a reservation stores (the delivery address, frozen). */
export type AddressColumns = Record<'street' | 'houseNumber' | 'addressLine2' | 'postalCode' | 'city' | 'country', string>;

/** One request of a batch of reservations for one game. */
export interface ReservationRequest {
  memberId: number;
  deliveryOptionId: number;
  amount: number;
  /** null: deliver to the member's current address. */
  address: AddressColumns | null;
  idempotencyKey: string | null;
  /** Join the waiting list when the tickets are not there. */
  waitlist: boolean;
}

/** What the database says under the game's lock, before the batch. */
export interface ReservationState {
  sales: SalesState;
  /** Where the game's draw stands: none (first come), requests open, drawing due, or drawn. */
  draw: DrawPhase;
  quota: number;
  perMember: number;
  /** Tickets of the game reserved by everyone. */
  reserved: number;
  /** Tickets of the game each member of the batch holds (absent: none). */
  held: ReadonlyMap<number, number>;
  /** Members of the batch that (still) exist. */
  members: ReadonlySet<number>;
  /** Delivery options of the batch that the game's group offers. */
  offeredOptions: ReadonlySet<number>;
  /** Current addresses of the members of the batch. */
  currentAddresses: ReadonlyMap<number, AddressColumns>;
  /** Earlier reservations by Idempotency-Key: `idempotencyRef(memberId, key)` to the reservation id. */
  earlier: ReadonlyMap<string, number>;
  /** Members of the batch with a request or a place on the waiting list. */
  pending: ReadonlyMap<number, 'WAITING' | 'REQUESTED'>;
}

export type ReservationRefusal =
  'NO_MEMBER' | 'OPTION_NOT_OFFERED' | 'SALES_NOT_OPEN' | 'NO_ADDRESS' | 'QUOTA' | 'ALREADY_REQUESTED' | 'ALREADY_WAITING' | 'DRAW_DUE';

/** FIRST_COME games have no draw; a DRAW game takes requests until drawAt, then waits for the draw, then sells as first come. */
export type DrawPhase = 'NONE' | 'REQUESTS' | 'DUE' | 'DRAWN';

export function drawPhase(game: { saleMode: string; drawAt: Date | null; drawnAt: Date | null }, now: Date): DrawPhase {
  if (game.saleMode !== 'DRAW') return 'NONE';
  if (game.drawnAt) return 'DRAWN';
  return game.drawAt && now >= game.drawAt ? 'DUE' : 'REQUESTS';
}

/**
 * The weight of a member's request in a draw (docs/domain-rules.md «Tickets»): 1, plus one per completed
 * membership season (at most 10), plus 2 for each draw lost among the member's last three
 * (the contract's `drawWeight`, which `pnpm verify-draw` recomputes with).
 */
export function drawWeight(history: { completedSeasons: number; lostOfLastThree: number }): number {
  return sharedDrawWeight({ completedSeasons: history.completedSeasons, lostDraws: history.lostOfLastThree });
}

export type ReservationDecision =
  | { kind: 'reserve'; address: AddressColumns; status: 'CONFIRMED' | 'REQUESTED' | 'WAITING' }
  /** A retry of a reservation made before this batch. */
  | { kind: 'replay'; reservationId: number }
  /** A retry of request `of` of this same batch (same member and Idempotency-Key). */
  | { kind: 'repeat'; of: number }
  | { kind: 'refuse'; reason: ReservationRefusal; message?: string };

export function idempotencyRef(memberId: number, key: string): string {
  return `${memberId}\u0000${key}`;
}

/**
 * Decides a batch of requests for one game in order, as if they had come one after the
 * other: each accepted request counts against the quota and the member's limit for the
 * requests after it. The checks come in the order a member can act on: retry, option,
 * sales window, address, limits.
 */
export function decideReservations(state: ReservationState, requests: readonly ReservationRequest[]): ReservationDecision[] {
  let reserved = state.reserved;
  const held = new Map(state.held);
  const pending = new Map(state.pending);
  const madeNow = new Map<string, number>();
  return requests.map((r, index): ReservationDecision => {
    const ref = r.idempotencyKey === null ? null : idempotencyRef(r.memberId, r.idempotencyKey);
    if (ref !== null) {
      const earlier = state.earlier.get(ref);
      if (earlier !== undefined) return { kind: 'replay', reservationId: earlier };
      const first = madeNow.get(ref);
      if (first !== undefined) return { kind: 'repeat', of: first };
    }
    if (!state.members.has(r.memberId)) return { kind: 'refuse', reason: 'NO_MEMBER' };
    if (!state.offeredOptions.has(r.deliveryOptionId)) return { kind: 'refuse', reason: 'OPTION_NOT_OFFERED' };
    if (state.sales !== 'OPEN') return { kind: 'refuse', reason: 'SALES_NOT_OPEN' };
    const address = r.address ?? state.currentAddresses.get(r.memberId);
    if (!address) return { kind: 'refuse', reason: 'NO_ADDRESS' };
    const own = held.get(r.memberId) ?? 0;
    const already = pending.get(r.memberId);
    if (already === 'REQUESTED') return { kind: 'refuse', reason: 'ALREADY_REQUESTED' };
    if (already === 'WAITING') return { kind: 'refuse', reason: 'ALREADY_WAITING' };
    if (state.draw === 'DUE') return { kind: 'refuse', reason: 'DRAW_DUE' };
    const ownRefusal = quotaRefusal({ amount: r.amount, quota: Infinity, reserved: 0, perMember: state.perMember, held: own });
    if (state.draw === 'REQUESTS') {
      if (ownRefusal) return { kind: 'refuse', reason: 'QUOTA', message: ownRefusal };
      pending.set(r.memberId, 'REQUESTED');
      if (ref !== null) madeNow.set(ref, index);
      return { kind: 'reserve', address, status: 'REQUESTED' };
    }
    const refusal = quotaRefusal({ amount: r.amount, quota: state.quota, reserved, perMember: state.perMember, held: own });
    if (refusal) {
      if (ownRefusal) return { kind: 'refuse', reason: 'QUOTA', message: refusal };
      if (!r.waitlist) return { kind: 'refuse', reason: 'QUOTA', message: `${refusal} Sie können sich auf die Warteliste setzen.` };
      pending.set(r.memberId, 'WAITING');
      if (ref !== null) madeNow.set(ref, index);
      return { kind: 'reserve', address, status: 'WAITING' };
    }
    reserved += r.amount;
    held.set(r.memberId, own + r.amount);
    if (ref !== null) madeNow.set(ref, index);
    return { kind: 'reserve', address, status: 'CONFIRMED' };
  });
}
