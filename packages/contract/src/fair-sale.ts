// No zod here: the draw's algorithm, shared by the server (which draws) and `pnpm verify-draw`
// (which any member may run to recompute a published draw). Pure: the same seed and entries
// always give the same order, on any machine.
import { createHash } from 'node:crypto';

/** The version of the algorithm below; published with every draw. */
export const DRAW_ALGORITHM = 'weighted-sha256-v1';

/** One request of a draw as published: who (member number), how many tickets, with which weight. */
export interface DrawEntry {
  memberNumber: number;
  amount: number;
  weight: number;
}

/** What a request's weight is made of: the member's completed membership seasons and draws lost among the last three. */
export interface WeightComponents {
  completedSeasons: number;
  lostDraws: number;
}

/** Completed seasons count up to this many. */
export const MAX_SEASONS_COUNTED = 10;
/** Lost draws count among the member's last this many. */
export const LAST_DRAWS_COUNTED = 3;

/**
 * The weight of a request: 1, plus one per completed membership season (at most 10), plus 2 for
 * each draw lost among the member's last three. The site draws with it, and `pnpm verify-draw`
 * recomputes every published weight from its published components.
 */
export function drawWeight(components: WeightComponents): number {
  const seasons = Math.min(MAX_SEASONS_COUNTED, Math.max(0, components.completedSeasons));
  return 1 + seasons + 2 * Math.min(LAST_DRAWS_COUNTED, Math.max(0, components.lostDraws));
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The published fingerprint of a seed: the SHA-256 of its text (64 hex digits), in hex. */
export function seedHash(seed: string): string {
  return sha256(seed).toString('hex');
}

/** A seed is 64 lower-case hex digits (32 random bytes). */
export function isSeed(seed: string): boolean {
  return /^[0-9a-f]{64}$/.test(seed);
}

const RANGE = 2 ** 48;

/**
 * The draw order of `weighted-sha256-v1` (weighted random choice without replacement):
 * 1. the entries are sorted by member number;
 * 2. random numbers come from SHA-256 in counter mode: number i (i = 0, 1, 2, ...) is the first
 *    6 bytes, big-endian, of SHA-256("<seed>:<i>"), so 0 ≤ x < 2^48;
 * 3. each step takes the sum W of the weights not yet drawn, the next x below the largest
 *    multiple of W under 2^48 (others are skipped, so every r is equally likely), r = x mod W,
 *    and draws the entry in whose share of [0, W) r falls, walking the remaining entries in
 *    member-number order; until none is left.
 * An entry's chance to be drawn next is its weight divided by the remaining weights.
 * Returns the member numbers in draw order.
 */
export function drawOrder(seed: string, entries: readonly DrawEntry[]): number[] {
  if (!isSeed(seed)) throw new Error('The seed must be 64 lower-case hex digits.');
  const remaining = [...entries].sort((a, b) => a.memberNumber - b.memberNumber);
  for (let i = 1; i < remaining.length; i++) {
    if (remaining[i]!.memberNumber === remaining[i - 1]!.memberNumber) throw new Error('Each member may have one entry only.');
  }
  if (remaining.some((e) => !Number.isInteger(e.weight) || e.weight < 1)) throw new Error('Weights are whole numbers of at least 1.');
  let total = remaining.reduce((sum, e) => sum + e.weight, 0);
  const order: number[] = [];
  let counter = 0;
  while (remaining.length) {
    const limit = RANGE - (RANGE % total);
    let x: number;
    do {
      x = sha256(`${seed}:${counter++}`).readUIntBE(0, 6);
    } while (x >= limit);
    let r = x % total;
    let k = 0;
    while (r >= remaining[k]!.weight) r -= remaining[k++]!.weight;
    const [drawn] = remaining.splice(k, 1);
    total -= drawn!.weight;
    order.push(drawn!.memberNumber);
  }
  return order;
}

/**
 * Who is served from a queue (draw order or waiting list) when `free` tickets or places are
 * there: whole requests only, in queue order; a request larger than what is left keeps its
 * place and the next one that fits is served, so nothing stays empty while a fitting request
 * waits. `free` null: unlimited. The one rule of the draw, the game waiting lists and the event
 * waiting lists.
 */
export function servedInOrder<T extends { amount: number }>(free: number | null, queue: readonly T[]): T[] {
  if (free === null) return [...queue];
  let left = free;
  const served: T[] = [];
  for (const request of queue) {
    if (request.amount <= left) {
      served.push(request);
      left -= request.amount;
    }
  }
  return served;
}
