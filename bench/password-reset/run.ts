// "Same answer in the same time": the forgotten-password form answered for existing and for
// unknown addresses, over HTTP against the whole site, on a fresh database of the local
// PostgreSQL (or PGlite with BENCH_PGLITE=1). Run by hand:
//   pnpm exec tsx bench/password-reset/run.ts      (REQUESTS=400, BENCH_DATABASE_URL)
// Known and unknown requests alternate in random order, each for another address and from
// another client (X-Forwarded-For), so no limit is reached; every known one writes its link
// and mail. Prints p50/p90/mean of both and the difference of the means with its 95 % interval.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { createLogger } from '../../apps/api/src/lib/logger.ts';
import { openTestDatabase } from '../../apps/api/src/test/db.ts';
import { createMember } from '../../apps/api/src/test/factories.ts';

const REQUESTS = Number(process.env.REQUESTS ?? 400);
const admin = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const pglite = process.env.BENCH_PGLITE === '1';
const name = `club_bench_reset_${Date.now()}`;

let database: Database;
let client: pg.Client | undefined;
if (pglite) {
  database = await openTestDatabase();
} else {
  client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  await migrate(database.raw);
}

const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const config = loadConfig({
  PUBLIC_URL: base,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/club-bench-reset',
  TRUST_PROXY: '1',
});
const app = await createApp({ config, database, log: createLogger('silent') });
server.on('request', app.handler);

try {
  const half = REQUESTS / 2;
  const known: string[] = [];
  for (let i = 0; i < half; i++) known.push((await createMember(database.prisma, { password: null })).email);
  const unknown = Array.from({ length: half }, (_, i) => `niemand.${i}.${randomBytes(3).toString('hex')}@example.ch`);
  const plan = [...known.map((a) => ['known', a] as const), ...unknown.map((a) => ['unknown', a] as const)].sort(() => Math.random() - 0.5);
  const ask = async (address: string, i: number) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/idp/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` },
      body: new URLSearchParams({ identifier: address }).toString(),
    });
    await res.text();
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 20; i++) await ask(`warm.${i}@example.ch`, 60_000 + i);
  const times = { known: [] as number[], unknown: [] as number[] };
  for (const [i, [kind, address]] of plan.entries()) times[kind].push(await ask(address, i));

  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1);
    return { p50: s[Math.floor(s.length * 0.5)]!, p90: s[Math.floor(s.length * 0.9)]!, mean, variance, n: xs.length };
  };
  const k = stats(times.known);
  const u = stats(times.unknown);
  const diff = k.mean - u.mean;
  const half95 = 1.96 * Math.sqrt(k.variance / k.n + u.variance / u.n);
  const mails = await database.prisma.mailOutbox.count();
  console.log(`password reset form, ${pglite ? 'PGlite' : 'PostgreSQL'}, ${REQUESTS} requests (${mails} mails written)`);
  for (const [label, s] of [['existing', k] as const, ['unknown', u] as const]) {
    console.log(`  ${label.padEnd(8)} p50 ${s.p50.toFixed(2)} ms  p90 ${s.p90.toFixed(2)} ms  mean ${s.mean.toFixed(2)} ms`);
  }
  console.log(`  difference of the means: ${diff.toFixed(2)} ms ± ${half95.toFixed(2)} ms (95 %)`);
} finally {
  server.closeAllConnections();
  server.close();
  await app.close();
  await database.close();
  if (client) {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  }
}
