import { randomInt } from 'node:crypto';
import type { Candidate } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, seasonDates, seasonYearOf, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs } from '../../test/login.ts';
import { expectSameLinks, expectWellFormedMail, needPythonEmail } from '../../test/python-email.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp.ts';
import { hashInvitationToken } from '../idp/invitations.ts';
import { jsonInit, validApplication } from './candidates.test-data.ts';

const BASE = '/api/v1/admin/members/candidates';

let server: TestServer;
let peer: SmtpPeer;
let now: Date | undefined;
let board: { id: number; cookie: string };
let memberCookie: string;
let season: { id: number; name: string };

beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await startTestServer({ env: { SMTP_URL: peer.url }, clock: () => now ?? new Date() });
  const db = server.database.prisma;
  const s = seasonDates(seasonYearOf(zurichToday(new Date())));
  season = await db.season.create({ data: { ...s, membershipFeeRappen: 5000 } });
  const boardMember = await createMember(db, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'], firstName: 'Viktor', lastName: 'Vogel' });
  board = { id: boardMember.id, cookie: (await loginAs(server.url, boardMember.username, boardMember.password)).cookie };
  const member = await createMember(db);
  memberCookie = (await loginAs(server.url, member.username, member.password)).cookie;
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

const db = () => server.database.prisma;
const today = () => toIsoDate(zurichToday(new Date()));

interface Answer<T = Candidate> {
  status: number;
  body: { data: T; error?: { code: string; message: string; fields?: Record<string, string> } };
}

async function call<T = Candidate>(method: string, path: string, body?: unknown, cookie: string | null = board.cookie): Promise<Answer<T>> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const init = body === undefined ? { method, headers } : jsonInit(method, body, headers);
  const res = await fetch(`${server.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Letters only, so a derived username ends with them (and a number after it is plain to see). */
function letters(n = 6): string {
  return Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

async function paper(overrides: Parameters<typeof validApplication>[0] & { applicationDate?: string } = {}): Promise<Candidate> {
  const answer = await call('POST', `${BASE}/`, validApplication(overrides));
  expect(answer.status).toBe(201);
  return answer.body.data;
}

const welcomeFor = (email: string) => peer.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Willkommen'));

describe('permissions on the board calls', () => {
  const calls: [string, string, (id: number) => string, unknown][] = [
    ['GET', 'list', () => `${BASE}/`, undefined],
    ['GET', 'one', (id) => `${BASE}/${id}`, undefined],
    ['POST', 'create', () => `${BASE}`, validApplication()],
    ['PUT', 'edit', (id) => `${BASE}/${id}`, validApplication({ firstName: 'Geändert' })],
    ['POST', 'accept', (id) => `${BASE}/${id}/accept`, 'id'],
    ['POST', 'reject', (id) => `${BASE}/${id}/reject`, 'id'],
  ];

  it.each(calls)('%s %s: a visitor gets 401, a member 403, and nothing changes', async (method, _name, path, body) => {
    const candidate = await paper();
    const payload = body === 'id' ? { id: candidate.id } : body;
    const counts = async () => [
      await db().candidate.count(),
      await db().member.count(),
      await db().auditLog.count(),
      await db().mailOutbox.count(),
    ];
    const before = await counts();
    const visitor = await call(method, path(candidate.id), payload, null);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error?.code).toBe('NOT_LOGGED_IN');
    const member = await call(method, path(candidate.id), payload, memberCookie);
    expect(member.status).toBe(403);
    expect(member.body.error?.code).toBe('FORBIDDEN');
    expect(member.body.error?.message).toMatch(/Berechtigung/);
    expect(await counts()).toEqual(before);
    expect((await db().candidate.findUniqueOrThrow({ where: { id: candidate.id } })).status).toBe('PENDING');
  });
});

describe('POST /api/v1/admin/members/candidates (paper application)', () => {
  it('stores a paper application dated back to the day it arrived, with an audit row and no mail', async () => {
    const received = toIsoDate(addDays(zurichToday(new Date()), -3));
    const answer = await call('POST', BASE, validApplication({ firstName: 'Nina', applicationDate: received } as never));
    expect(answer.status).toBe(201);
    const c = answer.body.data;
    expect(c).toMatchObject({
      status: 'PENDING',
      source: 'PAPER',
      applicationDate: received,
      firstName: 'Nina',
      decidedAt: null,
      decidedBy: null,
      memberId: null,
      duplicateOf: null,
    });
    const audit = await db().auditLog.findFirstOrThrow({
      where: { entity: 'candidate', entityId: String(c.id), action: 'candidate.created' },
    });
    expect(audit.actorId).toBe(board.id);
    expect(await db().mailOutbox.count({ where: { to: c.email } })).toBe(0);
  });

  it('dates it today when no date is given; the same form entered twice is stored once', async () => {
    const body = validApplication();
    const [a, b] = await Promise.all([call('POST', BASE, body), call('POST', `${BASE}/`, body)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(a.body.data.applicationDate).toBe(today());
    expect(await db().candidate.count({ where: { email: body.email } })).toBe(1);
  });

  it.each([
    ['an empty body', {}, 400, 'firstName'],
    ['an invalid e-mail', { email: 'nein' }, 422, 'email'],
    ['a birth date in the future', { dateOfBirth: '2999-01-01' }, 422, 'dateOfBirth'],
    ['an application date in the future', { applicationDate: '2999-01-01' }, 422, 'applicationDate'],
    ['an application date before 2000', { applicationDate: '1999-12-31' }, 422, 'applicationDate'],
    ['a number as application date', { applicationDate: 20240101 }, 400, 'applicationDate'],
  ] as const)('refuses %s (%s) and writes nothing', async (_name, patch, status, field) => {
    const before = [await db().candidate.count(), await db().auditLog.count()];
    const body = Object.keys(patch).length ? { ...validApplication(), ...patch } : {};
    const answer = await call('POST', BASE, body);
    expect(answer.status).toBe(status);
    expect(answer.body.error?.fields?.[field]).toBeTruthy();
    expect([await db().candidate.count(), await db().auditLog.count()]).toEqual(before);
  });
});

describe('GET /api/v1/admin/members/candidates/', () => {
  it('lists open applications first, filters by status, and flags duplicates', async () => {
    const known = await createMember(db(), { firstName: 'Mia', lastName: 'Keller' });
    const sameAsMember = await paper({ email: known.email.toUpperCase() });
    const shared = `geteilt.${letters()}@example.ch`;
    const first = await paper({ email: shared, firstName: 'Anna' });
    const second = await paper({ email: shared.toUpperCase(), firstName: 'Beat', lastName: 'Frei' });
    const decided = await paper({ email: shared });
    expect((await call('POST', `${BASE}/${decided.id}/reject`, { id: decided.id })).status).toBe(200);

    const all = await call<{ data: Candidate }[]>('GET', `${BASE}/`);
    expect(all.status).toBe(200);
    const items = all.body.data.map((i) => i.data);
    const statuses = items.map((c) => c.status);
    const lastOpen = statuses.lastIndexOf('PENDING');
    expect(statuses.slice(0, lastOpen + 1).every((s) => s === 'PENDING')).toBe(true);
    expect(statuses.slice(lastOpen + 1)).not.toContain('PENDING');
    const open = items.filter((c) => c.status === 'PENDING');
    expect(open.map((c) => c.applicationDate)).toEqual([...open.map((c) => c.applicationDate)].sort());

    const byId = new Map(items.map((c) => [c.id, c]));
    expect(byId.get(sameAsMember.id)?.duplicateOf).toEqual({ kind: 'MEMBER', id: known.id, name: 'Mia Keller', reason: 'EMAIL' });
    expect(byId.get(first.id)?.duplicateOf).toEqual({ kind: 'CANDIDATE', id: second.id, name: 'Beat Frei', reason: 'EMAIL' });
    expect(byId.get(second.id)?.duplicateOf).toMatchObject({ kind: 'CANDIDATE', id: first.id });
    expect(byId.get(decided.id)?.duplicateOf).toBeNull();

    const rejected = await call<{ data: Candidate }[]>('GET', `${BASE}/?status=REJECTED`);
    expect(rejected.body.data.length).toBeGreaterThan(0);
    expect(rejected.body.data.every((i) => i.data.status === 'REJECTED')).toBe(true);
    const pending = await call<{ data: Candidate }[]>('GET', `${BASE}?status=PENDING`);
    expect(pending.body.data.every((i) => i.data.status === 'PENDING')).toBe(true);
    expect(pending.body.data.map((i) => i.data.id)).toContain(first.id);
  });

  it('refuses an unknown status with 400', async () => {
    const answer = await call('GET', `${BASE}/?status=OFFEN`);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields?.status).toMatch(/Status/);
  });
});

describe('GET /api/v1/admin/members/candidates/{id}', () => {
  it('shows one application', async () => {
    const c = await paper({ remarks: 'Bitte ab Januar.' });
    const answer = await call('GET', `${BASE}/${c.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual(c);
    expect(answer.body.data.address).toEqual({
      street: 'Hardturmstrasse',
      houseNumber: '12a',
      addressLine2: '',
      postalCode: '8005',
      city: 'Zürich',
      country: 'CH',
    });
  });

  it('answers an unknown id with 404 and a bad id with 400', async () => {
    const missing = await call('GET', `${BASE}/999999`);
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe('Diesen Mitgliedschaftsantrag gibt es nicht.');
    expect((await call('GET', `${BASE}/abc`)).status).toBe(400);
    expect((await call('GET', `${BASE}/-1`)).status).toBe(400);
  });
});

