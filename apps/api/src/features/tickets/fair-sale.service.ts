import { randomBytes } from 'node:crypto';
import type { GameDraw, TicketReservation } from '@club/contract';
import { DRAW_ALGORITHM, drawOrder, seedHash, servedInOrder } from '@club/contract/fair-sale';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { asBusy } from '../../lib/busy.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { zurichToday, formatZurichDateAtTime } from '../../lib/dates.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { ticketMail, type TicketMailKind } from './tickets.mails.ts';
import { toOwnReservation } from './tickets.mappers.ts';
import { listDeliveryOptionsOfGroup } from './delivery-options.repository.ts';
import { findGameGroupPlain } from './game-groups.repository.ts';
import { type LockedGame, lockGame } from './games.repository.ts';
import { findReservationOfMember, insertReservation } from './reservations.repository.ts';
import {
  confirmWaiting,
  confirmedOfGame,
  confirmedOfMember,
  deleteReservationRow,
  isReservationBilled,
  findDueDraws,
  findMemberForList,
  findPendingOfMember,
  findFairSaleRow,
  listRequests,
  listWaiting,
  readDraw,
  readDrawHistory,
  recordDraw,
  setDrawOutcome,
  type FairSaleRow,
} from './fair-sale.repository.ts';
import { drawPhase, drawWeight, quotaRefusal, salesState, tickets } from './tickets.rules.ts';

/**
 * The fair sale (docs/domain-rules.md «Tickets»): the draw, the waiting list's
 * move-up and the board's changes to the lists. Every change holds the game's row lock, the
 * same lock as every reservation, so the quota is decided on current sums only.
 */

/** What the mails need to know about the site. */
export interface TicketSite {
  clubName: string;
  publicUrl: string;
}

/** How long a change waits for the game's lock before it answers 503 BUSY. */
const LOCK_TIMEOUT_MS = 3_000;
const BUSY_MESSAGE = 'Gerade ändern sehr viele Mitglieder ihre Tickets. Bitte nochmals versuchen.';
const GAME_NOT_FOUND = 'Dieses Spiel gibt es nicht.';
const RESERVATION_NOT_FOUND = 'Diese Reservation gibt es nicht.';

/** A new draw's secret seed: 32 random bytes as 64 hex digits (the generator is injectable for tests). */
export function newDrawSeed(random: (size: number) => Buffer = randomBytes): string {
  return random(32).toString('hex');
}

async function busyOr<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asBusy(error, BUSY_MESSAGE) ?? error;
  }
}

async function mailRow(
  tx: Ctx,
  site: TicketSite,
  game: LockedGame,
  row: FairSaleRow,
  kind: TicketMailKind,
  detail?: string,
): Promise<void> {
  if (!row.email) return;
  const mail = ticketMail(
    kind,
    {
      firstName: row.firstName,
      game,
      amount: row.amount,
      deliveryOptionName: row.deliveryOptionName,
      pricePerTicketRappen: row.pricePerTicketRappen,
      feeRappen: row.feeRappen,
      paymentMode: game.paymentMode,
      clubName: site.clubName,
      publicUrl: site.publicUrl,
    },
    detail,
  );
  await enqueueMail(tx.db, { to: row.email, ...mail });
}

/** Mails one reservation by id (after an insert). */
export async function mailReservation(tx: Ctx, site: TicketSite, game: LockedGame, id: number, kind: TicketMailKind): Promise<void> {
  const row = await findFairSaleRow(tx.db, id);
  if (row) await mailRow(tx, site, game, row, kind);
}

/**
 * Freed tickets go to the waiting list at once (docs/domain-rules.md «Tickets»): whole requests, in the list's
 * order, the first that fits (`servedInOrder`, the rule the events share). Call it in the
 * transaction that freed them, holding the game's lock. Nobody moves up once the game started.
 * Returns who moved up.
 */
export async function moveUpWaiting(tx: Ctx, site: TicketSite, game: LockedGame): Promise<FairSaleRow[]> {
  if (tx.now >= game.start || drawPhase(game, tx.now) === 'REQUESTS' || drawPhase(game, tx.now) === 'DUE') return [];
  const group = await findGameGroupPlain(tx.db, game.gameGroupId);
  if (!group) return [];
  const [waiting, confirmed] = await Promise.all([listWaiting(tx.db, game.id), confirmedOfGame(tx.db, game.id)]);
  const moved = servedInOrder(Math.max(0, group.availableTicketsPerGame - confirmed), waiting);
  if (!moved.length) return moved;
  await confirmWaiting(
    tx.db,
    moved.map((r) => r.id),
    tx.now,
  );
  for (const row of moved) await mailRow(tx, site, game, row, 'movedUp');
  tx.log.info({ gameId: game.id, movedUp: moved.length }, 'waiting members moved up');
  return moved;
}

