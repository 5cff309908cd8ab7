import type { Address, DeliveryOption, Game, TicketReservation } from '@club/contract';
import { AppError, conflict, invalid, notFound, notLoggedIn } from '../../lib/app-error.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { toAddress, toDeliveryOption, toGame, toOwnReservation, toReservation } from './tickets.mappers.ts';
import {
  deleteReservationOfMember,
  findCurrentAddress,
  findGame,
  findReservationOfMember,
  heldByMember,
  listDeliveryOptionsOfGroup,
  listGamesStartingAfter,
  listReservationsOfMember,
  lockGame,
  reserveIfAllowed,
  reservedByGame,
} from './tickets.repository.ts';
import { GameQueue } from './game-queue.ts';
import { formatZurich, quotaRefusal, salesEnd, salesState } from './tickets.rules.ts';

/** How long a reservation waits for the game's lock before it answers 503 BUSY. */
export const LOCK_TIMEOUT_MS = 3_000;

/**
 * Reservation transactions per game and server process at a time (the rest wait in the
 * process, not on a database connection), and how long they wait for a slot.
 */
export function createGameQueue(): GameQueue {
  return new GameQueue(4, 10_000);
}

const BUSY_MESSAGE = 'Gerade reservieren sehr viele Mitglieder gleichzeitig. Bitte nochmals versuchen.';
const GAME_NOT_FOUND = 'Dieses Spiel gibt es nicht.';

function memberIdOf(ctx: Ctx): number {
  if (!ctx.actor) throw notLoggedIn();
  return ctx.actor.memberId;
}

/** Upcoming games of every group, soonest first; for a member with what they hold and may take. */
export async function listUpcomingGames(ctx: Ctx): Promise<Game[]> {
  const rows = await listGamesStartingAfter(ctx.db, ctx.now);
  const ids = rows.map((g) => g.id);
  const reserved = await reservedByGame(ctx.db, ids);
  const held = ctx.actor ? await heldByMember(ctx.db, ctx.actor.memberId, ids) : null;
  return rows.map((g) => toGame(g, ctx.now, reserved.get(g.id) ?? 0, held ? { held: held.get(g.id) ?? 0 } : null));
}

export async function getGame(ctx: Ctx, id: number): Promise<Game> {
  const row = await findGame(ctx.db, id);
  if (!row) throw notFound(GAME_NOT_FOUND);
  const reserved = await reservedByGame(ctx.db, [id]);
  const held = ctx.actor ? await heldByMember(ctx.db, ctx.actor.memberId, [id]) : null;
  return toGame(row, ctx.now, reserved.get(id) ?? 0, held ? { held: held.get(id) ?? 0 } : null);
}

/** The delivery options offered for a game (those of its group). */
export async function listGameDeliveryOptions(ctx: Ctx, gameId: number): Promise<DeliveryOption[]> {
  const row = await findGame(ctx.db, gameId);
  if (!row) throw notFound(GAME_NOT_FOUND);
  const options = await listDeliveryOptionsOfGroup(ctx.db, row.gameGroupId);
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
}

export interface ReserveTicketsResult {
  reservation: TicketReservation;
  /** true when an earlier request with the same Idempotency-Key made it. */
  replayed: boolean;
}

/**
 * Reserves tickets (DESIGN.md §6): locks the game row, then decides on current sums and
 * inserts, all in one transaction. Nothing decides availability outside it.
 */
export async function reserveTickets(ctx: Ctx, input: ReserveTicketsInput, queue?: GameQueue): Promise<ReserveTicketsResult> {
  const memberId = memberIdOf(ctx);
  if (!queue) return reserveInTransaction(ctx, memberId, input);
  const slot = await queue.run(input.gameId, () => reserveInTransaction(ctx, memberId, input));
  if (!slot) {
    ctx.log.warn({ gameId: input.gameId }, 'reservation refused as busy: no slot in time');
    throw new AppError('BUSY', BUSY_MESSAGE);
  }
  return slot.value;
}

