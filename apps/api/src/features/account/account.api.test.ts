import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, seasonDates, seasonYearOf, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { createMember, unique, type CreatedMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { expectSameLinks, expectWellFormedMail, needPythonEmail } from '../../test/python-email.ts';
import { loginAs } from '../../test/login.ts';
import { totpCode } from '../../test/totp.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp.ts';
import { call, expectGerman, HOSTILE_TEXTS, validAddress } from '../members/members.test-support.ts';

let server: TestServer;
let peer: SmtpPeer;

const db = () => server.database.prisma;
const today = () => zurichToday(new Date());

beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await startTestServer({ env: { SMTP_URL: peer.url } });
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

/** A member who is logged in. */
async function loggedInMember(overrides: Parameters<typeof createMember>[1] = {}): Promise<CreatedMember & { cookie: string }> {
  const member = await createMember(db(), overrides);
  const { cookie } = await loginAs(server.url, member.username, member.password);
  return { ...member, cookie };
}

async function accountRows(memberId: number) {
  const [member, addresses, requests, audit] = await Promise.all([
    db().member.findUniqueOrThrow({ where: { id: memberId }, select: { email: true, updatedAt: true } }),
    db().address.findMany({ where: { memberId }, orderBy: { id: 'asc' } }),
    db().emailChangeRequest.findMany({ where: { memberId }, orderBy: { id: 'asc' } }),
    db().auditLog.count({ where: { entity: 'member', entityId: String(memberId) } }),
  ]);
  return { member, addresses, requests, audit };
}

describe('visitors', () => {
  it.each([
    ['GET', '/api/v1/member/', undefined],
    ['POST', '/api/v1/member/addresses', validAddress],
    ['PUT', '/api/v1/member/email', { email: 'neu@example.ch' }],
    ['GET', '/api/v1/member/export', undefined],
    ['PUT', '/api/v1/member/phones', { landLine: null, mobile: null }],
    ['GET', '/api/v1/member/twofactor', undefined],
    ['POST', '/api/v1/member/twofactor/setup', undefined],
    ['POST', '/api/v1/member/twofactor', { code: '123456' }],
    ['DELETE', '/api/v1/member/twofactor', { code: '123456' }],
    ['POST', '/api/v1/member/twofactor/recoverycodes', { code: '123456' }],
  ])('when a visitor calls %s %s, then 401', async (method, path, body) => {
    const res = await call(server.url, method, path, { body });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('NOT_LOGGED_IN');
  });
});

describe('PUT /api/v1/member/phones', () => {
  it('when a member changes and removes numbers, then they are stored, shown in the own data and audited with the member as actor', async () => {
    const m = await loggedInMember();
    const res = await call(server.url, 'PUT', '/api/v1/member/phones', {
      cookie: m.cookie,
      body: { landLine: '044 555 12 34', mobile: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((item: { data: { type: string; number: string } }) => [item.data.type, item.data.number])).toEqual([
      ['LANDLINE', '044 555 12 34'],
    ]);
    const own = await call(server.url, 'GET', '/api/v1/member/', { cookie: m.cookie });
    expect(own.body.data).toMatchObject({ landLine: '044 555 12 34', mobile: null });
    const [entry] = await db().auditLog.findMany({ where: { entity: 'member', entityId: String(m.id), action: 'member.phones.updated' } });
    expect(entry?.actorId).toBe(m.id);
    expect(entry?.data).toEqual({
      changes: [
        { field: 'landLine', before: null, after: '044 555 12 34' },
        { field: 'mobile', before: '+41 79 123 45 67', after: null },
      ],
    });
    // The same numbers again change nothing and write nothing.
    const again = await call(server.url, 'PUT', '/api/v1/member/phones', {
      cookie: m.cookie,
      body: { landLine: '044 555 12 34', mobile: '' },
    });
    expect(again.status).toBe(200);
    expect(await db().auditLog.count({ where: { entityId: String(m.id), action: 'member.phones.updated' } })).toBe(1);
  });

  it('when a number is invalid or the body is malformed, then 422 or 400 with a German message, and nothing changes', async () => {
    const m = await loggedInMember();
    for (const bad of HOSTILE_TEXTS) {
      const res = await call(server.url, 'PUT', '/api/v1/member/phones', { cookie: m.cookie, body: { landLine: null, mobile: bad } });
      expect(res.status).toBe(422);
      expectGerman(res.body.error.fields.mobile);
    }
    expect((await call(server.url, 'PUT', '/api/v1/member/phones', { cookie: m.cookie, body: { landLine: 44 } })).status).toBe(400);
    expect((await call(server.url, 'PUT', '/api/v1/member/phones', { cookie: m.cookie, body: [] })).status).toBe(400);
    const phones = await db().phone.findMany({ where: { memberId: m.id } });
    expect(phones.map((p) => p.number)).toEqual(['+41 79 123 45 67']);
  });
});

describe('POST /api/v1/member/addresses (a move)', () => {
  it('when a member moves, then the new address starts today, the old one ends yesterday, one is current and the history stays', async () => {
    const m = await loggedInMember();
    const res = await call(server.url, 'POST', '/api/v1/member/addresses', { cookie: m.cookie, body: validAddress });
    expect(res.status).toBe(201);
    const todayIso = toIsoDate(today());
    expect(res.body.data).toEqual({ id: expect.any(Number), ...validAddress, validFrom: todayIso, validTo: null, current: true });
    const rows = await db().address.findMany({ where: { memberId: m.id }, orderBy: { validFrom: 'asc' } });
    expect(rows.map((a) => [a.street, toIsoDate(a.validFrom), a.validTo && toIsoDate(a.validTo), a.current])).toEqual([
      ['Limmatstrasse', '2020-01-01', toIsoDate(addDays(today(), -1)), false],
      ['Hardturmstrasse', todayIso, null, true],
    ]);
    const own = await call(server.url, 'GET', '/api/v1/member/?expands=addresses', { cookie: m.cookie });
    expect(own.body.data.address).toMatchObject({ street: 'Hardturmstrasse', houseNumber: '12a', current: true });
    expect(own.body.expands[0].data).toHaveLength(2);
    const [entry] = await db().auditLog.findMany({ where: { entity: 'member', entityId: String(m.id) } });
    expect(entry).toMatchObject({ action: 'member.address.changed', actorId: m.id });
  });

  it('when a member changes the address twice on one day, then the second replaces today’s address (no address valid for zero days)', async () => {
    const m = await loggedInMember();
    expect((await call(server.url, 'POST', '/api/v1/member/addresses', { cookie: m.cookie, body: validAddress })).status).toBe(201);
    const second = await call(server.url, 'POST', '/api/v1/member/addresses', {
      cookie: m.cookie,
      body: { ...validAddress, street: 'Pfingstweidstrasse', houseNumber: '3' },
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ street: 'Pfingstweidstrasse', validFrom: toIsoDate(today()), current: true });
    const rows = await db().address.findMany({ where: { memberId: m.id }, orderBy: { validFrom: 'asc' } });
    expect(rows.map((a) => [a.street, a.current])).toEqual([
      ['Limmatstrasse', false],
      ['Pfingstweidstrasse', true],
    ]);
    expect(toIsoDate(rows[0]!.validTo!)).toBe(toIsoDate(addDays(today(), -1)));
  });

  it('when the same address is sent again (a double click), then nothing changes', async () => {
    const m = await loggedInMember();
    const first = await call(server.url, 'POST', '/api/v1/member/addresses', { cookie: m.cookie, body: validAddress });
    const before = await accountRows(m.id);
    const again = await call(server.url, 'POST', '/api/v1/member/addresses', {
      cookie: m.cookie,
      body: { ...validAddress, street: ' Hardturmstrasse ' },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await accountRows(m.id)).toEqual(before);
  });

  it('when the address of yesterday is changed today, then yesterday’s address was valid for one day', async () => {
    const m = await loggedInMember();
    await call(server.url, 'POST', '/api/v1/member/addresses', { cookie: m.cookie, body: validAddress });
    const yesterday = addDays(today(), -1);
    await db().address.updateMany({ where: { memberId: m.id, current: true }, data: { validFrom: yesterday } });
    await db().address.updateMany({ where: { memberId: m.id, current: false }, data: { validTo: addDays(yesterday, -1) } });
    const res = await call(server.url, 'POST', '/api/v1/member/addresses', {
      cookie: m.cookie,
      body: { ...validAddress, city: 'Oerlikon', postalCode: '8050' },
    });
    expect(res.status).toBe(201);
    const rows = await db().address.findMany({ where: { memberId: m.id }, orderBy: { validFrom: 'asc' } });
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    expect([toIsoDate(rows[1]!.validFrom), toIsoDate(rows[1]!.validTo!)]).toEqual([toIsoDate(yesterday), toIsoDate(yesterday)]);
  });

  it('when a member without any address enters one, then it is the current address from today', async () => {
    const m = await loggedInMember();
    await db().address.deleteMany({ where: { memberId: m.id } });
    const res = await call(server.url, 'POST', '/api/v1/member/addresses', {
      cookie: m.cookie,
      body: { street: 'Seestrasse', postalCode: '8002', city: 'Zürich' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ street: 'Seestrasse', houseNumber: '', addressLine2: '', country: 'CH', current: true });
  });

  const fields = ['street', 'houseNumber', 'addressLine2', 'postalCode', 'city'] as const;
  const bad: [string, number, string, unknown][] = [
    ['an empty body', 400, 'street', {}],
    ['a list', 400, '_', [validAddress]],
    ['an empty street', 422, 'street', { ...validAddress, street: '' }],
    ['an empty postal code', 422, 'postalCode', { ...validAddress, postalCode: '  ' }],
    ['a too long city', 422, 'city', { ...validAddress, city: 'Z'.repeat(81) }],
    ['a too long house number', 422, 'houseNumber', { ...validAddress, houseNumber: '1'.repeat(17) }],
    ['a number as street', 400, 'street', { ...validAddress, street: 12 }],
    ['an object as city', 400, 'city', { ...validAddress, city: { name: 'Zürich' } }],
    ['a country that is no code', 422, 'country', { ...validAddress, country: 'Schweiz' }],
    ...fields.flatMap((f) =>
      HOSTILE_TEXTS.map((t): [string, number, string, unknown] => [`"${t}" in ${f}`, 422, f, { ...validAddress, [f]: t }]),
    ),
  ];
  it.each(bad)('when the body has %s, then %i with a German message for %s and nothing is written', async (_name, status, field, body) => {
    const m = await loggedInMember();
    const before = await accountRows(m.id);
    const res = await call(server.url, 'POST', '/api/v1/member/addresses', { cookie: m.cookie, body });
    expect(res.status).toBe(status);
    expectGerman(res.body.error.fields[field]);
    expect(await accountRows(m.id)).toEqual(before);
  });
});

describe('PUT /api/v1/member/email and the confirmation link', () => {
  const tokenOf = (text: string) => /\/account\/changeemail\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it('when a member asks for a new address, then a link goes to the new address, a notice to the old one, and nothing changes yet', async (ctx) => {
    const m = await loggedInMember();
    const newEmail = `${unique('neu')}@example.ch`;
    const res = await call(server.url, 'PUT', '/api/v1/member/email', { cookie: m.cookie, body: { email: newEmail } });
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ pendingEmail: newEmail, expiresAt: expect.any(String) });
    const hours = (Date.parse(res.body.data.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);

    const link = await peer.waitFor((mail) => mail.to.includes(newEmail));
    const [queued] = await db().mailOutbox.findMany({ where: { to: newEmail } });
    expect(queued!.subject).toBe('Bitte bestätigen Sie Ihre neue E-Mail-Adresse beim ZSC Fanclub Limmat');
    expect(link.text).toContain(`${server.url}/account/changeemail?token=`);
    const token = tokenOf(link.text)!;
    expect(token).toBeTruthy();
    const notice = await peer.waitFor((mail) => mail.to.includes(m.email) && /angefordert/.test(mail.subject));
    expect(notice.text).toContain(newEmail);

    // Only the hash of the token is stored; the member keeps the old address until confirmed.
    const [request] = await db().emailChangeRequest.findMany({ where: { memberId: m.id } });
    expect(request!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(request!.tokenHash).not.toContain(token);
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).email).toBe(m.email);
    const own = await call(server.url, 'GET', '/api/v1/member/', { cookie: m.cookie });
    expect(own.body.data).toMatchObject({ email: m.email, pendingEmail: newEmail });

    // The link works without a login; the old address gets a notice that it changed.
    const confirmed = await call(server.url, 'POST', '/api/v1/member/email/confirm', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ email: newEmail });
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).email).toBe(newEmail);
    const changed = await peer.waitFor((mail) => mail.to.includes(m.email) && /wurde geändert/.test(mail.subject));
    expect(changed.text).toContain(newEmail);
    const entries = await db().auditLog.findMany({ where: { entity: 'member', entityId: String(m.id), action: 'member.email.changed' } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: m.id, data: { changes: [{ field: 'email', before: m.email, after: newEmail }] } });

    // Opening the link again answers the same and changes nothing.
    const again = await call(server.url, 'POST', '/api/v1/member/email/confirm', { body: { token } });
    expect(again.status).toBe(200);
    expect(await db().auditLog.count({ where: { entity: 'member', entityId: String(m.id), action: 'member.email.changed' } })).toBe(1);
    expect((await call(server.url, 'GET', '/api/v1/member/', { cookie: m.cookie })).body.data.pendingEmail).toBeNull();

    // Python's email package reads the three mails: the link, the notice and the confirmation.
    needPythonEmail(ctx);
    const pyLink = expectWellFormedMail(link);
    expect(pyLink.headers.subject).toBe('Bitte bestätigen Sie Ihre neue E-Mail-Adresse beim ZSC Fanclub Limmat');
    expect(pyLink.to.map((a) => a.address)).toEqual([newEmail]);
    expect(pyLink.from[0]).toEqual({ name: 'ZSC Fanclub Limmat', address: 'noreply@fanclub-limmat.ch' });
    expect(expectSameLinks(pyLink)).toEqual([`${server.url}/account/changeemail?token=${token}`]);
    expect(tokenOf(pyLink.text!)).toBe(token);
    const pyNotice = expectWellFormedMail(notice);
    expect(pyNotice.to.map((a) => a.address)).toEqual([m.email]);
    expect(pyNotice.text).toContain(newEmail);
    expect(pyNotice.text).not.toContain(token);
    expect(pyNotice.html ?? '').not.toContain(token);
    const pyChanged = expectWellFormedMail(changed);
    expect(pyChanged.headers.subject).toMatch(/wurde geändert/);
    expect(pyChanged.text).toContain(newEmail);
  });

  it('when the same change is asked twice in a row (a double click), then one request and one mail', async () => {
    const m = await loggedInMember();
    const newEmail = `${unique('doppelt')}@example.ch`;
    const [a, b] = [
      await call(server.url, 'PUT', '/api/v1/member/email', { cookie: m.cookie, body: { email: newEmail } }),
      await call(server.url, 'PUT', '/api/v1/member/email', { cookie: m.cookie, body: { email: newEmail } }),
    ];
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.body.data.expiresAt).toBe(a.body.data.expiresAt);
    expect(await db().emailChangeRequest.count({ where: { memberId: m.id } })).toBe(1);
    expect(await db().mailOutbox.count({ where: { to: newEmail } })).toBe(1);
  });

  it('when a member asks for more than five changes in a day, then 429 and no more mails', async () => {
    const m = await loggedInMember();
    for (let i = 0; i < 5; i++) {
      expect(
        (await call(server.url, 'PUT', '/api/v1/member/email', { cookie: m.cookie, body: { email: `${unique('viele')}@example.ch` } }))
          .status,
      ).toBe(202);
    }
    const outbox = await db().mailOutbox.count();
    const res = await call(server.url, 'PUT', '/api/v1/member/email', {
      cookie: m.cookie,
      body: { email: `${unique('zuviel')}@example.ch` },
    });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('morgen') });
    expect(await db().mailOutbox.count()).toBe(outbox);
    expect(await db().emailChangeRequest.count({ where: { memberId: m.id } })).toBe(1);
  });

  it('when a newer change is asked, then the older link no longer works (404)', async () => {
    const m = await loggedInMember();
    const first = `${unique('erst')}@example.ch`;
    const second = `${unique('zweit')}@example.ch`;
    await call(server.url, 'PUT', '/api/v1/member/email', { cookie: m.cookie, body: { email: first } });
    const oldToken = tokenOf((await peer.waitFor((mail) => mail.to.includes(first))).text)!;
    await call(server.url, 'PUT', '/api/v1/member/email', { cookie: m.cookie, body: { email: second } });
    const res = await call(server.url, 'POST', '/api/v1/member/email/confirm', { body: { token: oldToken } });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/ungültig/);
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).email).toBe(m.email);
  });

  it('when the link is older than 48 hours, then 409 and the address stays', async () => {
    const m = await loggedInMember();
    const newEmail = `${unique('spaet')}@example.ch`;
    await call(server.url, 'PUT', '/api/v1/member/email', { cookie: m.cookie, body: { email: newEmail } });
    const token = tokenOf((await peer.waitFor((mail) => mail.to.includes(newEmail))).text)!;
    await db().emailChangeRequest.updateMany({ where: { memberId: m.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await call(server.url, 'POST', '/api/v1/member/email/confirm', { body: { token } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/abgelaufen/);
    expect((await db().member.findUniqueOrThrow({ where: { id: m.id } })).email).toBe(m.email);
  });

  it('answers an unknown token with 404 and a malformed one with 400/422', async () => {
    expect((await call(server.url, 'POST', '/api/v1/member/email/confirm', { body: { token: 'A'.repeat(43) } })).status).toBe(404);
    expect((await call(server.url, 'POST', '/api/v1/member/email/confirm', { body: { token: "'; DROP TABLE members; --" } })).status).toBe(
      422,
    );
    expect((await call(server.url, 'POST', '/api/v1/member/email/confirm', { body: {} })).status).toBe(400);
    expect((await call(server.url, 'POST', '/api/v1/member/email/confirm', { body: { token: 5 } })).status).toBe(400);
  });

  const bad: [string, number, unknown][] = [
    ['an empty body', 400, {}],
    ['an empty address', 422, { email: '' }],
    ['no e-mail address', 422, { email: 'max.muster' }],
    ['a half address', 422, { email: 'max@' }],
    ['a too long address', 422, { email: `${'m'.repeat(250)}@example.ch` }],
    ['a number', 400, { email: 42 }],
    ['a list', 400, { email: ['a@b.ch'] }],
    ...HOSTILE_TEXTS.map((t): [string, number, unknown] => [`"${t}"`, 422, { email: t }]),
    ['"<script>"@example.ch', 422, { email: '<script>@example.ch' }],
  ];
  it.each(bad)('when the body has %s, then %i with a German message and nothing is written or mailed', async (_name, status, body) => {
    const m = await loggedInMember();
    const before = await accountRows(m.id);
    const outbox = await db().mailOutbox.count();
    const res = await call(server.url, 'PUT', '/api/v1/member/email', { cookie: m.cookie, body });
    expect(res.status).toBe(status);
    expectGerman(res.body.error.fields.email);
    expect(await accountRows(m.id)).toEqual(before);
    expect(await db().mailOutbox.count()).toBe(outbox);
  });

  it('when the new address is the current one, then 422', async () => {
    const m = await loggedInMember();
    const res = await call(server.url, 'PUT', '/api/v1/member/email', { cookie: m.cookie, body: { email: m.email.toUpperCase() } });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.email).toBe('E-Mail: Das ist bereits Ihre E-Mail-Adresse.');
    expect(await db().emailChangeRequest.count({ where: { memberId: m.id } })).toBe(0);
  });
});

describe('GET /api/v1/member/export', () => {
  it('downloads everything held about the member as a JSON attachment, without the password hash and nobody else’s data', async () => {
    const m = await loggedInMember({ firstName: 'Erika', lastName: 'Export' });
    const other = await createMember(db(), { firstName: 'Otto', lastName: 'Andere' });
    const year = seasonYearOf(today());
    const season = await db().season.upsert({ where: { validFrom: seasonDates(year).validFrom }, update: {}, create: seasonDates(year) });
    await db().membership.create({ data: { memberId: m.id, seasonId: season.id, validFrom: season.validFrom, validTo: season.validTo } });
    await db().auditLog.create({
      data: {
        actorId: other.id,
        action: 'member.updated',
        entity: 'member',
        entityId: String(m.id),
        data: { changes: [{ field: 'lastName', before: 'Exprt', after: 'Export' }] },
      },
    });
    await db().auditLog.create({
      data: { actorId: m.id, action: 'member.updated', entity: 'member', entityId: String(other.id), data: {} },
    });
    await call(server.url, 'POST', '/api/v1/member/addresses', { cookie: m.cookie, body: validAddress });

    const response = await fetch(`${server.url}/api/v1/member/export`, { headers: { cookie: m.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename=mein-konto-${m.username}-${toIsoDate(today())}.json`);
    const text = await response.text();
    expect(text).not.toMatch(/argon2|passwordHash/);
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({
      id: m.id,
      firstName: 'Erika',
      lastName: 'Export',
      email: m.email,
      dateOfBirth: '1990-03-15',
      roles: ['MEMBER'],
    });
    expect(data.login).toEqual({ username: m.username, passwordSet: true, createdAt: expect.any(String) });
    expect(data.loginRecords).toEqual({
      lastLoginAt: expect.any(String),
      twoFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
      invitations: [],
      passwordResets: [],
    });
    expect(data.addresses).toHaveLength(2);
    expect(data.phones).toEqual([{ id: expect.any(Number), type: 'MOBILE', number: '+41 79 123 45 67' }]);
    expect(data.memberships).toEqual([expect.objectContaining({ seasonId: season.id, validFrom: toIsoDate(season.validFrom) })]);
    expect(data.ticketReservations).toEqual(expect.any(Array));
    expect(data.invoices).toEqual(expect.any(Array));
    expect(data.auditLog.map((e: { action: string; entityId: string }) => [e.action, e.entityId])).toEqual([
      ['member.address.changed', String(m.id)],
      ['member.updated', String(m.id)],
    ]);
    expect(data.auditLog[1].actor).toEqual({ id: other.id, name: 'Otto Andere' });
    expect(text).not.toContain(other.username);
    expect(text).not.toContain(other.email);
  });
});

describe('GET /api/v1/member/', () => {
  it('marks no pending e-mail when there is none and lists memberships with their dates', async () => {
    const m = await loggedInMember();
    const season = await db().season.upsert({
      where: { validFrom: fromIsoDate('2019-05-01') },
      update: {},
      create: seasonDates(2019),
    });
    await db().membership.create({ data: { memberId: m.id, seasonId: season.id, validFrom: season.validFrom, validTo: season.validTo } });
    const res = await call(server.url, 'GET', '/api/v1/member/', { cookie: m.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.pendingEmail).toBeNull();
    expect(res.body.data.memberships).toEqual([
      {
        id: expect.any(Number),
        seasonId: season.id,
        seasonName: '2019/20',
        validFrom: '2019-05-01',
        validTo: '2020-04-30',
        parkingPermit: false,
        categoryId: expect.any(Number),
        categoryName: 'Mitglied',
      },
    ]);
  });
});

describe('GET /api/v1/member/export: everything the site holds', () => {
  it('includes what the login keeps: last login, the second factor and the mailed links, but no secret, code or token hash', async () => {
    const m = await loggedInMember();
    const setup = await call(server.url, 'POST', '/api/v1/member/twofactor/setup', { cookie: m.cookie });
    expect(setup.status).toBe(201);
    const secret = setup.body.data.secret as string;
    const confirmed = await call(server.url, 'POST', '/api/v1/member/twofactor', {
      cookie: m.cookie,
      body: { code: totpCode(secret, new Date()) },
    });
    expect(confirmed.status).toBe(201);
    const recoveryCodes = confirmed.body.data.recoveryCodes as string[];
    const forgot = await fetch(`${server.url}/idp/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ identifier: m.username }).toString(),
    });
    expect(forgot.status).toBe(200);
    const invitation = await db().loginInvitation.create({
      data: {
        memberId: m.id,
        tokenHash: 'a'.repeat(64),
        expiresAt: new Date('2026-01-15T10:00:00Z'),
        usedAt: new Date('2026-01-02T09:00:00Z'),
      },
    });

    const response = await fetch(`${server.url}/api/v1/member/export`, { headers: { cookie: m.cookie } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const { loginRecords } = JSON.parse(text);
    expect(loginRecords.lastLoginAt).toEqual(expect.any(String));
    expect(loginRecords.twoFactor).toEqual({ enabled: true, enabledAt: expect.any(String), recoveryCodesLeft: 10 });
    expect(loginRecords.invitations).toEqual([
      { createdAt: invitation.createdAt.toISOString(), expiresAt: '2026-01-15T10:00:00.000Z', usedAt: '2026-01-02T09:00:00.000Z' },
    ]);
    const [reset] = await db().passwordReset.findMany({ where: { memberId: m.id } });
    expect(loginRecords.passwordResets).toEqual([
      { createdAt: reset!.createdAt.toISOString(), expiresAt: reset!.expiresAt.toISOString(), usedAt: null },
    ]);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(reset!.tokenHash);
    expect(text).not.toContain(invitation.tokenHash);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
  });

  it('includes the application, contact messages, mails to the member, payments on their invoices and event places; nothing of others', async () => {
    const m = await loggedInMember();
    const other = await createMember(db());
    await db().candidate.create({
      data: {
        applicationDate: fromIsoDate('2025-04-01'),
        status: 'ACCEPTED',
        firstName: 'Test',
        lastName: 'Antrag',
        email: m.email,
        dateOfBirth: fromIsoDate('1990-03-15'),
        street: 'Limmatstrasse',
        postalCode: '8005',
        city: 'Zürich',
        remarks: 'Bitte mit Parkkarte',
        memberId: m.id,
      },
    });
    await db().contactMessage.create({
      data: { recipientType: 'KASSIER', senderName: 'Test', senderEmail: m.email, message: 'Frage zur Rechnung', memberId: m.id },
    });
    await db().contactMessage.create({
      data: { recipientType: 'KASSIER', senderName: 'X', senderEmail: other.email, message: 'Fremd', memberId: other.id },
    });
    await db().mailOutbox.create({ data: { to: m.email.toUpperCase(), subject: 'Willkommen', text: 'Hallo Test' } });
    await db().mailOutbox.create({ data: { to: other.email, subject: 'Fremd', text: '…' } });
    const invoice = await db().invoice.create({
      data: {
        number: `2019-${String(10_000 + Math.floor(Math.random() * 89_999))}`,
        memberId: m.id,
        kind: 'OTHER',
        title: 'Beitrag',
        invoiceDate: fromIsoDate('2025-05-11'),
        dueDate: fromIsoDate('2025-06-10'),
        totalRappen: 5000,
        status: 'PAID',
        reference: `RF${unique()}`,
        debtorName: 'Test',
        street: 'Limmatstrasse',
        postalCode: '8005',
        city: 'Zürich',
        paidRappen: 5000,
      },
    });
    await db().payment.create({
      data: {
        source: 'MANUAL',
        invoiceId: invoice.id,
        outcome: 'MATCHED',
        amountRappen: 5000,
        bookingDate: fromIsoDate('2025-05-20'),
        debtorName: 'Test Zahler',
        debtorAccount: 'CH9300762011623852957',
      },
    });
    const event = await db().event.create({
      data: {
        title: 'Saisonfest',
        start: new Date(Date.now() + 30 * 86_400_000),
        end: new Date(Date.now() + 31 * 86_400_000),
        registrationDeadline: new Date(Date.now() + 20 * 86_400_000),
        capacity: 10,
      },
    });
    await db().eventSubscription.create({ data: { eventId: event.id, memberId: m.id, amount: 2, status: 'CONFIRMED' } });

    const response = await fetch(`${server.url}/api/v1/member/export`, { headers: { cookie: m.cookie } });
    expect(response.status).toBe(200);
    const data = (await response.json()) as Record<string, unknown> & { [k: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- inspected field by field
    expect(data.application).toMatchObject({
      lastName: 'Antrag',
      remarks: 'Bitte mit Parkkarte',
      address: { street: 'Limmatstrasse', city: 'Zürich' },
    });
    expect(data.contactMessages).toEqual([expect.objectContaining({ recipient: 'KASSIER', message: 'Frage zur Rechnung' })]);
    // The outbox worker may have sent it meanwhile.
    expect(data.mails).toEqual([
      expect.objectContaining({ subject: 'Willkommen', text: 'Hallo Test', status: expect.stringMatching(/^(PENDING|SENT)$/) }),
    ]);
    expect(data.payments).toEqual([
      {
        invoiceNumber: invoice.number,
        amount: { currency: 'CHF', amount: 50 },
        bookingDate: '2025-05-20',
        debtorName: 'Test Zahler',
        debtorAccount: 'CH9300762011623852957',
      },
    ]);
    expect(data.eventSubscriptions).toEqual([expect.objectContaining({ eventId: event.id, amount: 2, status: 'CONFIRMED' })]);
    expect(JSON.stringify(data)).not.toContain('Fremd');
    expect(JSON.stringify(data)).not.toContain('passwordHash');
  });
});
