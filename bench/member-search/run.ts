// Member search of the board over HTTP against the real server on the local PostgreSQL:
// 10,000 members (names, usernames, e-mails, current addresses, memberships), one board
// member who logs in through the real login, then 200 searches one after another (after
// 20 to warm up): name parts, first and last name, e-mail parts, member numbers, the empty
// query on a random page, and words that match nobody. Prints p50/p95/max and the plan of
// a name search (the trigram index must be used). Then, with CONNECTIONS keep-alive connections
// each (closed loop, SECONDS each): a member's own data (GET /api/v1/member/?expands=*, one
// session per connection), the board's member page and the search for "müller".
//
//   pnpm exec tsx bench/member-search/run.ts
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
// MEMBERS (10000), SEARCHES (200), CONNECTIONS (50), SECONDS (5), KEEP_DB=1 keeps the database,
// SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a CPU profile of the server).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../apps/api/src/features/idp/passwords.ts';
import { loginAs } from '../../apps/api/src/test/login.ts';
import { apiDir, buildServer } from '../lib/build-server.mjs';
import { closedLoop } from '../lib/closed-loop.mjs';
import { freePort, percentile, rng, sessionsFor, waitForHealth } from '../lib/rush.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const SEARCHES = Number(process.env.SEARCHES ?? 200);
const WARMUP = 20;
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 5);

const FIRST = [
  'Anna',
  'Beat',
  'Carla',
  'Daniel',
  'Elena',
  'Fabian',
  'Gabriela',
  'Hans',
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
  'Verena',
  'Walter',
  'Yvonne',
  'Zoe',
  'Lea',
  'Noah',
  'Mia',
  'Luca',
  'Sara',
  'David',
  'Julia',
  'Urs',
  'Nadia',
  'Rolf',
  'Simone',
  'Martin',
  'Claudia',
  'Stefan',
  'Monika',
  'Andreas',
];
const LAST = [
  'Müller',
  'Meier',
  'Schmid',
  'Keller',
  'Weber',
  'Huber',
  'Schneider',
  'Meyer',
  'Steiner',
  'Fischer',
  'Gerber',
  'Brunner',
  'Baumann',
  'Frei',
  'Zimmermann',
  'Moser',
  'Widmer',
  'Wyss',
  'Graf',
  'Roth',
  'Kälin',
  'Suter',
  'Bachmann',
  'Hofer',
  'Lüthi',
  'Zbinden',
  'Bühler',
  'Bieri',
  'Hofmann',
  'Kunz',
  'Marti',
  'Sutter',
  'Lehmann',
  'Gasser',
  'Bosshard',
  'Egli',
  'Ammann',
  'Stalder',
  'Christen',
  'Wenger',
  'Imhof',
  'Rüegg',
  'Vogel',
  'Koller',
  'Sommer',
  'Berger',
  'Kaufmann',
  'Wagner',
  'Bucher',
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
  ['8902', 'Urdorf'],
  ['8800', 'Thalwil'],
];

