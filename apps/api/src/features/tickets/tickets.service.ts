import type { Address, DeliveryOption, Game, TicketReservation } from '@club/contract';
import { AppError, conflict, invalid, notFound, notLoggedIn } from '../../lib/app-error.ts';
import { BatchesPerKey } from '../../lib/batching.ts';
import { asBusy } from '../../lib/busy.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Logger } from '../../lib/logger.ts';
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
  formatZurich,
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

/** How long a batch of reservations waits for the game's lock before it answers 503 BUSY. */
export const LOCK_TIMEOUT_MS = 3_000;

/** The most reservation requests of one game decided in one transaction. */
const MAX_BATCH = 1000;

/** Reservations per game, decided in batches (see createReservationBatches). */
export type ReservationBatches = BatchesPerKey<number, ReservationItem, ReserveTicketsResult>;

/**
 * The server's reservation desk: requests for one game that arrive while a transaction of that
 * game is running wait in this process and are decided together in the next one ("group
 * commit"), on current sums under the game's row lock. Only throughput depends on the
 * batching; the lock orders the batches of several server instances as well.
 */
export function createReservationBatches(base: { db: Db; log: Logger; clock: () => Date }, site: TicketSite): ReservationBatches {
  return new BatchesPerKey<number, ReservationItem, ReserveTicketsResult>(
    (gameId, items) => reserveBatch({ db: base.db, log: base.log, actor: null, now: base.clock() }, site, gameId, items),
    MAX_BATCH,
  );
}

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

/** A request as the batch sees it: the input and who sent it. */
export interface ReservationItem extends ReserveTicketsInput {
  memberId: number;
}

/** Reserves tickets (docs/domain-rules.md «Tickets») through the desk: decided with the other requests of its batch. */
export async function reserveTickets(ctx: Ctx, input: ReserveTicketsInput, batches: ReservationBatches): Promise<ReserveTicketsResult> {
  return batches.submit(input.gameId, { ...input, memberId: memberIdOf(ctx) });
}

/**
 * Decides a batch of requests for one game in one transaction: locks the game row, reads the
 * current sums, decides every request in order (tickets.rules.ts), inserts the accepted ones.
 * Nothing decides availability outside this transaction. Answers per request: the result, or
 * the AppError that request gets.
 */
async function reserveBatch(
  ctx: Ctx,
  site: TicketSite,
  gameId: number,
  items: readonly ReservationItem[],
): Promise<(ReserveTicketsResult | Error)[]> {
  let answers: (ReserveTicketsResult | AppError | Replay)[];
  try {
    answers = await decideAndInsert(ctx, site, gameId, items);
  } catch (error) {
    // A reservation for another game (here or on another server) took one of the batch's
    // Idempotency-Keys meanwhile: decide once more, now seeing it (the batch was rolled back).
    if (!isUniqueViolation(error)) return rejectAll(ctx, gameId, items.length, error);
    ctx.log.info({ gameId, requests: items.length }, 'reservation batch decided again: an Idempotency-Key was taken meanwhile');
    try {
      answers = await decideAndInsert(ctx, site, gameId, items);
    } catch (again) {
      return rejectAll(ctx, gameId, items.length, again);
    }
  }
  const reserved = answers.filter((a) => 'reservation' in a && !a.replayed).length;
  reservationsCreated.inc(reserved);
  ctx.log.debug({ gameId, requests: items.length, reserved }, 'reservation batch');
  return Promise.all(answers.map((a, i) => ('replayOf' in a ? replay(ctx, items[i]!, a.replayOf) : a)));
}

/** An answer that needs the earlier reservation with the same Idempotency-Key. */
interface Replay {
  replayOf: number;
}

