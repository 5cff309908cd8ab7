import { formatZurichDateAtTime } from '../../lib/dates.ts';
import type { Address, DeliveryOption, Game, TicketReservation } from '@club/contract';
import { AppError, conflict, invalid, notFound, notLoggedIn } from '../../lib/app-error.ts';
import { asBusy } from '../../lib/busy.ts';
import { PerKeyLimit } from '../../lib/per-key-limit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toAddress, toDeliveryOption, toGame, toOwnReservation, toReservation } from './tickets.mappers.ts';
import {
  deleteReservationOfMember,
  findCurrentAddress,
  findGame,
  findReservationOfMember,
  heldByMember,
  listReservationsOfMember,
  insertReservations,
  lockGame,
  readGameDeliveryOptions,
  readGames,
  readReservationState,
  reservedByGame,
  updateReservationAmount,
  type LockedGame,
  type GameReadRow,
} from './tickets.repository.ts';
import {
  decideReservations,
  drawPhase,
  toRappen,
  idempotencyRef,
  salesEnd,
  salesState,
  quotaRefusal,
  type ReservationRefusal,
  type ReservationRequest,
} from './tickets.rules.ts';
import { reservationsCreated } from '../../lib/metrics.ts';
import { enqueueMails } from '../../lib/outbox.ts';
import { ticketMail } from './tickets.mails.ts';
import { findMembersForMail } from './tickets-queue.repository.ts';
import { moveUpWaiting, type TicketSite } from './tickets-queue.service.ts';
import type { TicketStatus } from '@club/contract';

/** How long a reservation or a change waits for the game's lock before it answers 503 BUSY. */
export const LOCK_TIMEOUT_MS = 3_000;

/**
 * One member transaction per game at a time in this process; the others wait here, each
 * request for itself (its own transaction, log and answer), and leave the pool's connections
 * to other requests instead of holding them while they wait on the game's lock. The lock then
 * waits only for other processes, so its 3 s timeout bounds that wait alone.
 */
export type GameTurns = PerKeyLimit<number>;
export const createGameTurns = (): GameTurns => new PerKeyLimit<number>(1);

const BUSY_MESSAGE = 'Gerade reservieren sehr viele Mitglieder gleichzeitig. Bitte nochmals versuchen.';
const GAME_NOT_FOUND = 'Dieses Spiel gibt es nicht.';

function memberIdOf(ctx: Ctx): number {
  if (!ctx.actor) throw notLoggedIn();
  return ctx.actor.memberId;
}

/** Upcoming games of every group, soonest first; for a member with what they hold and may take. One query. */
export async function listUpcomingGames(ctx: Ctx): Promise<Game[]> {
  const rows = await readGames(ctx.db, { after: ctx.now, memberId: ctx.actor?.memberId ?? null });
  return rows.map((row) => gameView(ctx, row));
}

export async function getGame(ctx: Ctx, id: number): Promise<Game> {
  const [row] = await readGames(ctx.db, { id, memberId: ctx.actor?.memberId ?? null });
  if (!row) throw notFound(GAME_NOT_FOUND);
  return gameView(ctx, row);
}

/** A game as the visitor or member sees it now. */
function gameView(ctx: Ctx, row: GameReadRow): Game {
  const own =
    row.ownId !== null && row.ownStatus !== null && row.ownAmount !== null
      ? { id: row.ownId, status: row.ownStatus, amount: row.ownAmount, position: row.ownPosition }
      : null;
  return toGame(row, ctx.now, row, ctx.actor ? { held: row.held, own } : null);
}

/** The delivery options offered for a game (those of its group). One query. */
export async function listGameDeliveryOptions(ctx: Ctx, gameId: number): Promise<DeliveryOption[]> {
  const options = await readGameDeliveryOptions(ctx.db, gameId);
  if (!options) throw notFound(GAME_NOT_FOUND);
  return options.map(toDeliveryOption);
}

/** The default delivery address of a reservation: the member's current address (null when none). */
export async function getDeliveryAddress(ctx: Ctx, gameId: number): Promise<Address | null> {
  const memberId = memberIdOf(ctx);
  const row = await findGame(ctx.db, gameId);
  if (!row) throw notFound(GAME_NOT_FOUND);
  const address = await findCurrentAddress(ctx.db, memberId);
  return address ? toAddress(address) : null;
}

