import { describe, expect, it } from 'vitest';
import { GameQueue } from './game-queue.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the per-game queue', () => {
  it('runs at most N at a time per game, in order, and forgets idle games', async () => {
    const queue = new GameQueue(2, 1_000);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (i: number) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      order.push(i);
      running -= 1;
      return i;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => queue.run(7, job(i))));
    expect(results.map((r) => r?.value)).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
    expect(queue.size).toBe(0);
  });

  it('keeps games apart, passes errors on and frees the slot after them', async () => {
    const queue = new GameQueue(1, 1_000);
    const failing = queue.run(1, async () => {
      await tick();
      throw new Error('kaputt');
    });
    const other = queue.run(2, async () => 'anderes Spiel');
    await expect(failing).rejects.toThrow('kaputt');
    expect((await other)?.value).toBe('anderes Spiel');
    expect((await queue.run(1, async () => 'wieder frei'))?.value).toBe('wieder frei');
    expect(queue.size).toBe(0);
  });

  it('gives up after the longest wait with null, without running the job', async () => {
    const queue = new GameQueue(1, 20);
    let release = () => {};
    const first = queue.run(1, () => new Promise<string>((resolve) => (release = () => resolve('erster'))));
    let ran = false;
    const second = await queue.run(1, async () => {
      ran = true;
    });
    expect(second).toBeNull();
    expect(ran).toBe(false);
    release();
    expect((await first)?.value).toBe('erster');
    expect(queue.size).toBe(0);
  });
});
