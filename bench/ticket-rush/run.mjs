// Ticket rush against the real server on the local PostgreSQL: 500 members with sessions
// fire at one game at once (quota 200), right after the start and again once the server has
// been in use; then a second wave of 2,000 requests over 20 connections; then pgbench runs the
// same database work as one reservation on the same database. Prints figures; asserts only
// that nothing is oversold.
//
//   node bench/ticket-rush/run.mjs
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
// BENCH_POOL (server's DATABASE_POOL_SIZE, default 10 like the server's own default),
// BENCH_WORKERS (server's WORKERS, default 1 like the server's own default),
// MEMBERS (500), QUOTA (200), WARMUP (10 sales between wave 0 and wave 1), WAVE1_SALES (5), WAVE2 (2000),
// WAVE2_CONNECTIONS (20), PAGE_RETRIES (5: a page load answered 503 is sent again a second later), KEEP_DB=1 keeps the database, SERVER_LOG_LEVEL (warn),
// SERVER_NODE_ARGS (extra node flags for the server, e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { machineLine, referenceLoopMs } from '../lib/reference-loop.mjs';
import { apiDir, buildServer } from '../lib/build-server.mjs';
import { cpuMs, cpuSplitMs, peakRssMb, rssMb } from '../lib/process.mjs';
import { call, freePort, membersWithSessions, percentile, round } from '../lib/rush.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.MEMBERS ?? 500);
const QUOTA = Number(process.env.QUOTA ?? 200);
const PER_MEMBER = 4;
const WAVE2 = Number(process.env.WAVE2 ?? 2000);
const WAVE2_CONNECTIONS = Number(process.env.WAVE2_CONNECTIONS ?? 20);
const WAVE2_QUOTA = 1000;
const POOL = Number(process.env.BENCH_POOL ?? 10);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const WARMUP = Number(process.env.WARMUP ?? 10);
const WAVE1_SALES = Number(process.env.WAVE1_SALES ?? 5);
const PAGE_RETRIES = Number(process.env.PAGE_RETRIES ?? 5);
const SECRET = randomBytes(32).toString('hex');
// The budgets (bench/README.md, «Ticket rush»).
const P99_GOAL_MS = 400;
const CPU_GOAL_MS = 1.5;
const RATIO_GOAL = 60;

function describe(label, results, ms) {
  const lat = results.map((r) => r.ms).sort((a, b) => a - b);
  const byStatus = {};
  for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const rps = results.length / (ms / 1000);
  console.log(`${label}: ${results.length} Anfragen in ${Math.round(ms)} ms → ${round(rps)} Anfragen/s`);
  console.log(
    `  Status: ${Object.entries(byStatus)
      .map(([s, n]) => `${s}×${n}`)
      .join(', ')}`,
  );
  console.log(
    `  Latenz min ${round(lat[0] ?? 0)} ms, p50 ${round(percentile(lat, 50))} ms, p95 ${round(percentile(lat, 95))} ms, p99 ${round(percentile(lat, 99))} ms, max ${round(lat.at(-1) ?? 0)} ms`,
  );
  const busy = results.filter((r) => r.status >= 500).map((r) => r.body?.error?.message);
  if (busy.length) console.log(`  5xx-Antworten: ${[...new Set(busy)].join(' | ')}`);
  return { rps, p50: percentile(lat, 50), p95: percentile(lat, 95), p99: percentile(lat, 99), byStatus };
}

