// Event rush against the real server on the local PostgreSQL, next to the ticket rush in the
// same run: 500 members with sessions press «Anmelden» for one event at the same moment
// (200 places, 1 to 4 places each), and the same 500 press «Reservieren» for one game
// (quota 200, 1 to 4 tickets each), the way bench/ticket-rush/run.mjs does it. A third burst
// asks for the waiting list when the places are not left. Prints places over capacity (must
// be 0) and the latencies of each burst; exits 1 when anything is overbooked.
//
//   node bench/event-rush/run.mjs
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
// BENCH_POOL (10), BENCH_WORKERS (1), MEMBERS (500), CAPACITY (200), WARMUP (3 unmeasured
// bursts of each kind), RUNS (3 measured bursts of each kind, alternating), KEEP_DB=1.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { loadavg } from 'node:os';
import { buildServer } from '../lib/build-server.mjs';
import { machineLine, referenceLoopMs } from '../lib/reference-loop.mjs';
import { call, figures, membersWithSessions, round, startBenchServer } from '../lib/rush.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.MEMBERS ?? 500);
const CAPACITY = Number(process.env.CAPACITY ?? 200);
const WARMUP = Number(process.env.WARMUP ?? 3);
const RUNS = Number(process.env.RUNS ?? 3);
const PER_MEMBER = 4;
const SECRET = randomBytes(32).toString('hex');
const amountOf = (k) => 1 + ((k * 7) % PER_MEMBER);

