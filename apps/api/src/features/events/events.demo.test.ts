import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loadDemoData } from '../demo/demo-data.ts';
import { confirmedPlaces, promotions } from './events.rules.ts';
import { client, type Json } from './events.test-support.ts';

describe('event demo data', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await loadDemoData(server.database.prisma, new Date());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('offers upcoming events (one free, one with a waiting list, one unlimited) and a past one, each within its places', async () => {
    const upcoming = (await client(server.url)('GET', '/events')).body.data.map((d: Json) => d.data);
    expect(upcoming.length).toBeGreaterThanOrEqual(4);
    expect(upcoming.some((e: Json) => e.price.amount === 0)).toBe(true);
    expect(upcoming.some((e: Json) => e.waitingCount > 0 && e.placesLeft === 0)).toBe(true);
    expect(upcoming.some((e: Json) => e.capacity === null)).toBe(true);
    const past = (await client(server.url)('GET', '/events?past=true')).body.data;
    expect(past.length).toBeGreaterThanOrEqual(1);
    for (const e of await server.database.prisma.event.findMany({ include: { subscriptions: true } })) {
      if (e.capacity !== null) expect(confirmedPlaces(e.subscriptions)).toBeLessThanOrEqual(e.capacity);
      expect(promotions(e.capacity, e.subscriptions, new Date(), e.start)).toEqual([]);
    }
    const mitglied = await server.database.prisma.member.findUniqueOrThrow({ where: { username: 'mitglied' } });
    expect(await server.database.prisma.eventSubscription.count({ where: { memberId: mitglied.id } })).toBeGreaterThanOrEqual(2);
  });
});
