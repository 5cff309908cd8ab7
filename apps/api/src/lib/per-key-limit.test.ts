import { describe, expect, it } from 'vitest';
import { PerKeyLimit } from './per-key-limit.ts';

/** A call that runs until it is released. */
function gate() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

describe('PerKeyLimit', () => {
  it('runs at most the given number of calls per key at once, the others in order, and keys side by side', async () => {
    const limit = new PerKeyLimit<number>(2);
    const started: string[] = [];
    const gates = Array.from({ length: 4 }, () => gate());
    const calls = gates.map((g, i) =>
      limit.run(1, async () => {
        started.push(`a${i}`);
        await g.done;
        return i;
      }),
    );
    const other = limit.run(2, async () => {
      started.push('b');
      return 'b';
    });
    await expect(other).resolves.toBe('b');
    await expect.poll(() => started).toEqual(['a0', 'a1', 'b']);
    gates[1]!.release();
    await expect.poll(() => started).toEqual(['a0', 'a1', 'b', 'a2']);
    for (const g of gates) g.release();
    await expect(Promise.all(calls)).resolves.toEqual([0, 1, 2, 3]);
    expect(limit.size).toBe(0);
  });

  it('fails only the call that failed; the next one of the key runs', async () => {
    const limit = new PerKeyLimit<string>(1);
    const failing = limit.run('game', () => Promise.reject(new Error('nur diese')));
    const next = limit.run('game', () => Promise.resolve('weiter'));
    await expect(failing).rejects.toThrow('nur diese');
    await expect(next).resolves.toBe('weiter');
    expect(limit.size).toBe(0);
  });
});