buildServer();
const dbName = `club_bench_tickets_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
await admin.end();
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'club-bench-tickets-'));

const port = await freePort();
const baseEnv = { ...process.env };
delete baseEnv.DATABASE_URL;
const serverArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...serverArgs, 'dist/server.mjs'], {
  cwd: apiDir,
  env: {
    ...baseEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: dbUrl.toString(),
    DATABASE_POOL_SIZE: String(POOL),
    WORKERS: String(WORKERS),
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    DEMO_DATA: 'false',
    LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });

async function cleanup() {
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
}

let failed = false;
try {
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`Server beendet mit Code ${server.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 120_000) throw new Error('Server nicht rechtzeitig bereit');
    await new Promise((r) => setTimeout(r, 100));
  }
  const pgVersion = (await db.query('SHOW server_version')).rows[0].server_version;
  console.log(machineLine());
  console.log(
    `Server bereit (PostgreSQL ${pgVersion}, Datenbank ${dbName}, ${WORKERS} Worker mit je ${POOL} Verbindungen) nach ${Date.now() - started} ms`,
  );
  // What the idle server holds once it answers (each process), before any member comes.
  console.log(`Server-Speicher nach dem Start (VmRSS): ${rssMb(server.pid).join(' + ')} MB`);
  // And once it has settled, as an operator sees it on an idle site.
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  console.log(`Server-Speicher 20 s nach dem Start (VmRSS, Last ${loadavg()[0].toFixed(1)}): ${rssMb(server.pid).join(' + ')} MB`);

  // --- members and sessions, straight into the database ------------------------------
  const t0 = Date.now();
  const { memberIds, boardId, cookies } = await membersWithSessions(db, MEMBERS, SECRET);
  console.log(
    `${MEMBERS} Mitglieder und 1 Vorstand mit Sitzungen in ${Date.now() - t0} ms angelegt (Sitzungen direkt in der Tabelle sessions im Format des Session-Stores, signierte sid-Cookies; nicht über den Login)`,
  );

  // --- the board sets up the sale through the real admin API -------------------------
  const boardAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const board = (method, p, body) => call(boardAgent, port, method, p, cookies.get(boardId), body);
  const expectOk = (r, what) => {
    if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const option = expectOk(await board('POST', '/api/v1/admin/deliveryoptions/', { name: 'Abholung im Fanlokal' }), 'Zustelloption');
  const start = new Date(Date.now() + 10 * 86_400_000).toISOString();
  async function saleGame(name, quota) {
    const group = expectOk(
      await board('POST', '/api/v1/admin/gamegroups/', {
        name,
        defaultPricePerTicket: { currency: 'CHF', amount: 35 },
        availableTicketsPerGame: quota,
        freeTicketAmount: PER_MEMBER,
      }),
      'Spielegruppe',
    );
    expectOk(await board('PUT', `/api/v1/admin/gamegroups/${group.id}/deliveryoptions/`, [{ id: option.id }]), 'Zustelloptionen');
    const game = expectOk(
      await board('POST', `/api/v1/admin/gamegroups/${group.id}/games/`, {
        start,
        opponent: 'SCB',
        homeGame: true,
        venue: 'Swiss Life Arena',
      }),
      'Spiel',
    );
    return { groupId: group.id, gameId: game.id };
  }
  const second = await saleGame('Zweite Welle', WAVE2_QUOTA);
  const mirror = await saleGame('pgbench', WAVE2_QUOTA);
  const reservePath = (gameId) => `/api/v1/games/${gameId}/deliveryoptions/${option.id}/ticketreservations/`;
  const amountOf = (k) => 1 + ((k * 7) % PER_MEMBER);

  async function soldFor(gameId) {
    const { rows } = await db.query(
      `SELECT COALESCE(SUM(amount), 0)::int AS sold, COUNT(*)::int AS reservations,
              COALESCE(MAX(per), 0)::int AS "maxPerMember"
       FROM ticket_reservations r
       LEFT JOIN LATERAL (SELECT SUM(amount) AS per FROM ticket_reservations x WHERE x."gameId" = r."gameId" AND x."memberId" = r."memberId") m ON true
       WHERE r."gameId" = $1`,
      [gameId],
    );
    return rows[0];
  }

  // --- wave 1: every member at once ----------------------------------------------------
  // The members sit on the game's page: each browser has loaded the game over its own
  // keep-alive connection (as the SPA does), then all press «Reservieren» at the same moment.
  // Wave 0 is such a sale right after the server started (its code not yet optimised by the
  // JIT); then WARMUP more sales run unmeasured, as on a site that has been in use, before
  // wave 1. Wave 1b repeats wave 1 with a new connection per request (no browser or proxy in
  // front that keeps connections open).
  const bursts = [];
  async function burst(label, name, warm) {
    const { gameId } = await saleGame(name, QUOTA);
    const agents = memberIds.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    // The page loads before the sale: the same members at once, each on a new connection, one session
    // read and one game read each: what the site needs at the least for such a crowd (the floor of a burst).
    let pages = null;
    if (warm) {
      // A page answered 503 (the pool's connection wait ran out on a busy machine) is loaded
      // again a second later, as a member would, at most PAGE_RETRIES times (so is one whose connection was cut).
      let retried = 0;
      const page = async (id, i) => {
        for (let attempt = 0; ; attempt++) {
          const r = await call(agents[i], port, 'GET', `/api/v1/games/${gameId}`, cookies.get(id)).catch((error) => {
            if (attempt >= PAGE_RETRIES) throw error;
            return { status: 503 };
          });
          if (r.status !== 503 || attempt >= PAGE_RETRIES) return r;
          retried++;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      };
      const pageCpu = cpuMs(server.pid);
      const pageStarted = performance.now();
      const loaded = await Promise.all(memberIds.map(page));
      const pageMs = performance.now() - pageStarted;
      const lat = loaded.map((r) => r.ms).sort((a, b) => a - b);
      pages = { p99: percentile(lat, 99), ms: pageMs, cpu: (cpuMs(server.pid) - pageCpu) / loaded.length };
      const notOk = loaded.filter((r) => r.status !== 200);
      if (notOk.length) throw new Error(`Spielseite: ${notOk.length} Antworten ohne 200 (${notOk[0].status})`);
      if (retried) console.log(`  (${name}: ${retried} Seitenaufrufe mit 503 nach einer Sekunde wiederholt)`);
    }
    const cpu = cpuMs(server.pid);
    const clientCpu = process.cpuUsage();
    const t = performance.now();
    const results = await Promise.all(
      memberIds.map((id, i) => call(agents[i], port, 'POST', reservePath(gameId), cookies.get(id), { amount: amountOf(i) })),
    );
    const ms = performance.now() - t;
    const cpuPerRequest = (cpuMs(server.pid) - cpu) / results.length;
    const clientUsed = process.cpuUsage(clientCpu);
    const clientCpuMs = (clientUsed.user + clientUsed.system) / 1000;
    agents.forEach((a) => a.destroy());
    const sold = await soldFor(gameId);
    bursts.push(sold);
    if (!label) return null;
    console.log('');
    const figures = { ...describe(label, results, ms), cpu: cpuPerRequest, pages };
    console.log(
      `  Server-CPU: ${round(cpuPerRequest, 2)} ms pro Anfrage (${Math.round(cpuPerRequest * results.length)} ms); Lastgenerator-CPU: ${Math.round(clientCpuMs)} ms`,
    );
    if (pages) {
      console.log(
        `  Die Seitenaufrufe davor (${MEMBERS} gleichzeitig, je eine neue Verbindung, Sitzung und Spiel lesen): ${Math.round(pages.ms)} ms, p99 ${round(pages.p99)} ms, Server-CPU ${round(pages.cpu, 2)} ms pro Anfrage`,
      );
    }
    console.log(
      `  Reservationen angenommen: ${results.filter((r) => r.status === 201).length} (${sold.sold} Tickets), überbucht: ${Math.max(0, sold.sold - QUOTA)}, höchstens ${sold.maxPerMember} pro Mitglied`,
    );
    return figures;
  }
  const what = `${MEMBERS} Mitglieder auf der Spielseite drücken gleichzeitig «Reservieren», Kontingent ${QUOTA}, höchstens ${PER_MEMBER} pro Mitglied`;
  const w0 = await burst(`Welle 0 (${what}; direkt nach dem Start des Servers)`, 'Ansturm nach dem Start', true);
  const warmStarted = performance.now();
  for (let k = 1; k <= WARMUP; k++) await burst(null, `Aufwärmen ${k}`, true);
  console.log('');
  console.log(
    `Aufwärmen: ${WARMUP} weitere Verkäufe wie Welle 0 (je ${MEMBERS} Seitenaufrufe und Reservationen), nicht gemessen, ${Math.round(performance.now() - warmStarted)} ms`,
  );
  // The machine's speed varies from moment to moment: wave 1 is several such sales, and the
  // median of their p99 is the figure.
  const w1runs = [];
  for (let k = 1; k <= WAVE1_SALES; k++) {
    // The machine's speed right before the sale, for reading its figures.
    const loop = referenceLoopMs();
    w1runs.push({
      ...(await burst(
        `Welle 1, Verkauf ${k} von ${WAVE1_SALES} (${what}; Server in Betrieb; Referenzschleife davor ${loop} ms)`,
        `Ansturm ${k}`,
        true,
      )),
      loop,
    });
  }
  const p99s = w1runs.map((r) => r.p99).sort((a, b) => a - b);
  const w1 = { p99: p99s[Math.floor(p99s.length / 2)], cpu: w1runs.map((r) => r.cpu).sort((a, b) => a - b)[Math.floor(w1runs.length / 2)] };
  console.log('');
  console.log(
    `Welle 1: p99 im Median ${round(w1.p99)} ms (${p99s.map((p) => round(p)).join(', ')} ms), Server-CPU im Median ${round(w1.cpu, 2)} ms pro Anfrage`,
  );
  console.log(`  je Verkauf (p99 bei Referenzschleife): ${w1runs.map((r) => `${round(r.p99)} ms bei ${r.loop} ms`).join(', ')}`);
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `  Die Seitenaufrufe vor jedem Verkauf im Median: p99 ${round(median(w1runs.map((r) => r.pages.p99)))} ms, Server-CPU ${round(median(w1runs.map((r) => r.pages.cpu)), 2)} ms pro Anfrage (die Untergrenze eines Ansturms dieser Grösse)`,
  );
  await burst('Welle 1b (wie Welle 1, aber jede Anfrage auf einer neuen Verbindung)', 'Ansturm ohne offene Verbindungen', false);
  boardAgent.destroy();

  // --- wave 2: 2,000 requests over 20 connections -----------------------------------
  const agent2 = new http.Agent({ keepAlive: true, maxSockets: WAVE2_CONNECTIONS });
  const wave2 = [];
  let next = 0;
  const cpu2 = cpuSplitMs(server.pid);
  const t2 = performance.now();
  await Promise.all(
    Array.from({ length: WAVE2_CONNECTIONS }, async () => {
      while (next < WAVE2) {
        const k = next++;
        const memberId = memberIds[k % MEMBERS];
        wave2.push(await call(agent2, port, 'POST', reservePath(second.gameId), cookies.get(memberId), { amount: amountOf(k) }));
      }
    }),
  );
  const wave2Ms = performance.now() - t2;
  agent2.destroy();
  console.log('');
  const w2 = describe(`Welle 2 (${WAVE2} Anfragen über ${WAVE2_CONNECTIONS} Verbindungen, Kontingent ${WAVE2_QUOTA})`, wave2, wave2Ms);
  const cpu2after = cpuSplitMs(server.pid);
  const w2cpu = (cpu2after.user + cpu2after.system - cpu2.user - cpu2.system) / wave2.length;
  const w2system = (cpu2after.system - cpu2.system) / wave2.length;
  console.log(
    `  Server-CPU: ${round(w2cpu, 2)} ms pro Anfrage, davon ${round(w2system, 2)} ms im Kernel (Sockets zu Lastgenerator und PostgreSQL)`,
  );
  const s2 = await soldFor(second.gameId);
  console.log(
    `  Reservationen angenommen: ${wave2.filter((r) => r.status === 201).length} (${s2.sold} Tickets), überbucht: ${Math.max(0, s2.sold - WAVE2_QUOTA)}, höchstens ${s2.maxPerMember} pro Mitglied`,
  );

  const rss = peakRssMb(server.pid);
  console.log('');
  console.log(
    `Server-Spitzenspeicher (VmHWM): ${rss.reduce((a, b) => a + b, 0)} MB (${rss.length > 1 ? `Primärprozess und Worker: ${rss.join(' + ')} MB` : 'ein Prozess'})`,
  );

  // --- pgbench: the same database work as one reservation ---------------------------
  const scriptDir = mkdtempSync(path.join(tmpdir(), 'club-bench-pgbench-'));
  const script = path.join(scriptDir, 'reservation.sql');
  writeFileSync(
    script,
    `\\set member random(:min_member, :max_member)
\\set amount random(1, ${PER_MEMBER})
BEGIN;
SET LOCAL lock_timeout = 3000;
SELECT "id", "gameGroupId", "start", "opponent", "homeGame", "venue", "salesOpenAt", "salesCloseAt" FROM "games" WHERE "id" = :game FOR UPDATE;
SELECT gg."name" AS "groupName", gg."defaultPricePerTicketRappen" AS price, gg."availableTicketsPerGame" AS quota, gg."freeTicketAmount" AS per_member, o."name" AS option_name,
       EXISTS (SELECT 1 FROM "game_group_delivery_options" l WHERE l."gameGroupId" = gg."id" AND l."deliveryOptionId" = :option) AS offered,
       (SELECT COALESCE(SUM(r."amount"), 0)::int FROM "ticket_reservations" r WHERE r."gameId" = :game) AS reserved,
       (SELECT COALESCE(SUM(r."amount"), 0)::int FROM "ticket_reservations" r WHERE r."gameId" = :game AND r."memberId" = :member) AS held,
       (SELECT r."id" FROM "ticket_reservations" r WHERE r."memberId" = :member AND r."idempotencyKey" = NULL) AS existing
FROM "game_groups" gg LEFT JOIN "delivery_options" o ON o."id" = :option WHERE gg."id" = :group \\gset
\\if :reserved + :amount <= :quota and :held + :amount <= :per_member
INSERT INTO "ticket_reservations" ("gameId", "memberId", "deliveryOptionId", "amount", "pricePerTicketRappen", "street", "houseNumber", "addressLine2", "postalCode", "city", "country", "idempotencyKey", "createdAt")
VALUES (:game, :member, :option, :amount, :price, 'Hardturmstrasse', '1', '', '8005', 'Zürich', 'CH', NULL, now()) RETURNING *;
\\endif
COMMIT;
`,
  );
  const perClient = Math.ceil(WAVE2 / WAVE2_CONNECTIONS);
  const pgb = spawnSync(
    'pgbench',
    [
      '-n',
      '-c',
      String(WAVE2_CONNECTIONS),
      '-j',
      '2',
      '-t',
      String(perClient),
      '-f',
      script,
      '-D',
      `game=${mirror.gameId}`,
      '-D',
      `group=${mirror.groupId}`,
      '-D',
      `option=${option.id}`,
      '-D',
      `min_member=${Math.min(...memberIds)}`,
      '-D',
      `max_member=${Math.max(...memberIds)}`,
      dbUrl.toString(),
    ],
    { encoding: 'utf8' },
  );
  rmSync(scriptDir, { recursive: true, force: true });
  console.log('');
  if (pgb.status !== 0) {
    console.log(`pgbench fehlgeschlagen (${pgb.error?.message ?? pgb.status}): ${pgb.stderr}`);
  } else {
    const tps = Number(/tps = ([\d.]+)/.exec(pgb.stdout)?.[1] ?? 0);
    const latency = /latency average = ([\d.]+) ms/.exec(pgb.stdout)?.[1];
    const s3 = await soldFor(mirror.gameId);
    console.log(
      `pgbench (gleiche Datenbankarbeit wie eine Reservation, ${WAVE2_CONNECTIONS} Clients × ${perClient} Transaktionen, Kontingent ${WAVE2_QUOTA}):`,
    );
    console.log(
      `  ${round(tps)} Transaktionen/s, Latenz im Mittel ${latency} ms, ${s3.sold} Tickets verkauft, überbucht: ${Math.max(0, s3.sold - WAVE2_QUOTA)}`,
    );
    console.log(
      `  Unser Server in Welle 2: ${round(w2.rps)} Anfragen/s = ${round((w2.rps / tps) * 100)} % von pgbench (Ziel: mindestens ${RATIO_GOAL} %)`,
    );
  }
  console.log('');
  const oversold =
    bursts.some((b) => b.sold > QUOTA || b.maxPerMember > PER_MEMBER) || s2.sold > WAVE2_QUOTA || s2.maxPerMember > PER_MEMBER;
  console.log(
    `Ziele: 0 überbucht (${oversold ? 'VERFEHLT' : 'erfüllt'}), p99 der Welle 1 höchstens ${P99_GOAL_MS} ms (${w1.p99 <= P99_GOAL_MS ? 'erfüllt' : 'verfehlt'}: Median ${round(w1.p99)} ms; direkt nach dem Start: ${round(w0.p99)} ms), Server-CPU höchstens ${CPU_GOAL_MS} ms pro Reservation (Welle 1 ${round(w1.cpu, 2)} ms: ${w1.cpu <= CPU_GOAL_MS ? 'erfüllt' : 'verfehlt'}; Welle 2 ${round(w2cpu, 2)} ms: ${w2cpu <= CPU_GOAL_MS ? 'erfüllt' : 'verfehlt'}), Welle 2 mindestens ${RATIO_GOAL} % von pgbench`,
  );
  console.log(
    `Hinweis: Server, PostgreSQL, pgbench und dieser Lastgenerator teilen sich dieselbe Maschine (Last am Ende ${loadavg()
      .map((l) => round(l, 2))
      .join(' / ')}, Referenzschleife ${referenceLoopMs()} ms).`,
  );
  if (oversold) {
    console.error('ÜBERBUCHT: mehr verkauft als das Kontingent oder die Limite pro Mitglied erlaubt.');
    failed = true;
  }
} catch (error) {
  console.error(error);
  console.error(`Server-Spitzenspeicher bis hier (VmHWM): ${peakRssMb(server.pid).join(' + ')} MB`);
  failed = true;
} finally {
  await cleanup();
}
process.exit(failed ? 1 : 0);
