import { describe, expect, it } from 'vitest';
import { DRAW_ALGORITHM, drawOrder, isSeed, seedHash, servedInOrder, type DrawEntry } from './fair-sale.ts';

const SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9a';
const OTHER = '0000000000000000000000000000000000000000000000000000000000000001';

const entries = (n: number, weight: (i: number) => number = () => 1): DrawEntry[] =>
  Array.from({ length: n }, (_, i) => ({ memberNumber: 1000 + i, amount: 1 + (i % 4), weight: weight(i) }));

describe('drawOrder (weighted-sha256-v1)', () => {
  it('names its algorithm version', () => {
    expect(DRAW_ALGORITHM).toBe('weighted-sha256-v1');
  });

  it('when the seed and entries are the same, then the order is the same, whatever order the entries come in', () => {
    const list = entries(50, (i) => 1 + (i % 7));
    const order = drawOrder(SEED, list);
    expect(drawOrder(SEED, [...list].reverse())).toEqual(order);
    expect([...order].sort((a, b) => a - b)).toEqual(list.map((e) => e.memberNumber));
  });

  it('when the seed differs, then the order differs', () => {
    const list = entries(30);
    expect(drawOrder(OTHER, list)).not.toEqual(drawOrder(SEED, list));
  });

  it('is pinned: the order matches an independent implementation (Python, hashlib) of the text in docs/operations.md', () => {
    expect(
      drawOrder(
        SEED,
        entries(6, (i) => i + 1),
      ),
    ).toEqual([1000, 1004, 1005, 1003, 1002, 1001]);
  });

  it('when one entry weighs three times another, then it is drawn first about three times as often', () => {
    let heavyFirst = 0;
    const runs = 3000;
    for (let i = 0; i < runs; i++) {
      const seed = seedHash(`run-${i}`);
      const [first] = drawOrder(seed, [
        { memberNumber: 1, amount: 1, weight: 1 },
        { memberNumber: 2, amount: 1, weight: 3 },
      ]);
      if (first === 2) heavyFirst++;
    }
    // Expected 3/4 = 2250; five standard deviations (≈ 24 each) either side.
    expect(heavyFirst).toBeGreaterThan(2250 - 120);
    expect(heavyFirst).toBeLessThan(2250 + 120);
  });

  it('refuses a malformed seed, a member twice and a weight below 1', () => {
    expect(() => drawOrder('abc', entries(2))).toThrow();
    expect(() => drawOrder(SEED, [...entries(2), entries(1)[0]!])).toThrow();
    expect(() =>
      drawOrder(
        SEED,
        entries(2, () => 0),
      ),
    ).toThrow();
  });

  it('draws nobody from an empty list', () => {
    expect(drawOrder(SEED, [])).toEqual([]);
  });
});

describe('seedHash', () => {
  it('is the SHA-256 of the seed text in hex', () => {
    expect(seedHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(isSeed(SEED)).toBe(true);
    expect(isSeed(SEED.toUpperCase())).toBe(false);
  });
});

describe('servedInOrder (draw, waiting lists of games and events)', () => {
  const q = (...amounts: number[]) => amounts.map((amount, i) => ({ id: i + 1, amount }));

  it('when the first request is larger than what is free, then the next that fits is served and the larger keeps its place', () => {
    expect(servedInOrder(3, q(4, 2, 1)).map((r) => r.id)).toEqual([2, 3]);
  });

  it('serves whole requests only and leaves nothing empty while a fitting request waits', () => {
    const served = servedInOrder(10, q(4, 4, 3, 2, 1));
    expect(served.map((r) => r.amount)).toEqual([4, 4, 2]);
    expect(served.reduce((s, r) => s + r.amount, 0)).toBe(10);
  });

  it('when 15 members ask for 10 tickets, then no ticket stays unsold while a fitting request waits', () => {
    const requests = q(4, 3, 2, 2, 2, 1, 1, 3, 2, 1, 2, 4, 1, 1, 2);
    const served = servedInOrder(10, requests);
    const left = 10 - served.reduce((s, r) => s + r.amount, 0);
    const waiting = requests.filter((r) => !served.includes(r));
    expect(waiting.every((r) => r.amount > left)).toBe(true);
  });

  it('serves nobody when nothing is free, everybody when unlimited', () => {
    expect(servedInOrder(0, q(1, 2))).toEqual([]);
    expect(servedInOrder(null, q(5, 9)).length).toBe(2);
  });
});
