import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonDates, seasonYearOf, zurichToday } from '../../lib/dates.ts';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { jsonInit, validApplication } from './candidates.test-data.ts';

/**
 * Accepting an application into a membership category, and into a later season too (next season,
 * when its renewal has run already): both memberships in the accept's one transaction.
 */

const BASE = '/api/v1/admin/members/candidates';

let server: TestServer;
let cookie: string;
let year: number;
let current: { id: number; name: string };
let next: { id: number; name: string };

const db = () => server.database.prisma;

/** The season of a year (made if missing: the database may be shared with other test files). */
async function seasonOf(y: number) {
  const s = seasonDates(y);
  return db().season.upsert({ where: { validFrom: s.validFrom }, create: { ...s, membershipFeeRappen: 5000 }, update: {} });
}

beforeAll(async () => {
  server = await startTestServer();
  year = seasonYearOf(zurichToday(new Date()));
  current = await seasonOf(year);
  next = await seasonOf(year + 1);
  const board = await createMember(db(), { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  cookie = (await loginAs(server.url, board.username, board.password)).cookie;
});
afterAll(async () => {
  await server?.close();
});

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(
    `${server.url}${path}`,
    body === undefined ? { method, headers: { cookie } } : jsonInit(method, body, { cookie }),
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');

async function paper(dateOfBirth: string) {
  const answer = await call('POST', `${BASE}/`, validApplication({ lastName: `Saisonal-${letters()}`, dateOfBirth }));
  expect(answer.status).toBe(201);
  return answer.body.data as { id: number };
}

/** A category of the same (unique) name in both seasons, e.g. juniors up to 17 at CHF 25. */
async function categoryInBoth(name: string, feeRappen: number, maxAge: number | null) {
  const [a, b] = await Promise.all(
    [current, next].map((s) => db().membershipCategory.create({ data: { seasonId: s.id, name, feeRappen, maxAge } })),
  );
  return { current: a!.id, next: b!.id };
}

const membershipsOf = (memberId: number) =>
  db().membership.findMany({ where: { memberId }, include: { category: true }, orderBy: { validFrom: 'asc' } });

describe('accepting into a category and a later season', () => {
  it('puts the membership into the chosen category and bills its fee', async () => {
    const donor = await categoryInBoth(`Gönner ${letters()}`, 10000, null);
    const c = await paper('1970-03-03');
    const answer = await call('POST', `${BASE}/${c.id}/accept`, { id: c.id, categoryId: donor.current });
    expect(answer.status).toBe(200);
    const memberId = answer.body.data.memberId as number;
    const rows = await membershipsOf(memberId);
    expect(rows.map((r) => [r.seasonId, r.categoryId])).toEqual([[current.id, donor.current]]);
    const invoices = await db().invoice.findMany({ where: { memberId } });
    expect(invoices.map((i) => [i.seasonId, i.totalRappen])).toEqual([[current.id, 10000]]);
  });

  it('adds the later season too, in the category of the same name, and leaves its invoice to that season’s fee run', async () => {
    const junior = await categoryInBoth(`Junior ${letters()}`, 2500, 17);
    const c = await paper(`${year - 10}-01-01`);
    const answer = await call('POST', `${BASE}/${c.id}/accept`, { id: c.id, categoryId: junior.current, laterSeasonIds: [next.id] });
    expect(answer.status).toBe(200);
    const memberId = answer.body.data.memberId as number;
    const rows = await membershipsOf(memberId);
    expect(rows.map((r) => [r.seasonId, r.categoryId])).toEqual([
      [current.id, junior.current],
      [next.id, junior.next],
    ]);
    expect(rows[1]!.validFrom).toEqual(seasonDates(year + 1).validFrom);
    expect(rows[1]!.validTo).toEqual(seasonDates(year + 1).validTo);
    expect((await db().invoice.findMany({ where: { memberId } })).map((i) => i.seasonId)).toEqual([current.id]);
    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: String(c.id), action: 'candidate.accepted' } });
    expect(audit.data).toMatchObject({ laterSeasons: [{ seasonId: next.id, season: next.name }] });
  });

  it('when the member is too old for the category next season, then the later membership goes into its default', async () => {
    const junior = await categoryInBoth(`U18 ${letters()}`, 2500, 17);
    const c = await paper(`${year - 18}-12-01`); // 17 on 1 May of this season, 18 on the next one's
    const answer = await call('POST', `${BASE}/${c.id}/accept`, { id: c.id, categoryId: junior.current, laterSeasonIds: [next.id] });
    expect(answer.status).toBe(200);
    const rows = await membershipsOf(answer.body.data.memberId as number);
    expect(rows.map((r) => [r.seasonId, r.categoryId === junior.current, r.category.isDefault])).toEqual([
      [current.id, true, false],
      [next.id, false, true],
    ]);
  });

  it('refuses the current, an earlier or an unknown season with 422 and a malformed list with 400, writing nothing', async () => {
    const earlier = await seasonOf(year - 1);
    const c = await paper('1975-05-05');
    const members = await db().member.count();
    for (const ids of [[current.id], [earlier.id], [next.id, 999_999]]) {
      const answer = await call('POST', `${BASE}/${c.id}/accept`, { id: c.id, laterSeasonIds: ids });
      expect(answer.status).toBe(422);
      expect(answer.body.error.fields.laterSeasonIds).toMatch(/^Weitere Saisons: /);
    }
    expect((await call('POST', `${BASE}/${c.id}/accept`, { id: c.id, laterSeasonIds: 'next' })).status).toBe(400);
    const wrongCategory = await call('POST', `${BASE}/${c.id}/accept`, { id: c.id, categoryId: 999_999 });
    expect(wrongCategory.status).toBe(422);
    expect(wrongCategory.body.error.fields.categoryId).toContain('Kategorie');
    expect(await db().member.count()).toBe(members);
    expect((await db().candidate.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('PENDING');
  });
});

describe('the public form: what a membership costs, the chosen category and the statutes', () => {
  const apply = (body: unknown) => fetch(`${server.url}/api/v1/candidates`, jsonInit('POST', body));

  it('shows a visitor the current season with every category and its fee, without a login', async () => {
    const donor = await categoryInBoth(`Gönner ${letters()}`, 12000, null);
    const res = await fetch(`${server.url}/api/v1/candidates/categories`);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { seasonName: string; categories: { id: number; name: string }[] } };
    expect(data.seasonName).toBe(current.name);
    expect(data.categories).toContainEqual({
      id: donor.current,
      name: expect.stringMatching(/^Gönner /),
      fee: { currency: 'CHF', amount: 120 },
      maxAge: null,
      isDefault: false,
    });
    expect(data.categories.map((c) => c.id)).not.toContain(donor.next);
  });

  it('stores the chosen category and the tick, and accepting without a choice of the board uses that category', async () => {
    const donor = await categoryInBoth(`Gönnerin ${letters()}`, 15000, null);
    const body = validApplication({ lastName: `Gewählt-${letters()}` });
    const res = await apply({ ...body, categoryId: donor.current });
    expect(res.status).toBe(201);
    const stored = await db().candidate.findFirstOrThrow({ where: { email: body.email } });
    expect(stored.requestedCategory).toMatch(/^Gönnerin /);
    expect(stored.statutesReadAt).toBeInstanceOf(Date);
    const shown = await call('GET', `${BASE}/${stored.id}`);
    expect(shown.body.data.requestedCategory).toBe(stored.requestedCategory);

    const answer = await call('POST', `${BASE}/${stored.id}/accept`, { id: stored.id });
    expect(answer.status).toBe(200);
    const rows = await membershipsOf(answer.body.data.memberId as number);
    expect(rows.map((r) => [r.seasonId, r.categoryId])).toEqual([[current.id, donor.current]]);
    const invoices = await db().invoice.findMany({ where: { memberId: answer.body.data.memberId as number } });
    expect(invoices.map((i) => i.totalRappen)).toEqual([15000]);
  });

  it('refuses a missing tick, a category of another season and one the applicant is too old for with 422, storing nothing', async () => {
    const junior = await categoryInBoth(`Junior ${letters()}`, 2500, 17);
    const before = await db().candidate.count();
    const { statutesRead: _tick, ...unticked } = validApplication();
    const noTick = await apply(unticked);
    expect(noTick.status).toBe(422);
    expect(((await noTick.json()) as { error: { fields: Record<string, string> } }).error.fields.statutesRead).toBe(
      'Statuten: Bitte bestätigen Sie, dass Sie die Statuten gelesen haben.',
    );
    for (const [categoryId, message] of [
      [junior.next, 'Kategorie: Diese Kategorie gibt es in der Saison nicht.'],
      [junior.current, expect.stringMatching(/^Kategorie: «Junior .*» gilt nur bis 17 Jahre/)],
    ] as const) {
      const res = await apply({ ...validApplication({ dateOfBirth: '1980-02-02' }), categoryId });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.categoryId).toEqual(message);
    }
    expect(await db().candidate.count()).toBe(before);
  });
});
