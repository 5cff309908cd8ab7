// Season reports over HTTP against the real server (the bundle apps/api/dist/server.mjs, as
// `pnpm start` runs it) on the local PostgreSQL: 10,000 members with addresses, phones,
// memberships (a fifth with a parking permit), their fee invoices (about 60 % paid) and a
// season of ticket reservations (40 games) and event subscriptions, in a database of its own
// that is dropped again. One board member logs in through the real login; then:
//   - `members` as xlsx and as PDF: one cold run, then 3 timed runs each (TIMED_RUNS);
//   - the server's resident memory (VmRSS, sampled every 20 ms) before and at its peak, and the CPU
//     time it spent on each download (user + system: unlike the wall time, hardly moved by other
//     work on the machine);
//   - ten downloads at once against one alone;
//   - the other reports once each.
//
//   pnpm exec tsx bench/reports/run.ts
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
// MEMBERS (10000), TIMED_RUNS (3), KEEP_DB=1 keeps the database, OUT=dir keeps the downloaded files there,
// SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../apps/api/src/features/idp/passwords.ts';
import { loginAs } from '../../apps/api/src/test/login.ts';
import { apiDir, buildServer } from '../lib/build-server.mjs';
import { cpuMs } from '../lib/process.mjs';
import { freePort, rng, waitForHealth } from '../lib/rush.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const OUT = process.env.OUT;
const TIMED_RUNS = Number(process.env.TIMED_RUNS ?? 3);

const FIRST = [
  'Anna',
  'Beat',
  'Carla',
  'Daniel',
  'Elena',
  'Fabian',
  'Gabriela',
  'Hans-Peter',
  'Irene',
  'Jonas',
  'Karin',
  'Lukas',
  'Marco',
  'Nina',
  'Oliver',
  'Petra',
  'Reto',
  'Sandra',
  'Thomas',
  'Ursula',
  'Dragana',
  'Zoë',
  'Léa',
  'Noah',
];
const LAST = [
  'Müller',
  'Meier',
  'Schmid',
  'Keller',
  'Weber',
  'Huber',
  'Marjanović',
  'Brunner',
  'Baumann',
  'Frei',
  'Zimmermann',
  'Moser',
  'Widmer',
  'Kälin',
  'Suter',
  'Bachmann',
  'Lüthi',
  'Zbinden',
  'Bühler',
  'Müller-Lüdenscheidt von Wartensee',
  'Öztürk',
  'Nguyễn',
  'Rüegg',
  'Häfliger',
];
const CITIES: [string, string][] = [
  ['8005', 'Zürich'],
  ['8004', 'Zürich'],
  ['8050', 'Zürich'],
  ['8600', 'Dübendorf'],
  ['8304', 'Wallisellen'],
  ['8952', 'Schlieren'],
  ['8400', 'Winterthur'],
  ['8810', 'Horgen'],
];
const OPPONENTS = ['HCD', 'SCB', 'HCAP', 'HCA', 'EHCB', 'HCFG', 'HCGS', 'SCLT', 'LHC', 'HCL', 'SCRJ', 'EVZ', 'EHCK'];

const random = rng(7);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const round = (n: number) => Math.round(n * 10) / 10;
const mb = (kb: number) => round(kb / 1024);