async function reserveInTransaction(ctx: Ctx, memberId: number, input: ReserveTicketsInput): Promise<ReserveTicketsResult> {
  try {
    return await withTx(ctx, async (tx) => {
      const game = await lockGame(tx.db, input.gameId, LOCK_TIMEOUT_MS);
      if (!game) throw notFound(GAME_NOT_FOUND);
      const window = salesState(game, tx.now);
      const attempt = await reserveIfAllowed(tx.db, {
        gameId: game.id,
        gameGroupId: game.gameGroupId,
        memberId,
        deliveryOptionId: input.deliveryOptionId,
        amount: input.amount,
        salesOpen: window === 'OPEN',
        address: input.deliveryAddress ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
        createdAt: tx.now,
      });
      if (!attempt) throw notFound(GAME_NOT_FOUND);
      if (attempt.insertedId !== null && attempt.insertedAt !== null && attempt.optionName !== null) {
        const row = {
          id: attempt.insertedId,
          amount: input.amount,
          pricePerTicketRappen: attempt.pricePerTicketRappen,
          createdAt: attempt.insertedAt,
          street: attempt.street ?? '',
          houseNumber: attempt.houseNumber ?? '',
          addressLine2: attempt.addressLine2 ?? '',
          postalCode: attempt.postalCode ?? '',
          city: attempt.city ?? '',
          country: attempt.country ?? '',
        };
        const option = { id: input.deliveryOptionId, name: attempt.optionName };
        return { reservation: toReservation(row, { game, groupName: attempt.groupName, option }, tx.now), replayed: false };
      }
      // Nothing was written: say why, in the order a member can act on.
      if (attempt.existingId !== null) return replay(tx, memberId, attempt.existingId, input);
      if (attempt.optionName === null || !attempt.optionOffered) {
        throw notFound('Diese Zustelloption wird für dieses Spiel nicht angeboten.');
      }
      if (window === 'NOT_YET_OPEN' && game.salesOpenAt) {
        throw conflict(`Der Ticketverkauf für dieses Spiel beginnt am ${formatZurich(game.salesOpenAt)} Uhr.`, 'SALES_CLOSED');
      }
      if (window === 'CLOSED') {
        throw conflict(
          tx.now >= game.start
            ? 'Dieses Spiel hat bereits begonnen: Tickets können nicht mehr reserviert werden.'
            : `Der Ticketverkauf für dieses Spiel ist seit dem ${formatZurich(salesEnd(game))} Uhr geschlossen.`,
          'SALES_CLOSED',
        );
      }
      if (!attempt.hasAddress) {
        throw invalid('Bitte geben Sie eine Lieferadresse an.', { deliveryAddress: 'Bitte eine Lieferadresse angeben.' });
      }
      const refusal = quotaRefusal({ amount: input.amount, quota: attempt.quota, reserved: attempt.reserved, perMember: attempt.perMember, held: attempt.held });
      throw new AppError('QUOTA_EXCEEDED', refusal ?? 'Die Reservation ist nicht möglich.', refusal ? { amount: refusal } : undefined);
    });
  } catch (error) {
    const busy = asBusy(error);
    if (!busy) throw error;
    ctx.log.warn({ gameId: input.gameId, cause: error instanceof Error ? error.message : String(error) }, 'reservation refused as busy');
    throw busy;
  }
}

/** The reservation an earlier request with the same key made, if this request is the same one. */
async function replay(ctx: Ctx, memberId: number, id: number, input: ReserveTicketsInput): Promise<ReserveTicketsResult> {
  const row = await findReservationOfMember(ctx.db, memberId, id);
  if (!row) throw notFound('Reservation nicht gefunden.');
  if (row.gameId !== input.gameId || row.deliveryOptionId !== input.deliveryOptionId || row.amount !== input.amount) {
    throw conflict('Dieser Idempotency-Key wurde bereits für eine andere Reservation verwendet.');
  }
  return { reservation: toOwnReservation(row, ctx.now), replayed: true };
}

/** Lock waits and exhausted connection pools are "busy, try again", never a 500. */
function asBusy(error: unknown): AppError | null {
  if (error instanceof AppError) return null;
  const e = error as { code?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown } } }; cause?: { code?: unknown; originalCode?: unknown }; message?: unknown };
  const codes = [e.code, e.meta?.code, e.cause?.code, e.cause?.originalCode, e.meta?.driverAdapterError?.cause?.originalCode];
  const message = typeof e.message === 'string' ? e.message : '';
  if (
    codes.some((c) => c === '55P03' || c === '40P01' || c === 'P2028' || c === 'P2024') ||
    /lock timeout|timeout exceeded when trying to connect|Unable to start a transaction/i.test(message)
  ) {
    return new AppError('BUSY', BUSY_MESSAGE);
  }
  return null;
}

/** The member's reservations, by game start (for GET /api/v1/member/). */
export async function listOwnReservations(ctx: Ctx, memberId: number): Promise<TicketReservation[]> {
  const rows = await listReservationsOfMember(ctx.db, memberId);
  return rows.map((r) => toOwnReservation(r, ctx.now));
}

/** Cancels one of the member's reservations while the game's sales are open. */
export async function cancelReservation(ctx: Ctx, id: number): Promise<void> {
  const memberId = memberIdOf(ctx);
  await withTx(ctx, async (tx) => {
    const row = await findReservationOfMember(tx.db, memberId, id);
    if (!row) throw notFound('Diese Reservation gibt es nicht.');
    if (salesState(row.game, tx.now) !== 'OPEN') {
      throw conflict('Der Ticketverkauf für dieses Spiel ist geschlossen: Die Reservation kann nicht mehr storniert werden.', 'SALES_CLOSED');
    }
    if (!(await deleteReservationOfMember(tx.db, memberId, id))) throw notFound('Diese Reservation gibt es nicht.');
  });
}
