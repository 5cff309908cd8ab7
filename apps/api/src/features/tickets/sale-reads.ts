import type { Game, SalesState } from '@club/contract';
import type { DbOrTx } from '../../lib/ctx.ts';
import type { WriteSignal } from '../../lib/write-signal.ts';
import { readGameDeliveryOptions, readGames, readHeldOfMember, type GameReadRow } from './tickets.repository.ts';

/**
 * How old a copy may be at most when it is used. Changes made through this process are seen at
 * once (the write signal drops every copy); changes made elsewhere (a second server process,
 * SQL by hand) show after at most this long.
 */
export const SALE_READ_MAX_AGE_MS = 1_000;

/** More members' holdings than this kept at once: the copies are dropped and read again. */
const MAX_MEMBERS = 20_000;

interface Copy<T> {
  /** performance.now() when the read started. */
  readAt: number;
  value: Promise<T>;
}

/**
 * The read path of a sale (`GET /games/`, `/games/{id}`, `/games/{id}/deliveryoptions/`) without a
 * database round trip for most requests: a copy per process of the upcoming games with their
 * reserved sums, of each game's delivery options and of each member's holdings. Requests that
 * come while a copy is being read wait for that one read. The sums are those of committed
 * reservations; the copies are exact for this process and at most SALE_READ_MAX_AGE_MS old for
 * changes from elsewhere.
 */
export class SaleReads {
  private games: (Copy<GameReadRow[]> & { after: number }) | null = null;
  private readonly options = new Map<number, Copy<{ id: number; name: string }[] | null>>();
  private readonly held = new Map<number, Copy<Map<number, number>>>();
  /** Views of kept game rows: per row, by sales state and the member's holding. */
  private readonly views = new WeakMap<GameReadRow, Map<string, Game>>();

  constructor(
    signal: WriteSignal,
    private readonly maxAgeMs = SALE_READ_MAX_AGE_MS,
  ) {
    signal.subscribe(() => this.drop());
  }

  /** Forgets every copy: the next request reads again. */
  drop(): void {
    this.games = null;
    this.options.clear();
    this.held.clear();
  }

  /** Games starting after `now`, soonest first, with the tickets reserved for each. */
  async upcomingGames(db: DbOrTx, now: Date): Promise<GameReadRow[]> {
    const copy = this.games;
    // A copy read for an earlier `now` holds every game after the current one too (a pinned clock may go back).
    if (copy && this.fresh(copy) && now.getTime() >= copy.after) {
      return (await copy.value).filter((g) => g.start > now);
    }
    const fresh = { readAt: performance.now(), after: now.getTime(), value: readGames(db, { after: now }) };
    this.games = fresh;
    return this.settle(fresh, () => this.games === fresh && (this.games = null));
  }

  /** One game with its reserved sum; from the copy when it is an upcoming game. */
  async game(db: DbOrTx, id: number, now: Date): Promise<GameReadRow | undefined> {
    const upcoming = (await this.upcomingGames(db, now)).find((g) => g.id === id);
    if (upcoming) return upcoming;
    const [row] = await readGames(db, { id });
    return row;
  }

  /** The delivery options of a game's group; null when the game does not exist. */
  deliveryOptions(db: DbOrTx, gameId: number): Promise<{ id: number; name: string }[] | null> {
    return this.cached(this.options, gameId, () => readGameDeliveryOptions(db, gameId));
  }

  /** Tickets the member holds, per game. */
  heldOf(db: DbOrTx, memberId: number): Promise<Map<number, number>> {
    return this.cached(this.held, memberId, () => readHeldOfMember(db, memberId));
  }

  /**
   * The game as a member holding `held` tickets (null: a visitor) sees it in sales state `state`:
   * made by `make` once per kept row, state and holding, then handed out again as the same
   * object (so that the answer's check, parsedOnce, runs once too). A new copy has new rows.
   */
  view(row: GameReadRow, state: SalesState, held: number | null, make: () => Game): Game {
    let byKey = this.views.get(row);
    if (!byKey) this.views.set(row, (byKey = new Map()));
    const key = `${state}:${held ?? '-'}`;
    let game = byKey.get(key);
    if (!game) byKey.set(key, (game = make()));
    return game;
  }

  private fresh(copy: Copy<unknown>): boolean {
    return performance.now() - copy.readAt < this.maxAgeMs;
  }

  private cached<K, T>(copies: Map<K, Copy<T>>, key: K, read: () => Promise<T>): Promise<T> {
    const copy = copies.get(key);
    if (copy && this.fresh(copy)) return copy.value;
    if (copies.size >= MAX_MEMBERS) copies.clear();
    const fresh = { readAt: performance.now(), value: read() };
    copies.set(key, fresh);
    return this.settle(fresh, () => copies.get(key) === fresh && copies.delete(key));
  }

  /** A failed read is not kept: the next request tries again. */
  private settle<T>(copy: Copy<T>, forget: () => unknown): Promise<T> {
    copy.value.catch(forget);
    return copy.value;
  }
}
