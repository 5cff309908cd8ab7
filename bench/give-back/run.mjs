// Give-back rush against the real server on the local PostgreSQL: a first-come game (quota
// 1,000) sold out to 500 holders (1 to 3 tickets, 2 on average), 500 more members on its
// waiting list (1 to 4 tickets each), then 200 holders lower or cancel their reservation at the
// same moment (`PUT`/`DELETE /api/v1/member/ticketreservations/{id}`); every freed ticket moves
// up to the first waiting request that fits, whole, in the same locked transaction. Afterwards
// the database is read: confirmed tickets within the quota, no waiting request left that fits
// into the tickets still free, every freed ticket either moved up or still free, one mail per
// member who moved up. Exits 1 when any of this fails.
//
//   node bench/give-back/run.mjs
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
// BENCH_POOL (10), BENCH_WORKERS (1), QUOTA (1000), HOLDERS (500; QUOTA must be twice HOLDERS),
// WAITING (500), GIVE_BACK (200), RETRIES (5: a give-back answered 503 is sent again a second later,
// at most this often), SERVER_LOG_LEVEL (error), KEEP_DB=1.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { buildServer } from '../lib/build-server.mjs';
import { cpuMs } from '../lib/process.mjs';
import { machineLine } from '../lib/reference-loop.mjs';
import { call, figures, membersWithSessions, rng, round, startBenchServer } from '../lib/rush.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const QUOTA = Number(process.env.QUOTA ?? 1000);
const HOLDERS = Number(process.env.HOLDERS ?? 500);
const WAITING = Number(process.env.WAITING ?? 500);
const GIVE_BACK = Number(process.env.GIVE_BACK ?? 200);
const PER_MEMBER = 4;
const SETUP_CONNECTIONS = 20;
const RETRIES = Number(process.env.RETRIES ?? 5);
const SECRET = randomBytes(32).toString('hex');
// 1, 3, 2, 2, … : two tickets a holder on average, so HOLDERS holders sell out a quota of twice as many.
const holderAmount = (k) => [1, 3, 2, 2][k % 4];
if (GIVE_BACK > HOLDERS || HOLDERS * 2 !== QUOTA || HOLDERS % 4 !== 0) {
  throw new Error('GIVE_BACK ≤ HOLDERS, QUOTA = 2 × HOLDERS und HOLDERS durch 4 teilbar');
}

/** Runs `task(k)` for k = 0 … n-1 over `connections` keep-alive connections, in order of k per connection. */
async function overConnections(n, connections, task) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const results = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < n) {
        const k = next++;
        results[k] = await task(agent, k);
      }
    }),
  );
  agent.destroy();
  return results;
}

