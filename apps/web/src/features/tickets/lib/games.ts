import { OWN_TEAM, type Game, type SaleMode, type SalesState } from '@club/contract';
import { formatDateTime, formatDayMonth } from '@/lib/format';

/** Pure helpers of the ticket screens (tested in games.test.ts). */

export interface GameGroupSection {
  id: number;
  name: string;
  games: Game[];
}

/** Games grouped by their game group, groups in the order of their first game. */
export function groupByGameGroup(games: readonly Game[]): GameGroupSection[] {
  const sections = new Map<number, GameGroupSection>();
  for (const game of games) {
    let section = sections.get(game.gameGroupId);
    if (!section) {
      section = { id: game.gameGroupId, name: game.gameGroupName, games: [] };
      sections.set(game.gameGroupId, section);
    }
    section.games.push(game);
  }
  return [...sections.values()];
}

/** The home team first: `ZSC – SCB` at home, `SCB – ZSC` away. */
export function matchup(game: { opponent: string; homeGame: boolean }): { home: string; away: string; title: string } {
  const home = game.homeGame ? OWN_TEAM : game.opponent;
  const away = game.homeGame ? game.opponent : OWN_TEAM;
  return { home, away, title: `${home} – ${away}` };
}

/** "1 Ticket" / "3 Tickets". */
export function ticketCount(n: number): string {
  return `${n} ${n === 1 ? 'Ticket' : 'Tickets'}`;
}

/** What the sales window means for someone looking at the game now. */
export function salesText(game: {
  salesState: SalesState;
  salesOpenAt: string | null;
  salesCloseAt: string | null;
  start: string;
}): string {
  switch (game.salesState) {
    case 'NOT_YET_OPEN':
      return `Verkauf ab ${formatDateTime(game.salesOpenAt)} Uhr`;
    case 'OPEN':
      return `Verkauf bis ${formatDateTime(game.salesCloseAt ?? game.start)} Uhr`;
    case 'CLOSED':
      return 'Verkauf geschlossen';
  }
}

/** The sales window as a short fact: `offen bis …`, `ab …`, `geschlossen`. */
export function salesWindowText(game: {
  salesState: SalesState;
  salesOpenAt: string | null;
  salesCloseAt: string | null;
  start: string;
}): string {
  switch (game.salesState) {
    case 'NOT_YET_OPEN':
      return `ab ${formatDateTime(game.salesOpenAt)} Uhr`;
    case 'OPEN':
      return `offen bis ${formatDateTime(game.salesCloseAt ?? game.start)} Uhr`;
    case 'CLOSED':
      return 'geschlossen';
  }
}

/** True once the game has begun: tickets left mean nothing any more. */
export function isGameOver(start: string, now: Date = new Date()): boolean {
  return Date.parse(start) <= now.getTime();
}

/** Tickets left as a short label: `Ausverkauft`, `Noch 1 Ticket`, `Noch 12 Tickets`. */
export function ticketsLeftText(left: number): string {
  return left <= 0 ? 'Ausverkauft' : `Noch ${ticketCount(left)}`;
}

/** What the badge needs of a game's sale besides the tickets left. */
export interface BadgeSale {
  salesState: SalesState;
  salesOpenAt: string | null;
  saleMode?: SaleMode;
  drawAt?: string | null;
  drawnAt?: string | null;
}

/**
 * The badge of a game: `Spiel vorbei` once it has begun, `Verkauf ab 09.12.` before its sales
 * open (what is left means nothing yet), `Auslosung am 12.12.` while a draw's requests are
 * collected (the quota is not yet given to anyone), otherwise the tickets left.
 */
export function gameAvailabilityText(left: number, start: string | undefined, now: Date = new Date(), sales?: BadgeSale): string {
  if (start && isGameOver(start, now)) return 'Spiel vorbei';
  if (sales?.salesState === 'NOT_YET_OPEN' && sales.salesOpenAt) return `Verkauf ab ${formatDayMonth(sales.salesOpenAt)}`;
  if (isDrawPending(sales)) return `Auslosung am ${formatDayMonth(sales.drawAt)}`;
  return ticketsLeftText(left);
}

/** True while a draw game waits for its draw: tickets left mean nothing until then. */
export function isDrawPending(sales: BadgeSale | undefined): sales is BadgeSale & { drawAt: string } {
  return sales?.saleMode === 'DRAW' && !sales.drawnAt && !!sales.drawAt;
}

// <input type="datetime-local"> holds Zurich wall-clock time: the helpers live in lib/datetime-local.
export { isoToZurichLocal, zurichLocalToIso } from '@/lib/datetime-local';
