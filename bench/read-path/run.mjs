// Read path of a sale: GET /api/v1/games/, /games/{id} and /games/{id}/deliveryoptions/ of the
// real server (the bundle, as `pnpm start` runs it) against a bare Express 5 route serving the
// same JSON in a process of its own (bare-server.mjs), with the same load generator in the same
// run: first on PostgreSQL (members with sessions, as during a sale, and visitors), then on the
// embedded database (visitors, demo data). Both servers are warmed up on every path first, then
// measured in alternating slices; each line gives requests/s, p99 and the CPU time the serving
// process spent per answer.
//
//   node bench/read-path/run.mjs
//
// Environment: BENCH_DATABASE_URL (postgresql://postgres@127.0.0.1:5432/postgres), CONNECTIONS (50),
// SECONDS (5 per path and server, in ROUNDS=5 slices alternating between the two),
// WARMUP_SECONDS (1 per path and server), GAMES (8), ONLY=pg|pglite, WHO=members|visitors (on
// PostgreSQL only these; both by default), NO_BUILD=1 (the bundle as it is, e.g. to try a change
// made in it), ACCEPT_ENCODING (sent with every measured request, e.g. `gzip, deflate, br, zstd`
// as a browser: the site compresses, the bare route does not), SERVER_NODE_ARGS (e.g.
// `--cpu-prof --cpu-prof-dir=/tmp/prof` for a CPU profile of the server).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiDir, buildServer } from '../lib/build-server.mjs';
import { closedLoop, get } from '../lib/closed-loop.mjs';
import { cpuMs } from '../lib/process.mjs';
import { freePort, membersWithSessions, percentile, waitForHealth } from '../lib/rush.mjs';
import { machineLine } from '../lib/reference-loop.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 1);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const WHO = process.env.WHO ?? 'both';
const ACCEPT_ENCODING = process.env.ACCEPT_ENCODING;
const GAMES = Number(process.env.GAMES ?? 8);
const SECRET = randomBytes(32).toString('hex');
const round = (n, d = 0) => Math.round(n * 10 ** d) / 10 ** d;

