import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type CreatedMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import {
  completeLogin,
  formAction,
  loginAs,
  loginWithCode,
  nextLoginPage,
  openLoginPage,
  postForm,
  request as pageRequest,
  submitLogin,
} from '../../test/login.ts';
import { totpCode } from '../../test/totp.ts';

const BOARD = ['MEMBER', 'MEMBER_OF_THE_BOARD'] as const;

/** A member's own second factor set up over the API, as the account page does it. */
async function enrol(server: TestServer, cookie: string, at: () => Date): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await request(server.url).post('/api/v1/member/twofactor/setup').set('Cookie', cookie);
  expect(setup.status).toBe(201);
  const { secret } = setup.body.data as { secret: string };
  const confirmed = await request(server.url)
    .post('/api/v1/member/twofactor')
    .set('Cookie', cookie)
    .send({ code: totpCode(secret, at()) });
  expect(confirmed.status).toBe(201);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}

describe('two-factor login (members, development settings)', () => {
  let server: TestServer;
  let now = new Date('2026-11-25T10:00:05Z');
  const later = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    server = await startTestServer({ clock: () => now });
  });
  afterAll(async () => {
    await server?.close();
  });
  const db = () => server.database.prisma;
  const api = () => request(server.url);

  it('a member sets it up on the account page: a QR code, one code of the app, ten recovery codes shown once', async () => {
    const member = await createMember(db());
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const before = await api().get('/api/v1/member/twofactor').set('Cookie', cookie);
    expect(before.body.data).toEqual({ available: true, enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });

    const setup = await api().post('/api/v1/member/twofactor/setup').set('Cookie', cookie);
    expect(setup.status).toBe(201);
    const { secret, otpauthUrl, qrCode } = setup.body.data as { secret: string; otpauthUrl: string; qrCode: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('ZSC Fanclub Limmat');
    expect(decodeURIComponent(uri.pathname)).toContain(member.username);
    expect(qrCode.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString('utf8')).toMatch(/^<svg /);
    // A reload shows the same secret (the app may have scanned it already).
    expect((await api().post('/api/v1/member/twofactor/setup').set('Cookie', cookie)).body.data.secret).toBe(secret);

    const wrong = await api()
      .post('/api/v1/member/twofactor')
      .set('Cookie', cookie)
      .send({ code: totpCode(secret, now, 3) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields.code).toContain('stimmt nicht');
    const malformed = await api().post('/api/v1/member/twofactor').set('Cookie', cookie).send({ code: 123456 });
    expect(malformed.status).toBe(400);

    const confirmed = await api()
      .post('/api/v1/member/twofactor')
      .set('Cookie', cookie)
      .send({ code: totpCode(secret, now) });
    expect(confirmed.status).toBe(201);
    const codes = confirmed.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    const after = await api().get('/api/v1/member/twofactor').set('Cookie', cookie);
    expect(after.body.data).toMatchObject({ available: true, enabled: true, recoveryCodesLeft: 10, required: false });
    expect((await api().post('/api/v1/member/twofactor/setup').set('Cookie', cookie)).status).toBe(409);
    expect(
      (
        await api()
          .post('/api/v1/member/twofactor')
          .set('Cookie', cookie)
          .send({ code: totpCode(secret, now) })
      ).status,
    ).toBe(409);

    const stored = await db().loginRecoveryCode.findMany({ where: { memberId: member.id } });
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replaceAll('-', ''));
    const audit = await db().auditLog.findMany({
      where: { entity: 'member', entityId: String(member.id), action: 'member.twofactor.enabled' },
    });
    expect(audit.map((a) => a.actorId)).toEqual([member.id]);
  });

  it('at login asks for a code after the password: wrong and reused codes are refused, a step of drift is accepted', async () => {
    const member = await createMember(db());
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const { secret } = await enrol(server, cookie, () => now);

    const login = await openLoginPage(server.url);
    const codePage = await nextLoginPage(login, await submitLogin(login, member.username, member.password));
    expect(codePage.response.status).toBe(200);
    expect(codePage.body).toContain('Bestätigungscode');
    expect(codePage.body).toMatch(/id="code"[^>]*autocomplete="one-time-code"/);
    const halfway = `sid=${login.jar.get('sid', new URL(server.url).origin)}`;
    expect((await api().get('/api/v1/member/').set('Cookie', halfway)).status).toBe(401);

    const action = formAction(codePage);
    const wrong = await postForm(login.jar, action, { code: totpCode(secret, now, 5) });
    expect(wrong.response.status).toBe(401);
    expect(wrong.body).toContain('stimmt nicht');
    // The code that confirmed the setup was used already.
    expect((await postForm(login.jar, action, { code: totpCode(secret, now) })).response.status).toBe(401);

    later(30);
    const right = await postForm(login.jar, action, { code: totpCode(secret, now).replace(/(\d{3})/, '$1 ') });
    const { cookie: session } = await completeLogin(server.url, login, right);
    expect((await api().get('/api/v1/member/').set('Cookie', session)).status).toBe(200);
    const account = await db().loginAccount.findUniqueOrThrow({ where: { memberId: member.id } });
    expect(account.lastLoginAt?.toISOString()).toBe(now.toISOString());

    // The same code in a second login: refused.
    await expect(loginWithCode(server.url, member.username, member.password, () => totpCode(secret, now))).rejects.toThrow(/401/);
    // A phone a step behind, then one a step ahead: each code once, never an older step.
    later(90);
    await loginWithCode(server.url, member.username, member.password, () => totpCode(secret, now, -1));
    await loginWithCode(server.url, member.username, member.password, () => totpCode(secret, now, 1));
    await expect(loginWithCode(server.url, member.username, member.password, () => totpCode(secret, now))).rejects.toThrow(/401/);
    await expect(loginWithCode(server.url, member.username, member.password, () => totpCode(secret, now, -2))).rejects.toThrow(/401/);
  });

  it('takes each recovery code once instead of a code of the app', async () => {
    const member = await createMember(db());
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const { recoveryCodes } = await enrol(server, cookie, () => now);
    const code = recoveryCodes[3]!;
    await loginWithCode(server.url, member.username, member.password, () => code.toUpperCase());
    await expect(loginWithCode(server.url, member.username, member.password, () => code)).rejects.toThrow(/401/);
    const status = await api().get('/api/v1/member/twofactor').set('Cookie', cookie);
    expect(status.body.data.recoveryCodesLeft).toBe(9);
    await loginWithCode(server.url, member.username, member.password, () => recoveryCodes[4]!.replaceAll('-', ' '));
  });

  it('refuses the sixth wrong code within a minute with 429, like passwords', async () => {
    later(120);
    const member = await createMember(db());
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const { secret } = await enrol(server, cookie, () => now);
    later(30);
    const login = await openLoginPage(server.url);
    const action = formAction(await nextLoginPage(login, await submitLogin(login, member.username, member.password)));
    for (let i = 0; i < 5; i++) expect((await postForm(login.jar, action, { code: '000000' })).response.status).toBe(401);
    const limited = await postForm(login.jar, action, { code: totpCode(secret, now) });
    expect(limited.response.status).toBe(429);
    expect(limited.response.headers.get('retry-after')).toBe('60');
    expect(limited.body).toContain('Zu viele');
    later(61);
    const through = await postForm(login.jar, action, { code: totpCode(secret, now) });
    await completeLogin(server.url, login, through);
  });

  it('gives new recovery codes and switches off only with a current code', async () => {
    const member = await createMember(db());
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const { secret, recoveryCodes } = await enrol(server, cookie, () => now);
    later(30);
    expect((await api().post('/api/v1/member/twofactor/recoverycodes').set('Cookie', cookie).send({ code: '111111' })).status).toBe(422);
    const renewed = await api()
      .post('/api/v1/member/twofactor/recoverycodes')
      .set('Cookie', cookie)
      .send({ code: totpCode(secret, now) });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    expect(renewed.body.data.recoveryCodes).toHaveLength(10);
    await expect(loginWithCode(server.url, member.username, member.password, () => recoveryCodes[0]!)).rejects.toThrow(/401/);

    expect((await api().delete('/api/v1/member/twofactor').set('Cookie', cookie).send({ code: recoveryCodes[1] })).status).toBe(422);
    const off = await api()
      .delete('/api/v1/member/twofactor')
      .set('Cookie', cookie)
      .send({ code: (renewed.body.data.recoveryCodes as string[])[0] });
    expect(off.status).toBe(204);
    expect((await api().get('/api/v1/member/twofactor').set('Cookie', cookie)).body.data.enabled).toBe(false);
    expect(await db().loginRecoveryCode.count({ where: { memberId: member.id } })).toBe(0);
    await loginAs(server.url, member.username, member.password);
    expect((await api().delete('/api/v1/member/twofactor').set('Cookie', cookie).send({ code: '123456' })).status).toBe(409);
  });

  it('a password reset leaves the second factor on', async () => {
    const member = await createMember(db());
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const { secret } = await enrol(server, cookie, () => now);
    const board = await createMember(db(), { roles: [...BOARD] });
    const boardCookie = (await loginAs(server.url, board.username, board.password)).cookie;
    expect((await api().post(`/api/v1/admin/members/${member.id}/passwordreset`).set('Cookie', boardCookie)).status).toBe(202);
    const mail = await db().mailOutbox.findFirstOrThrow({ where: { to: member.email }, orderBy: { id: 'desc' } });
    const path = new URL(mail.text.split(/\s+/).find((w) => w.includes('/idp/password/reset/'))!).pathname;
    const set = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: 'Zweiter-Faktor-Bleibt-1', confirmation: 'Zweiter-Faktor-Bleibt-1' }).toString(),
    });
    expect(set.status).toBe(200);
    later(30);
    const login = await openLoginPage(server.url);
    const page = await nextLoginPage(login, await submitLogin(login, member.username, 'Zweiter-Faktor-Bleibt-1'));
    expect(page.body).toContain('Bestätigungscode');
    await completeLogin(server.url, login, await postForm(login.jar, formAction(page), { code: totpCode(secret, now) }));
  });

  it('another board member resets a lost second factor: audited, mailed; members 403, visitors 401', async () => {
    const member = await createMember(db());
    const { cookie } = await loginAs(server.url, member.username, member.password);
    await enrol(server, cookie, () => now);
    const board = await createMember(db(), { roles: [...BOARD], firstName: 'Vera' });
    const boardCookie = (await loginAs(server.url, board.username, board.password)).cookie;
    const path = `/api/v1/admin/members/${member.id}/twofactor`;

    expect((await api().delete(path)).status).toBe(401);
    expect((await api().delete(path).set('Cookie', cookie)).status).toBe(403);
    const own = await api().delete(`/api/v1/admin/members/${board.id}/twofactor`).set('Cookie', boardCookie);
    expect(own.status).toBe(403);
    expect(own.body.error.message).toContain('anderes Vorstandsmitglied');
    expect((await api().delete('/api/v1/admin/members/99999999/twofactor').set('Cookie', boardCookie)).status).toBe(404);

    const before = await api().get(`/api/v1/admin/members/${member.id}`).set('Cookie', boardCookie);
    expect(before.body.data.login).toMatchObject({ state: 'ACTIVE', twoFactor: true });
    expect((await api().delete(path).set('Cookie', boardCookie)).status).toBe(204);
    expect((await api().delete(path).set('Cookie', boardCookie)).status).toBe(409);
    const after = await api().get(`/api/v1/admin/members/${member.id}?expands=auditlog`).set('Cookie', boardCookie);
    expect(after.body.data.login.twoFactor).toBe(false);
    const audit = after.body.expands.find((e: { name: string }) => e.name === 'auditlog').data as {
      action: string;
      actor: { id: number };
    }[];
    expect(audit.find((a) => a.action === 'member.twofactor.reset')?.actor.id).toBe(board.id);
    const mail = await db().mailOutbox.findFirstOrThrow({ where: { to: member.email }, orderBy: { id: 'desc' } });
    expect(mail.subject).toContain('Zwei-Faktor-Anmeldung zurückgesetzt');
    expect(mail.text).toContain('Vera Mitglied');
    await loginAs(server.url, member.username, member.password);
  });
});

