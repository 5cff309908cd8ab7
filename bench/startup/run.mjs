// Time from process start (site already built, database already migrated) to the first
// 200 from /healthz, with PGlite and with PostgreSQL. Run by hand: node bench/startup/run.mjs
// PostgreSQL from BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { referenceLoopMs } from '../lib/reference-loop.mjs';
import { apiDir, buildServer } from '../lib/build-server.mjs';

const admin = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.env.RUNS ?? 5);

async function startOnce(env, port) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/server.mjs'], {
    cwd: apiDir,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - t0;
  const rss = (await import('node:fs')).readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { ms, rssMb: Math.round(Number(rss) / 1024) };
}

function summary(label, runs) {
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)];
  console.log(
    `${label}: median ${Math.round(median)} ms, min ${Math.round(ms[0])} ms, max ${Math.round(ms.at(-1))} ms, RSS at ready ${runs.at(-1).rssMb} MB (${runs.length} starts after a first one that migrated)`,
  );
}

buildServer();
console.log(`Referenzschleife ${referenceLoopMs()} ms`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'club-bench-start-'));
const pgDb = `club_bench_start_${Date.now()}`;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`CREATE DATABASE "${pgDb}"`);
const pgUrl = new URL(admin);
pgUrl.pathname = `/${pgDb}`;
try {
  for (const [label, env] of [
    ['PGlite', { DATA_DIR: dataDir, DEMO_DATA: 'true' }],
    ['PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: pgUrl.toString(), DEMO_DATA: 'true' }],
  ]) {
    const first = await startOnce(env, 3950);
    console.log(`${label}: first start (migrations + demo data) ${Math.round(first.ms)} ms`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await startOnce(env, 3950));
    summary(label, runs);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await client.query(`DROP DATABASE IF EXISTS "${pgDb}" WITH (FORCE)`);
  await client.end();
}
