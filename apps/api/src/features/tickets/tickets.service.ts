import { formatZurichDateAtTime } from '../../lib/dates.ts';
import type { Address, DeliveryOption, Game, TicketReservation } from '@club/contract';
import { AppError, conflict, invalid, notFound, notLoggedIn } from '../../lib/app-error.ts';
import { asBusy } from '../../lib/busy.ts';
import { PerKeyLimit } from '../../lib/per-key-limit.ts';
import { withTx, type Ctx, type DbOrTx } from '../../lib/ctx.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { toAddress, toDeliveryOption, toGame, toOwnReservation, toReservation } from './tickets.mappers.ts';
import { readGameDeliveryOptions } from './delivery-options.repository.ts';
import { type GameReadRow, type LockedGame, findGame, heldByMember, lockGame, readGames, reservedByGame } from './games.repository.ts';
import {
  type ReservationStateRow,
  deleteReservationOfMember,
  findCurrentAddress,
  findReservationOfMember,
  insertReservation,
  listReservationsOfMember,
  readReservationState,
  updateReservationAmount,
} from './reservations.repository.ts';
import {
  decideReservations,
  drawPhase,
  toRappen,
  idempotencyRef,
  salesEnd,
  salesState,
  quotaRefusal,
  type ReservationDecision,
  type ReservationRefusal,
  type ReservationRequest,
} from './tickets.rules.ts';
import { reservationsCreated } from '../../lib/metrics.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { ticketMail } from './tickets.mails.ts';
import { moveUpWaiting, type TicketSite } from './fair-sale.service.ts';
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
 * Reserves tickets (docs/domain-rules.md «Tickets»). When the request's turn for the game comes in this process
 * (`GameTurns`), it is first decided on a snapshot read outside any transaction and lock: a refusal there (sold out,
 * the member's limit, sales closed, …) is a correct answer at that moment and is sent at once, as is a retry of an
 * earlier reservation. Only a request the snapshot accepts takes the game's row lock in a transaction of its own,
 * where it is decided again on the current sums and inserted; requests for one game queue on that lock, also across
 * several server processes.
 */
export async function reserveTickets(
  ctx: Ctx,
  input: ReserveTicketsInput,
  site: TicketSite,
  turns: GameTurns,
): Promise<ReserveTicketsResult> {
  const item: ReservationItem = { ...input, memberId: memberIdOf(ctx) };
  const at = { gameId: item.gameId, memberId: item.memberId };
  let answer: ReserveTicketsResult | AppError | Replay;
  try {
    answer = await turns.run(item.gameId, async () => (await refusedOnSnapshot(ctx, item)) ?? decideAndInsert(ctx, site, item));
  } catch (error) {
    // A reservation for another game (here or on another server) took the Idempotency-Key
    // meanwhile: decide once more, now seeing it (the transaction was rolled back).
    if (!isUniqueViolation(error)) throw busyOr(ctx, at, error);
    ctx.log.info(at, 'reservation decided again: its Idempotency-Key was taken meanwhile');
    try {
      answer = await decideAndInsert(ctx, site, item);
    } catch (again) {
      throw busyOr(ctx, at, again);
    }
  }
  if ('replayOf' in answer) answer = await replay(ctx, item, answer.replayOf);
  if (answer instanceof Error) throw answer;
  if (!answer.replayed) {
    reservationsCreated.inc();
    ctx.log.info({ ...at, reservationId: answer.reservation.id, status: answer.reservation.status }, 'tickets reserved');
  }
  return answer;
}

/** An answer that needs the earlier reservation with the same Idempotency-Key. */
interface Replay {
  replayOf: number;
}

function requestOf(item: ReservationItem): ReservationRequest {
  return {
    memberId: item.memberId,
    deliveryOptionId: item.deliveryOptionId,
    amount: item.amount,
    address: item.deliveryAddress ?? null,
    idempotencyKey: item.idempotencyKey ?? null,
    waitlist: item.waitlist ?? false,
  };
}

/** Reads what deciding the request needs: locked after lockGame, or a snapshot outside any transaction. */
function readState(db: DbOrTx, request: ReservationRequest, gameId: number, locked: boolean): Promise<ReservationStateRow | null> {
  return readReservationState(
    db,
    {
      gameId,
      memberId: request.memberId,
      deliveryOptionId: request.deliveryOptionId,
      withAddress: request.address === null,
      idempotencyKey: request.idempotencyKey,
    },
    locked,
  );
}

/** The pure decision (tickets.rules.ts) of one request on what was read. */
function decide(row: ReservationStateRow, request: ReservationRequest, now: Date): ReservationDecision {
  const memberId = request.memberId;
  const [decision] = decideReservations(
    {
      sales: salesState(row.game, now),
      draw: drawPhase(row.game, now),
      pending: new Map(row.pending ? [[memberId, row.pending]] : []),
      quota: row.quota,
      perMember: row.perMember,
      reserved: row.reserved,
      held: new Map([[memberId, row.held]]),
      members: new Set(row.member ? [memberId] : []),
      offeredOptions: new Set(row.option ? [row.option.id] : []),
      currentAddresses: new Map(row.address ? [[memberId, row.address]] : []),
      earlier: new Map(
        row.earlierId !== null && request.idempotencyKey !== null
          ? [[idempotencyRef(memberId, request.idempotencyKey), row.earlierId]]
          : [],
      ),
    },
    [request],
  );
  return decision!;
}

/**
 * The request decided on a snapshot, without transaction or lock: its answer when that is a refusal or a retry
 * of an earlier reservation; undefined when it could succeed (then only the locked decision counts).
 */
async function refusedOnSnapshot(ctx: Ctx, item: ReservationItem): Promise<AppError | Replay | undefined> {
  const request = requestOf(item);
  const row = await readState(ctx.db, request, item.gameId, false);
  if (!row) return notFound(GAME_NOT_FOUND);
  const decision = decide(row, request, ctx.now);
  switch (decision.kind) {
    case 'refuse':
      return refusal(decision.reason, decision.message, row.game, ctx.now);
    case 'replay':
      return { replayOf: decision.reservationId };
    default:
      return undefined;
  }
}

/** The request's transaction: the game's lock, the current sums, the decision, the insert and its mail. */
async function decideAndInsert(ctx: Ctx, site: TicketSite, item: ReservationItem): Promise<ReserveTicketsResult | AppError | Replay> {
  const request = requestOf(item);
  return withTx(ctx, async (tx) => {
    if (!(await lockGame(tx.db, item.gameId, LOCK_TIMEOUT_MS))) return notFound(GAME_NOT_FOUND);
    const row = await readState(tx.db, request, item.gameId, true);
    if (!row) return notFound(GAME_NOT_FOUND);
    const decision = decide(row, request, tx.now);
    switch (decision.kind) {
      case 'refuse':
        return refusal(decision.reason, decision.message, row.game, tx.now);
      case 'replay':
        return { replayOf: decision.reservationId };
      case 'repeat':
        // Only a request decided together with an earlier one of the same list repeats it.
        throw new Error('a single reservation request cannot repeat another');
    }
    const { address, status } = decision;
    const id = await insertReservation(tx.db, {
      gameId: item.gameId,
      memberId: item.memberId,
      deliveryOptionId: item.deliveryOptionId,
      amount: item.amount,
      pricePerTicketRappen: row.pricePerTicketRappen,
      ...address,
      idempotencyKey: request.idempotencyKey,
      status,
      createdAt: tx.now,
    });
    const reservation = toReservation(
      { id, amount: item.amount, pricePerTicketRappen: row.pricePerTicketRappen, createdAt: tx.now, status, movedUpAt: null, ...address },
      { game: row.game, groupName: row.groupName, paymentMode: row.game.paymentMode, option: toDeliveryOption(row.option!) },
      tx.now,
    );
    await mailAccepted(tx, site, row, reservation);
    return { reservation, replayed: false };
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

/** The confirmation mail of a reservation, request or waiting-list entry made. */
async function mailAccepted(tx: Ctx, site: TicketSite, row: ReservationStateRow, made: TicketReservation): Promise<void> {
  if (!row.member?.email) return;
  const kinds = { CONFIRMED: 'reserved', REQUESTED: 'requested', WAITING: 'waiting' } as const;
  const mail = ticketMail(kinds[made.status], {
    firstName: row.member.firstName,
    game: row.game,
    amount: made.amount,
    deliveryOptionName: made.deliveryOption.name,
    pricePerTicketRappen: toRappen(made.price),
    feeRappen: toRappen(made.fee),
    paymentMode: made.paymentMode,
    clubName: site.clubName,
    publicUrl: site.publicUrl,
  });
  await enqueueMail(tx.db, { to: row.member.email, ...mail });
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
function busyOr(ctx: Ctx, at: { gameId: number; memberId: number }, error: unknown): unknown {
  const busy = asBusy(error, BUSY_MESSAGE);
  if (!busy) return error;
  ctx.log.warn({ ...at, cause: error instanceof Error ? error.message : String(error) }, 'ticket request refused as busy');
  return busy;
}

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
        tx.log.info(
          { gameId: game.id, memberId, reservationId: id, amount },
          amount === null ? 'reservation cancelled' : 'reservation changed',
        );
        return done.answer;
      }),
    );
  } catch (error) {
    throw busyOr(ctx, { gameId: found.gameId, memberId }, error);
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