export interface ReserveTicketsInput {
  gameId: number;
  deliveryOptionId: number;
  amount: number;
  deliveryAddress?: Address | null | undefined;
  /** Idempotency-Key header: a retry with the same key returns the first reservation. */
  idempotencyKey?: string | undefined;
  /** Join the waiting list when the tickets are not there. */
  waitlist?: boolean | undefined;
}

export interface ReserveTicketsResult {
  reservation: TicketReservation;
  /** true when an earlier request with the same Idempotency-Key made it. */
  replayed: boolean;
}

/** A request as the quota path sees it: the input and who sent it. */
interface ReservationItem extends ReserveTicketsInput {
  memberId: number;
}

/**
 * Reserves tickets (docs/domain-rules.md «Tickets») in one transaction of its own: locks the game row, reads the
 * current sums, decides the request (tickets.rules.ts), inserts it when accepted, commits.
 * Nothing decides availability outside this transaction; requests for one game queue on its
 * row lock, also across several server processes.
 */
export async function reserveTickets(
  ctx: Ctx,
  input: ReserveTicketsInput,
  site: TicketSite,
  turns: GameTurns,
): Promise<ReserveTicketsResult> {
  const item: ReservationItem = { ...input, memberId: memberIdOf(ctx) };
  let answer: ReserveTicketsResult | AppError | Replay;
  try {
    answer = await turns.run(item.gameId, () => decideAndInsert(ctx, site, item));
  } catch (error) {
    // A reservation for another game (here or on another server) took the Idempotency-Key
    // meanwhile: decide once more, now seeing it (the transaction was rolled back).
    if (!isUniqueViolation(error)) throw busyOr(ctx, item.gameId, error);
    ctx.log.info({ gameId: item.gameId }, 'reservation decided again: its Idempotency-Key was taken meanwhile');
    try {
      answer = await decideAndInsert(ctx, site, item);
    } catch (again) {
      throw busyOr(ctx, item.gameId, again);
    }
  }
  if ('replayOf' in answer) answer = await replay(ctx, item, answer.replayOf);
  if (answer instanceof Error) throw answer;
  if (!answer.replayed) {
    reservationsCreated.inc();
    ctx.log.info({ gameId: item.gameId, reservationId: answer.reservation.id, status: answer.reservation.status }, 'tickets reserved');
  }
  return answer;
}

/** An answer that needs the earlier reservation with the same Idempotency-Key. */
interface Replay {
  replayOf: number;
}