buildServer();
const server = await startBenchServer({
  adminUrl,
  name: 'giveback',
  secret: SECRET,
  pool: Number(process.env.BENCH_POOL ?? 10),
  workers: Number(process.env.BENCH_WORKERS ?? 1),
  logLevel: process.env.SERVER_LOG_LEVEL ?? 'error',
});
const { port, db } = server;
let failed = false;
try {
  const pgVersion = (await db.query('SHOW server_version')).rows[0].server_version;
  console.log(machineLine());
  console.log(`Server bereit nach ${server.readyMs} ms (PostgreSQL ${pgVersion}, Datenbank ${server.dbName})`);
  const { memberIds, boardId, cookies } = await membersWithSessions(db, HOLDERS + WAITING, SECRET);
  const holders = memberIds.slice(0, HOLDERS);
  const waiters = memberIds.slice(HOLDERS);
  console.log(
    `${HOLDERS + WAITING} Mitglieder und 1 Vorstand mit Sitzungen angelegt (direkt in der Tabelle sessions, nicht über den Login)`,
  );

  const boardAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const board = async (method, p, body) => {
    const r = await call(boardAgent, port, method, p, cookies.get(boardId), body);
    if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const option = await board('POST', '/api/v1/admin/deliveryoptions/', { name: 'Abholung im Fanlokal' });
  const group = await board('POST', '/api/v1/admin/gamegroups/', {
    name: 'Rückgabe',
    defaultPricePerTicket: { currency: 'CHF', amount: 35 },
    availableTicketsPerGame: QUOTA,
    freeTicketAmount: PER_MEMBER,
  });
  await board('PUT', `/api/v1/admin/gamegroups/${group.id}/deliveryoptions/`, [{ id: option.id }]);
  const game = await board('POST', `/api/v1/admin/gamegroups/${group.id}/games/`, {
    start: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    opponent: 'SCB',
    homeGame: true,
    venue: 'Swiss Life Arena',
    saleMode: 'FIRST_COME',
  });
  boardAgent.destroy();
  const reservePath = `/api/v1/games/${game.id}/deliveryoptions/${option.id}/ticketreservations/`;

  // --- sold out, then the waiting list ---------------------------------------------------
  const t0 = performance.now();
  const held = await overConnections(HOLDERS, SETUP_CONNECTIONS, (agent, k) =>
    call(agent, port, 'POST', reservePath, cookies.get(holders[k]), { amount: holderAmount(k) }),
  );
  const notHeld = held.filter((r) => r.status !== 201 || r.body.data.status !== 'CONFIRMED');
  if (notHeld.length) throw new Error(`Ausverkauf: ${notHeld.length} Reservationen nicht bestätigt (${JSON.stringify(notHeld[0].body)})`);
  const random = rng(20261128);
  const waitAmounts = waiters.map(() => 1 + Math.floor(random() * PER_MEMBER));
  const waited = await overConnections(WAITING, SETUP_CONNECTIONS, (agent, k) =>
    call(agent, port, 'POST', reservePath, cookies.get(waiters[k]), { amount: waitAmounts[k], waitlist: true }),
  );
  const notWaiting = waited.filter((r) => r.status !== 201 || r.body.data.status !== 'WAITING');
  if (notWaiting.length)
    throw new Error(`Warteliste: ${notWaiting.length} Anfragen nicht auf der Warteliste (${JSON.stringify(notWaiting[0].body)})`);
  const waitingTickets = waitAmounts.reduce((a, b) => a + b, 0);
  console.log(
    `Ausverkauft an ${HOLDERS} Mitglieder (${QUOTA} Tickets), ${WAITING} Anfragen über ${waitingTickets} Tickets auf der Warteliste, in ${Math.round(performance.now() - t0)} ms (über ${SETUP_CONNECTIONS} Verbindungen)`,
  );

  // --- the give-back: GIVE_BACK holders at the same moment ---------------------------------
  // Every second one cancels, the others lower by one ticket (holders of a single ticket cancel).
  // Each sits on the game's page over its own keep-alive connection, as in the ticket rush.
  const order = holders.map((_, k) => k).sort(() => random() - 0.5);
  const givers = order.slice(0, GIVE_BACK).map((k, i) => {
    const amount = holderAmount(k);
    const lower = i % 2 === 0 && amount > 1;
    return { memberId: holders[k], id: held[k].body.data.id, amount, newAmount: lower ? amount - 1 : 0 };
  });
  const agents = givers.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  await Promise.all(givers.map((g, i) => call(agents[i], port, 'GET', `/api/v1/games/${game.id}`, cookies.get(g.memberId))));
  const cpu = cpuMs(server.pid);
  const t1 = performance.now();
  const answers = await Promise.all(
    givers.map((g, i) =>
      g.newAmount
        ? call(agents[i], port, 'PUT', `/api/v1/member/ticketreservations/${g.id}`, cookies.get(g.memberId), { amount: g.newAmount })
        : call(agents[i], port, 'DELETE', `/api/v1/member/ticketreservations/${g.id}`, cookies.get(g.memberId)),
    ),
  );
  const ms = performance.now() - t1;
  const serverCpu = cpuMs(server.pid) - cpu;
  const f = figures(answers, ms);
  const ok = (g, r) => r.status === (g.newAmount ? 200 : 204);
  // Who got 503 (busy) tries again a second later, as the page asks, up to RETRIES times.
  const final = [...answers];
  let retries = 0;
  for (let attempt = 0; attempt < RETRIES && final.some((r) => r.status === 503); attempt++) {
    await new Promise((r) => setTimeout(r, 1000));
    await Promise.all(
      givers.map(async (g, i) => {
        if (final[i].status !== 503) return;
        retries++;
        final[i] = g.newAmount
          ? await call(agents[i], port, 'PUT', `/api/v1/member/ticketreservations/${g.id}`, cookies.get(g.memberId), {
              amount: g.newAmount,
            })
          : await call(agents[i], port, 'DELETE', `/api/v1/member/ticketreservations/${g.id}`, cookies.get(g.memberId));
      }),
    );
  }
  agents.forEach((a) => a.destroy());
  const done = givers.filter((g, i) => ok(g, final[i]));
  const freed = done.reduce((sum, g) => sum + g.amount - g.newAmount, 0);
  const lowered = done.filter((g) => g.newAmount).length;
  console.log('');
  console.log(
    `Rückgabe: ${GIVE_BACK} Mitglieder gleichzeitig (${givers.filter((g) => g.newAmount).length} verringern um 1, ${givers.filter((g) => !g.newAmount).length} stornieren)`,
  );
  console.log(`  ${f.n} Anfragen in ${Math.round(ms)} ms → ${round(f.n / (ms / 1000))} Anfragen/s`);
  console.log(
    `  Status: ${Object.entries(f.byStatus)
      .map(([s, n]) => `${s}×${n}`)
      .join(', ')}`,
  );
  console.log(`  Latenz p50 ${round(f.p50)} ms, p95 ${round(f.p95)} ms, p99 ${round(f.p99)} ms, max ${round(f.max)} ms`);
  console.log(`  Server-CPU: ${round(serverCpu / f.n, 2)} ms pro Anfrage (${Math.round(serverCpu)} ms)`);
  const refused = answers.filter((r, i) => !ok(givers[i], r));
  if (refused.length)
    console.log(`  nicht angenommen: ${[...new Set(refused.map((r) => `${r.status} ${r.body?.error?.message}`))].join(' | ')}`);
  if (retries) {
    console.log(
      `  Wiederholungen nach 503 (je 1 s später, höchstens ${RETRIES}×): ${retries}; danach angenommen ${done.length} von ${GIVE_BACK}`,
    );
  }

  // --- what the database holds afterwards ----------------------------------------------
  const { rows } = await db.query(
    `SELECT COALESCE(SUM(amount) FILTER (WHERE status = 'CONFIRMED'), 0)::int AS confirmed,
            COUNT(*) FILTER (WHERE status = 'CONFIRMED' AND "movedUpAt" IS NOT NULL)::int AS "movedUp",
            COALESCE(SUM(amount) FILTER (WHERE status = 'CONFIRMED' AND "movedUpAt" IS NOT NULL), 0)::int AS "movedUpTickets",
            COUNT(*) FILTER (WHERE status = 'WAITING')::int AS waiting,
            MIN(amount) FILTER (WHERE status = 'WAITING')::int AS "smallestWaiting"
     FROM ticket_reservations WHERE "gameId" = $1`,
    [game.id],
  );
  const after = rows[0];
  const holderRows = new Map(
    (
      await db.query(`SELECT "memberId", amount, status FROM ticket_reservations WHERE "gameId" = $1 AND "memberId" = ANY($2::int[])`, [
        game.id,
        holders,
      ])
    ).rows.map((r) => [r.memberId, r]),
  );
  const expected = new Map(holders.map((id, k) => [id, holderAmount(k)]));
  for (const g of done) expected.set(g.memberId, g.newAmount);
  const holdersWrong = holders.filter((id) => {
    const row = holderRows.get(id);
    return (row?.status === 'CONFIRMED' ? row.amount : 0) !== expected.get(id);
  }).length;
  const mails = Number(
    (
      await db.query(`SELECT COUNT(*)::int AS n FROM mail_outbox WHERE subject LIKE 'Sie sind nachgerückt:%' AND "createdAt" >= $1`, [
        new Date(Date.now() - 3_600_000),
      ])
    ).rows[0].n,
  );
  const free = QUOTA - after.confirmed;
  const oversold = Math.max(0, -free);
  const fittingWaits = after.smallestWaiting !== null && after.smallestWaiting <= free;
  const lost = QUOTA - freed + after.movedUpTickets - after.confirmed;
  console.log('');
  console.log(
    `Freigegeben: ${freed} Tickets (${done.length - lowered} Stornierungen, ${lowered} Verringerungen); nachgerückt: ${after.movedUp} Anfragen mit ${after.movedUpTickets} Tickets; frei: ${free}`,
  );
  console.log(
    `Bestätigt: ${after.confirmed} von ${QUOTA}, überbucht: ${oversold}; noch wartend: ${after.waiting} Anfragen, die kleinste über ${after.smallestWaiting ?? '–'} Tickets${fittingWaits ? ' – sie hätte Platz!' : ''}`,
  );
  console.log(
    `Abrechnung: ${QUOTA} − ${freed} freigegeben + ${after.movedUpTickets} nachgerückt = ${QUOTA - freed + after.movedUpTickets} (bestätigt ${after.confirmed}, Differenz ${lost}); Inhaber mit falscher Menge: ${holdersWrong}; Mails «nachgerückt»: ${mails}`,
  );
  const problems = [
    oversold > 0 && `${oversold} Tickets überbucht`,
    fittingWaits && `eine wartende Anfrage über ${after.smallestWaiting} Tickets hätte in ${free} freie gepasst`,
    lost !== 0 && `${lost} Tickets nicht abgerechnet`,
    holdersWrong > 0 && `${holdersWrong} Inhaber halten nicht, was ihre Antwort sagt`,
    done.length !== GIVE_BACK && `${GIVE_BACK - done.length} Rückgaben auch nach ${RETRIES} Wiederholungen nicht angenommen`,
    after.movedUp + after.waiting !== WAITING && `Warteliste: ${after.movedUp} nachgerückt + ${after.waiting} wartend ≠ ${WAITING}`,
    mails !== after.movedUp && `${mails} Mails für ${after.movedUp} Nachgerückte`,
  ].filter(Boolean);
  if (problems.length) {
    failed = true;
    console.log(`FEHLER: ${problems.join('; ')}`);
  }
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