describe('PUT /api/v1/admin/members/candidates/{id}', () => {
  it('corrects an open application and notes the changed fields in the audit log', async () => {
    const c = await paper();
    const answer = await call('PUT', `${BASE}/${c.id}`, {
      ...validApplication({ email: c.email, firstName: 'Larissa', dateOfBirth: c.dateOfBirth }),
      address: { ...c.address, city: 'Winterthur', postalCode: '8400' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      firstName: 'Larissa',
      address: { city: 'Winterthur', postalCode: '8400' },
      status: 'PENDING',
    });
    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: String(c.id), action: 'candidate.updated' } });
    expect(audit.actorId).toBe(board.id);
    expect((audit.data as { changed: string[] }).changed.sort()).toEqual(['city', 'firstName', 'postalCode']);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const c = await paper();
    const answer = await call('PUT', `${BASE}/${c.id}`, { ...validApplication(), lastName: '', email: 'x@' });
    expect(answer.status).toBe(422);
    expect(answer.body.error?.fields).toMatchObject({ lastName: 'Nachname: Bitte ausfüllen.' });
    expect((await call('GET', `${BASE}/${c.id}`)).body.data).toEqual(c);
  });

  it('answers 409 ALREADY_DECIDED once the application is decided, and 404 for an unknown one', async () => {
    const c = await paper();
    expect((await call('POST', `${BASE}/${c.id}/reject`, { id: c.id })).status).toBe(200);
    const answer = await call('PUT', `${BASE}/${c.id}`, validApplication({ firstName: 'Zu spät' }));
    expect(answer.status).toBe(409);
    expect(answer.body.error?.code).toBe('ALREADY_DECIDED');
    expect((await db().candidate.findUniqueOrThrow({ where: { id: c.id } })).firstName).toBe('Lara');
    expect((await call('PUT', `${BASE}/999999`, validApplication())).status).toBe(404);
  });
});

