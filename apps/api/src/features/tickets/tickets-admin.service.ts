import { formatZurichDateAtTime } from '../../lib/dates.ts';
import type {
  AdminDeliveryOption,
  AdminGame,
  AdminTicketReservation,
  DeliveryOption,
  GameGroup,
  Money,
  gameGroupDeliveryOptionsInputSchema,
  gameGroupInputSchema,
  gameInputSchema,
} from '@club/contract';
import type { z } from 'zod';
import { conflict, invalid, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { toAdminDeliveryOption, toAdminReservation, toDeliveryOption, toGameGroup } from './tickets.mappers.ts';
import {
  deleteDeliveryOptionRow,
  findDeliveryOption,
  findDeliveryOptionByName,
  findDeliveryOptionsByIds,
  insertDeliveryOption,
  listDeliveryOptionsOfGroup,
  listDeliveryOptionsWithUsage,
  lockDeliveryOption,
  updateDeliveryOptionRow,
} from './delivery-options.repository.ts';
import {
  addGroupDeliveryOptions,
  clearGroupDeliveryOptions,
  countBilledReservationsOfGroup,
  countReservationsOfGroup,
  deleteGameGroupRow,
  findGameGroup,
  findGameGroupByName,
  findGameGroupPlain,
  insertGameGroup,
  listGameGroups as listGameGroupRows,
  lockGamesOfGroup,
  mostHeldByOneMemberInGroup,
  mostReservedGameOfGroup,
  updateGameGroupRow,
} from './game-groups.repository.ts';
import {
  type GameFields,
  type LockedGame,
  countRequestsOfGame,
  countReservationsOfGame,
  deleteGameRow,
  findGame,
  insertGame,
  lockGame,
  ticketSumsByGame,
  updateGameRow,
} from './games.repository.ts';
import { pageGameReservations } from './reservations.repository.ts';
import { newDrawSeed } from './fair-sale.service.ts';
import { tickets, toRappen } from './tickets.rules.ts';

type DeliveryOptionBody = { name: string; fee?: Money | undefined };
type GameGroupBody = z.output<typeof gameGroupInputSchema>;
type GameBody = z.output<typeof gameInputSchema>;
type DeliveryOptionsBody = z.output<typeof gameGroupDeliveryOptionsInputSchema>;

const GROUP_NOT_FOUND = 'Diese Spielegruppe gibt es nicht.';
const OPTION_NOT_FOUND = 'Diese Zustelloption gibt es nicht.';
const GAME_NOT_FOUND = 'Dieses Spiel gibt es nicht.';

// ---------------------------------------------------------------------------------------
// Delivery options
// ---------------------------------------------------------------------------------------

export async function listDeliveryOptions(ctx: Ctx): Promise<AdminDeliveryOption[]> {
  return (await listDeliveryOptionsWithUsage(ctx.db)).map(toAdminDeliveryOption);
}

async function assertOptionNameFree(ctx: Ctx, name: string, exceptId?: number): Promise<void> {
  const other = await findDeliveryOptionByName(ctx.db, name);
  if (other && other.id !== exceptId) throw conflict(`Die Zustelloption «${name}» gibt es bereits.`, 'ALREADY_EXISTS');
}

export async function createDeliveryOption(ctx: Ctx, input: DeliveryOptionBody): Promise<AdminDeliveryOption> {
  return withTx(ctx, async (tx) => {
    await assertOptionNameFree(tx, input.name);
    const row = await insertDeliveryOption(tx.db, { name: input.name, feeRappen: input.fee ? toRappen(input.fee) : 0 }, tx.now);
    await writeAudit(tx, {
      action: 'deliveryoption.created',
      entity: 'delivery_option',
      entityId: row.id,
      data: { name: row.name, feeRappen: row.feeRappen },
    });
    return { ...toDeliveryOption(row), gameGroupCount: 0, reservationCount: 0 };
  });
}

export async function updateDeliveryOption(ctx: Ctx, id: number, input: DeliveryOptionBody): Promise<AdminDeliveryOption> {
  return withTx(ctx, async (tx) => {
    const before = await findDeliveryOption(tx.db, id);
    if (!before) throw notFound(OPTION_NOT_FOUND);
    await assertOptionNameFree(tx, input.name, id);
    const feeRappen = input.fee ? toRappen(input.fee) : 0;
    await updateDeliveryOptionRow(tx.db, id, { name: input.name, feeRappen });
    await writeAudit(tx, {
      action: 'deliveryoption.updated',
      entity: 'delivery_option',
      entityId: id,
      data: { name: input.name, previousName: before.name, feeRappen, previousFeeRappen: before.feeRappen },
    });
    return toAdminDeliveryOption({ ...before, name: input.name, feeRappen });
  });
}

/** Deleting an option that a group offers or a reservation uses is a 409. */
export async function deleteDeliveryOption(ctx: Ctx, id: number): Promise<void> {
  await withTx(ctx, async (tx) => {
    if (!(await lockDeliveryOption(tx.db, id))) throw notFound(OPTION_NOT_FOUND);
    const option = await findDeliveryOption(tx.db, id);
    if (!option) throw notFound(OPTION_NOT_FOUND);
    const { gameGroups, reservations } = option._count;
    if (gameGroups > 0 || reservations > 0) {
      const uses = [
        gameGroups ? `${gameGroups} ${gameGroups === 1 ? 'Spielegruppe' : 'Spielegruppen'}` : '',
        reservations ? `${reservations} ${reservations === 1 ? 'Reservation' : 'Reservationen'}` : '',
      ].filter(Boolean);
      throw conflict(
        `Die Zustelloption «${option.name}» wird noch verwendet (${uses.join(' und ')}) und kann nicht gelöscht werden.`,
        'IN_USE',
      );
    }
    await deleteDeliveryOptionRow(tx.db, id);
    await writeAudit(tx, { action: 'deliveryoption.deleted', entity: 'delivery_option', entityId: id, data: { name: option.name } });
  });
}

// ---------------------------------------------------------------------------------------
// Game groups
// ---------------------------------------------------------------------------------------

async function groupOut(ctx: Ctx, id: number, withReservations: boolean): Promise<GameGroup> {
  const row = await findGameGroup(ctx.db, id, withReservations);
  if (!row) throw notFound(GROUP_NOT_FOUND);
  const sums = await ticketSumsByGame(
    ctx.db,
    row.games.map((g) => g.id),
  );
  return toGameGroup(row, ctx.now, sums);
}

export async function listGameGroups(ctx: Ctx): Promise<GameGroup[]> {
  const rows = await listGameGroupRows(ctx.db);
  const sums = await ticketSumsByGame(
    ctx.db,
    rows.flatMap((g) => g.games.map((game) => game.id)),
  );
  return rows.map((g) => toGameGroup(g, ctx.now, sums));
}

/** One group with its options, games, and the first page of every game's reservations. */
export function getGameGroup(ctx: Ctx, id: number): Promise<GameGroup> {
  return groupOut(ctx, id, true);
}

/** One page of a game's reservations for the board, and how many there are. */
export async function listGameReservations(
  ctx: Ctx,
  gameId: number,
  page: { page: number; pageSize: number },
): Promise<{ items: AdminTicketReservation[]; total: number }> {
  const found = await pageGameReservations(ctx.db, gameId, { skip: (page.page - 1) * page.pageSize, take: page.pageSize });
  if (!found) throw notFound(GAME_NOT_FOUND);
  return { items: found.rows.map(toAdminReservation), total: found.total };
}

async function assertGroupNameFree(ctx: Ctx, name: string, exceptId?: number): Promise<void> {
  const other = await findGameGroupByName(ctx.db, name);
  if (other && other.id !== exceptId) throw conflict(`Die Spielegruppe «${name}» gibt es bereits.`, 'ALREADY_EXISTS');
}

function groupFields(input: GameGroupBody) {
  return {
    name: input.name,
    defaultPricePerTicketRappen: toRappen(input.defaultPricePerTicket),
    availableTicketsPerGame: input.availableTicketsPerGame,
    freeTicketAmount: input.freeTicketAmount,
    paymentMode: input.paymentMode,
  };
}

export async function createGameGroup(ctx: Ctx, input: GameGroupBody): Promise<GameGroup> {
  return withTx(ctx, async (tx) => {
    await assertGroupNameFree(tx, input.name);
    const row = await insertGameGroup(tx.db, { ...groupFields(input), createdAt: tx.now });
    await writeAudit(tx, { action: 'gamegroup.created', entity: 'game_group', entityId: row.id, data: groupFields(input) });
    return groupOut(tx, row.id, true);
  });
}

/**
 * Changes a group. Lowering the quota below what a game already has reserved, or the
 * per-member limit below what a member already holds, is a 409: the games are locked
 * first (in id order, like every reservation locks its game), so no reservation slips in.
 */
export async function updateGameGroup(ctx: Ctx, id: number, input: GameGroupBody): Promise<GameGroup> {
  return withTx(ctx, async (tx) => {
    const before = await findGameGroupPlain(tx.db, id);
    if (!before) throw notFound(GROUP_NOT_FOUND);
    await assertGroupNameFree(tx, input.name, id);
    const fields = groupFields(input);
    if (fields.availableTicketsPerGame < before.availableTicketsPerGame || fields.freeTicketAmount < before.freeTicketAmount) {
      await lockGamesOfGroup(tx.db, id);
      const most = await mostReservedGameOfGroup(tx.db, id);
      if (most && most.reserved > fields.availableTicketsPerGame) {
        throw conflict(
          `Für das Spiel gegen ${most.opponent} vom ${formatZurichDateAtTime(most.start)} Uhr sind bereits ${tickets(most.reserved)} reserviert: ` +
            `Die Tickets pro Spiel können nicht unter ${most.reserved} gesenkt werden.`,
          'CONFLICT',
        );
      }
      const held = await mostHeldByOneMemberInGroup(tx.db, id);
      if (held > fields.freeTicketAmount) {
        throw conflict(
          `Ein Mitglied hat für ein Spiel dieser Gruppe bereits ${tickets(held)} reserviert: ` +
            `Die Tickets pro Mitglied können nicht unter ${held} gesenkt werden.`,
          'CONFLICT',
        );
      }
    }
    if (fields.paymentMode !== before.paymentMode) {
      await lockGamesOfGroup(tx.db, id);
      const billed = await countBilledReservationsOfGroup(tx.db, id);
      if (billed > 0) {
        throw conflict(
          `Für Spiele der Spielegruppe «${before.name}» ${billed === 1 ? 'ist bereits eine Reservation' : `sind bereits ${billed} Reservationen`} verrechnet: ` +
            'Die Zahlungsart kann nicht mehr geändert werden, solange ihre Rechnungen nicht storniert sind.',
          'CONFLICT',
        );
      }
    }
    await updateGameGroupRow(tx.db, id, fields);
    await writeAudit(tx, {
      action: 'gamegroup.updated',
      entity: 'game_group',
      entityId: id,
      data: {
        ...fields,
        previous: {
          name: before.name,
          defaultPricePerTicketRappen: before.defaultPricePerTicketRappen,
          availableTicketsPerGame: before.availableTicketsPerGame,
          freeTicketAmount: before.freeTicketAmount,
          paymentMode: before.paymentMode,
        },
      },
    });
    return groupOut(tx, id, true);
  });
}

/** Deletes a group with its games; a 409 while any game has reservations. */
export async function deleteGameGroup(ctx: Ctx, id: number): Promise<void> {
  await withTx(ctx, async (tx) => {
    const group = await findGameGroupPlain(tx.db, id);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    await lockGamesOfGroup(tx.db, id);
    const count = await countReservationsOfGroup(tx.db, id);
    if (count > 0) {
      throw conflict(
        `Für Spiele der Spielegruppe «${group.name}» gibt es noch ${count} ${count === 1 ? 'Reservation' : 'Reservationen'}: Sie kann nicht gelöscht werden.`,
        'IN_USE',
      );
    }
    await deleteGameGroupRow(tx.db, id);
    await writeAudit(tx, { action: 'gamegroup.deleted', entity: 'game_group', entityId: id, data: { name: group.name } });
  });
}

/**
 * `DELETE .../gamegroups/{id}/deliveryoptions/`: the group offers no option any more.
 * Reservations keep their option (they point at the option, not at the group's link).
 */
export async function clearGameGroupDeliveryOptions(ctx: Ctx, id: number): Promise<void> {
  await withTx(ctx, async (tx) => {
    if (!(await findGameGroupPlain(tx.db, id))) throw notFound(GROUP_NOT_FOUND);
    const removed = await clearGroupDeliveryOptions(tx.db, id);
    await writeAudit(tx, { action: 'gamegroup.deliveryoptions.cleared', entity: 'game_group', entityId: id, data: { removed } });
  });
}

/** `PUT .../gamegroups/{id}/deliveryoptions/`: the complete list of offered options, replaced at once. */
export async function setGameGroupDeliveryOptions(ctx: Ctx, id: number, input: DeliveryOptionsBody): Promise<DeliveryOption[]> {
  const ids = [...new Set(input.map((o) => o.id))];
  return withTx(ctx, async (tx) => {
    if (!(await findGameGroupPlain(tx.db, id))) throw notFound(GROUP_NOT_FOUND);
    const found = await findDeliveryOptionsByIds(tx.db, ids);
    const unknown = ids.filter((optionId) => !found.some((o) => o.id === optionId));
    if (unknown.length) {
      const fields = Object.fromEntries(
        input.flatMap((o, i) => (unknown.includes(o.id) ? [[`${i}.id`, `Die Zustelloption ${o.id} gibt es nicht.`]] : [])),
      );
      throw invalid(`Unbekannte Zustelloption: ${unknown.join(', ')}.`, fields);
    }
    await clearGroupDeliveryOptions(tx.db, id);
    await addGroupDeliveryOptions(tx.db, id, ids);
    await writeAudit(tx, { action: 'gamegroup.deliveryoptions.set', entity: 'game_group', entityId: id, data: { deliveryOptionIds: ids } });
    return (await listDeliveryOptionsOfGroup(tx.db, id)).map(toDeliveryOption);
  });
}

// ---------------------------------------------------------------------------------------
// Games
// ---------------------------------------------------------------------------------------

function gameFields(input: GameBody): GameFields {
  return {
    start: new Date(input.start),
    opponent: input.opponent,
    homeGame: input.homeGame,
    venue: input.venue,
    salesOpenAt: input.salesOpenAt ? new Date(input.salesOpenAt) : null,
    salesCloseAt: input.salesCloseAt ? new Date(input.salesCloseAt) : null,
    saleMode: input.saleMode ?? 'FIRST_COME',
    drawAt: input.saleMode === 'DRAW' && input.drawAt ? new Date(input.drawAt) : null,
  };
}

function assertStartAhead(ctx: Ctx, start: Date): void {
  if (start <= ctx.now)
    throw invalid('Der Spielbeginn liegt in der Vergangenheit.', { start: 'Spielbeginn: Bitte einen Zeitpunkt in der Zukunft angeben.' });
}

function auditData(f: GameFields) {
  return {
    ...f,
    start: f.start.toISOString(),
    salesOpenAt: f.salesOpenAt?.toISOString() ?? null,
    salesCloseAt: f.salesCloseAt?.toISOString() ?? null,
    drawAt: f.drawAt?.toISOString() ?? null,
  };
}

/** A game as the board's group screen shows it. */
async function adminGameOut(ctx: Ctx, gameGroupId: number, id: number): Promise<AdminGame> {
  const group = await groupOut(ctx, gameGroupId, true);
  const game = group.games.find((g) => g.id === id);
  if (!game) throw notFound(GAME_NOT_FOUND);
  return game;
}

/** Adds a game to a group. */
export async function createGame(ctx: Ctx, gameGroupId: number, input: GameBody): Promise<AdminGame> {
  const fields = gameFields(input);
  assertStartAhead(ctx, fields.start);
  return withTx(ctx, async (tx) => {
    if (!(await findGameGroupPlain(tx.db, gameGroupId))) throw notFound(GROUP_NOT_FOUND);
    const drawSeed = fields.saleMode === 'DRAW' ? newDrawSeed() : null;
    const row = await insertGame(tx.db, gameGroupId, { ...fields, drawSeed, createdAt: tx.now });
    await writeAudit(tx, { action: 'game.created', entity: 'game', entityId: row.id, data: { gameGroupId, ...auditData(fields) } });
    return adminGameOut(tx, gameGroupId, row.id);
  });
}

/** Changes a game (its row lock waits for running reservations); a start moved into the past is refused. */
export async function updateGame(ctx: Ctx, id: number, input: GameBody): Promise<AdminGame> {
  const fields = gameFields(input);
  return withTx(ctx, async (tx) => {
    const locked = await lockGame(tx.db, id);
    if (!locked) throw notFound(GAME_NOT_FOUND);
    if (fields.start.getTime() !== locked.start.getTime()) assertStartAhead(tx, fields.start);
    const before = await findGame(tx.db, id);
    await assertSaleModeChange(tx, locked, fields);
    await updateGameRow(tx.db, id, { ...fields, ...(fields.saleMode === 'DRAW' && !locked.drawSeed ? { drawSeed: newDrawSeed() } : {}) });
    await writeAudit(tx, {
      action: 'game.updated',
      entity: 'game',
      entityId: id,
      data: { ...auditData(fields), previous: before ? auditData(before) : null },
    });
    return adminGameOut(tx, locked.gameGroupId, id);
  });
}

/**
 * A drawn game keeps its sale mode and draw time (the published draw stays as it was); a draw
 * with requests cannot become a first-come sale (the requests would hold no tickets).
 */
async function assertSaleModeChange(tx: Ctx, locked: LockedGame, fields: GameFields): Promise<void> {
  const sameDraw = fields.saleMode === locked.saleMode && (fields.drawAt?.getTime() ?? null) === (locked.drawAt?.getTime() ?? null);
  if (locked.drawnAt && !sameDraw) {
    throw conflict('Dieses Spiel ist bereits ausgelost: Verkaufsart und Auslosungszeit bleiben, wie sie waren.', 'ALREADY_DECIDED');
  }
  if (locked.saleMode === 'DRAW' && fields.saleMode !== 'DRAW' && !locked.drawnAt && (await countRequestsOfGame(tx.db, locked.id)) > 0) {
    throw conflict('Für die Auslosung gibt es bereits Anfragen: Bitte zuerst auslosen oder die Anfragen entfernen.', 'IN_USE');
  }
}

/** Deletes a game; a 409 while it has reservations. */
export async function deleteGame(ctx: Ctx, id: number): Promise<void> {
  await withTx(ctx, async (tx) => {
    const locked = await lockGame(tx.db, id);
    if (!locked) throw notFound(GAME_NOT_FOUND);
    const count = await countReservationsOfGame(tx.db, id);
    if (count > 0) {
      throw conflict(
        `Für das Spiel gegen ${locked.opponent} vom ${formatZurichDateAtTime(locked.start)} Uhr gibt es ${count} ${count === 1 ? 'Reservation' : 'Reservationen'}: Es kann nicht gelöscht werden.`,
        'IN_USE',
      );
    }
    await deleteGameRow(tx.db, id);
    await writeAudit(tx, {
      action: 'game.deleted',
      entity: 'game',
      entityId: id,
      data: { gameGroupId: locked.gameGroupId, ...auditData(locked) },
    });
  });
}
