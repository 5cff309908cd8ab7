import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromIsoDate, seasonDates, seasonYearOf, zurichToday } from '../../lib/dates.ts';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { client, loggedIn, type Call } from '../tickets/tickets.test-support.ts';

let server: TestServer;
let visitor: Call;
let member: { id: number; call: Call };
let board: { id: number; call: Call };
const db = () => server.database.prisma;
const thisYear = seasonYearOf(zurichToday(new Date()));
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

describe('guards: visitor 401, member 403, nothing written', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/admin/seasons/'],
    ['POST', '/admin/seasons/', { validFrom: '2040-05-01' }],
    ['PUT', '/admin/seasons/1', { membershipFee: chf(1), parkingFee: chf(1) }],
    ['POST', '/admin/seasons/1/renewals', []],
    ['POST', '/admin/seasons/1/membershipfees/', []],
    ['POST', '/admin/seasons/1/parkingfees/', []],
  ];
  for (const [method, path, body] of routes) {
    it(`${method} ${path}`, async () => {
      const before = await db().season.count();
      expect((await visitor(method, path, body)).status).toBe(401);
      const m = await member.call(method, path, body);
      expect(m.status).toBe(403);
      expect(m.body.error.code).toBe('FORBIDDEN');
      expect(await db().season.count()).toBe(before);
    });
  }
});

describe('seasons', () => {
  it('creates a season from 1 May with fees taken from the previous one, lists newest first with counts; a second one for the year is 409', async () => {
    const first = await board.call('POST', '/admin/seasons/', {
      validFrom: `${thisYear - 1}-05-01`,
      membershipFee: chf(50),
      parkingFee: chf(120.5),
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      name: seasonDates(thisYear - 1).name,
      validFrom: `${thisYear - 1}-05-01`,
      validTo: `${thisYear}-04-30`,
      membershipFee: chf(50),
      parkingFee: chf(120.5),
      current: false,
      memberCount: 0,
    });
    const second = await board.call('POST', '/admin/seasons/', { validFrom: `${thisYear}-05-01` });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ membershipFee: chf(50), parkingFee: chf(120.5), current: true });
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'season.created', entityId: String(second.body.data.id) } });
    expect(audit.actorId).toBe(board.id);

    const again = await board.call('POST', '/admin/seasons/', { validFrom: `${thisYear}-05-01`, membershipFee: chf(1) });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_EXISTS');

    const list = await board.call('GET', '/admin/seasons/');
    expect(list.status).toBe(200);
    const names = list.body.data.map((d: { data: { name: string } }) => d.data.name);
    expect(names.slice(0, 2)).toEqual([seasonDates(thisYear).name, seasonDates(thisYear - 1).name]);
    expect(list.body.data[0].data.membershipFees).toEqual({ eligible: 0, issued: 0, paid: 0, toBill: 0 });
  });

  const bad: [string, unknown, number, string][] = [
    ['a start that is not 1 May', { validFrom: '2041-06-01' }, 422, 'validFrom'],
    ['no date', { validFrom: '1. Mai' }, 422, 'validFrom'],
    ['a negative fee', { validFrom: '2041-05-01', membershipFee: chf(-1) }, 422, 'membershipFee.amount'],
    ['fractional Rappen', { validFrom: '2041-05-01', membershipFee: chf(10.005) }, 422, 'membershipFee.amount'],
    ['a fee below CHF 1', { validFrom: '2041-05-01', membershipFee: chf(0.5) }, 422, 'membershipFee.amount'],
    ['a fee not in 5-Rappen steps', { validFrom: '2041-05-01', parkingFee: chf(35.02) }, 422, 'parkingFee.amount'],
    ['a fee over 1,000,000', { validFrom: '2041-05-01', parkingFee: chf(1_000_001) }, 422, 'parkingFee.amount'],
    ['another currency', { validFrom: '2041-05-01', parkingFee: { currency: 'EUR', amount: 5 } }, 422, 'parkingFee.currency'],
    ['a missing start', {}, 400, 'validFrom'],
    ['a list instead of an object', [], 400, '_'],
  ];
  for (const [what, body, status, field] of bad) {
    it(`when the body has ${what}, then ${status} with a German message and nothing is written`, async () => {
      const before = await db().season.count();
      const res = await board.call('POST', '/admin/seasons/', body);
      expect(res.status).toBe(status);
      expect(res.body.error.fields[field]).toEqual(expect.any(String));
      if (what.includes('CHF 1') || what.includes('5-Rappen'))
        expect(res.body.error.fields[field]).toMatch(/mindestens CHF 1.00, in Schritten von 5 Rappen/);
      expect(await db().season.count()).toBe(before);
    });
  }

  it('changes the fees; an issued invoice keeps its amount; unknown season 404; another start 422', async () => {
    const s = await board.call('POST', '/admin/seasons/', { validFrom: '2031-05-01', membershipFee: chf(40), parkingFee: chf(0) });
    const id = s.body.data.id as number;
    const res = await board.call('PUT', `/admin/seasons/${id}`, { validFrom: '2031-05-01', membershipFee: chf(45), parkingFee: chf(80) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ membershipFee: chf(45), parkingFee: chf(80) });
    expect(await db().season.findUniqueOrThrow({ where: { id } })).toMatchObject({ membershipFeeRappen: 4500, parkingFeeRappen: 8000 });
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'season.updated', entityId: String(id) } });
    expect((audit.data as { changes: unknown[] }).changes).toContainEqual({ field: 'membershipFeeRappen', before: 4000, after: 4500 });
    expect((await board.call('PUT', '/admin/seasons/999999', { membershipFee: chf(1), parkingFee: chf(1) })).status).toBe(404);
    const moved = await board.call('PUT', `/admin/seasons/${id}`, { validFrom: '2032-05-01', membershipFee: chf(1), parkingFee: chf(1) });
    expect(moved.status).toBe(422);
    expect((await board.call('PUT', `/admin/seasons/${id}`, { membershipFee: chf(-5), parkingFee: chf(1) })).status).toBe(422);
  });
});

