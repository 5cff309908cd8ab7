import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { client, reservePath, seedGame, ticketRowCounts, type Answer, type Call, type Json } from './tickets.test-support.ts';

const MEMBERS = 60;
const REQUESTS = 200;

/** Runs fn over items with at most `limit` at a time. */
async function pooled<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!);
      }
    }),
  );
  return results;
}

describe('the quota under concurrent reservations', () => {
  let server: TestServer;
  const members: { id: number; cookie: string; call: Call }[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const started = Date.now();
    const created = await pooled(
      Array.from({ length: MEMBERS }, (_, i) => i),
      8,
      () => createMember(server.database.prisma),
    );
    const createdAt = Date.now();
    // Every member logs in through the real login (code flow through the embedded provider).
    const sessions = await pooled(created, 8, (m) => loginAs(server.url, m.username, m.password));
    sessions.forEach((s, i) => members.push({ id: created[i]!.id, cookie: s.cookie, call: client(server.url, s.cookie) }));
    process.stdout.write(
      `[tickets] ${MEMBERS} Mitglieder erstellt in ${createdAt - started} ms, alle über den echten Login angemeldet in ${Date.now() - createdAt} ms (${server.database.kind})\n`,
    );
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it(`sells exactly the quota when ${MEMBERS} members send ${REQUESTS} requests at once`, async () => {
    const g = await seedGame(server.database, { quota: 30, perMember: 4 });
    const other = await seedGame(server.database, { quota: 30, perMember: 4 });
    const before = await ticketRowCounts(server.database);
    const requests = Array.from({ length: REQUESTS }, (_, i) => ({
      member: members[i % MEMBERS]!,
      amount: 1 + ((i * 7) % 4),
      option: g.optionIds[i % 2]!,
    }));

    const started = Date.now();
    const answers: Answer<Json>[] = await Promise.all(
      requests.map((r) => r.member.call('POST', reservePath(g.gameId, r.option), { amount: r.amount })),
    );
    const ms = Date.now() - started;
    process.stdout.write(`[tickets] ${REQUESTS} gleichzeitige Reservationen in ${ms} ms (${server.database.kind})\n`);

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const accepted = answers.flatMap((a, i) => (a.status === 201 ? [{ ...requests[i]!, id: a.body.data.id as number }] : []));
    expect(accepted.reduce((sum, a) => sum + a.amount, 0)).toBe(30);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.error.code).toBe('QUOTA_EXCEEDED');
      expect(refused.body.error.message).toMatch(/noch \d+ Tickets?/);
    }

    const rows = await server.database.prisma.ticketReservation.findMany({ where: { gameId: g.gameId } });
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(30);
    expect(rows.map((r) => r.id).sort()).toEqual(accepted.map((a) => a.id).sort());
    const perMember = new Map<number, number>();
    for (const r of rows) perMember.set(r.memberId, (perMember.get(r.memberId) ?? 0) + r.amount);
    expect(Math.max(...perMember.values())).toBeLessThanOrEqual(4);
    // Nothing else written: only the accepted rows are new.
    expect(await ticketRowCounts(server.database)).toEqual({ ...before, reservations: before.reservations + rows.length });
    expect(await server.database.prisma.ticketReservation.count({ where: { gameId: other.gameId } })).toBe(0);
    const game = await client(server.url)('GET', `/games/${g.gameId}`);
    expect(game.body.data.ticketsLeft).toBe(0);
  }, 120_000);

  it('accepts exactly one of 10 identical requests for 4 tickets sent at once', async () => {
    const g = await seedGame(server.database, { quota: 30, perMember: 4 });
    const member = members[0]!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 4 })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(9);
    for (const a of refused) expect(a.body.error.message).toContain('noch 0 Tickets');
    const rows = await server.database.prisma.ticketReservation.findMany({ where: { gameId: g.gameId } });
    expect(rows.map((r) => [r.memberId, r.amount])).toEqual([[member.id, 4]]);
  });

  it('makes one reservation of 10 identical requests with the same Idempotency-Key, and answers all with it', async () => {
    const g = await seedGame(server.database, { quota: 30, perMember: 4 });
    const member = members[1]!;
    const headers = { 'Idempotency-Key': 'doppelklick-0001-abcdef' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => member.call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 2 }, headers)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotency-replayed') === 'true')).toHaveLength(9);
    expect(await server.database.prisma.ticketReservation.count({ where: { gameId: g.gameId } })).toBe(1);
  });

  it('sells exactly the quota when the requests are split over two server instances on one database', async () => {
    // A second instance of the site (as behind a load balancer): same database, same session secret.
    const second = await startTestServer({ database: server.database, env: { SESSION_SECRET: server.config.sessionSecret } });
    try {
      const g = await seedGame(server.database, { quota: 25, perMember: 4 });
      const answers = await Promise.all(
        Array.from({ length: 120 }, (_, i) => {
          const member = members[i % MEMBERS]!;
          const call = i % 2 ? client(second.url, member.cookie) : member.call;
          return call('POST', reservePath(g.gameId, g.optionIds[0]!), { amount: 1 + (i % 4) });
        }),
      );
      expect(answers.map((a) => a.status).filter((s) => s !== 201 && s !== 409)).toEqual([]);
      const rows = await server.database.prisma.ticketReservation.findMany({ where: { gameId: g.gameId } });
      expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(25);
      expect(answers.filter((a) => a.status === 201)).toHaveLength(rows.length);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('makes one reservation when one Idempotency-Key is sent for two games at once, and refuses the other with 409', async () => {
    const a = await seedGame(server.database, { quota: 30, perMember: 4 });
    const b = await seedGame(server.database, { quota: 30, perMember: 4 });
    const member = members[2]!;
    const headers = { 'Idempotency-Key': 'zwei-spiele-ein-schluessel' };
    const answers = await Promise.all([
      member.call('POST', reservePath(a.gameId, a.optionIds[0]!), { amount: 2 }, headers),
      member.call('POST', reservePath(b.gameId, b.optionIds[0]!), { amount: 2 }, headers),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    expect(answers.find((x) => x.status === 409)!.body.error.message).toContain('Idempotency-Key');
    expect(
      await server.database.prisma.ticketReservation.count({ where: { memberId: member.id, gameId: { in: [a.gameId, b.gameId] } } }),
    ).toBe(1);
  });
});