/** The request's transaction: the game's lock, the sums, the decision, the insert and its mail. */
async function decideAndInsert(ctx: Ctx, site: TicketSite, item: ReservationItem): Promise<ReserveTicketsResult | AppError | Replay> {
  const gameId = item.gameId;
  return withTx(ctx, async (tx) => {
    const game = await lockGame(tx.db, gameId, LOCK_TIMEOUT_MS);
    if (!game) return notFound(GAME_NOT_FOUND);
    const requests: ReservationRequest[] = [
      {
        memberId: item.memberId,
        deliveryOptionId: item.deliveryOptionId,
        amount: item.amount,
        address: item.deliveryAddress ?? null,
        idempotencyKey: item.idempotencyKey ?? null,
        waitlist: item.waitlist ?? false,
      },
    ];
    const row = await readReservationState(tx.db, {
      gameId,
      gameGroupId: game.gameGroupId,
      memberIds: unique(requests.map((r) => r.memberId)),
      deliveryOptionIds: unique(requests.map((r) => r.deliveryOptionId)),
      addressOf: unique(requests.filter((r) => r.address === null).map((r) => r.memberId)),
      idempotencyKeys: requests.flatMap((r) => (r.idempotencyKey === null ? [] : [{ memberId: r.memberId, key: r.idempotencyKey }])),
    });
    if (!row) return notFound(GAME_NOT_FOUND);
    const decisions = decideReservations(
      {
        sales: salesState(game, tx.now),
        draw: drawPhase(game, tx.now),
        pending: new Map(row.pending.map((p) => [p.memberId, p.status])),
        quota: row.quota,
        perMember: row.perMember,
        reserved: row.reserved,
        held: new Map(row.held.map((h) => [h.memberId, h.held])),
        members: new Set(row.members),
        offeredOptions: new Set(row.offeredOptions.map((o) => o.id)),
        currentAddresses: new Map(row.addresses.map(({ memberId, ...address }) => [memberId, address])),
        earlier: new Map(row.earlier.map((e) => [idempotencyRef(e.memberId, e.idempotencyKey), e.id])),
      },
      requests,
    );

    const accepted = decisions.flatMap((d, i) => (d.kind === 'reserve' ? [{ index: i, address: d.address, status: d.status }] : []));
    const ids = await insertReservations(
      tx.db,
      accepted.map(({ index, address, status }) => ({
        gameId,
        memberId: requests[index]!.memberId,
        deliveryOptionId: requests[index]!.deliveryOptionId,
        amount: requests[index]!.amount,
        pricePerTicketRappen: row.pricePerTicketRappen,
        ...address,
        idempotencyKey: requests[index]!.idempotencyKey,
        status,
        createdAt: tx.now,
      })),
    );
    const offered = new Map(row.offeredOptions.map((o) => [o.id, o]));
    const made = new Map<number, ReserveTicketsResult>();
    accepted.forEach(({ index, address, status }, k) => {
      const request = requests[index]!;
      const option = toDeliveryOption(offered.get(request.deliveryOptionId)!);
      const reservation = toReservation(
        {
          id: ids[k]!,
          amount: request.amount,
          pricePerTicketRappen: row.pricePerTicketRappen,
          createdAt: tx.now,
          status,
          movedUpAt: null,
          ...address,
        },
        { game, groupName: row.groupName, paymentMode: row.paymentMode, option },
        tx.now,
      );
      made.set(index, { reservation, replayed: false });
    });
    await mailAccepted(
      tx,
      site,
      game,
      accepted.map(({ index }) => made.get(index)!.reservation),
      accepted.map(({ index }) => requests[index]!.memberId),
    );

    const d = decisions[0]!;
    switch (d.kind) {
      case 'reserve':
        return made.get(0)!;
      case 'replay':
        return { replayOf: d.reservationId };
      case 'repeat': {
        const first = made.get(d.of)!;
        const same = first.reservation.deliveryOption.id === item.deliveryOptionId && first.reservation.amount === item.amount;
        return same ? { reservation: first.reservation, replayed: true } : keyUsedElsewhere();
      }
      case 'refuse':
        return refusal(d.reason, d.message, game, tx.now);
    }
  });
}

/** The AppError a refused request gets. */
function refusal(reason: ReservationRefusal, message: string | undefined, game: LockedGame, now: Date): AppError {
  switch (reason) {
    case 'NO_MEMBER':
      return notLoggedIn();
    case 'OPTION_NOT_OFFERED':
      return notFound('Diese Zustelloption wird für dieses Spiel nicht angeboten.');
    case 'SALES_NOT_OPEN':
      if (salesState(game, now) === 'NOT_YET_OPEN' && game.salesOpenAt) {
        return conflict(`Der Ticketverkauf für dieses Spiel beginnt am ${formatZurichDateAtTime(game.salesOpenAt)} Uhr.`, 'SALES_CLOSED');
      }
      return conflict(
        now >= game.start
          ? 'Dieses Spiel hat bereits begonnen: Tickets können nicht mehr reserviert werden.'
          : `Der Ticketverkauf für dieses Spiel ist seit dem ${formatZurichDateAtTime(salesEnd(game))} Uhr geschlossen.`,
        'SALES_CLOSED',
      );
    case 'NO_ADDRESS':
      return invalid('Bitte geben Sie eine Lieferadresse an.', { deliveryAddress: 'Bitte eine Lieferadresse angeben.' });
    case 'QUOTA':
      return new AppError('QUOTA_EXCEEDED', message ?? 'Die Reservation ist nicht möglich.', message ? { amount: message } : undefined);
    case 'ALREADY_REQUESTED':
      return conflict(
        'Sie haben für dieses Spiel bereits eine Anfrage gestellt: Sie können sie bis zur Auslosung ändern oder zurückziehen.',
        'ALREADY_EXISTS',
      );
    case 'ALREADY_WAITING':
      return conflict('Sie stehen für dieses Spiel bereits auf der Warteliste: Sie können Ihre Anzahl dort ändern.', 'ALREADY_EXISTS');
    case 'DRAW_DUE':
      return conflict('Die Anfragen für dieses Spiel sind geschlossen: Die Auslosung läuft gleich.', 'SALES_CLOSED');
  }
}

