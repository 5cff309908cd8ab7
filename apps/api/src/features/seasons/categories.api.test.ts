import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromIsoDate } from '../../lib/dates.ts';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { client, loggedIn, type Call } from '../tickets/tickets.test-support.ts';

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

/** A season through the API; unless `copied`, with only its default category «Mitglied» (not what it took over from the season before). */
async function newSeason(year: number, membershipFee = 50, copied = false): Promise<number> {
  const res = await board.call('POST', '/admin/seasons/', {
    validFrom: `${year}-05-01`,
    membershipFee: chf(membershipFee),
    parkingFee: chf(0),
  });
  expect(res.status).toBe(201);
  const id = res.body.data.id as number;
  if (!copied) {
    await db().membershipCategory.deleteMany({ where: { seasonId: id, isDefault: false } });
    await db().membershipCategory.updateMany({ where: { seasonId: id }, data: { name: 'Mitglied' } });
  }
  return id;
}

async function addCategory(seasonId: number, body: { name: string; fee: number; maxAge?: number | null }): Promise<number> {
  const res = await board.call('POST', `/admin/seasons/${seasonId}/categories`, { ...body, fee: chf(body.fee) });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

async function memberBornOn(dateOfBirth: string, lastName: string): Promise<number> {
  const m = await createMember(db(), { lastName });
  await db().member.update({ where: { id: m.id }, data: { dateOfBirth: fromIsoDate(dateOfBirth) } });
  return m.id;
}

async function join(memberId: number, seasonId: number, categoryId?: number) {
  return board.call('POST', `/admin/members/${memberId}/memberships`, { seasonId, ...(categoryId ? { categoryId } : {}) });
}

describe('guards: visitor 401, member 403, nothing written', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/admin/seasons/1/categories'],
    ['POST', '/admin/seasons/1/categories', { name: 'Junior', fee: chf(20) }],
    ['PUT', '/admin/seasons/1/categories/1', { name: 'Junior', fee: chf(20) }],
    ['DELETE', '/admin/seasons/1/categories/1'],
  ];
  for (const [method, path, body] of routes) {
    it(`${method} ${path}`, async () => {
      const before = await db().membershipCategory.count();
      expect((await visitor(method, path, body)).status).toBe(401);
      expect((await member.call(method, path, body)).status).toBe(403);
      expect(await db().membershipCategory.count()).toBe(before);
    });
  }
});