describe('two-factor login for the board in production', () => {
  let server: TestServer;
  let now = new Date('2026-11-25T12:00:05Z');
  let board: CreatedMember;

  beforeAll(async () => {
    server = await startTestServer({ clock: () => now, env: { PRODUCTION: 'true' } });
    board = await createMember(server.database.prisma, { roles: [...BOARD] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is required by default', () => {
    expect(server.config.production).toBe(true);
    expect(server.config.requireTwoFactorForBoard).toBe(true);
  });

  it('leads a board member without one through the enrolment before the login ends, then always asks for the code', async () => {
    const login = await openLoginPage(server.url, '/admin/members');
    const enrolPage = await nextLoginPage(login, await submitLogin(login, board.username, board.password));
    expect(enrolPage.response.status).toBe(200);
    expect(enrolPage.body).toContain('Zwei-Faktor-Anmeldung einrichten');
    expect(enrolPage.body).toMatch(/<div class="qr" role="img" aria-label="[^"]+"><svg /);
    expect(enrolPage.body).toMatch(/id="code"[^>]*autocomplete="one-time-code"/);
    const secret = /<code class="secret">([A-Z2-7 ]+)<\/code>/.exec(enrolPage.body)?.[1]?.replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Nothing of the site before the enrolment: no member in the session yet.
    const halfway = `sid=${login.jar.get('sid', new URL(server.url).origin)}`;
    expect((await request(server.url).get('/api/v1/member/').set('Cookie', halfway)).status).toBe(401);

    const action = formAction(enrolPage);
    const wrong = await postForm(login.jar, action, { code: totpCode(secret!, now, 4) });
    expect(wrong.response.status).toBe(401);
    expect(wrong.body).toContain('Zwei-Faktor-Anmeldung einrichten');
    // A reload shows the same secret.
    expect(wrong.body).toContain(secret!.slice(0, 4));

    const codesPage = await postForm(login.jar, action, { code: totpCode(secret!, now) });
    expect(codesPage.response.status).toBe(200);
    const codes = [...codesPage.body.matchAll(/<li><code>([a-z0-9-]{19})<\/code><\/li>/g)].map((m) => m[1]);
    expect(codes).toHaveLength(10);
    const done = await postForm(login.jar, formAction(codesPage), {});
    const { cookie, finalLocation } = await completeLogin(server.url, login, done);
    expect(finalLocation).toBe(`${server.url}/admin/members`);
    expect((await request(server.url).get('/api/v1/admin/members/').set('Cookie', cookie)).status).toBe(200);

    const status = await request(server.url).get('/api/v1/member/twofactor').set('Cookie', cookie);
    expect(status.body.data).toMatchObject({ enabled: true, required: true, recoveryCodesLeft: 10 });
    const off = await request(server.url).delete('/api/v1/member/twofactor').set('Cookie', cookie).send({ code: codes[0] });
    expect(off.status).toBe(409);

    now = new Date(now.getTime() + 30_000);
    await expect(loginAs(server.url, board.username, board.password)).rejects.toThrow(/303|login did not finish/);
    await loginWithCode(server.url, board.username, board.password, () => totpCode(secret!, now));
  });

  it('lets a member without a board role log in with the password alone', async () => {
    const member = await createMember(server.database.prisma);
    const { cookie } = await loginAs(server.url, member.username, member.password);
    expect((await request(server.url).get('/api/v1/member/').set('Cookie', cookie)).status).toBe(200);
  });
});

describe("an operator's own failed-login limit (LOGIN_FAILURES_PER_MINUTE=12)", () => {
  let server: TestServer;
  let now = new Date('2026-11-25T14:00:05Z');
  let boardCookie: string;

  beforeAll(async () => {
    server = await startTestServer({ clock: () => now, env: { LOGIN_FAILURES_PER_MINUTE: '12' } });
    const board = await createMember(server.database.prisma, { roles: [...BOARD] });
    boardCookie = (await loginAs(server.url, board.username, board.password)).cookie;
  });
  afterAll(async () => {
    await server?.close();
  });
  const api = () => request(server.url);
  const loginOf = async (id: number) => (await api().get(`/api/v1/admin/members/${id}`).set('Cookie', boardCookie)).body.data.login;

  it("takes twelve wrong passwords a minute and refuses the thirteenth attempt (429); the board's member page counts the same", async () => {
    const member = await createMember(server.database.prisma);
    const login = await openLoginPage(server.url);
    for (let i = 0; i < 11; i++) expect((await submitLogin(login, member.username, `falsch-${i}`)).response.status).toBe(401);
    expect(await loginOf(member.id)).toMatchObject({ lockedUntil: null });
    expect((await submitLogin(login, member.username, 'falsch-11')).response.status).toBe(401);
    expect(await loginOf(member.id)).toMatchObject({ lockedUntil: new Date(now.getTime() + 60_000).toISOString() });
    const refused = await submitLogin(login, member.username, member.password);
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBe('60');
    now = new Date(now.getTime() + 61_000);
    expect((await submitLogin(await openLoginPage(server.url), member.username, member.password)).response.status).toBe(303);
  });

  it('lets ten wrong codes in a row through without a pause: the tenth locks the factor, a right unused code is refused for the lock', async () => {
    const member = await createMember(server.database.prisma);
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const { secret } = await enrol(server, cookie, () => now);
    now = new Date(now.getTime() + 30_000);
    // Three wrong codes on the account page and seven at a login, all within the minute: none is refused for the rate.
    for (let i = 0; i < 3; i++) {
      const wrong = await api().post('/api/v1/member/twofactor/recoverycodes').set('Cookie', cookie).send({ code: '000000' });
      expect(wrong.status).toBe(422);
    }
    const login = await openLoginPage(server.url);
    const action = formAction(await nextLoginPage(login, await submitLogin(login, member.username, member.password)));
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await postForm(login.jar, action, { code: String(100_000 + i) })).response.status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 423]);
    // The code of the current step, which the enrolment 30 s before did not use.
    const right = await postForm(login.jar, action, { code: totpCode(secret, now) });
    expect(right.response.status).toBe(423);
    expect(right.body).toContain('gesperrt');
    // The locked page offers the way out, not a code field; reloading the login's page shows it again.
    expect(right.body).not.toContain('name="code"');
    expect(right.body).toContain('Passwort vergessen?');
    const reloaded = await pageRequest(login.jar, action.replace(/\/code$/, ''));
    expect(reloaded.response.status).toBe(423);
    expect(reloaded.body).toContain('Zwei-Faktor-Anmeldung gesperrt');
    expect(reloaded.body).not.toContain('name="code"');
  });
});
