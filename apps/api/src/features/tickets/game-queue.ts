/**
 * At most `concurrency` reservation transactions per game at a time from this process; the
 * others wait here, in order, without holding a database connection. Only throughput
 * depends on it: correctness comes from the game row's lock in the database, which also
 * orders several server instances. A request that waits longer than `maxWaitMs` gets
 * null and is answered "busy, try again".
 */
export class GameQueue {
  private readonly games = new Map<number, { running: number; waiting: (() => void)[] }>();

  constructor(
    private readonly concurrency: number,
    private readonly maxWaitMs: number,
  ) {}

  /** Runs fn in a slot of the game; null when no slot came free in time. */
  async run<T>(gameId: number, fn: () => Promise<T>): Promise<{ value: T } | null> {
    let entry = this.games.get(gameId);
    if (!entry) {
      entry = { running: 0, waiting: [] };
      this.games.set(gameId, entry);
    }
    if (entry.running >= this.concurrency) {
      const slot = entry;
      const admitted = await new Promise<boolean>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          const i = slot.waiting.indexOf(wake);
          if (i >= 0) slot.waiting.splice(i, 1);
          resolve(false);
        }, this.maxWaitMs);
        slot.waiting.push(wake);
      });
      if (!admitted) {
        this.forget(gameId, slot);
        return null;
      }
    } else {
      entry.running += 1;
    }
    try {
      return { value: await fn() };
    } finally {
      const next = entry.waiting.shift();
      // The slot passes straight to the next in line; otherwise it is freed.
      if (next) next();
      else {
        entry.running -= 1;
        this.forget(gameId, entry);
      }
    }
  }

  /** Games waited for or running (for tests). */
  get size(): number {
    return this.games.size;
  }

  private forget(gameId: number, entry: { running: number; waiting: unknown[] }): void {
    if (entry.running === 0 && entry.waiting.length === 0 && this.games.get(gameId) === entry) this.games.delete(gameId);
  }
}
