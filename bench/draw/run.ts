// `pnpm bench:draw`: the draw's algorithm over 5,000 requests (target < 2 s), and the whole-request
// rule over the result. Pure computation: no database (the API's own tests cover the draw's
// transaction and its concurrency).
import { randomBytes } from 'node:crypto';
import { drawOrder, servedInOrder, type DrawEntry } from '../../packages/contract/src/fair-sale.ts';

const REQUESTS = 5_000;
const QUOTA = 1_200;
const seed = randomBytes(32).toString('hex');
const entries: DrawEntry[] = Array.from({ length: REQUESTS }, (_, i) => ({
  memberNumber: 1000 + i,
  amount: 1 + (i % 4),
  weight: 1 + (i % 11) + 2 * (i % 4 === 0 ? 1 : 0),
}));

const started = performance.now();
const order = drawOrder(seed, entries);
const byNumber = new Map(entries.map((e) => [e.memberNumber, e]));
const served = servedInOrder(
  QUOTA,
  order.map((n) => byNumber.get(n)!),
);
const ms = performance.now() - started;
const sold = served.reduce((sum, e) => sum + e.amount, 0);
process.stdout.write(
  `Auslosung: ${REQUESTS} Anfragen, Kontingent ${QUOTA}: ${ms.toFixed(0)} ms (Ziel < 2000 ms); ${served.length} bedient, ${sold} Tickets vergeben, ${QUOTA - sold} übrig\n`,
);
if (ms >= 2000 || sold > QUOTA) process.exitCode = 1;