async function seed(
  db: pg.Client,
  boardPassword: string,
): Promise<{ boardUsername: string; seasonId: number; counts: Record<string, number> }> {
  const firsts: string[] = [];
  const lasts: string[] = [];
  const usernames: string[] = [];
  const births: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    firsts.push(pick(FIRST));
    lasts.push(pick(LAST));
    usernames.push(`bench.${i}`);
    births.push(
      `${1940 + Math.floor(random() * 65)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
    );
  }
  const ids = (
    await db.query<{ id: number }>(
      `INSERT INTO members (username, "firstName", "lastName", email, "dateOfBirth", "updatedAt")
       SELECT u, f, l, u || '@example.ch', b, now() FROM unnest($1::text[], $2::text[], $3::text[], $4::date[]) AS t(u, f, l, b)
       RETURNING id`,
      [usernames, firsts, lasts, births],
    )
  ).rows.map((r) => r.id);
  await db.query(`INSERT INTO member_roles ("memberId", role) SELECT unnest($1::int[]), 'MEMBER'`, [ids]);
  const places = ids.map(() => pick(CITIES));
  await db.query(
    `INSERT INTO addresses ("memberId", street, "houseNumber", "addressLine2", "postalCode", city, "validFrom", current)
     SELECT id, 'Hardturmstrasse', (1 + id % 200)::text, CASE WHEN id % 11 = 0 THEN 'c/o Fanlokal Letzigrund' ELSE '' END, p, c, DATE '2020-01-01', true
       FROM unnest($1::int[], $2::text[], $3::text[]) AS t(id, p, c)`,
    [ids, places.map((p) => p[0]), places.map((p) => p[1])],
  );
  await db.query(
    `INSERT INTO phones ("memberId", type, number) SELECT id, 'MOBILE', '+41 79 ' || lpad((id % 1000)::text, 3, '0') || ' 45 67' FROM unnest($1::int[]) id`,
    [ids],
  );
  await db.query(
    `INSERT INTO phones ("memberId", type, number) SELECT id, 'LANDLINE', '+41 44 ' || lpad((id % 1000)::text, 3, '0') || ' 12 34' FROM unnest($1::int[]) id WHERE id % 3 = 0`,
    [ids],
  );

  const year = new Date().getUTCMonth() >= 4 ? new Date().getUTCFullYear() : new Date().getUTCFullYear() - 1;
  const seasonId = (
    await db.query<{ id: number }>(
      `INSERT INTO seasons (name, "validFrom", "validTo", "membershipFeeRappen", "parkingFeeRappen") VALUES ($1, make_date($2, 5, 1), make_date($2 + 1, 4, 30), 5000, 12000) RETURNING id`,
      [`${year}/${String((year + 1) % 100).padStart(2, '0')}`, year],
    )
  ).rows[0]!.id;
  await db.query(
    `INSERT INTO memberships ("memberId", "seasonId", "validFrom", "validTo", "parkingPermit")
     SELECT m, s.id, s."validFrom", s."validTo", m % 5 = 0 FROM unnest($1::int[]) m JOIN seasons s ON s.id = $2`,
    [ids, seasonId],
  );
  // Fee invoices: membership fee for everyone, parking fee for permit holders; about 60 % paid.
  await db.query(
    `INSERT INTO invoices (number, "memberId", "seasonId", kind, title, "invoiceDate", "dueDate", "totalRappen", status, reference, "debtorName",
                           street, "postalCode", city, "paidAt", "paidRappen", "updatedAt")
     SELECT $2::int || '-' || lpad(n::text, 5, '0'), m.id, $1, k.kind::"InvoiceKind", k.title, make_date($2, 5, 3), make_date($2, 6, 2), k.amount,
            CASE WHEN m.id % 5 < 3 THEN 'PAID' ELSE 'OPEN' END::"InvoiceStatus", 'RF' || n, 'Bench', 'Hardturmstrasse', '8005', 'Zürich',
            CASE WHEN m.id % 5 < 3 THEN make_date($2, 5, 20) END, CASE WHEN m.id % 5 < 3 THEN k.amount ELSE 0 END, now()
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS r FROM members WHERE username LIKE 'bench.%') m
       JOIN LATERAL (VALUES ('MEMBERSHIP_FEE', 'Mitgliederbeitrag', 5000, m.r), ('PARKING_FEE', 'Parkgebühr', 12000, $3::int + m.r)) AS k(kind, title, amount, n)
         ON k.kind = 'MEMBERSHIP_FEE' OR m.id % 5 = 0`,
    [seasonId, year, MEMBERS],
  );
  // A season of reservations: 40 games of one group, 200 reservations each.
  const option = (await db.query<{ id: number }>(`INSERT INTO delivery_options (name) VALUES ('Versand per Post') RETURNING id`)).rows[0]!
    .id;
  const group = (
    await db.query<{ id: number }>(
      `INSERT INTO game_groups (name, "defaultPricePerTicketRappen", "availableTicketsPerGame", "freeTicketAmount", "updatedAt") VALUES ('Heimspiele', 3550, 1000, 4, now()) RETURNING id`,
    )
  ).rows[0]!.id;
  await db.query(`INSERT INTO game_group_delivery_options ("gameGroupId", "deliveryOptionId") VALUES ($1, $2)`, [group, option]);
  const games = (
    await db.query<{ id: number }>(
      `INSERT INTO games ("gameGroupId", start, opponent, "homeGame", venue, "updatedAt")
       SELECT $1, make_timestamptz($2, 9, 10, 19, 45, 0, 'Europe/Zurich') + (g * interval '4 days'), ($3::text[])[1 + g % 13], g % 2 = 0, 'Swiss Life Arena', now()
         FROM generate_series(0, 39) g RETURNING id`,
      [group, year, OPPONENTS],
    )
  ).rows.map((r) => r.id);
  await db.query(
    `INSERT INTO ticket_reservations ("gameId", "memberId", "deliveryOptionId", amount, "pricePerTicketRappen", street, "houseNumber", "postalCode", city)
     SELECT g, m, $3, 1 + (m % 4), 3550, 'Hardturmstrasse', '5', '8005', 'Zürich'
       FROM unnest($1::int[]) WITH ORDINALITY AS gg(g, i)
       CROSS JOIN LATERAL (SELECT unnest($2::int[]) AS m) mm
      WHERE (mm.m + gg.i) % 50 = 0`,
    [games, ids, option],
  );
  await db.query(
    `INSERT INTO events (title, start, "end", "registrationDeadline", capacity, "priceRappen", "updatedAt")
     SELECT 'Anlass ' || e, make_timestamptz($1, 11, 1, 19, 0, 0, 'Europe/Zurich') + e * interval '10 days',
            make_timestamptz($1, 11, 1, 23, 0, 0, 'Europe/Zurich') + e * interval '10 days', make_timestamptz($1, 10, 25, 0, 0, 0, 'Europe/Zurich'), 100, 2500, now()
       FROM generate_series(1, 10) e`,
    [year],
  );
  await db.query(
    `INSERT INTO event_subscriptions ("eventId", "memberId", amount, status, "subscriptionTimestamp", "updatedAt")
     SELECT e.id, m, 1 + m % 3, CASE WHEN m % 7 = 0 THEN 'WAITING' ELSE 'CONFIRMED' END::"SubscriptionStatus", now() - (m % 1000) * interval '1 minute', now()
       FROM events e CROSS JOIN unnest($1::int[]) m WHERE (m + e.id) % 100 = 0`,
    [ids],
  );

  const boardUsername = 'bench-vorstand';
  const boardId = (
    await db.query<{ id: number }>(
      `INSERT INTO members (username, "firstName", "lastName", email, "updatedAt") VALUES ($1, 'Viktor', 'Vorstand', 'vorstand@example.ch', now()) RETURNING id`,
      [boardUsername],
    )
  ).rows[0]!.id;
  await db.query(`INSERT INTO member_roles ("memberId", role) VALUES ($1, 'MEMBER'), ($1, 'MEMBER_OF_THE_BOARD')`, [boardId]);
  await db.query(`INSERT INTO login_accounts (username, "passwordHash", "memberId", "updatedAt") VALUES ($1, $2, $3, now())`, [
    boardUsername,
    await hashPassword(boardPassword),
    boardId,
  ]);
  await db.query('ANALYZE');
  const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
  return {
    boardUsername,
    seasonId,
    counts: {
      memberships: await count('SELECT count(*) AS n FROM memberships'),
      invoices: await count('SELECT count(*) AS n FROM invoices'),
      reservations: await count('SELECT count(*) AS n FROM ticket_reservations'),
      subscriptions: await count('SELECT count(*) AS n FROM event_subscriptions'),
    },
  };
}

/** VmRSS of a process in kB. */
function rss(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

/** Runs fn while sampling the server's RSS; returns fn's result, the RSS before and the peak. */
async function withRss<T>(pid: number, fn: () => Promise<T>): Promise<{ result: T; before: number; peak: number }> {
  const before = rss(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 20);
  try {
    const result = await fn();
    peak = Math.max(peak, rss(pid));
    return { result, before, peak };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  const dbName = `club_bench_reports_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version;
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'club-bench-reports-'));
  let child: ChildProcess | undefined;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl.toString(),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('hex'),
    };
    buildServer();
    child = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'dist/server.mjs'], {
      cwd: apiDir,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(baseUrl, child);
    const pid = child.pid!;
    await db.connect();
    const t0 = Date.now();
    const password = randomBytes(12).toString('hex');
    const { boardUsername, seasonId, counts } = await seed(db, password);
    console.log(
      `${MEMBERS.toLocaleString('de-CH')} Mitglieder angelegt in ${Date.now() - t0} ms (PostgreSQL ${version}): ${JSON.stringify(counts)}`,
    );
    const { cookie } = await loginAs(baseUrl, boardUsername, password);
    if (OUT) mkdirSync(OUT, { recursive: true });

    const get = async (type: string, format: string, keep = false) => {
      const started = performance.now();
      const cpuBefore = cpuMs(pid);
      const res = await fetch(`${baseUrl}/api/v1/admin/seasons/${seasonId}/${type}/.${format}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${type}.${format}: ${res.status} ${await res.text()}`);
      const body = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - started;
      const cpu = cpuMs(pid) - cpuBefore;
      if (keep && OUT) writeFileSync(path.join(OUT, `${type}.${format}`), body);
      return { ms, cpu, bytes: body.length };
    };

    for (const format of ['xlsx', 'pdf']) {
      const cold = await withRss(pid, () => get('members', format, true));
      const runs: number[] = [];
      const cpus: number[] = [];
      const peaks = [cold.peak];
      for (let i = 0; i < TIMED_RUNS; i++) {
        const r = await withRss(pid, () => get('members', format));
        runs.push(r.result.ms);
        cpus.push(r.result.cpu);
        peaks.push(r.peak);
      }
      const peak = Math.max(...peaks);
      runs.sort((a, b) => a - b);
      console.log(
        `members.${format}: kalt ${round(cold.result.ms)} ms, danach ${runs.map((m) => round(m)).join(' / ')} ms (Median ${round(runs[Math.floor(runs.length / 2)]!)} ms), ${round(cold.result.bytes / 1024)} KB; ` +
          `CPU des Servers kalt ${cold.result.cpu} ms, danach ${cpus.join(' / ')} ms; ` +
          `RSS vorher ${mb(cold.before)} MB, Spitze ${mb(peak)} MB (+${mb(peak - cold.before)} MB; Spitze je Lauf über vorher: ${peaks.map((p) => `+${mb(p - cold.before)}`).join(' / ')} MB)`,
      );
    }

    for (const format of ['xlsx', 'pdf']) {
      const one = (await get('members', format)).ms;
      const ten = await withRss(pid, async () => {
        const started = performance.now();
        const cpuBefore = cpuMs(pid);
        const each = await Promise.all(Array.from({ length: 10 }, () => get('members', format)));
        return { wall: performance.now() - started, slowest: Math.max(...each.map((e) => e.ms)), cpu: cpuMs(pid) - cpuBefore };
      });
      console.log(
        `members.${format} zehnmal gleichzeitig: alle fertig nach ${round(ten.result.wall)} ms (langsamste ${round(ten.result.slowest)} ms) gegen ${round(one)} ms für eine allein ` +
          `= ${round(ten.result.slowest / one)}×; CPU des Servers ${ten.result.cpu} ms; RSS ${mb(ten.before)} → Spitze ${mb(ten.peak)} MB (+${mb(ten.peak - ten.before)} MB)`,
      );
    }

    for (const type of ['membershipfees', 'parkingfees', 'ticketreservations', 'eventsubscriptions']) {
      for (const format of ['xlsx', 'pdf']) {
        const r = await get(type, format, true);
        console.log(`${type}.${format}: ${round(r.ms)} ms (CPU ${r.cpu} ms), ${round(r.bytes / 1024)} KB`);
      }
    }
    console.log(`RSS des Servers am Ende: ${mb(rss(pid))} MB`);
    console.log(
      `Last der Maschine (1/5/15 min): ${loadavg()
        .map((l) => round(l))
        .join(' / ')} auf ${cpus().length} Kernen`,
    );
  } finally {
    await db.end().catch(() => {});
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.KEEP_DB !== '1') await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    else console.log(`Datenbank behalten: ${dbName}`);
    await admin.end();
  }
}

await main();