describe('renewals', () => {
  it('carries every member whose membership covered the last day of the previous season, with parking permits, once', async () => {
    const prev = await db().season.create({ data: { ...seasonDates(2033), membershipFeeRappen: 5000 } });
    const next = await board.call('POST', '/admin/seasons/', { validFrom: '2034-05-01' });
    const nextId = next.body.data.id as number;
    const a = await createMember(db());
    const b = await createMember(db());
    const ended = await createMember(db());
    await db().membership.createMany({
      data: [
        { memberId: a.id, seasonId: prev.id, validFrom: prev.validFrom, validTo: prev.validTo, parkingPermit: true },
        { memberId: b.id, seasonId: prev.id, validFrom: prev.validFrom, validTo: prev.validTo },
        { memberId: ended.id, seasonId: prev.id, validFrom: prev.validFrom, validTo: fromIsoDate('2033-12-31') },
      ],
    });
    const res = await board.call('POST', `/admin/seasons/${nextId}/renewals`, []);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ created: 2, existing: 0, movedToDefault: [] });
    const rows = await db().membership.findMany({ where: { seasonId: nextId }, orderBy: { memberId: 'asc' } });
    expect(rows.map((r) => [r.memberId, r.parkingPermit])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    expect(rows[0]!.validFrom).toEqual(fromIsoDate('2034-05-01'));
    const again = await board.call('POST', `/admin/seasons/${nextId}/renewals`, []);
    expect(again.body.data).toEqual({ created: 0, existing: 2, movedToDefault: [] });
    const one = await board.call('POST', `/admin/seasons/${nextId}/renewals`, [ended.id, a.id]);
    expect(one.body.data).toEqual({ created: 1, existing: 1, movedToDefault: [] });
    const list = await board.call('GET', '/admin/seasons/');
    const season = list.body.data.find((d: { data: { id: number } }) => d.data.id === nextId).data;
    expect(season).toMatchObject({ memberCount: 3, parkingPermitCount: 1, membershipFees: { eligible: 3, issued: 0, paid: 0, toBill: 3 } });
  });

  it('answers an unknown season or member with 404 and a malformed list with 400', async () => {
    expect((await board.call('POST', '/admin/seasons/999999/renewals', [])).status).toBe(404);
    const s = await db().season.create({ data: seasonDates(2036) });
    const unknown = await board.call('POST', `/admin/seasons/${s.id}/renewals`, [99_999_999]);
    expect(unknown.status).toBe(404);
    expect((await board.call('POST', `/admin/seasons/${s.id}/renewals`, { ids: [] })).status).toBe(400);
    expect((await board.call('POST', `/admin/seasons/${s.id}/renewals`, ['x'])).status).toBe(400);
    expect(await db().membership.count({ where: { seasonId: s.id } })).toBe(0);
  });
});
