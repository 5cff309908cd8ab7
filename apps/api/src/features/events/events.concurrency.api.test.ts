import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { confirmedPlaces, promotions, type SubscriptionRow } from './events.rules.ts';
import { client, seedEvent, subscribePath, type Answer, type Call, type Json } from './events.test-support.ts';

const MEMBERS = 60;

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

describe('event places under concurrent subscriptions', () => {
  let server: TestServer;
  const members: { id: number; cookie: string; call: Call }[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const created = await pooled(
      Array.from({ length: MEMBERS }, (_, i) => i),
      8,
      () => createMember(server.database.prisma),
    );
    const sessions = await pooled(created, 8, (m) => loginAs(server.url, m.username, m.password));
    sessions.forEach((s, i) => members.push({ id: created[i]!.id, cookie: s.cookie, call: client(server.url, s.cookie) }));
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  const rowsOf = (eventId: number): Promise<SubscriptionRow[]> =>
    server.database.prisma.eventSubscription.findMany({
      where: { eventId },
      select: { id: true, memberId: true, amount: true, status: true, subscriptionTimestamp: true },
    });

  it(`fills exactly the capacity when ${MEMBERS} members subscribe at once`, async () => {
    const id = await seedEvent(server.database, { capacity: 25, perMember: 4 });
    const started = Date.now();
    const answers: Answer<Json>[] = await Promise.all(members.map((m) => m.call('POST', subscribePath(id), { amount: 1 })));
    process.stdout.write(`[events] ${MEMBERS} gleichzeitige Anmeldungen in ${Date.now() - started} ms (${server.database.kind})\n`);
    expect(answers.map((a) => a.status).filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(25);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error.code).toBe('QUOTA_EXCEEDED');
    const rows = await rowsOf(id);
    expect(confirmedPlaces(rows)).toBe(25);
    expect(rows).toHaveLength(25);
    expect((await client(server.url)('GET', `/events/${id}`)).body.data.placesLeft).toBe(0);
  }, 120_000);

  it('never exceeds the capacity and leaves nobody waiting who fits, when members subscribe, join the waiting list and cancel at once', async () => {
    const id = await seedEvent(server.database, { capacity: 30, perMember: 4 });
    // A first wave fills the event and the waiting list …
    await Promise.all(members.map((m, i) => m.call('POST', subscribePath(id), { amount: 1 + ((i * 7) % 4), waitlist: true })));
    const first = await rowsOf(id);
    expect(confirmedPlaces(first)).toBeLessThanOrEqual(30);
    expect(first).toHaveLength(MEMBERS);
    // … then confirmed members cancel or change while waiting members leave or change, all at once.
    const answers = await Promise.all(
      members.map((m, i) => {
        if (i % 3 === 0) return m.call('DELETE', subscribePath(id));
        return m.call('POST', subscribePath(id), { amount: 1 + (i % 2), waitlist: true });
      }),
    );
    expect(answers.map((a) => a.status).filter((s) => ![200, 201, 204, 409].includes(s))).toEqual([]);
    const rows = await rowsOf(id);
    expect(confirmedPlaces(rows)).toBeLessThanOrEqual(30);
    // Everybody who could have moved up did: the waiting list is stuck only on a request that does not fit.
    expect(promotions(30, rows, new Date(), new Date(Date.now() + 86_400_000))).toEqual([]);
    expect(rows.filter((r) => members.findIndex((m) => m.id === r.memberId) % 3 === 0)).toEqual([]);
  }, 120_000);

  it('keeps one subscription when one member sends the same request ten times at once', async () => {
    const id = await seedEvent(server.database, { capacity: 5, perMember: 4 });
    const member = members[0]!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => member.call('POST', subscribePath(id), { amount: 3 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(answers.every((a) => a.body.data.status === 'CONFIRMED' && a.body.data.amount === 3)).toBe(true);
    expect((await rowsOf(id)).map((r) => [r.memberId, r.amount])).toEqual([[member.id, 3]]);
  });

  it('never exceeds the capacity when the requests are split over two server instances on one database', async () => {
    const second = await startTestServer({ database: server.database, env: { SESSION_SECRET: server.config.sessionSecret } });
    try {
      const id = await seedEvent(server.database, { capacity: 20, perMember: 4 });
      const answers = await Promise.all(
        members.map((m, i) => (i % 2 ? client(second.url, m.cookie) : m.call)('POST', subscribePath(id), { amount: 1 + (i % 4) })),
      );
      expect(answers.map((a) => a.status).filter((s) => s !== 201 && s !== 409)).toEqual([]);
      const rows = await rowsOf(id);
      expect(confirmedPlaces(rows)).toBeLessThanOrEqual(20);
      expect(confirmedPlaces(rows)).toBeGreaterThanOrEqual(17);
      expect(answers.filter((a) => a.status === 201)).toHaveLength(rows.length);
    } finally {
      await second.close();
    }
  }, 60_000);
});