async function decideAndInsert(
  ctx: Ctx,
  site: TicketSite,
  gameId: number,
  items: readonly ReservationItem[],
): Promise<(ReserveTicketsResult | AppError | Replay)[]> {
  return withTx(ctx, async (tx) => {
    const game = await lockGame(tx.db, gameId, LOCK_TIMEOUT_MS);
    if (!game) return items.map(() => notFound(GAME_NOT_FOUND));
    const requests = items.map((item): ReservationRequest => ({
      memberId: item.memberId,
      deliveryOptionId: item.deliveryOptionId,
      amount: item.amount,
      address: item.deliveryAddress ?? null,
      idempotencyKey: item.idempotencyKey ?? null,
      waitlist: item.waitlist ?? false,
    }));
    const row = await readReservationState(tx.db, {
      gameId,
      gameGroupId: game.gameGroupId,
      memberIds: unique(requests.map((r) => r.memberId)),
      deliveryOptionIds: unique(requests.map((r) => r.deliveryOptionId)),
      addressOf: unique(requests.filter((r) => r.address === null).map((r) => r.memberId)),
      idempotencyKeys: requests.flatMap((r) => (r.idempotencyKey === null ? [] : [{ memberId: r.memberId, key: r.idempotencyKey }])),
    });
    if (!row) return items.map(() => notFound(GAME_NOT_FOUND));
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

    return decisions.map((d, i) => {
      switch (d.kind) {
        case 'reserve':
          return made.get(i)!;
        case 'replay':
          return { replayOf: d.reservationId };
        case 'repeat': {
          const first = made.get(d.of)!;
          const same =
            first.reservation.deliveryOption.id === requests[i]!.deliveryOptionId && first.reservation.amount === requests[i]!.amount;
          return same ? { reservation: first.reservation, replayed: true } : keyUsedElsewhere();
        }
        case 'refuse':
          return refusal(d.reason, d.message, game, tx.now);
      }
    });
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
        return conflict(`Der Ticketverkauf für dieses Spiel beginnt am ${formatZurich(game.salesOpenAt)} Uhr.`, 'SALES_CLOSED');
      }
      return conflict(
        now >= game.start
          ? 'Dieses Spiel hat bereits begonnen: Tickets können nicht mehr reserviert werden.'
          : `Der Ticketverkauf für dieses Spiel ist seit dem ${formatZurich(salesEnd(game))} Uhr geschlossen.`,
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

/** The confirmation mail of each reservation, request or waiting-list entry a batch made. */
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

/** A batch that failed as a whole: lock waits and exhausted pools are "busy, try again", never a 500. */
function rejectAll(ctx: Ctx, gameId: number, count: number, error: unknown): Error[] {
  const busy = asBusy(error, BUSY_MESSAGE);
  const answers = (answer: Error) => Array.from({ length: count }, () => answer);
  if (!busy) return answers(error instanceof Error ? error : new Error(String(error)));
  ctx.log.warn({ gameId, requests: count, cause: error instanceof Error ? error.message : String(error) }, 'ticket batch refused as busy');
  return answers(busy);
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

/** Changes and cancellations per game, decided in batches (see createChangeBatches). */
export type ChangeBatches = BatchesPerKey<number, ReservationChange, TicketReservation | null>;

/**
 * The desk for tickets given back: changes and cancellations of one game that arrive while a
 * transaction of that game is running are applied together in the next one, under the game's
 * lock, and the freed tickets move up from the waiting list once per batch. One connection per
 * game instead of one per member: 200 members giving back at once do not exhaust the pool.
 */
export function createChangeBatches(base: { db: Db; log: Logger; clock: () => Date }, site: TicketSite): ChangeBatches {
  return new BatchesPerKey<number, ReservationChange, TicketReservation | null>(
    (gameId, items) => changeBatch({ db: base.db, log: base.log, actor: null, now: base.clock() }, site, gameId, items),
    MAX_BATCH,
  );
}

const RESERVATION_NOT_FOUND = 'Diese Reservation gibt es nicht.';

/** Cancels one of the member's reservations while the game's sales are open. */
export async function cancelReservation(ctx: Ctx, changes: ChangeBatches, id: number): Promise<void> {
  await submitChange(ctx, changes, id, null);
}

/**
 * Lowers or raises the amount of one of the member's reservations while the game's sales are
 * open. Under the same lock as new reservations (the game row, FOR UPDATE with lock_timeout):
 * a raise is decided on the current sums, as a new reservation of the difference would be.
 */
export async function changeReservationAmount(ctx: Ctx, changes: ChangeBatches, id: number, amount: number): Promise<TicketReservation> {
  const changed = await submitChange(ctx, changes, id, amount);
  if (!changed) throw notFound(RESERVATION_NOT_FOUND);
  return changed;
}

async function submitChange(ctx: Ctx, changes: ChangeBatches, id: number, amount: number | null): Promise<TicketReservation | null> {
  const memberId = memberIdOf(ctx);
  const found = await findReservationOfMember(ctx.db, memberId, id);
  if (!found) throw notFound(RESERVATION_NOT_FOUND);
  return changes.submit(found.gameId, { memberId, id, amount });
}

/**
 * Applies a batch of changes of one game in one transaction, in order, each as if alone: the
 * reservation is read again under the game's lock. Tickets freed by the batch go to the waiting
 * list at its end, or before a raise in the batch (a raise never takes what waiting members are owed).
 */
async function changeBatch(
  ctx: Ctx,
  site: TicketSite,
  gameId: number,
  items: readonly ReservationChange[],
): Promise<(TicketReservation | null | Error)[]> {
  try {
    return await withTx(ctx, async (tx) => {
      const game = await lockGame(tx.db, gameId, LOCK_TIMEOUT_MS);
      if (!game) return items.map(() => notFound(RESERVATION_NOT_FOUND));
      let freed = false;
      const moveUpFreed = async () => {
        if (freed) await moveUpWaiting(tx, site, game);
        freed = false;
      };
      const answers: (TicketReservation | null | Error)[] = [];
      for (const item of items) {
        try {
          const done = await applyChange(tx, game, item, moveUpFreed);
          freed ||= done.freed;
          answers.push(done.answer);
        } catch (error) {
          // A refusal of this change alone; anything else fails the batch.
          if (!(error instanceof AppError)) throw error;
          answers.push(error);
        }
      }
      await moveUpFreed();
      return answers;
    });
  } catch (error) {
    return rejectAll(ctx, gameId, items.length, error);
  }
}

/** One change under the game's lock: the answer, and whether confirmed tickets were freed. */
async function applyChange(
  tx: Ctx,
  game: LockedGame,
  item: ReservationChange,
  beforeRaise: () => Promise<void>,
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
    await beforeRaise();
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
