/**
 * The database going away under load: the site (in-process, as in the API tests) talks to
 * PostgreSQL through a TCP proxy of its own; members reserve tickets and read their account
 * while the proxy is cut for OUTAGE_MS (default 5 s) and restored. Prints: answers other than
 * 503 while the database was away, requests without an answer, time to healthy after the
 * return, and confirmed reservations (201) missing from the database afterwards.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres pnpm exec tsx bench/db-outage/run.ts
 */
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { reservePath, seedGame } from '../../apps/api/src/features/tickets/tickets.test-support.ts';
import { createScratchDatabase } from '../../apps/api/src/test/db.ts';
import { createMember } from '../../apps/api/src/test/factories.ts';
import { startTestServer } from '../../apps/api/src/test/harness.ts';
import { loginAs } from '../../apps/api/src/test/login.ts';
import { startTcpProxy } from '../../apps/api/src/test/tcp-proxy.ts';

if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (a PostgreSQL server) is needed: the outage is a cut connection');
const MEMBERS = Number(process.env.MEMBERS ?? 30);
const OUTAGE_MS = Number(process.env.OUTAGE_MS ?? 5000);
const BEFORE_MS = 4000;
const AFTER_MS = 5000;

const scratch = await createScratchDatabase();
const direct = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
await migrate(direct.raw);
const target = new URL(scratch.url);
const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
const site = await openDatabase({ databaseUrl: proxy.url(scratch.url), poolSize: 10 });
const server = await startTestServer({ database: site });
try {
  const game = await seedGame(direct, { quota: 1_000_000, perMember: 1_000_000 });
  const cookies: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const m = await createMember(direct.prisma);
    cookies.push((await loginAs(server.url, m.username, m.password)).cookie);
  }

  interface Answer {
    started: number;
    ended: number;
    status: number | 'none';
    kind: 'reserve' | 'read';
    id?: number;
  }
  const answers: Answer[] = [];
  const noAnswerSamples: string[] = [];
  let cutAt = Infinity;
  let restoredAt = Infinity;
  let stop = false;
  const t0 = Date.now();

  async function memberLoop(cookie: string, n: number) {
    for (let i = 0; !stop; i++) {
      const kind = (i + n) % 2 === 0 ? 'reserve' : 'read';
      const started = Date.now();
      try {
        const res =
          kind === 'reserve'
            ? await fetch(`${server.url}/api/v1${reservePath(game.gameId, game.optionIds[0]!)}`, {
                method: 'POST',
                headers: { cookie, 'content-type': 'application/json' },
                body: JSON.stringify({ amount: 1 }),
              })
            : await fetch(`${server.url}/api/v1/member/`, { headers: { cookie } });
        const body = (await res.json().catch(() => ({}))) as { data?: { id?: number } };
        answers.push({
          started,
          ended: Date.now(),
          status: res.status,
          kind,
          ...(kind === 'reserve' && res.status === 201 && body.data?.id ? { id: body.data.id } : {}),
        });
        if (res.status === 503) await new Promise((r) => setTimeout(r, 100));
      } catch (error) {
        if (noAnswerSamples.length < 3) noAnswerSamples.push(String((error as Error).cause ?? error));
        answers.push({ started, ended: Date.now(), status: 'none', kind });
      }
    }
  }
  const loops = cookies.map((c, n) => memberLoop(c, n));

  await new Promise((r) => setTimeout(r, BEFORE_MS));
  cutAt = Date.now();
  proxy.cut();
  await new Promise((r) => setTimeout(r, OUTAGE_MS));
  proxy.restore();
  restoredAt = Date.now();
  let healthyAt = 0;
  while (!healthyAt) {
    const res = await fetch(`${server.url}/healthz`).catch(() => undefined);
    if (res?.status === 200) healthyAt = Date.now();
    else await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, AFTER_MS));
  stop = true;
  await Promise.all(loops);

  const during = answers.filter((a) => a.started >= cutAt && a.ended <= restoredAt);
  const inFlight = answers.filter((a) => a.started < cutAt && a.ended > cutAt);
  const confirmed = answers.filter((a) => a.id).map((a) => a.id!);
  const stored = new Set(
    (await direct.prisma.ticketReservation.findMany({ where: { id: { in: confirmed } }, select: { id: true } })).map((r) => r.id),
  );
  const firstOkAfter = answers
    .filter((a) => a.started >= restoredAt && a.status !== 503 && a.status !== 'none')
    .sort((a, b) => a.ended - b.ended)[0];
  const statusCounts = (list: Answer[]) =>
    Object.entries(list.reduce<Record<string, number>>((acc, a) => ({ ...acc, [String(a.status)]: (acc[String(a.status)] ?? 0) + 1 }), {}));
  console.log(
    JSON.stringify({
      members: MEMBERS,
      outageMs: OUTAGE_MS,
      requests: answers.length,
      allStatuses: statusCounts(answers),
      duringOutage: { requests: during.length, statuses: statusCounts(during), notA503: during.filter((a) => a.status !== 503).length },
      inFlightAtCut: statusCounts(inFlight),
      withoutAnswer: answers.filter((a) => a.status === 'none').length,
      withoutAnswerSamples: noAnswerSamples,
      notLoggedInAnswers: answers
        .filter((a) => a.status === 401)
        .map((a) => a.started - restoredAt)
        .slice(0, 5),
      timeToHealthyMs: healthyAt - restoredAt,
      firstMemberAnswerAfterReturnMs: firstOkAfter ? firstOkAfter.ended - restoredAt : null,
      confirmedReservations: confirmed.length,
      confirmedLost: confirmed.filter((id) => !stored.has(id)).length,
      runMs: Date.now() - t0,
    }),
  );
} finally {
  await server.close();
  await site.close();
  await proxy.close();
  await direct.close();
  await scratch.drop();
}
