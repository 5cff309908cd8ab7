import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromIsoDate } from '../../lib/dates.ts';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { client, loggedIn, type Call } from '../tickets/tickets.test-support.ts';

/**
 * `GET /api/v1/admin/seasons/{id}/membershipfees/`: what the membership fee run would bill, per
 * category, by the run's own rule; the run then bills exactly that.
 */

let server: TestServer;
let visitor: Call;
let member: { id: number; call: Call };
let board: { id: number; call: Call };
const db = () => server.database.prisma;
const chf = (amount: number) => ({ currency: 'CHF', amount });

beforeAll(async () => {
  server = await startTestServer();
  visitor = client(server.url);
  member = await loggedIn(server.url, server.database);
  board = await loggedIn(server.url, server.database, true);
});
afterAll(async () => {
  await server?.close();
});

/** A season through the API with only its default category «Mitglied». */
async function newSeason(year: number, membershipFee: number): Promise<number> {
  const res = await board.call('POST', '/admin/seasons/', {
    validFrom: `${year}-05-01`,
    membershipFee: chf(membershipFee),
    parkingFee: chf(0),
  });
  expect(res.status).toBe(201);
  const id = res.body.data.id as number;
  await db().membershipCategory.deleteMany({ where: { seasonId: id, isDefault: false } });
  await db().membershipCategory.updateMany({ where: { seasonId: id }, data: { name: 'Mitglied' } });
  return id;
}

async function addCategory(seasonId: number, body: { name: string; fee: number; maxAge?: number }): Promise<number> {
  const res = await board.call('POST', `/admin/seasons/${seasonId}/categories`, { ...body, fee: chf(body.fee) });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

async function joined(seasonId: number, dateOfBirth: string, categoryId?: number): Promise<number> {
  const m = await createMember(db(), { lastName: 'Vorschau' });
  await db().member.update({ where: { id: m.id }, data: { dateOfBirth: fromIsoDate(dateOfBirth) } });
  const res = await board.call('POST', `/admin/members/${m.id}/memberships`, { seasonId, ...(categoryId ? { categoryId } : {}) });
  expect(res.status).toBe(201);
  return m.id;
}

describe('the preview of the membership fee run', () => {
  it('visitor 401, member 403, unknown season 404, bad id 400', async () => {
    expect((await visitor('GET', '/admin/seasons/1/membershipfees/')).status).toBe(401);
    expect((await member.call('GET', '/admin/seasons/1/membershipfees/')).status).toBe(403);
    const unknown = await board.call('GET', '/admin/seasons/999999/membershipfees/');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Diese Saison gibt es nicht.');
    expect((await board.call('GET', '/admin/seasons/abc/membershipfees/')).status).toBe(400);
  });

  it('a new season without memberships has nothing to bill', async () => {
    const seasonId = await newSeason(2071, 50);
    const res = await board.call('GET', `/admin/seasons/${seasonId}/membershipfees`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ seasonId, invoices: 0, amount: chf(0), categories: [] });
  });

  it('counts an invoice per member at the fee of the category (none in a free one), and the run bills exactly that', async () => {
    const seasonId = await newSeason(2072, 50);
    const junior = await addCategory(seasonId, { name: 'Junior', fee: 25, maxAge: 17 });
    const donor = await addCategory(seasonId, { name: 'Gönner', fee: 100 });
    const honorary = await addCategory(seasonId, { name: 'Ehrenmitglied', fee: 0 });
    await joined(seasonId, '1980-01-01');
    await joined(seasonId, '1981-01-01');
    await joined(seasonId, '2060-01-01', junior);
    await joined(seasonId, '1970-01-01', donor);
    await joined(seasonId, '1940-01-01', honorary);

    const preview = await board.call('GET', `/admin/seasons/${seasonId}/membershipfees/`);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({
      seasonId,
      invoices: 4,
      amount: chf(225),
      categories: [
        { categoryId: expect.any(Number), name: 'Mitglied', isDefault: true, fee: chf(50), invoices: 2, amount: chf(100) },
        { categoryId: donor, name: 'Gönner', isDefault: false, fee: chf(100), invoices: 1, amount: chf(100) },
        { categoryId: junior, name: 'Junior', isDefault: false, fee: chf(25), invoices: 1, amount: chf(25) },
      ],
    });

    const run = await board.call('POST', `/admin/seasons/${seasonId}/membershipfees/`, []);
    expect(run.body.data).toEqual({ created: 4, existing: 0 });
    const billed = await db().invoice.aggregate({ where: { seasonId, kind: 'MEMBERSHIP_FEE' }, _sum: { totalRappen: true }, _count: true });
    expect([billed._count, billed._sum.totalRappen]).toEqual([4, 22500]);

    const after = await board.call('GET', `/admin/seasons/${seasonId}/membershipfees/`);
    expect(after.body.data).toMatchObject({ invoices: 0, amount: chf(0), categories: [] });
    await joined(seasonId, '1990-01-01', donor);
    const late = await board.call('GET', `/admin/seasons/${seasonId}/membershipfees/`);
    expect(late.body.data).toMatchObject({ invoices: 1, amount: chf(100), categories: [{ name: 'Gönner', invoices: 1 }] });
  });
});
