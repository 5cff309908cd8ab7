import { OWN_TEAM, type Game, type SalesState } from '@club/contract';
import { formatDateTime, TIME_ZONE } from '@/lib/format';

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
export function salesText(game: { salesState: SalesState; salesOpenAt: string | null; salesCloseAt: string | null; start: string }): string {
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
export function salesWindowText(game: { salesState: SalesState; salesOpenAt: string | null; salesCloseAt: string | null; start: string }): string {
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

/** The badge of a game: `Spiel vorbei` once it has begun, otherwise the tickets left. */
export function gameAvailabilityText(left: number, start: string | undefined, now: Date = new Date()): string {
  return start && isGameOver(start, now) ? 'Spiel vorbei' : ticketsLeftText(left);
}

/** Money without floating-point drift: amount × count, rounded to Rappen. */
export function multiplyMoney(amount: number, count: number): number {
  return Math.round(amount * 100 * count) / 100;
}

// -----------------------------------------------------------------------------------------
// <input type="datetime-local"> holds Zurich wall-clock time, whatever the browser's zone.
// -----------------------------------------------------------------------------------------

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2027-01-12T18:45:00.000Z` → `2027-01-12T19:45` (Zurich); '' for nothing. */
export function isoToZurichLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = Object.fromEntries(wallClock.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** `2027-01-12T19:45` (Zurich) → ISO instant; null for an empty or broken value. */
export function zurichLocalToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Zurich is UTC+1 or UTC+2: take the offset that gives back the wanted wall-clock time.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000);
    if (isoToZurichLocal(candidate.toISOString()) === local.slice(0, 16)) return candidate.toISOString();
  }
  // A time that does not exist (the hour skipped in spring): the instant an hour later.
  return new Date(asUtc - 3_600_000).toISOString();
}
