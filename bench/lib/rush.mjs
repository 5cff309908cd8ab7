// Helpers of the rush benchmarks (bench/event-rush; the same steps as bench/ticket-rush/run.mjs):
// a fresh PostgreSQL database, the real server bundle started on it, members with sessions
// written straight into the session table, and JSON calls with their latency.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiDir } from './build-server.mjs';

export const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** express-session's signed cookie value: `s:<sid>.<base64 HMAC-SHA256>` (cookie-signature). */
/** Deterministic pseudo-random numbers in [0, 1), so every run works on the same data. */
export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Waits until the server's /healthz answers 200 (at most two minutes); fails when its process ends first. */
export async function waitForHealth(baseUrl, child) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server beendet mit Code ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() - started > 120_000) throw new Error('Server nicht rechtzeitig bereit');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function sessionCookie(secret, sid) {
  const mac = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `sid=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

/** One JSON request over the given agent; resolves with status, body and latency in ms. */
export function call(agent, port, method, urlPath, cookie, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const t0 = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent,
        headers: {
          accept: 'application/json',
          cookie,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode, body: json, ms: performance.now() - t0, end: performance.now() });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Latency figures and statuses of a burst. */
export function figures(results, ms) {
  const lat = results.map((r) => r.ms).sort((a, b) => a - b);
  const byStatus = {};
  for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  return {
    n: results.length,
    ms,
    p50: percentile(lat, 50),
    p95: percentile(lat, 95),
    p99: percentile(lat, 99),
    max: lat.at(-1) ?? 0,
    byStatus,
  };
}

/**
 * A new database on the PostgreSQL of `adminUrl` and the server bundle (apps/api/dist/server.mjs)
 * started on it as in production; `stop()` ends the server and drops the database (unless KEEP_DB).
 */
export async function startBenchServer({ adminUrl, name, secret, pool = 10, workers = 1, logLevel = 'warn' }) {
  const dbName = `club_bench_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `club-bench-${name}-`));
  const port = await freePort();
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['dist/server.mjs'], {
    cwd: apiDir,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: dbUrl.toString(),
      DATABASE_POOL_SIZE: String(pool),
      WORKERS: String(workers),
      DATA_DIR: dataDir,
      SESSION_SECRET: secret,
      DEMO_DATA: 'false',
      LOG_LEVEL: logLevel,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  const started = Date.now();
  await waitForHealth(`http://127.0.0.1:${port}`, server);
  return {
    port,
    db,
    dbName,
    pid: server.pid,
    readyMs: Date.now() - started,
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
      }
      await db.end().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
      if (!process.env.KEEP_DB) {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
        await c.end();
      }
    },
  };
}

/**
 * A session for each member id (an id may come several times: a member on several devices),
 * written straight into the session table in the session store's format, as a login would
 * leave it. Returns the signed cookie of each, in the order of the ids.
 */
export async function sessionsFor(db, secret, memberIds) {
  const sids = memberIds.map(() => randomBytes(24).toString('base64url'));
  const now = Date.now();
  const data = memberIds.map((memberId) =>
    JSON.stringify({
      cookie: {
        originalMaxAge: 7_200_000,
        expires: new Date(now + 7_200_000).toISOString(),
        secure: false,
        httpOnly: true,
        path: '/',
        sameSite: 'lax',
      },
      memberId,
      loginAt: now,
    }),
  );
  await db.query(
    `INSERT INTO sessions (sid, data, "expiresAt") SELECT unnest($1::text[]), unnest($2::text[])::jsonb, now() + interval '2 hours'`,
    [sids, data],
  );
  return sids.map((sid) => sessionCookie(secret, sid));
}

/**
 * `count` members and one board member with current addresses and sessions, written straight
 * into the database in the session store's format (not through the login). Returns their ids
 * (the board member last) and a cookie per id.
 */
export async function membersWithSessions(db, count, secret) {
  const { rows } = await db.query(
    `INSERT INTO members (username, "firstName", "lastName", email, "updatedAt")
     SELECT 'bench' || g, 'Bench', 'Mitglied ' || g, 'bench' || g || '@example.ch', now() FROM generate_series(0, $1) g
     RETURNING id`,
    [count],
  );
  const ids = rows.map((r) => r.id);
  await db.query(`INSERT INTO member_roles ("memberId", role) SELECT unnest($1::int[]), 'MEMBER'`, [ids]);
  await db.query(`INSERT INTO member_roles ("memberId", role) VALUES ($1, 'MEMBER_OF_THE_BOARD')`, [ids[count]]);
  await db.query(
    `INSERT INTO addresses ("memberId", street, "houseNumber", "postalCode", city, "validFrom", current)
     SELECT unnest($1::int[]), 'Hardturmstrasse', '1', '8005', 'Zürich', DATE '2020-01-01', true`,
    [ids],
  );
  const list = await sessionsFor(db, secret, ids);
  const cookies = new Map(ids.map((id, i) => [id, list[i]]));
  return { memberIds: ids.slice(0, count), boardId: ids[count], cookies };
}
