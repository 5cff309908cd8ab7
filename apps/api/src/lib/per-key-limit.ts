import pLimit, { type LimitFunction } from 'p-limit';

/**
 * At most `concurrency` calls per key run at once in this process; the others wait here, in
 * order, each with its own request and outcome. For transactions that queue on one row lock
 * (a game, an event): those beyond the first few would only hold pool connections while they
 * wait on the lock, and a rush for one game would starve every other request of the pool.
 * The database lock still decides the order across processes; this only keeps the waiting
 * out of the pool. A key's limiter is dropped when nothing runs or waits for it.
 */
export class PerKeyLimit<K> {
  private readonly limits = new Map<K, LimitFunction>();

  constructor(private readonly concurrency: number) {}

  async run<T>(key: K, fn: () => Promise<T>): Promise<T> {
    let limit = this.limits.get(key);
    if (!limit) {
      limit = pLimit(this.concurrency);
      this.limits.set(key, limit);
    }
    try {
      return await limit(fn);
    } finally {
      if (limit.activeCount === 0 && limit.pendingCount === 0 && this.limits.get(key) === limit) this.limits.delete(key);
    }
  }

  /** Keys with something running or waiting (for tests). */
  get size(): number {
    return this.limits.size;
  }
}