/** The bare Express 5 app (bare-server.mjs) in a process of its own, answering each path with the given JSON. */
async function bareServer(bodies) {
  const dir = mkdtempSync(path.join(tmpdir(), 'club-bench-bare-'));
  const file = path.join(dir, 'bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (code) => reject(new Error(`bare-server.mjs exited with ${code}`)));
  });
  return {
    port,
    pid: child.pid,
    async close() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startServer(env) {
  const port = await freePort();
  const serverArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const baseEnv = { ...process.env };
  delete baseEnv.DATABASE_URL;
  const child = spawn(process.execPath, [...serverArgs, 'dist/server.mjs'], {
    cwd: apiDir,
    env: {
      ...baseEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${port}`, child);
  return {
    port,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      }
    },
  };
}

/**
 * The site and the bare route on one path, in ROUNDS alternating slices (the order swapped each
 * round), so that the machine's changing speed weighs on both alike: requests/s, p99 and the CPU
 * time the serving process spent per answer (µs) of each.
 */
async function measurePair(targets, p, cookies) {
  const totals = targets.map(() => ({ requests: 0, ms: 0, cpu: 0, latencies: [], errors: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const cpu = cpuMs(targets[i].pid);
      const run = await closedLoop(targets[i].port, p, {
        connections: CONNECTIONS,
        seconds: SECONDS / ROUNDS,
        cookies,
        acceptEncoding: ACCEPT_ENCODING,
      });
      const total = totals[i];
      total.cpu += cpuMs(targets[i].pid) - cpu;
      total.requests += run.requests;
      total.ms += run.ms;
      total.errors += run.errors;
      total.latencies.push(...run.latencies);
    }
  }
  return totals.map((t) => {
    t.latencies.sort((a, b) => a - b);
    return { rps: t.requests / (t.ms / 1000), p99: percentile(t.latencies, 99), cpuUs: (1000 * t.cpu) / t.requests, errors: t.errors };
  });
}

/** Every read of a sale against the bare route with the same JSON, side by side; prints a table. */
async function compare(label, server, paths, cookies) {
  const bodies = {};
  for (const p of paths) {
    const r = await get(undefined, server.port, p, cookies[0]);
    if (r.status !== 200) throw new Error(`${p}: ${r.status} ${r.text}`);
    bodies[p] = JSON.parse(r.text);
  }
  const bare = await bareServer(bodies);
  // Steady state: both servers answer every path for a while before anything is measured (JIT, caches).
  for (const p of paths) {
    for (const port of [server.port, bare.port])
      await closedLoop(port, p, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, cookies, acceptEncoding: ACCEPT_ENCODING });
  }
  console.log(`\n${label} (${CONNECTIONS} Verbindungen, je ${SECONDS} s)`);
  console.log('| Anfrage | Server Anfragen/s | p99 ms | CPU µs/Anfrage | Express pur Anfragen/s | p99 ms | CPU µs/Anfrage | Anteil |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const p of paths) {
    const [site, plain] = await measurePair([server, bare], p, cookies);
    console.log(
      `| GET ${p.replace(/\/\d+/, '/{id}')} | ${round(site.rps)} | ${round(site.p99, 1)} | ${round(site.cpuUs)} | ${round(plain.rps)} | ${round(plain.p99, 1)} | ${round(plain.cpuUs)} | ${round((100 * site.rps) / plain.rps)} % |${site.errors ? ` ${site.errors} Fehler` : ''}`,
    );
  }
  await bare.close();
}

if (!process.env.NO_BUILD) buildServer();
console.log(machineLine());

if (process.env.ONLY !== 'pglite') {
  const dbName = `club_bench_read_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'club-bench-read-'));
  const server = await startServer({ DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir, DEMO_DATA: 'false' });
  const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  try {
    // Members with a current address and a session each (one per connection), and a board member.
    const people = await membersWithSessions(db, CONNECTIONS, SECRET);
    const cookies = people.memberIds.map((id) => people.cookies.get(id));
    const boardCookie = people.cookies.get(people.boardId);
    const board = async (method, p, body) => {
      const res = await fetch(`http://127.0.0.1:${server.port}${p}`, {
        method,
        headers: { cookie: boardCookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return (await res.json()).data;
    };
    const options = [
      await board('POST', '/api/v1/admin/deliveryoptions/', { name: 'Abholung im Fanlokal' }),
      await board('POST', '/api/v1/admin/deliveryoptions/', { name: 'Post (A-Post)' }),
    ];
    const group = await board('POST', '/api/v1/admin/gamegroups/', {
      name: 'Saisonspiele',
      defaultPricePerTicket: { currency: 'CHF', amount: 35 },
      availableTicketsPerGame: 200,
      freeTicketAmount: 4,
    });
    await board(
      'PUT',
      `/api/v1/admin/gamegroups/${group.id}/deliveryoptions/`,
      options.map((o) => ({ id: o.id })),
    );
    const games = [];
    for (let i = 0; i < GAMES; i++) {
      const start = new Date(Date.now() + (3 + i * 4) * 86_400_000).toISOString();
      games.push(
        await board('POST', `/api/v1/admin/gamegroups/${group.id}/games/`, {
          start,
          opponent: ['SCB', 'HCD', 'EVZ', 'LHC'][i % 4],
          homeGame: i % 2 === 0,
          venue: 'Swiss Life Arena',
        }),
      );
    }
    // Some tickets already reserved, by some of the members.
    for (let i = 0; i < cookies.length; i += 3) {
      const made = await fetch(
        `http://127.0.0.1:${server.port}/api/v1/games/${games[i % GAMES].id}/deliveryoptions/${options[0].id}/ticketreservations/`,
        {
          method: 'POST',
          headers: { cookie: cookies[i], 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 2 }),
        },
      );
      if (made.status !== 201) throw new Error(`Reservation: ${made.status} ${await made.text()}`);
    }
    const pgVersion = (await db.query('SHOW server_version')).rows[0].server_version;
    const paths = ['/api/v1/games/', `/api/v1/games/${games[0].id}`, `/api/v1/games/${games[0].id}/deliveryoptions/`];
    if (WHO !== 'visitors') {
      await compare(
        `PostgreSQL ${pgVersion}, ${GAMES} Spiele, angemeldete Mitglieder (je Verbindung eine Sitzung)`,
        server,
        paths,
        cookies,
      );
    }
    if (WHO !== 'members') await compare(`PostgreSQL ${pgVersion}, ${GAMES} Spiele, Besucher`, server, paths, []);
  } finally {
    await server.stop();
    await db.end().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await c.end();
  }
}

if (process.env.ONLY !== 'pg') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'club-bench-read-pglite-'));
  const server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'true' });
  try {
    const list = JSON.parse((await get(undefined, server.port, '/api/v1/games/')).text).data;
    const id = list[0].data.id;
    await compare(
      `Eingebettete Datenbank (PGlite), Demodaten mit ${list.length} Spielen, Besucher`,
      server,
      ['/api/v1/games/', `/api/v1/games/${id}`, `/api/v1/games/${id}/deliveryoptions/`],
      [],
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
