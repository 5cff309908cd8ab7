import DataLoader from 'dataloader';

/** Answers of one batch, in the order of its items; an Error rejects just that item. */
export type BatchLoad<I, R> = (items: readonly I[]) => Promise<(R | Error)[]>;

/**
 * A DataLoader that has one batch on its way at a time ("group commit"): items asked for
 * while a batch is in the database wait and go together in the next one. A lone request goes
 * on the next turn of the event loop; under a rush the batches grow by themselves, so the
 * database sees a few large statements instead of one small one per request.
 */
export function oneBatchAtATime<I, R>(load: BatchLoad<I, R>, options: { maxBatchSize?: number } = {}): DataLoader<I, R> {
  let previous: Promise<unknown> = Promise.resolve();
  return new DataLoader<I, R>(
    (items) => {
      const batch = load(items);
      previous = batch.catch(() => undefined);
      return batch;
    },
    {
      cache: false,
      maxBatchSize: options.maxBatchSize ?? Infinity,
      batchScheduleFn: (dispatch) => void previous.then(() => setImmediate(dispatch)),
    },
  );
}

/**
 * One oneBatchAtATime loader per key (say, per game): batches of different keys run side
 * by side, those of one key one after another. A key's loader is dropped when nothing waits.
 */
export class BatchesPerKey<K, I, R> {
  private readonly loaders = new Map<K, { loader: DataLoader<I, R>; pending: number }>();

  constructor(
    private readonly load: (key: K, items: readonly I[]) => Promise<(R | Error)[]>,
    private readonly maxBatchSize: number,
  ) {}

  async submit(key: K, item: I): Promise<R> {
    let entry = this.loaders.get(key);
    if (!entry) {
      entry = { loader: oneBatchAtATime((items) => this.load(key, items), { maxBatchSize: this.maxBatchSize }), pending: 0 };
      this.loaders.set(key, entry);
    }
    entry.pending += 1;
    try {
      return await entry.loader.load(item);
    } finally {
      entry.pending -= 1;
      if (entry.pending === 0 && this.loaders.get(key) === entry) this.loaders.delete(key);
    }
  }

  /** Keys with something pending (for tests). */
  get size(): number {
    return this.loaders.size;
  }
}
