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
  submitLogin,
  submitNewPassword,
} from '../../test/login.ts';
import { totpCode } from '../../test/totp.ts';

const BOARD = ['MEMBER', 'MEMBER_OF_THE_BOARD'] as const;

/**
 * The second factor where the board needs one: a session knows how its login was made, a member
 * promoted mid-session is logged out, wrong codes lock the factor across logins, a password reset
 * and an anonymisation end every way in (sessions, feed links, factor secrets).
 */
describe('the second factor guards the board', () => {
  let server: TestServer;
  let now = new Date('2026-11-26T09:00:05Z');
  const later = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  let board: { member: CreatedMember; secret: string; cookie: string };

  const db = () => server.database.prisma;
  const api = () => request(server.url);

  /** A board member's first login: password, enrolment with the app, recovery codes, on to the site. */
  async function enrolAtLogin(member: CreatedMember): Promise<{ secret: string; cookie: string }> {
    const login = await openLoginPage(server.url);
    const enrolPage = await nextLoginPage(login, await submitLogin(login, member.username, member.password));
    expect(enrolPage.body).toContain('Zwei-Faktor-Anmeldung einrichten');
    const secret = /<code class="secret">([A-Z2-7 ]+)<\/code>/.exec(enrolPage.body)![1]!.replaceAll(' ', '');
    const codesPage = await postForm(login.jar, formAction(enrolPage), { code: totpCode(secret, now) });
    const { cookie } = await completeLogin(server.url, login, await postForm(login.jar, formAction(codesPage), {}));
    later(30);
    return { secret, cookie };
  }

  /** A member's own second factor, set up on the account page. */
  async function enrolOnAccountPage(cookie: string): Promise<string> {
    const setup = await api().post('/api/v1/member/twofactor/setup').set('Cookie', cookie);
    const secret = setup.body.data.secret as string;
    expect(
      (
        await api()
          .post('/api/v1/member/twofactor')
          .set('Cookie', cookie)
          .send({ code: totpCode(secret, now) })
      ).status,
    ).toBe(201);
    later(30);
    return secret;
  }

  /** The newest mail to an address. */
  const lastMailTo = (to: string) => db().mailOutbox.findFirst({ where: { to }, orderBy: { id: 'desc' } });

  /** The path of the newest forgotten-password link mailed to the member. */
  async function resetLinkOf(member: CreatedMember): Promise<string> {
    const sent = await api().post(`/api/v1/admin/members/${member.id}/passwordreset`).set('Cookie', board.cookie);
    expect(sent.status).toBe(202);
    const mail = await lastMailTo(member.email);
    return new URL(mail!.text.split(/\s+/).find((w) => w.includes('/idp/password/reset/'))!).pathname;
  }

  beforeAll(async () => {
    server = await startTestServer({ clock: () => now, env: { REQUIRE_2FA_FOR_BOARD: 'true' } });
    const member = await createMember(db(), { roles: [...BOARD], firstName: 'Vera' });
    board = { member, ...(await enrolAtLogin(member)) };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a member given the board role is logged out everywhere and mailed; the next login sets up the second factor', async () => {
    const member = await createMember(db(), { firstName: 'Paul' });
    const { cookie } = await loginAs(server.url, member.username, member.password);
    expect((await api().get('/api/v1/member/').set('Cookie', cookie)).status).toBe(200);

    const promoted = await api()
      .put(`/api/v1/admin/members/${member.id}/roles`)
      .set('Cookie', board.cookie)
      .send({ roles: [...BOARD] });
    expect(promoted.status).toBe(200);
    expect((await api().get('/api/v1/admin/members/').set('Cookie', cookie)).status).toBe(401);
    expect((await api().get('/api/v1/member/').set('Cookie', cookie)).status).toBe(401);
    expect(await db().session.count({ where: { data: { path: ['memberId'], equals: member.id } } })).toBe(0);
    const mail = await lastMailTo(member.email);
    expect(mail?.subject).toContain('Vorstand');
    expect(mail?.text).toContain('Vera Mitglied');
    expect(mail?.text).toContain('auf allen Geräten abgemeldet');

    const { cookie: withCode } = await enrolAtLogin(member);
    expect((await api().get('/api/v1/admin/members/').set('Cookie', withCode)).status).toBe(200);
  });

  it('a board session whose login had no code gets 403 on board routes with a German way back, and /oauth/login asks again', async () => {
    const member = await createMember(db());
    const { cookie } = await loginAs(server.url, member.username, member.password);
    // The role given behind the site's back (a database restore, a script): the session still knows its login had no code.
    await db().memberRole.create({ data: { memberId: member.id, role: 'MEMBER_OF_THE_BOARD' } });
    const refused = await api().get('/api/v1/admin/members/').set('Cookie', cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SECOND_FACTOR_REQUIRED');
    expect(refused.body.error.message).toContain('erneut an');
    expect((await api().get('/api/v1/member/').set('Cookie', cookie)).status).toBe(200);
    const again = await api().get('/oauth/login?returnTo=/admin/members').set('Cookie', cookie);
    expect(again.status).toBe(302);
    expect(again.headers.location).toContain('/idp/');
  });

  it('counts wrong codes across logins: the tenth locks the factor, the eleventh is refused although right, the member is mailed', async () => {
    const member = await createMember(db(), { firstName: 'Lena' });
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const secret = await enrolOnAccountPage(cookie);

    // Two logins of five wrong codes each, a minute apart (the rate limit of one login name).
    for (let round = 0; round < 2; round++) {
      const login = await openLoginPage(server.url);
      const action = formAction(await nextLoginPage(login, await submitLogin(login, member.username, member.password)));
      for (let i = 0; i < 5; i++) {
        const wrong = await postForm(login.jar, action, { code: i % 2 ? '000000' : 'abcd-efgh-jkmn-pqrs' });
        expect(wrong.response.status).toBe(round === 1 && i === 4 ? 423 : 401);
      }
      later(61);
    }
    const mail = await lastMailTo(member.email);
    expect(mail?.subject).toContain('Zwei-Faktor-Anmeldung gesperrt');
    expect(mail?.text).toContain('/idp/password/forgot');
    expect(await db().loginTotp.findUniqueOrThrow({ where: { memberId: member.id } })).toMatchObject({ failedCodes: 10 });

    // A new login finds the factor locked right after the password: the page says so, with no code field.
    const login = await openLoginPage(server.url);
    const lockedPage = await nextLoginPage(login, await submitLogin(login, member.username, member.password));
    expect(lockedPage.response.status).toBe(423);
    expect(lockedPage.body).toContain('Zwei-Faktor-Anmeldung gesperrt');
    expect(lockedPage.body).not.toContain('name="code"');
    const eleventh = await postForm(login.jar, `${lockedPage.url}/code`, { code: totpCode(secret, now) });
    expect(eleventh.response.status).toBe(423);
    expect(eleventh.body).toContain('gesperrt');
    // The account page takes no code either.
    const onAccount = await api()
      .post('/api/v1/member/twofactor/recoverycodes')
      .set('Cookie', cookie)
      .send({ code: totpCode(secret, now) });
    expect(onAccount.status).toBe(403);
    expect(await db().mailOutbox.count({ where: { to: member.email, subject: { contains: 'gesperrt' } } })).toBe(1);

    // A new password through the mailed link lifts the lock; the code is still asked.
    expect((await submitNewPassword(server.url, await resetLinkOf(member), 'Sperre-Aufgehoben-2026')).status).toBe(200);
    later(30);
    await loginWithCode(server.url, member.username, 'Sperre-Aufgehoben-2026', () => totpCode(secret, now));
    expect(await db().loginTotp.findUniqueOrThrow({ where: { memberId: member.id } })).toMatchObject({ failedCodes: 0, lockedAt: null });
  });

  it('a right code sets the count back; a pending login expires ten minutes after the password', async () => {
    const member = await createMember(db());
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const secret = await enrolOnAccountPage(cookie);
    const login = await openLoginPage(server.url);
    const action = formAction(await nextLoginPage(login, await submitLogin(login, member.username, member.password)));
    for (let i = 0; i < 3; i++) expect((await postForm(login.jar, action, { code: '000000' })).response.status).toBe(401);
    expect((await db().loginTotp.findUniqueOrThrow({ where: { memberId: member.id } })).failedCodes).toBe(3);
    await completeLogin(server.url, login, await postForm(login.jar, action, { code: totpCode(secret, now) }));
    expect((await db().loginTotp.findUniqueOrThrow({ where: { memberId: member.id } })).failedCodes).toBe(0);

    later(30);
    const slow = await openLoginPage(server.url);
    const slowAction = formAction(await nextLoginPage(slow, await submitLogin(slow, member.username, member.password)));
    later(10 * 60);
    const expired = await postForm(slow.jar, slowAction, { code: totpCode(secret, now) });
    expect(expired.response.status).toBe(400);
    expect(expired.body).toContain('Anmeldung abgelaufen');
  });

  it('a password reset ends the calendar feed link (404 afterwards)', async () => {
    const member = await createMember(db());
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const feed = await api().post('/api/v1/member/calendar').set('Cookie', cookie);
    expect(feed.status).toBe(201);
    const feedPath = new URL(feed.body.data.url as string).pathname;
    expect((await api().get(feedPath)).status).toBe(200);
    expect((await submitNewPassword(server.url, await resetLinkOf(member), 'Feed-Endet-Hier-2026')).status).toBe(200);
    expect((await api().get(feedPath)).status).toBe(404);
    expect((await api().get('/api/v1/member/calendar').set('Cookie', cookie)).status).toBe(401);
  });

  it('an anonymised member leaves nothing that can log in or read: sessions, password, links, feed, factor secrets', async () => {
    const member = await createMember(db());
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const secret = await enrolOnAccountPage(cookie);
    const feedPath = new URL((await api().post('/api/v1/member/calendar').set('Cookie', cookie)).body.data.url as string).pathname;
    const resetPath = await resetLinkOf(member);
    later(30);
    const { cookie: second } = await loginWithCode(server.url, member.username, member.password, () => totpCode(secret, now));

    const anonymised = await api().post(`/api/v1/admin/members/${member.id}/anonymisation`).set('Cookie', board.cookie);
    expect(anonymised.status).toBe(200);

    for (const c of [cookie, second]) expect((await api().get('/api/v1/member/').set('Cookie', c)).status).toBe(401);
    expect((await api().get(feedPath)).status).toBe(404);
    expect((await submitNewPassword(server.url, resetPath, 'Nach-Der-Loeschung-1')).status).toBe(404);
    await expect(loginAs(server.url, member.username, member.password)).rejects.toThrow(/401/);
    const where = { memberId: member.id };
    const left = await Promise.all([
      db().loginAccount.count({ where }),
      db().loginTotp.count({ where }),
      db().loginRecoveryCode.count({ where }),
      db().passwordReset.count({ where }),
      db().loginInvitation.count({ where }),
      db().calendarFeed.count({ where }),
      db().session.count({ where: { data: { path: ['memberId'], equals: member.id } } }),
    ]);
    expect(left).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('a board member changing another board member’s e-mail mails the previous address and notes it in the audit', async () => {
    const other = await createMember(db(), { roles: [...BOARD], firstName: 'Anna' });
    const changed = await api()
      .put(`/api/v1/admin/members/${other.id}`)
      .set('Cookie', board.cookie)
      .send({ firstName: 'Anna', lastName: 'Muster', email: `neu-${other.email}`, dateOfBirth: '1990-03-15' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const mail = await lastMailTo(other.email);
    expect(mail?.subject).toContain('E-Mail-Adresse');
    expect(mail?.text).toContain(`neu-${other.email}`);
    expect(mail?.text).toContain('Vera Mitglied');
    const audit = await db().auditLog.findFirstOrThrow({
      where: { entityId: String(other.id), action: 'member.updated' },
      orderBy: { id: 'desc' },
    });
    expect(audit.data).toMatchObject({ notifiedPreviousEmail: true });
    expect(audit.actorId).toBe(board.member.id);

    // A member's own board colleague is not the only one: changing a plain member's address mails nobody.
    const plain = await createMember(db());
    await api()
      .put(`/api/v1/admin/members/${plain.id}`)
      .set('Cookie', board.cookie)
      .send({ firstName: 'Test', lastName: 'Plain', email: `neu-${plain.email}`, dateOfBirth: '1990-03-15' });
    expect(await lastMailTo(plain.email)).toBeNull();
  });
});
