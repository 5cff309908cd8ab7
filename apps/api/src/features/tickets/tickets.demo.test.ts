import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loadDemoData } from '../demo/demo-data.ts';
import { client, type Json } from './tickets.test-support.ts';
import { zurichAt } from './tickets.demo.ts';

describe('ticket demo data', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await loadDemoData(server.database.prisma, new Date());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('offers upcoming games of two groups against several teams: open, sold out and not yet open', async () => {
    const answer = await client(server.url)('GET', '/games/');
    const games = answer.body.data.map((d: Json) => d.data);
    expect(new Set(games.map((g: Json) => g.gameGroupName))).toEqual(new Set(['Heimspiele Qualifikation 2026/27', 'Auswärtsspiele']));
    expect(new Set(games.map((g: Json) => g.opponent)).size).toBeGreaterThanOrEqual(6);
    expect(games.filter((g: Json) => g.salesOpen && g.ticketsLeft > 0).length).toBeGreaterThanOrEqual(3);
    expect(games.filter((g: Json) => g.ticketsLeft === 0)).toHaveLength(1);
    expect(games.filter((g: Json) => g.salesState === 'NOT_YET_OPEN')).toHaveLength(1);
    const options = await server.database.prisma.deliveryOption.findMany({ orderBy: { id: 'asc' } });
    expect(options.map((o) => o.name)).toEqual(['Abholung im Fanlokal', 'Versand per Post', 'Abholung an der Stadionkasse']);
  });

  it('puts games at 19:45 Zurich time, summer or winter', () => {
    expect(zurichAt(new Date('2026-01-10T12:00:00Z'), 0, 19, 45).toISOString()).toBe('2026-01-10T18:45:00.000Z');
    expect(zurichAt(new Date('2026-07-10T12:00:00Z'), 2, 19, 45).toISOString()).toBe('2026-07-12T17:45:00.000Z');
  });
});