/** The confirmation mail of each reservation, request or waiting-list entry made. */
async function mailAccepted(tx: Ctx, site: TicketSite, game: LockedGame, made: TicketReservation[], memberIds: number[]): Promise<void> {
  if (!made.length) return;
  const members = new Map((await findMembersForMail(tx.db, unique(memberIds))).map((m) => [m.id, m]));
  const kinds = { CONFIRMED: 'reserved', REQUESTED: 'requested', WAITING: 'waiting' } as const;
  await enqueueMails(
    tx.db,
    made.flatMap((r, i) => {
      const member = members.get(memberIds[i]!);
      if (!member?.email) return [];
      const mail = ticketMail(kinds[r.status], {
        firstName: member.firstName,
        game,
        amount: r.amount,
        deliveryOptionName: r.deliveryOption.name,
        pricePerTicketRappen: toRappen(r.price),
        feeRappen: toRappen(r.fee),
        paymentMode: r.paymentMode,
        clubName: site.clubName,
        publicUrl: site.publicUrl,
      });
      return [{ to: member.email, ...mail }];
    }),
  );
}

const keyUsedElsewhere = () => conflict('Dieser Idempotency-Key wurde bereits für eine andere Reservation verwendet.');

/** The reservation an earlier request with the same key made, if this request is the same one. */
async function replay(ctx: Ctx, item: ReservationItem, id: number): Promise<ReserveTicketsResult | AppError> {
  const row = await findReservationOfMember(ctx.db, item.memberId, id);
  if (!row) return notFound('Reservation nicht gefunden.');
  if (row.gameId !== item.gameId || row.deliveryOptionId !== item.deliveryOptionId || row.amount !== item.amount) return keyUsedElsewhere();
  return { reservation: toOwnReservation(row, ctx.now), replayed: true };
}

/** A failed transaction: lock waits and exhausted pools are "busy, try again" (503), never a 500; anything else as it is. */
function busyOr(ctx: Ctx, gameId: number, error: unknown): unknown {
  const busy = asBusy(error, BUSY_MESSAGE);
  if (!busy) return error;
  ctx.log.warn({ gameId, cause: error instanceof Error ? error.message : String(error) }, 'ticket request refused as busy');
  return busy;
}

const unique = (values: number[]) => [...new Set(values)];

/** The member's reservations, by game start (for GET /api/v1/member/). */
export async function listOwnReservations(ctx: Ctx, memberId: number): Promise<TicketReservation[]> {
  const rows = await listReservationsOfMember(ctx.db, memberId);
  return rows.map((r) => toOwnReservation(r, ctx.now));
}

/** A member's change of one of their reservations: a new amount, or null to cancel it. */
export interface ReservationChange {
  memberId: number;
  id: number;
  amount: number | null;
}

const RESERVATION_NOT_FOUND = 'Diese Reservation gibt es nicht.';

/** Cancels one of the member's reservations while the game's sales are open. */
export async function cancelReservation(ctx: Ctx, site: TicketSite, turns: GameTurns, id: number): Promise<void> {
  await changeReservation(ctx, site, turns, id, null);
}

/**
 * Lowers or raises the amount of one of the member's reservations while the game's sales are
 * open. Under the same lock as new reservations (the game row, FOR UPDATE with lock_timeout):
 * a raise is decided on the current sums, as a new reservation of the difference would be.
 */
export async function changeReservationAmount(
  ctx: Ctx,
  site: TicketSite,
  turns: GameTurns,
  id: number,
  amount: number,
): Promise<TicketReservation> {
  const changed = await changeReservation(ctx, site, turns, id, amount);
  if (!changed) throw notFound(RESERVATION_NOT_FOUND);
  return changed;
}

/**
 * One change in one transaction of its own, under the game's lock: the reservation is read
 * again there, and tickets it frees go to the waiting list in the same transaction.
 */