// ---------------------------------------------------------------------------------------
// The draw
// ---------------------------------------------------------------------------------------

/**
 * A game's draw as published (`GET /api/v1/games/{id}/draw`): algorithm, seed hash and seed for
 * everyone; the entries (member numbers, weights with their components, which tell a member's
 * seniority), the order and the winners for logged-in members only.
 */
export async function getDraw(ctx: Ctx, gameId: number): Promise<GameDraw> {
  const row = await readDraw(ctx.db, gameId);
  if (!row) throw notFound(GAME_NOT_FOUND);
  if (row.saleMode !== 'DRAW' || !row.drawSeed) throw notFound('Für dieses Spiel gibt es keine Auslosung.');
  const open = salesState(row, ctx.now) !== 'NOT_YET_OPEN' || row.drawnAt !== null;
  const byRank = [...row.drawEntries].sort((a, b) => a.rank - b.rank);
  const members = ctx.actor !== null;
  return {
    gameId: row.id,
    algorithm: DRAW_ALGORITHM,
    drawAt: row.drawAt?.toISOString() ?? null,
    drawnAt: row.drawnAt?.toISOString() ?? null,
    seedHash: open ? seedHash(row.drawSeed) : null,
    seed: row.drawnAt ? row.drawSeed : null,
    quota: row.gameGroup.availableTicketsPerGame,
    drawTickets: row.drawTickets,
    entries: members
      ? row.drawEntries.map((e) => ({
          memberNumber: e.memberNumber,
          amount: e.amount,
          weight: e.weight,
          completedSeasons: e.completedSeasons,
          lostDraws: e.lostDraws,
        }))
      : [],
    order: members ? byRank.map((e) => e.memberNumber) : [],
    served: members ? byRank.filter((e) => e.won).map((e) => e.memberNumber) : [],
    entriesForMembersOnly: !members && row.drawEntries.length > 0,
  };
}

/**
 * Draws a game (docs/domain-rules.md «Tickets»), once: under the game's row lock, a game with `drawnAt` set is a
 * 409, so of two presses, two timers or two server instances exactly one draws. The requests
 * are ordered by `drawOrder` from the game's seed with weights from each member's history, then
 * served whole in that order as far as the quota goes; the others wait in draw order. Each
 * member gets a mail with the outcome.
 */
export async function drawGame(ctx: Ctx, site: TicketSite, gameId: number): Promise<GameDraw> {
  await busyOr(() =>
    withTx(ctx, async (tx) => {
      const game = await lockGame(tx.db, gameId, LOCK_TIMEOUT_MS);
      if (!game) throw notFound(GAME_NOT_FOUND);
      if (game.saleMode !== 'DRAW' || !game.drawSeed) {
        throw conflict('Für dieses Spiel gibt es keine Auslosung: Die Tickets werden nach Eingang verkauft.');
      }
      if (game.drawnAt)
        throw conflict(`Dieses Spiel wurde bereits am ${formatZurichDateAtTime(game.drawnAt)} Uhr ausgelost.`, 'ALREADY_DECIDED');
      if (salesState(game, tx.now) === 'NOT_YET_OPEN') {
        throw conflict('Der Ticketverkauf hat noch nicht begonnen: Es gibt noch keine Anfragen zum Auslosen.', 'SALES_CLOSED');
      }
      const group = await findGameGroupPlain(tx.db, game.gameGroupId);
      if (!group) throw notFound(GAME_NOT_FOUND);
      const requests = await listRequests(tx.db, gameId);
      const history = await readDrawHistory(
        tx.db,
        requests.map((r) => r.memberId),
        zurichToday(tx.now),
      );
      const weighted = requests.map((r) => {
        const past = history.get(r.memberId) ?? { completedSeasons: 0, lostOfLastThree: 0 };
        return { row: r, weight: drawWeight(past), completedSeasons: past.completedSeasons, lostDraws: past.lostOfLastThree };
      });
      const byNumber = new Map(weighted.map((w) => [w.row.memberNumber, w]));
      const order = drawOrder(
        game.drawSeed,
        weighted.map((w) => ({ memberNumber: w.row.memberNumber, amount: w.row.amount, weight: w.weight })),
      );
      const ordered = order.map((n) => byNumber.get(n)!);
      const available = Math.max(0, group.availableTicketsPerGame - (await confirmedOfGame(tx.db, gameId)));
      const served = new Set(
        servedInOrder(
          available,
          ordered.map((w) => w.row),
        ),
      );
      const outcome = ordered.map((w, i) => ({ id: w.row.id, rank: i + 1, won: served.has(w.row) }));
      await setDrawOutcome(tx.db, outcome);
      await recordDraw(
        tx.db,
        gameId,
        ordered.map((w, i) => ({
          memberId: w.row.memberId,
          memberNumber: w.row.memberNumber,
          amount: w.row.amount,
          weight: w.weight,
          completedSeasons: w.completedSeasons,
          lostDraws: w.lostDraws,
          rank: i + 1,
          won: served.has(w.row),
        })),
        tx.now,
        available,
      );
      let place = 0;
      for (const w of ordered) {
        if (served.has(w.row)) await mailRow(tx, site, game, w.row, 'won');
        else await mailRow(tx, site, game, w.row, 'lost', `Platz ${++place}`);
      }
      if (tx.actor) {
        await writeAudit(tx, {
          action: 'game.drawn',
          entity: 'game',
          entityId: gameId,
          data: { requests: requests.length, served: served.size, seedHash: seedHash(game.drawSeed) },
        });
      }
      tx.log.info({ gameId, requests: requests.length, served: served.size }, 'draw done');
    }),
  );
  return getDraw(ctx, gameId);
}