buildServer();
const server = await startBenchServer({
  adminUrl,
  name: 'events',
  secret: SECRET,
  pool: Number(process.env.BENCH_POOL ?? 10),
  workers: Number(process.env.BENCH_WORKERS ?? 1),
});
const { port, db } = server;
let failed = false;
try {
  const pgVersion = (await db.query('SHOW server_version')).rows[0].server_version;
  console.log(machineLine());
  console.log(`Server bereit nach ${server.readyMs} ms (PostgreSQL ${pgVersion}, Datenbank ${server.dbName})`);
  const { memberIds, boardId, cookies } = await membersWithSessions(db, MEMBERS, SECRET);
  console.log(`${MEMBERS} Mitglieder und 1 Vorstand mit Sitzungen angelegt (direkt in der Tabelle sessions, nicht über den Login)`);

  const boardAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const board = async (method, p, body) => {
    const r = await call(boardAgent, port, method, p, cookies.get(boardId), body);
    if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const option = await board('POST', '/api/v1/admin/deliveryoptions/', { name: 'Abholung im Fanlokal' });
  const start = new Date(Date.now() + 10 * 86_400_000);

  async function newGame(name) {
    const group = await board('POST', '/api/v1/admin/gamegroups/', {
      name,
      defaultPricePerTicket: { currency: 'CHF', amount: 35 },
      availableTicketsPerGame: CAPACITY,
      freeTicketAmount: PER_MEMBER,
    });
    await board('PUT', `/api/v1/admin/gamegroups/${group.id}/deliveryoptions/`, [{ id: option.id }]);
    const game = await board('POST', `/api/v1/admin/gamegroups/${group.id}/games/`, {
      start: start.toISOString(),
      opponent: 'SCB',
      homeGame: true,
      venue: 'Swiss Life Arena',
    });
    return {
      page: `/api/v1/games/${game.id}`,
      post: `/api/v1/games/${game.id}/deliveryoptions/${option.id}/ticketreservations/`,
      body: (i) => ({ amount: amountOf(i) }),
      taken: async () =>
        (await db.query(`SELECT COALESCE(SUM(amount), 0)::int AS n FROM ticket_reservations WHERE "gameId" = $1`, [game.id])).rows[0].n,
    };
  }
  async function newEvent(name, waitlist) {
    const event = await board('POST', '/api/v1/admin/events/', {
      title: name,
      description: '',
      location: 'Fanlokal',
      start: start.toISOString(),
      end: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      registrationDeadline: new Date(start.getTime() - 86_400_000).toISOString(),
      capacity: CAPACITY,
      price: { currency: 'CHF', amount: 20 },
      maxPlacesPerMember: PER_MEMBER,
    });
    return {
      page: `/api/v1/events/${event.id}`,
      post: `/api/v1/events/${event.id}/subscriptions`,
      body: (i) => ({ id: event.id, amount: amountOf(i), ...(waitlist ? { waitlist: true } : {}) }),
      taken: async () =>
        (
          await db.query(
            `SELECT COALESCE(SUM(amount), 0)::int AS n FROM event_subscriptions WHERE "eventId" = $1 AND status = 'CONFIRMED'`,
            [event.id],
          )
        ).rows[0].n,
    };
  }

  /** Every member has the page open over its own keep-alive connection, then all press at once. */
  async function burst(target) {
    const agents = memberIds.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    await Promise.all(memberIds.map((id, i) => call(agents[i], port, 'GET', target.page, cookies.get(id))));
    const t = performance.now();
    const results = await Promise.all(
      memberIds.map((id, i) => call(agents[i], port, 'POST', target.post, cookies.get(id), target.body(i))),
    );
    const ms = performance.now() - t;
    agents.forEach((a) => a.destroy());
    const taken = await target.taken();
    return {
      ...figures(results, ms),
      taken,
      over: Math.max(0, taken - CAPACITY),
      busy: [...new Set(results.filter((r) => r.status >= 500).map((r) => r.body?.error?.message))],
    };
  }

  const kinds = [
    ['Tickets (Spiel)', (k) => newGame(`Spiel ${k}`)],
    ['Anmeldungen (Veranstaltung)', (k) => newEvent(`Anlass ${k}`, false)],
    ['Anmeldungen mit Warteliste', (k) => newEvent(`Anlass mit Warteliste ${k}`, true)],
  ];
  for (let k = 0; k < WARMUP; k++) for (const [, make] of kinds) await burst(await make(`Aufwärmen ${k}`));
  console.log(`Aufwärmen: ${WARMUP} Ansturm-Runden je Art, nicht gemessen`);

  const runs = new Map(kinds.map(([label]) => [label, []]));
  for (let k = 0; k < RUNS; k++) {
    for (const [label, make] of kinds) runs.get(label).push(await burst(await make(`Lauf ${k}`)));
  }
  console.log('');
  console.log(
    `${MEMBERS} Mitglieder drücken gleichzeitig, ${CAPACITY} Plätze/Tickets, 1 bis ${PER_MEMBER} pro Mitglied; ${RUNS} Läufe je Art, abwechselnd:`,
  );
  console.log('| Ansturm | über Kapazität | p50 | p95 | p99 (Median der Läufe) | max | Status (letzter Lauf) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [label, list] of runs) {
    const median = (key) => list.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(list.length / 2)];
    const over = Math.max(...list.map((r) => r.over));
    if (over > 0) failed = true;
    const last = list.at(-1);
    console.log(
      `| ${label} | ${over} | ${round(median('p50'))} ms | ${round(median('p95'))} ms | ${round(median('p99'))} ms (${list.map((r) => round(r.p99)).join(', ')}) | ${round(median('max'))} ms | ${Object.entries(
        last.byStatus,
      )
        .map(([s, n]) => `${s}×${n}`)
        .join(', ')}; vergeben ${last.taken} |`,
    );
    for (const r of list) if (r.busy.length) console.log(`  5xx: ${r.busy.join(' | ')}`);
  }
  console.log('');
  console.log(
    `Last am Ende ${loadavg()
      .map((l) => round(l, 2))
      .join(' / ')}, Referenzschleife ${referenceLoopMs()} ms (Server, PostgreSQL und Lastgenerator auf derselben Maschine).`,
  );
  if (failed) console.error('ÜBERBUCHT: mehr Plätze vergeben als vorhanden.');
  boardAgent.destroy();
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
