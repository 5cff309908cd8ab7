import { describe, expect, it } from 'vitest';
import { BatchesPerKey, oneBatchAtATime } from './batching.ts';

/** A promise with its resolve function. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('one batch at a time', () => {
  it('sends a lone item at once, and gathers what arrives meanwhile into the next batch', async () => {
    const batches: number[][] = [];
    const first = gate();
    const loader = oneBatchAtATime(async (items: readonly number[]) => {
      batches.push([...items]);
      if (batches.length === 1) await first.opened;
      return items.map((n) => n * 10);
    });
    const a = loader.load(1);
    await new Promise((r) => setTimeout(r, 5));
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4].map((n) => loader.load(n));
    await new Promise((r) => setTimeout(r, 10));
    expect(batches).toHaveLength(1);
    first.open();
    expect(await Promise.all([a, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects just the items answered with an Error, and all of a batch that fails', async () => {
    let fail = false;
    const loader = oneBatchAtATime(async (items: readonly number[]) => {
      if (fail) throw new Error('Datenbank weg');
      return items.map((n) => (n < 0 ? new Error(`negativ: ${n}`) : n));
    });
    const answers = await Promise.allSettled([loader.load(1), loader.load(-2)]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected']);
    fail = true;
    await expect(loader.load(3)).rejects.toThrow('Datenbank weg');
    fail = false;
    expect(await loader.load(4)).toBe(4);
  });

  it('keeps batches to the largest size', async () => {
    const sizes: number[] = [];
    const loader = oneBatchAtATime(
      async (items: readonly number[]) => {
        sizes.push(items.length);
        return [...items];
      },
      { maxBatchSize: 3 },
    );
    await Promise.all(Array.from({ length: 7 }, (_, i) => loader.load(i)));
    expect(sizes.every((n) => n <= 3)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(7);
  });
});

describe('batches per key', () => {
  it('runs the batches of one key one after another, of different keys side by side, and forgets idle keys', async () => {
    const running = new Map<string, number>();
    let peakSameKey = 0;
    let peakAll = 0;
    const batches = new BatchesPerKey<string, number, string>(async (key, items) => {
      running.set(key, (running.get(key) ?? 0) + 1);
      peakSameKey = Math.max(peakSameKey, running.get(key)!);
      peakAll = Math.max(
        peakAll,
        [...running.values()].reduce((a, b) => a + b, 0),
      );
      await new Promise((r) => setTimeout(r, 5));
      running.set(key, running.get(key)! - 1);
      return items.map((n) => `${key}${n}`);
    }, 100);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => batches.submit(n % 2 ? 'a' : 'b', n)));
    expect(answers).toEqual(['a1', 'b2', 'a3', 'b4', 'a5', 'b6']);
    expect(peakSameKey).toBe(1);
    expect(peakAll).toBe(2);
    expect(batches.size).toBe(0);
  });
});