const random = rng(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const round = (n: number) => Math.round(n * 10) / 10;
const ascii = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

async function seed(
  db: pg.Client,
  boardPassword: string,
): Promise<{
  boardUsername: string;
  boardId: number;
  ids: number[];
  people: { first: string; last: string; username: string; number: number }[];
}> {
  const usernames: string[] = [];
  const firsts: string[] = [];
  const lasts: string[] = [];
  const emails: string[] = [];
  const births: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const username = `${ascii(first)}.${ascii(last)}.${i}`;
    usernames.push(username);
    firsts.push(first);
    lasts.push(last);
    emails.push(`${username}@${pick(['bluewin.ch', 'gmail.com', 'hispeed.ch', 'gmx.ch', 'sunrise.ch'])}`);
    births.push(
      `${1940 + Math.floor(random() * 65)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
    );
  }
  const inserted = await db.query<{ id: number; memberNumber: number; username: string }>(
    `INSERT INTO members (username, "firstName", "lastName", email, "dateOfBirth", "updatedAt")
     SELECT * , now() FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::date[])
     RETURNING id, "memberNumber", username`,
    [usernames, firsts, lasts, emails, births],
  );
  const ids = inserted.rows.map((r) => r.id);
  await db.query(`INSERT INTO member_roles ("memberId", role) SELECT unnest($1::int[]), 'MEMBER'`, [ids]);
  // Current addresses; every fifth member moved once (an old address in the history).
  const places = ids.map(() => pick(CITIES));
  await db.query(
    `INSERT INTO addresses ("memberId", street, "houseNumber", "postalCode", city, "validFrom", current)
     SELECT unnest($1::int[]), 'Hardturmstrasse', (1 + floor(random() * 200))::text, unnest($2::text[]), unnest($3::text[]), DATE '2020-01-01', true`,
    [ids, places.map((p) => p[0]), places.map((p) => p[1])],
  );
  await db.query(
    `INSERT INTO addresses ("memberId", street, "houseNumber", "postalCode", city, "validFrom", "validTo", current)
     SELECT id, 'Josefstrasse', '12', '8005', 'Zürich', DATE '2015-01-01', DATE '2019-12-31', false FROM unnest($1::int[]) AS id WHERE id % 5 = 0`,
    [ids],
  );
  // Two seasons; 90 % of the members are in the current one, 80 % were in the last one.
  const year = new Date().getUTCMonth() >= 4 ? new Date().getUTCFullYear() : new Date().getUTCFullYear() - 1;
  const seasons = await db.query<{ id: number }>(
    `INSERT INTO seasons (name, "validFrom", "validTo") VALUES
       ($1, make_date($3, 5, 1), make_date($3 + 1, 4, 30)), ($2, make_date($3 - 1, 5, 1), make_date($3, 4, 30)) RETURNING id`,
    [`${year}/${String((year + 1) % 100).padStart(2, '0')}`, `${year - 1}/${String(year % 100).padStart(2, '0')}`, year],
  );
  const [current, last] = seasons.rows.map((r) => r.id);
  await db.query(
    `INSERT INTO memberships ("memberId", "seasonId", "validFrom", "validTo")
     SELECT m.id, s.id, s."validFrom", s."validTo" FROM unnest($1::int[]) AS m(id) JOIN seasons s ON s.id = $2 WHERE m.id % 10 <> 9
     UNION ALL
     SELECT m.id, s.id, s."validFrom", s."validTo" FROM unnest($1::int[]) AS m(id) JOIN seasons s ON s.id = $3 WHERE m.id % 5 <> 4`,
    [ids, current, last],
  );
  // The board member who searches, with a real login.
  const boardUsername = 'bench-vorstand';
  const board = await db.query<{ id: number }>(
    `INSERT INTO members (username, "firstName", "lastName", email, "updatedAt") VALUES ($1, 'Viktor', 'Vorstand', 'vorstand@example.ch', now()) RETURNING id`,
    [boardUsername],
  );
  const boardId = board.rows[0]!.id;
  await db.query(`INSERT INTO member_roles ("memberId", role) VALUES ($1, 'MEMBER'), ($1, 'MEMBER_OF_THE_BOARD')`, [boardId]);
  await db.query(`INSERT INTO login_accounts (username, "passwordHash", "memberId", "updatedAt") VALUES ($1, $2, $3, now())`, [
    boardUsername,
    await hashPassword(boardPassword),
    boardId,
  ]);
  await db.query('ANALYZE');
  const people = inserted.rows.map((r, i) => ({ first: firsts[i]!, last: lasts[i]!, username: r.username, number: r.memberNumber }));
  return { boardUsername, boardId, ids, people };
}

type Kind = 'last name part' | 'first + last name' | 'e-mail part' | 'member number' | 'empty query, random page' | 'no hit';

function searches(
  people: { first: string; last: string; username: string; number: number }[],
  count: number,
): { kind: Kind; query: string }[] {
  const list: { kind: Kind; query: string }[] = [];
  for (let i = 0; i < count; i++) {
    const p = pick(people);
    const r = random();
    if (r < 0.4)
      list.push({ kind: 'last name part', query: `q=${encodeURIComponent(p.last.slice(0, 3 + Math.floor(random() * 3)).toLowerCase())}` });
    else if (r < 0.6) list.push({ kind: 'first + last name', query: `q=${encodeURIComponent(`${p.first} ${p.last}`)}` });
    else if (r < 0.75) list.push({ kind: 'e-mail part', query: `q=${encodeURIComponent(p.username.split('.').slice(0, 2).join('.'))}` });
    else if (r < 0.85) list.push({ kind: 'member number', query: `q=${p.number}` });
    else if (r < 0.95)
      list.push({ kind: 'empty query, random page', query: `page=${1 + Math.floor(random() * Math.ceil(people.length / 25))}` });
    else list.push({ kind: 'no hit', query: `q=${encodeURIComponent(`xq${Math.floor(random() * 1e6)}z`)}` });
  }
  return list;
}

async function main(): Promise<void> {
  const dbName = `club_bench_search_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version;
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'club-bench-search-'));
  const secret = randomBytes(32).toString('hex');
  let child: ChildProcess | undefined;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    // The real server (migrates the new database at start), as in production.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl.toString(),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: secret,
    };
    buildServer();
    child = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), 'dist/server.mjs'], {
      cwd: apiDir,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(baseUrl, child);
    await db.connect();
    const t0 = Date.now();
    const password = randomBytes(12).toString('hex');
    const { boardUsername, boardId, ids, people } = await seed(db, password);
    console.log(`${MEMBERS.toLocaleString('de-CH')} Mitglieder in ${Date.now() - t0} ms angelegt (PostgreSQL ${version}).`);
    const { cookie } = await loginAs(baseUrl, boardUsername, password);

    // As the server plans a search with words (search_fold's cost steers it to the trigram index).
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF) SELECT "id" FROM "members"
        WHERE search_fold("firstName" || ' ' || "lastName" || ' ' || "username" || ' ' || "email") LIKE search_fold('%brunn%')
        ORDER BY "lastName", "firstName", "id" LIMIT 25`,
    );

    const rare = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM "members"
        WHERE search_fold("firstName" || ' ' || "lastName" || ' ' || "username" || ' ' || "email") LIKE search_fold('%anna.keller%')`,
    );

    const timed = async (url: string) => {
      const started = performance.now();
      const res = await fetch(url, { headers: { cookie, accept: 'application/json' } });
      const body = (await res.json()) as { page?: { total: number } };
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      return { ms: performance.now() - started, total: body.page?.total ?? 0 };
    };
    // Each search is followed by GET /api/v1/member/ (session, roles, one member): the
    // same request overhead without the search, measured under the same machine load.
    const run = async (items: { kind: Kind; query: string }[]) => {
      const results: { kind: Kind; ms: number; total: number; baseline: number }[] = [];
      for (const item of items) {
        const search = await timed(`${baseUrl}/api/v1/admin/members/?${item.query}`);
        const baseline = await timed(`${baseUrl}/api/v1/member/`);
        results.push({ kind: item.kind, ms: search.ms, total: search.total, baseline: baseline.ms });
      }
      return results;
    };
    await run(searches(people, WARMUP));
    const results = await run(searches(people, SEARCHES));
    const all = results.map((r) => r.ms).sort((a, b) => a - b);
    const base = results.map((r) => r.baseline).sort((a, b) => a - b);
    console.log(`\nMitgliedersuche über HTTP (${SEARCHES} Suchen nacheinander, nach ${WARMUP} zum Aufwärmen; Seiten zu 25 Treffern):`);
    console.log(
      `  alle Suchen:               p50 ${round(percentile(all, 50))} ms, p95 ${round(percentile(all, 95))} ms, max ${round(all.at(-1) ?? 0)} ms`,
    );
    console.log(
      `  Vergleich GET /api/v1/member/ (gleiche Last): p50 ${round(percentile(base, 50))} ms, p95 ${round(percentile(base, 95))} ms`,
    );
    const kinds = [...new Set(results.map((r) => r.kind))];
    for (const kind of kinds) {
      const mine = results.filter((r) => r.kind === kind);
      const ms = mine.map((r) => r.ms).sort((a, b) => a - b);
      const hits = mine.map((r) => r.total).sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(26)} n=${String(mine.length).padStart(3)}  p50 ${round(percentile(ms, 50))} ms, p95 ${round(percentile(ms, 95))} ms, Treffer median ${percentile(hits, 50)}`,
      );
    }
    console.log('\nPlan einer Namenssuche (%brunn%, erste Seite):');
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    console.log('\nPlan der Trefferzahl einer seltenen Suche (%anna.keller%):');
    for (const row of rare.rows) console.log(`  ${row['QUERY PLAN']}`);
    const memberCookies = await sessionsFor(db, secret, ids.slice(0, CONNECTIONS));
    const boardCookies = await sessionsFor(
      db,
      secret,
      Array.from({ length: CONNECTIONS }, () => boardId),
    );
    const port2 = Number(new URL(baseUrl).port);
    console.log(`\nUnter Last (${CONNECTIONS} Verbindungen, je ${SECONDS} s, geschlossene Schleife):`);
    console.log('| Anfrage | Anfragen/s | p50 ms | p99 ms |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const [label, urlPath, cookies] of [
      ['eigene Daten GET /api/v1/member/?expands=* (je Verbindung ein Mitglied)', '/api/v1/member/?expands=*', memberCookies],
      [
        'Mitgliederseite des Vorstands GET /api/v1/admin/members/{id}?expands=…',
        `/api/v1/admin/members/${ids[7]}?expands=memberships,phones,addresses,invoices,auditlog`,
        boardCookies,
      ],
      ['Suche «müller» GET /api/v1/admin/members/?q=müller', `/api/v1/admin/members/?q=${encodeURIComponent('müller')}`, boardCookies],
    ] as const) {
      const r = await closedLoop(port2, urlPath, { connections: CONNECTIONS, seconds: SECONDS, cookies: [...cookies] });
      console.log(`| ${label} | ${round(r.rps)} | ${round(r.p50)} | ${round(r.p99)} |${r.errors ? ` ${r.errors} Fehler` : ''}`);
    }
    console.log(
      `\nLast der Maschine (1/5/15 min): ${(await import('node:os'))
        .loadavg()
        .map((l) => round(l))
        .join(' / ')} auf ${(await import('node:os')).cpus().length} Kernen`,
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