describe('categories of a season', () => {
  it('a new season has its default category with the membership fee; the board adds, changes and deletes others', async () => {
    const seasonId = await newSeason(2051, 50);
    const list = await board.call('GET', `/admin/seasons/${seasonId}/categories`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { data: unknown }) => d.data)).toEqual([
      { id: expect.any(Number), seasonId, name: 'Mitglied', fee: chf(50), maxAge: null, isDefault: true, memberCount: 0 },
    ]);
    const defaultId = list.body.data[0].data.id as number;

    const junior = await board.call('POST', `/admin/seasons/${seasonId}/categories`, { name: 'Junior', fee: chf(25), maxAge: 17 });
    expect(junior.status).toBe(201);
    expect(junior.body.data).toMatchObject({ name: 'Junior', fee: chf(25), maxAge: 17, isDefault: false, memberCount: 0 });
    const twice = await board.call('POST', `/admin/seasons/${seasonId}/categories`, { name: 'Junior', fee: chf(30) });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toContain('Junior');

    // the default category's fee is the season's membership fee
    const renamed = await board.call('PUT', `/admin/seasons/${seasonId}/categories/${defaultId}`, { name: 'Aktivmitglied', fee: chf(60) });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Aktivmitglied', fee: chf(60), isDefault: true });
    expect((await db().season.findUniqueOrThrow({ where: { id: seasonId } })).membershipFeeRappen).toBe(6000);
    const seasonPut = await board.call('PUT', `/admin/seasons/${seasonId}`, { membershipFee: chf(55), parkingFee: chf(0) });
    expect(seasonPut.status).toBe(200);
    expect((await db().membershipCategory.findUniqueOrThrow({ where: { id: defaultId } })).feeRappen).toBe(5500);

    const audit = await db().auditLog.findMany({ where: { entity: 'season', entityId: String(seasonId) }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['season.created', 'season.category.created', 'season.category.updated', 'season.updated']);
  });

  it('refuses bad values with 422 in German, unknown ones with 404, malformed bodies with 400', async () => {
    const seasonId = await newSeason(2052);
    const [def] = await db().membershipCategory.findMany({ where: { seasonId } });
    const post = (body: unknown) => board.call('POST', `/admin/seasons/${seasonId}/categories`, body);
    const odd = await post({ name: 'Gönner', fee: chf(0.42) });
    expect(odd.status).toBe(422);
    expect(JSON.stringify(odd.body.error.fields)).toContain('Schritten von 5 Rappen');
    expect((await post({ name: 'Gönner', fee: chf(0.5) })).status).toBe(422);
    expect((await post({ name: 'Junior', fee: chf(20), maxAge: 17.5 })).status).toBe(422);
    expect((await post({ name: '', fee: chf(20) })).status).toBe(422);
    expect((await post([])).status).toBe(400);
    const ageOnDefault = await board.call('PUT', `/admin/seasons/${seasonId}/categories/${def!.id}`, {
      name: 'Mitglied',
      fee: chf(50),
      maxAge: 17,
    });
    expect(ageOnDefault.status).toBe(422);
    expect(ageOnDefault.body.error.fields.maxAge).toContain('jedes Alter');
    expect((await board.call('GET', '/admin/seasons/999999/categories')).status).toBe(404);
    expect((await board.call('PUT', `/admin/seasons/${seasonId}/categories/999999`, { name: 'X', fee: chf(1) })).status).toBe(404);
    expect((await board.call('DELETE', `/admin/seasons/${seasonId}/categories/999999`)).status).toBe(404);
    expect(await db().membershipCategory.count({ where: { seasonId } })).toBe(1);
  });

  it('a membership takes the chosen category if the member is young enough on 1 May; a category in use cannot be deleted (409)', async () => {
    const seasonId = await newSeason(2053);
    const juniorId = await addCategory(seasonId, { name: 'Junior', fee: 25, maxAge: 17 });
    const unused = await addCategory(seasonId, { name: 'Familie', fee: 80 });
    const adult = await memberBornOn('1990-03-15', 'Erwachsen');
    const tooOld = await join(adult, seasonId, juniorId);
    expect(tooOld.status).toBe(422);
    expect(tooOld.body.error.fields.categoryId).toContain('bis 17 Jahre');
    const kid = await memberBornOn('2036-05-02', 'Kind'); // 16 on 1 May 2053
    const joined = await join(kid, seasonId, juniorId);
    expect(joined.status).toBe(201);
    expect(joined.body.data).toMatchObject({ categoryId: juniorId, categoryName: 'Junior' });
    const plain = await join(adult, seasonId);
    expect(plain.body.data.categoryName).toBe('Mitglied');
    const otherSeason = await newSeason(2054);
    const foreign = await join(kid, otherSeason, juniorId);
    expect(foreign.status).toBe(422);

    // the board moves the adult into the family category on the member page
    const moved = await board.call('PUT', `/admin/members/${adult}/memberships/${plain.body.data.id}`, {
      validTo: '2054-04-30',
      categoryId: unused,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.categoryName).toBe('Familie');
    const change = await db().auditLog.findFirstOrThrow({ where: { action: 'member.membership.updated', entityId: String(adult) } });
    expect(JSON.stringify(change.data)).toContain('Familie');

    const inUse = await board.call('DELETE', `/admin/seasons/${seasonId}/categories/${juniorId}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.code).toBe('IN_USE');
    const lowerAge = await board.call('PUT', `/admin/seasons/${seasonId}/categories/${juniorId}`, {
      name: 'Junior',
      fee: chf(25),
      maxAge: 15,
    });
    expect(lowerAge.status).toBe(409);
    const empty = await addCategory(seasonId, { name: 'Passiv', fee: 30 });
    expect((await board.call('DELETE', `/admin/seasons/${seasonId}/categories/${empty}`)).status).toBe(204);
    const defaultCategory = await db().membershipCategory.findFirstOrThrow({ where: { seasonId, isDefault: true } });
    expect((await board.call('DELETE', `/admin/seasons/${seasonId}/categories/${defaultCategory.id}`)).status).toBe(409);
    const counts = await board.call('GET', `/admin/seasons/${seasonId}/categories`);
    expect(counts.body.data.map((d: { data: { name: string; memberCount: number } }) => [d.data.name, d.data.memberCount])).toEqual([
      ['Mitglied', 0],
      ['Familie', 1],
      ['Junior', 1],
    ]);
  });
});

describe('the membership fee run per category', () => {
  it('bills each member the fee of the category, names a category other than the default, and bills nobody in a free one', async () => {
    const seasonId = await newSeason(2057, 50);
    const juniorId = await addCategory(seasonId, { name: 'Junior', fee: 25, maxAge: 17 });
    const honoraryId = await addCategory(seasonId, { name: 'Ehrenmitglied', fee: 0 });
    const adult = await memberBornOn('1980-01-01', 'Aktiv');
    const kid = await memberBornOn('2045-01-01', 'Junior');
    const honorary = await memberBornOn('1940-01-01', 'Ehre');
    expect((await join(adult, seasonId)).status).toBe(201);
    expect((await join(kid, seasonId, juniorId)).status).toBe(201);
    expect((await join(honorary, seasonId, honoraryId)).status).toBe(201);

    const before = await board.call('GET', '/admin/seasons/');
    const state = before.body.data.find((d: { data: { id: number } }) => d.data.id === seasonId).data.membershipFees;
    expect(state).toMatchObject({ eligible: 3, toBill: 2 });

    const run = await board.call('POST', `/admin/seasons/${seasonId}/membershipfees/`, []);
    expect(run.status).toBe(200);
    expect(run.body.data).toEqual({ created: 2, existing: 0 });
    const invoices = await db().invoice.findMany({ where: { seasonId }, include: { lines: true }, orderBy: { totalRappen: 'asc' } });
    expect(invoices.map((i) => [i.memberId, i.totalRappen, i.lines.map((l) => l.text)])).toEqual([
      [kid, 2500, ['Mitgliederbeitrag Saison 2057/58 (Junior)']],
      [adult, 5000, ['Mitgliederbeitrag Saison 2057/58']],
    ]);
    const again = await board.call('POST', `/admin/seasons/${seasonId}/membershipfees/`, []);
    expect(again.body.data).toEqual({ created: 0, existing: 2 });
    const honoraryOnly = await board.call('POST', `/admin/seasons/${seasonId}/membershipfees/`, [honorary]);
    expect(honoraryOnly.body.data).toEqual({ created: 0, existing: 0 });
    expect(await db().invoice.count({ where: { memberId: honorary } })).toBe(0);
  });

  it('when every category of the season is free, then the run is refused with 409', async () => {
    const seasonId = await newSeason(2059, 0);
    const m = await memberBornOn('1980-01-01', 'Gratis');
    await join(m, seasonId);
    const run = await board.call('POST', `/admin/seasons/${seasonId}/membershipfees/`, []);
    expect(run.status).toBe(409);
    expect(await db().invoice.count({ where: { seasonId } })).toBe(0);
  });
});

describe('renewal carries the categories', () => {
  it('keeps each category of the same name, and moves a junior who has come of age to the default, listed in the answer', async () => {
    const prev = await newSeason(2061, 50);
    const junior = await addCategory(prev, { name: 'Junior', fee: 25, maxAge: 17 });
    const donor = await addCategory(prev, { name: 'Gönner', fee: 100 });
    const comingOfAge = await memberBornOn('2044-04-15', 'Volljährig'); // 17 on 1 May 2061, 18 on 1 May 2062
    const stillJunior = await memberBornOn('2046-01-01', 'Jung');
    const supporter = await memberBornOn('1970-01-01', 'Gönnerin');
    const regular = await memberBornOn('1985-01-01', 'Normal');
    expect((await join(comingOfAge, prev, junior)).status).toBe(201);
    expect((await join(stillJunior, prev, junior)).status).toBe(201);
    expect((await join(supporter, prev, donor)).status).toBe(201);
    expect((await join(regular, prev)).status).toBe(201);

    const next = await newSeason(2062, 55, true);
    const copied = await board.call('GET', `/admin/seasons/${next}/categories`);
    expect(
      copied.body.data.map((d: { data: { name: string; fee: unknown; maxAge: number | null } }) => [
        d.data.name,
        d.data.fee,
        d.data.maxAge,
      ]),
    ).toEqual([
      ['Mitglied', chf(55), null],
      ['Gönner', chf(100), null],
      ['Junior', chf(25), 17],
    ]);

    const res = await board.call('POST', `/admin/seasons/${next}/renewals`, [comingOfAge, stillJunior, supporter, regular]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      created: 4,
      existing: 0,
      movedToDefault: [{ memberId: comingOfAge, firstName: 'Test', lastName: 'Volljährig', from: 'Junior', to: 'Mitglied' }],
    });
    const rows = await db().membership.findMany({ where: { seasonId: next }, include: { category: true } });
    const categoryOf = (id: number) => rows.find((r) => r.memberId === id)?.category.name;
    expect([comingOfAge, stillJunior, supporter, regular].map(categoryOf)).toEqual(['Mitglied', 'Junior', 'Gönner', 'Mitglied']);
    const again = await board.call('POST', `/admin/seasons/${next}/renewals`, [comingOfAge]);
    expect(again.body.data).toEqual({ created: 0, existing: 1, movedToDefault: [] });
  });
});