describe('POST /api/v1/admin/members/candidates/{id}/accept', () => {
  it('creates the member with address, phones, membership, invitation and welcome mail; the invitation leads to a login', async (ctx) => {
    const last = `Kälin-${letters()}`;
    const c = await paper({ firstName: 'Zoë', lastName: last, mobile: '079 555 66 77', landLine: '044 555 66 77' });
    const answer = await call('POST', `${BASE}/${c.id}/accept`, { id: c.id });
    expect(answer.status).toBe(200);
    const username = `zoe.kaelin-${last.slice(6)}`;
    expect(answer.body.data).toMatchObject({
      status: 'ACCEPTED',
      decidedBy: { id: board.id, name: 'Viktor Vogel' },
      memberUsername: username,
      duplicateOf: null,
    });
    expect(answer.body.data.decidedAt).toBeTruthy();

    const member = await db().member.findUniqueOrThrow({
      where: { id: answer.body.data.memberId! },
      include: { roles: true, addresses: true, phones: true, memberships: true, invitations: true, loginAccount: true },
    });
    expect(member).toMatchObject({ username, firstName: 'Zoë', lastName: last, email: c.email });
    expect(toIsoDate(member.dateOfBirth!)).toBe(c.dateOfBirth);
    expect(member.roles.map((r) => r.role)).toEqual(['MEMBER']);
    expect(member.addresses).toHaveLength(1);
    expect(member.addresses[0]).toMatchObject({
      street: 'Hardturmstrasse',
      houseNumber: '12a',
      postalCode: '8005',
      city: 'Zürich',
      country: 'CH',
      current: true,
      validTo: null,
    });
    expect(toIsoDate(member.addresses[0]!.validFrom)).toBe(today());
    expect(member.phones.map((p) => [p.type, p.number]).sort()).toEqual([
      ['LANDLINE', '044 555 66 77'],
      ['MOBILE', '079 555 66 77'],
    ]);
    expect(member.memberships).toHaveLength(1);
    expect(member.memberships[0]!.seasonId).toBe(season.id);
    expect(member.invitations).toHaveLength(1);
    expect(member.loginAccount).toBeNull();

    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: String(c.id), action: 'candidate.accepted' } });
    expect(audit).toMatchObject({ actorId: board.id, entity: 'candidate' });
    expect(audit.data).toMatchObject({ memberId: member.id, username });

    const mail = await welcomeFor(c.email);
    expect(mail.subject).toBe('Willkommen beim ZSC Fanclub Limmat');
    expect(mail.text).toContain('Grüezi Zoë');
    expect(mail.text).toContain(`Saison ${season.name}`);
    expect(mail.text).toContain(username);
    const link = new RegExp(`${server.url.replace(/[.:/]/g, '\\$&')}/idp/invitation/([A-Za-z0-9_-]+)`).exec(mail.text);
    expect(link).not.toBeNull();
    expect(hashInvitationToken(link![1]!)).toBe(member.invitations[0]!.tokenHash);

    // The new member follows the link, chooses a password and logs in.
    const set = await fetch(link![0], {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: 'Hopp-ZSC-2026!', confirmation: 'Hopp-ZSC-2026!' }).toString(),
      redirect: 'manual',
    });
    // Saved: on to the login, which takes this browser in once without the password (idp/invitations.api.test.ts).
    expect(set.status).toBe(303);
    const { cookie } = await loginAs(server.url, username, 'Hopp-ZSC-2026!');
    const me = await call<{ username: string; address: { city: string }; mobile: string; memberships: { seasonName: string }[] }>(
      'GET',
      '/api/v1/member/',
      undefined,
      cookie,
    );
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      username,
      address: { city: 'Zürich' },
      mobile: '079 555 66 77',
      memberships: [{ seasonName: season.name }],
    });

    // Python's email package reads the welcome mail with the invitation link.
    needPythonEmail(ctx);
    const py = expectWellFormedMail(mail);
    expect(py.headers.subject).toBe('Willkommen beim ZSC Fanclub Limmat');
    expect(py.to.map((a) => a.address)).toEqual([c.email]);
    expect(py.text).toContain('Grüezi Zoë');
    expect(py.text).toContain(username);
    expect(expectSameLinks(py)).toContain(link![0]);
  });

  it('numbers the username when the name is taken (lara.meier, lara.meier2)', async () => {
    const last = `Meier${letters()}`;
    const a = await paper({ firstName: 'Lara', lastName: last });
    const b = await paper({ firstName: 'LARA', lastName: last.toUpperCase() });
    const ra = await call('POST', `${BASE}/${a.id}/accept`, { id: a.id });
    const rb = await call('POST', `${BASE}/${b.id}/accept`, { id: b.id });
    expect(ra.body.data.memberUsername).toBe(`lara.${last.toLowerCase()}`);
    expect(rb.body.data.memberUsername).toBe(`lara.${last.toLowerCase()}2`);
  });

  it('when the e-mail belongs to a member, then accepting is a 409 POSSIBLE_DUPLICATE naming the member, and nothing is written', async () => {
    const keller = `Keller${letters()}`;
    const known = await createMember(db(), { firstName: 'Mia', lastName: keller });
    const c = await paper({ email: known.email.toUpperCase() });
    expect(c.duplicates).toEqual([{ kind: 'MEMBER', id: known.id, name: `Mia ${keller}`, reason: 'EMAIL' }]);
    const before = [await db().member.count(), await db().invoice.count(), await db().mailOutbox.count()];
    for (const body of [{ id: c.id }, { id: c.id, confirmDuplicates: false }]) {
      const refused = await call('POST', `${BASE}/${c.id}/accept`, body);
      expect(refused.status).toBe(409);
      expect(refused.body.error?.code).toBe('POSSIBLE_DUPLICATE');
      expect(refused.body.error?.message).toContain(`Mitglied Mia ${keller} (gleiche E-Mail-Adresse)`);
      expect((refused.body.error as { details?: unknown }).details).toEqual({ duplicates: c.duplicates });
    }
    expect([await db().member.count(), await db().invoice.count(), await db().mailOutbox.count()]).toEqual(before);
    expect((await db().candidate.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('PENDING');

    // The board has checked: another person with the same address (a family's shared one).
    const answer = await call('POST', `${BASE}/${c.id}/accept`, { id: c.id, confirmDuplicates: true });
    expect(answer.status).toBe(200);
    expect(answer.body.data.memberId).not.toBe(known.id);
    expect(answer.body.data.duplicates).toEqual([]);
    const audit = await db().auditLog.findFirstOrThrow({
      where: { entity: 'candidate', entityId: String(c.id), action: 'candidate.accepted' },
    });
    expect(audit.data).toMatchObject({ confirmedDuplicates: [{ kind: 'MEMBER', id: known.id, reason: 'EMAIL' }] });
  });

  it('finds the same person by name and birth date (other e-mail, other case), as a member and as another open application', async () => {
    const last = `Brunner${letters()}`;
    const known = await createMember(db(), { firstName: 'Reto', lastName: last, dateOfBirth: '1971-03-09' });
    const first = await paper({ firstName: 'reto', lastName: last.toUpperCase(), dateOfBirth: '1971-03-09' });
    const second = await paper({ firstName: 'Reto', lastName: last, dateOfBirth: '1971-03-09' });
    const otherBirthday = await paper({ firstName: 'Reto', lastName: last, dateOfBirth: '1971-03-10' });

    const detail = await call<Candidate>('GET', `${BASE}/${second.id}`);
    expect(detail.body.data.duplicates).toEqual([
      { kind: 'MEMBER', id: known.id, name: `Reto ${last}`, reason: 'NAME_AND_BIRTH_DATE' },
      { kind: 'CANDIDATE', id: first.id, name: `reto ${last.toUpperCase()}`, reason: 'NAME_AND_BIRTH_DATE' },
    ]);
    expect(otherBirthday.duplicates).toEqual([]);
    const refused = await call('POST', `${BASE}/${second.id}/accept`, { id: second.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toContain('gleicher Name und Geburtsdatum');

    // Editing the application shows its duplicates at once: a corrected birth date clears them.
    const {
      id: _id,
      status: _s,
      source: _src,
      decidedAt: _d,
      decidedBy: _b,
      memberId: _m,
      memberUsername: _u,
      duplicateOf: _o,
      duplicates: _ds,
      ...fields
    } = detail.body.data;
    const edited = await call<Candidate>('PUT', `${BASE}/${second.id}`, { ...fields, dateOfBirth: '1971-03-11' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.duplicates).toEqual([]);
    expect((await call('POST', `${BASE}/${second.id}/accept`, { id: second.id })).status).toBe(200);
  });

  it('refuses a confirmation that is not a boolean with 400 and writes nothing', async () => {
    const c = await paper();
    const answer = await call('POST', `${BASE}/${c.id}/accept`, { id: c.id, confirmDuplicates: 'ja' });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields?.confirmDuplicates).toBeTruthy();
    expect((await db().candidate.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('PENDING');
  });

  it('answers a second accept, a reject after it and an edit after it with 409 ALREADY_DECIDED', async () => {
    const c = await paper();
    expect((await call('POST', `${BASE}/${c.id}/accept`, { id: c.id })).status).toBe(200);
    const members = await db().member.count();
    for (const [method, path, body] of [
      ['POST', `${BASE}/${c.id}/accept`, { id: c.id }],
      ['POST', `${BASE}/${c.id}/reject`, { id: c.id }],
      ['PUT', `${BASE}/${c.id}`, validApplication()],
    ] as const) {
      const answer = await call(method, path, body);
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({ code: 'ALREADY_DECIDED' });
      expect(answer.body.error?.message).toMatch(/bereits entschieden/);
    }
    expect(await db().member.count()).toBe(members);
    expect(await db().mailOutbox.count({ where: { to: c.email } })).toBe(1);
    expect((await db().candidate.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('ACCEPTED');
  });

  it('when two board members accept at the same time, then one wins and the other gets 409', async () => {
    const c = await paper();
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `${BASE}/${c.id}/accept`, { id: c.id })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error?.code === 'ALREADY_DECIDED')).toBe(true);
    expect(await db().member.count({ where: { email: c.email } })).toBe(1);
    expect(await db().mailOutbox.count({ where: { to: c.email } })).toBe(1);
    expect(await db().auditLog.count({ where: { entityId: String(c.id), action: 'candidate.accepted' } })).toBe(1);
  });

  it('when one accepts while another rejects, then exactly one decision counts', async () => {
    const c = await paper();
    const [acc, rej] = await Promise.all([
      call('POST', `${BASE}/${c.id}/accept`, { id: c.id }),
      call('POST', `${BASE}/${c.id}/reject`, { id: c.id }),
    ]);
    expect([acc.status, rej.status].sort()).toEqual([200, 409]);
    const row = await db().candidate.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.status).toBe(acc.status === 200 ? 'ACCEPTED' : 'REJECTED');
    expect(await db().member.count({ where: { email: c.email } })).toBe(acc.status === 200 ? 1 : 0);
    expect(await db().mailOutbox.count({ where: { to: c.email } })).toBe(1);
  });

  it('refuses with 409 when no season covers today, and writes nothing', async () => {
    const c = await paper();
    const before = [
      await db().member.count(),
      await db().loginInvitation.count(),
      await db().mailOutbox.count(),
      await db().auditLog.count(),
    ];
    now = new Date('2001-07-01T10:00:00Z');
    try {
      const answer = await call('POST', `${BASE}/${c.id}/accept`, { id: c.id });
      expect(answer.status).toBe(409);
      expect(answer.body.error?.code).toBe('CONFLICT');
      expect(answer.body.error?.message).toMatch(/^Bitte zuerst die aktuelle Saison anlegen/);
    } finally {
      now = undefined;
    }
    expect([
      await db().member.count(),
      await db().loginInvitation.count(),
      await db().mailOutbox.count(),
      await db().auditLog.count(),
    ]).toEqual(before);
    expect((await db().candidate.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('PENDING');
  });

  it('answers a body id that does not match with 422, a missing body with 400, an unknown id with 404', async () => {
    const c = await paper();
    const mismatch = await call('POST', `${BASE}/${c.id}/accept`, { id: c.id + 1000 });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error?.fields?.id).toMatch(/passt nicht/);
    const missing = await call('POST', `${BASE}/${c.id}/accept`, undefined);
    expect(missing.status).toBe(400);
    const wrongType = await call('POST', `${BASE}/${c.id}/reject`, { id: 'eins' });
    expect(wrongType.status).toBe(400);
    expect((await call('POST', `${BASE}/999999/accept`, { id: 999999 })).status).toBe(404);
    expect((await call('POST', `${BASE}/999999/reject`, { id: 999999 })).status).toBe(404);
    expect((await db().candidate.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('PENDING');
  });
});

describe('POST /api/v1/admin/members/candidates/{id}/reject', () => {
  it('declines the application, sends a polite mail and writes an audit row; a second reject is 409', async (ctx) => {
    const c = await paper({ firstName: 'Reto' });
    const answer = await call('POST', `${BASE}/${c.id}/reject`, { id: c.id });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'REJECTED', decidedBy: { id: board.id }, memberId: null });
    expect(await db().member.count({ where: { email: c.email } })).toBe(0);
    const audit = await db().auditLog.findFirstOrThrow({ where: { entityId: String(c.id), action: 'candidate.rejected' } });
    expect(audit.actorId).toBe(board.id);

    const mail = await peer.waitFor((m) => m.to.includes(c.email));
    expect(mail.subject).toBe('Ihr Mitgliedschaftsantrag beim ZSC Fanclub Limmat');
    expect(mail.text).toContain('Grüezi Reto');
    expect(mail.text).toContain('Leider können wir Ihren Antrag zurzeit nicht annehmen');

    const again = await call('POST', `${BASE}/${c.id}/reject`, { id: c.id });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('ALREADY_DECIDED');
    const accept = await call('POST', `${BASE}/${c.id}/accept`, { id: c.id });
    expect(accept.status).toBe(409);
    expect(await db().mailOutbox.count({ where: { to: c.email } })).toBe(1);

    needPythonEmail(ctx);
    const py = expectWellFormedMail(mail);
    expect(py.headers.subject).toBe('Ihr Mitgliedschaftsantrag beim ZSC Fanclub Limmat');
    expect(py.to.map((a) => a.address)).toEqual([c.email]);
    expect(py.structure).toMatchObject({ contentType: 'text/plain', charset: 'utf-8' });
    expect(py.text).toContain('Leider können wir Ihren Antrag zurzeit nicht annehmen');
  });
});