async function changeReservation(
  ctx: Ctx,
  site: TicketSite,
  turns: GameTurns,
  id: number,
  amount: number | null,
): Promise<TicketReservation | null> {
  const memberId = memberIdOf(ctx);
  const found = await findReservationOfMember(ctx.db, memberId, id);
  if (!found) throw notFound(RESERVATION_NOT_FOUND);
  try {
    return await turns.run(found.gameId, () =>
      withTx(ctx, async (tx) => {
        const game = await lockGame(tx.db, found.gameId, LOCK_TIMEOUT_MS);
        if (!game) throw notFound(RESERVATION_NOT_FOUND);
        const done = await applyChange(tx, game, { memberId, id, amount });
        if (done.freed) await moveUpWaiting(tx, site, game);
        tx.log.info({ gameId: game.id, reservationId: id, amount }, amount === null ? 'reservation cancelled' : 'reservation changed');
        return done.answer;
      }),
    );
  } catch (error) {
    throw busyOr(ctx, found.gameId, error);
  }
}

/** One change under the game's lock: the answer, and whether confirmed tickets were freed. */
async function applyChange(
  tx: Ctx,
  game: LockedGame,
  item: ReservationChange,
): Promise<{ answer: TicketReservation | null; freed: boolean }> {
  const { memberId, id, amount } = item;
  // Read again under the lock: a cancel or change that committed meanwhile counts.
  const row = await findReservationOfMember(tx.db, memberId, id);
  if (!row || row.gameId !== game.id) throw notFound(RESERVATION_NOT_FOUND);
  const closed = changeRefusal(game, row.status, tx.now);
  if (closed)
    throw conflict(
      `${closed} Die Reservation kann nicht mehr ${amount === null ? 'storniert' : 'geändert'} werden.`,
      closed.startsWith('Die Auslosung') ? 'DEADLINE_PASSED' : 'SALES_CLOSED',
    );
  if (amount === null) {
    if (!(await deleteReservationOfMember(tx.db, memberId, id))) throw notFound(RESERVATION_NOT_FOUND);
    return { answer: null, freed: row.status === 'CONFIRMED' };
  }
  if (row.status !== 'CONFIRMED') {
    // A request or a waiting-list entry: within the member's own limit; a raise on the waiting list goes to its end.
    const held = await heldByMember(tx.db, memberId, [game.id]);
    const own = quotaRefusal({
      amount,
      quota: Infinity,
      reserved: 0,
      perMember: row.game.gameGroup.freeTicketAmount,
      held: held.get(game.id) ?? 0,
    });
    if (own) throw new AppError('QUOTA_EXCEEDED', own, { amount: own });
    if (amount === row.amount) return { answer: toOwnReservation(row, tx.now), freed: false };
    const toEnd = row.status === 'WAITING' && amount > row.amount;
    return { answer: toOwnReservation(await updateReservationAmount(tx.db, id, amount, toEnd ? tx.now : undefined), tx.now), freed: false };
  }
  if (amount === row.amount) return { answer: toOwnReservation(row, tx.now), freed: false };
  if (amount > row.amount) {
    const group = row.game.gameGroup;
    const [reserved, held] = await Promise.all([reservedByGame(tx.db, [game.id]), heldByMember(tx.db, memberId, [game.id])]);
    const refusal = quotaRefusal({
      amount: amount - row.amount,
      quota: group.availableTicketsPerGame,
      reserved: reserved.get(game.id) ?? 0,
      perMember: group.freeTicketAmount,
      held: held.get(game.id) ?? 0,
    });
    if (refusal)
      throw new AppError('QUOTA_EXCEEDED', `Die Reservation kann nicht auf ${amount} erhöht werden. ${refusal}`, { amount: refusal });
  }
  return { answer: toOwnReservation(await updateReservationAmount(tx.db, id, amount), tx.now), freed: amount < row.amount };
}

/** Why a reservation can no longer be changed or cancelled (a request: until the draw; else until sales close); null: it can. */
function changeRefusal(game: LockedGame, status: TicketStatus, now: Date): string | null {
  if (status === 'REQUESTED' && drawPhase(game, now) !== 'REQUESTS') return 'Die Auslosung hat begonnen:';
  if (salesState(game, now) !== 'OPEN') return 'Der Ticketverkauf für dieses Spiel ist geschlossen:';
  return null;
}
