import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonDates } from '../../lib/dates.ts';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const list = (cookie?: string) => fetch(`${server.url}/api/v1/admin/seasons/`, { headers: cookie ? { cookie } : {} });

describe('GET /api/v1/admin/seasons/', () => {
  it('lists the seasons newest first for the board; 401 for visitors, 403 for members', async () => {
    const db = server.database.prisma;
    await db.season.create({ data: seasonDates(2024) });
    await db.season.create({ data: seasonDates(2025) });
    const board = await createMember(db, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    const member = await createMember(db);
    const { cookie } = await loginAs(server.url, board.username, board.password);
    const res = await list(cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { data: unknown }[] };
    expect(body.data.map((d) => d.data)).toEqual([
      { id: expect.any(Number), name: '2025/26', validFrom: '2025-05-01', validTo: '2026-04-30' },
      { id: expect.any(Number), name: '2024/25', validFrom: '2024-05-01', validTo: '2025-04-30' },
    ]);
    expect((await list()).status).toBe(401);
    const { cookie: memberCookie } = await loginAs(server.url, member.username, member.password);
    expect((await list(memberCookie)).status).toBe(403);
  });
});