/**
 * The scheduled draws: every DRAW game whose `drawAt` has come and that is not drawn. Safe to run
 * on every instance at once (the lock and `drawnAt` let one draw each game); a game another
 * instance drew meanwhile is skipped. Returns the games this run drew.
 */
export async function runDueDraws(ctx: Ctx, site: TicketSite): Promise<number[]> {
  const drawn: number[] = [];
  for (const gameId of await findDueDraws(ctx.db, ctx.now)) {
    try {
      await drawGame(ctx, site, gameId);
      drawn.push(gameId);
    } catch (error) {
      if (error instanceof AppError && (error.code === 'ALREADY_DECIDED' || error.code === 'BUSY')) continue;
      throw error;
    }
  }
  return drawn;
}

// ---------------------------------------------------------------------------------------
// The board's changes to a game's lists
// ---------------------------------------------------------------------------------------

/** Loads the reservation and locks its game; re-reads it under the lock. */
async function lockReservation(tx: Ctx, id: number): Promise<{ game: LockedGame; row: FairSaleRow & { gameId: number } }> {
  const before = await findFairSaleRow(tx.db, id);
  if (!before) throw notFound(RESERVATION_NOT_FOUND);
  const game = await lockGame(tx.db, before.gameId, LOCK_TIMEOUT_MS);
  const row = game ? await findFairSaleRow(tx.db, id) : null;
  if (!game || !row) throw notFound(RESERVATION_NOT_FOUND);
  return { game, row };
}

/** Removes a reservation, request or waiting-list entry; freed tickets move up at once. */
export async function removeReservation(ctx: Ctx, site: TicketSite, id: number, reason: string | undefined): Promise<void> {
  await busyOr(() =>
    withTx(ctx, async (tx) => {
      const { game, row } = await lockReservation(tx, id);
      if (await isReservationBilled(tx.db, id)) {
        throw conflict('Diese Reservation ist bereits verrechnet: Bitte zuerst die Ticketrechnung stornieren.', 'IN_USE');
      }
      await deleteReservationRow(tx.db, id);
      await writeAudit(tx, {
        action: 'ticketreservation.removed',
        entity: 'ticket_reservation',
        entityId: id,
        data: { gameId: game.id, memberId: row.memberId, amount: row.amount, status: row.status, reason: reason ?? null },
      });
      await mailRow(tx, site, game, row, 'removed', reason);
      if (row.status === 'CONFIRMED') await moveUpWaiting(tx, site, game);
    }),
  );
}

/**
 * Promotes a waiting member by hand (ahead of the list's order), within the quota: beyond it a
 * 409, unless the board raises the group's quota first.
 */
export async function promoteReservation(ctx: Ctx, site: TicketSite, id: number, reason: string | undefined): Promise<void> {
  await busyOr(() =>
    withTx(ctx, async (tx) => {
      const { game, row } = await lockReservation(tx, id);
      if (row.status !== 'WAITING') throw conflict('Nur wer auf der Warteliste steht, kann nachrücken.');
      const group = await findGameGroupPlain(tx.db, game.gameGroupId);
      if (!group) throw notFound(GAME_NOT_FOUND);
      const left = Math.max(0, group.availableTicketsPerGame - (await confirmedOfGame(tx.db, game.id)));
      if (row.amount > left) {
        throw new AppError(
          'QUOTA_EXCEEDED',
          `Es ${left === 1 ? 'ist' : 'sind'} nur ${tickets(left)} frei, die Anfrage will ${tickets(row.amount)}. Erhöhen Sie zuerst das Kontingent der Spielegruppe.`,
        );
      }
      await confirmWaiting(tx.db, [id], tx.now);
      await writeAudit(tx, {
        action: 'ticketreservation.promoted',
        entity: 'ticket_reservation',
        entityId: id,
        data: { gameId: game.id, memberId: row.memberId, amount: row.amount, reason: reason ?? null },
      });
      await mailRow(tx, site, game, row, 'movedUp', reason ? `Der Vorstand hat Sie nachrücken lassen: ${reason}` : undefined);
    }),
  );
}

export interface AddToGameInput {
  memberId: number;
  amount: number;
  deliveryOptionId?: number | undefined;
  waitlist?: boolean | undefined;
  reason?: string | undefined;
}

/**
 * Adds a member by hand (a paper sign-up) under the same rules as the member's own request: in
 * a draw's request phase a request, otherwise confirmed tickets within the quota and the
 * member's limit, or (asked for) a place at the end of the waiting list.
 */
export async function addToGame(ctx: Ctx, site: TicketSite, gameId: number, input: AddToGameInput): Promise<TicketReservation> {
  return busyOr(() =>
    withTx(ctx, async (tx) => {
      const game = await lockGame(tx.db, gameId, LOCK_TIMEOUT_MS);
      if (!game) throw notFound(GAME_NOT_FOUND);
      if (tx.now >= game.start) throw conflict('Das Spiel hat bereits begonnen.', 'SALES_CLOSED');
      const phase = drawPhase(game, tx.now);
      if (phase === 'DUE') throw conflict('Die Auslosung steht an: Bitte zuerst auslosen.', 'SALES_CLOSED');
      const [group, member] = await Promise.all([findGameGroupPlain(tx.db, game.gameGroupId), findMemberForList(tx.db, input.memberId)]);
      if (!group) throw notFound(GAME_NOT_FOUND);
      if (!member || member.anonymisedAt) throw invalid('Dieses Mitglied gibt es nicht.', { memberId: 'Dieses Mitglied gibt es nicht.' });
      const address = member.addresses[0];
      if (!address) throw invalid('Das Mitglied hat keine aktuelle Adresse.', { memberId: 'Das Mitglied hat keine aktuelle Adresse.' });
      const options = await listDeliveryOptionsOfGroup(tx.db, game.gameGroupId);
      const option = input.deliveryOptionId === undefined ? options[0] : options.find((o) => o.id === input.deliveryOptionId);
      if (!option) {
        throw invalid('Diese Zustelloption wird für dieses Spiel nicht angeboten.', {
          deliveryOptionId: 'Bitte eine Zustelloption der Spielegruppe wählen.',
        });
      }
      if (await findPendingOfMember(tx.db, gameId, member.id)) {
        throw conflict('Das Mitglied hat für dieses Spiel bereits eine Anfrage oder einen Platz auf der Warteliste.', 'ALREADY_EXISTS');
      }
      const held = await confirmedOfMember(tx.db, gameId, member.id);
      const own = quotaRefusal({ amount: input.amount, quota: Infinity, reserved: 0, perMember: group.freeTicketAmount, held });
      if (own) throw new AppError('QUOTA_EXCEEDED', own, { amount: own });
      let status: 'CONFIRMED' | 'REQUESTED' | 'WAITING' = 'REQUESTED';
      if (phase !== 'REQUESTS') {
        const confirmed = await confirmedOfGame(tx.db, gameId);
        const refusal = quotaRefusal({
          amount: input.amount,
          quota: group.availableTicketsPerGame,
          reserved: confirmed,
          perMember: Infinity,
          held: 0,
        });
        if (refusal && !input.waitlist) throw new AppError('QUOTA_EXCEEDED', refusal, { amount: refusal });
        status = refusal ? 'WAITING' : 'CONFIRMED';
      }
      const id = await insertReservation(tx.db, {
        gameId,
        memberId: member.id,
        deliveryOptionId: option.id,
        amount: input.amount,
        pricePerTicketRappen: group.defaultPricePerTicketRappen,
        ...address,
        idempotencyKey: null,
        status,
        createdAt: tx.now,
      });
      await writeAudit(tx, {
        action: 'ticketreservation.added',
        entity: 'ticket_reservation',
        entityId: id,
        data: { gameId, memberId: member.id, amount: input.amount, status, reason: input.reason ?? null },
      });
      await mailReservation(tx, site, game, id, status === 'CONFIRMED' ? 'reserved' : status === 'WAITING' ? 'waiting' : 'requested');
      const made = await findReservationOfMember(tx.db, member.id, id);
      return toOwnReservation(made!, tx.now);
    }),
  );
}
