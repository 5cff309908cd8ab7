import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, unique } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { CookieJar, follow, formAction, loginAs, request, submitNewPassword } from '../../test/login.ts';
import { createInvitation, hashInvitationToken } from './invitations.ts';

const DAY = 86_400_000;

/** What the site's API answers the browser of `jar` for its own data: 200 logged in, 401 not. */
async function memberStatus(url: string, jar: CookieJar): Promise<number> {
  return (await fetch(`${url}/api/v1/member/`, { headers: { cookie: jar.header(`${url}/api/v1/member/`) } })).status;
}

describe('login invitations', () => {
  let server: TestServer;
  const now = new Date();

  beforeAll(async () => {
    server = await startTestServer({ clock: () => now });
  });
  afterAll(async () => {
    await server?.close();
  });

  const page = (path: string) => fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
  const submit = (path: string, password: string, confirmation = password) => submitNewPassword(server.url, path, password, confirmation);
  /** A new member without a login account, as accepting a candidate creates one. */
  async function newMember() {
    const username = unique('neu');
    return server.database.prisma.member.create({
      data: { username, firstName: 'Nora', lastName: 'Neu', email: `${username}@example.ch`, roles: { create: { role: 'MEMBER' } } },
    });
  }

  it('stores only the token hash, valid 14 days, and gives an absolute link', async () => {
    const member = await newMember();
    const { token, url } = await createInvitation(server.database.prisma, member.id, now, server.url);
    expect(url).toBe(`${server.url}/idp/invitation/${token}`);
    const row = await server.database.prisma.loginInvitation.findFirstOrThrow({ where: { memberId: member.id } });
    expect(row.tokenHash).toBe(hashInvitationToken(token));
    expect(row.expiresAt.getTime() - now.getTime()).toBe(14 * DAY);
    expect(row.usedAt).toBeNull();
  });

  it('lets the member choose a password, after which the login works', async () => {
    const member = await newMember();
    const { url } = await createInvitation(server.database.prisma, member.id, now);
    const path = new URL(url, server.url).pathname;

    const form = await page(path);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Passwort festlegen');
    expect(html).toContain('Nora');
    expect(html).toContain('<label for="password">Neues Passwort</label>');
    expect(html).toContain('<label for="confirmation">Passwort bestätigen</label>');

    const short = await submit(path, 'kurz');
    expect(short.status).toBe(422);
    expect(await short.text()).toContain('mindestens 10 Zeichen');
    const mismatch = await submit(path, 'Hopp-ZSC-2026', 'Hopp-ZSC-2027');
    expect(mismatch.status).toBe(422);
    expect(await mismatch.text()).toContain('stimmen nicht überein');

    const done = await submit(path, 'Hopp-ZSC-2026');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/oauth/login?returnTo=%2F');

    const account = await server.database.prisma.loginAccount.findUniqueOrThrow({ where: { memberId: member.id } });
    expect(account.username).toBe(member.username.toLowerCase());
    const { cookie } = await loginAs(server.url, member.username, 'Hopp-ZSC-2026');
    const me = await fetch(`${server.url}/api/v1/member/`, { headers: { cookie } });
    expect(me.status).toBe(200);
  });

  it('replaces the password of an existing login account', async () => {
    const member = await createMember(server.database.prisma);
    const { url } = await createInvitation(server.database.prisma, member.id, now);
    expect((await submit(new URL(url, server.url).pathname, 'Neues-Passwort-1')).status).toBe(303);
    await expect(loginAs(server.url, member.username, member.password)).rejects.toThrow(/401/);
    await loginAs(server.url, member.username, 'Neues-Passwort-1');
  });

  it('refuses a link that was used already', async () => {
    const member = await newMember();
    const { url } = await createInvitation(server.database.prisma, member.id, now);
    const path = new URL(url, server.url).pathname;
    expect((await submit(path, 'Erstes-Passwort')).status).toBe(303);
    const again = await page(path);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('bereits verwendet');
    const resubmit = await submit(path, 'Zweites-Passwort');
    expect(resubmit.status).toBe(410);
    await loginAs(server.url, member.username, 'Erstes-Passwort');
  });

  it('refuses a link after 14 days', async () => {
    const member = await newMember();
    const { url } = await createInvitation(server.database.prisma, member.id, new Date(now.getTime() - 14 * DAY - 1000));
    const path = new URL(url, server.url).pathname;
    const expired = await page(path);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('abgelaufen');
    expect((await submit(path, 'Spaetes-Passwort')).status).toBe(410);
    expect(await server.database.prisma.loginAccount.count({ where: { memberId: member.id } })).toBe(0);
  });

  it('answers an unknown link with a German 404 page', async () => {
    const answer = await page('/idp/invitation/gibt-es-nicht');
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('Diesen Link gibt es nicht');
  });

  it('lets only one of two simultaneous submissions through', async () => {
    const member = await newMember();
    const { url } = await createInvitation(server.database.prisma, member.id, now);
    const path = new URL(url, server.url).pathname;
    const answers = await Promise.all([submit(path, 'Paralleles-Passwort-1'), submit(path, 'Paralleles-Passwort-2')]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 410]);
  });

  /** Sets the password in a browser (the jar) and follows on until the site takes over (or a provider page stops). */
  async function setPasswordInBrowser(path: string, password: string, jar = new CookieJar()) {
    const saved = await request(jar, `${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password, confirmation: password }).toString(),
    });
    expect(saved.response.status).toBe(303);
    const origin = new URL(server.url).origin;
    const secret = jar.get('idp_welcome', origin);
    const walk = await follow(jar, new URL(saved.response.headers.get('location')!, saved.url).href, {
      stopBefore: (next) => !next.startsWith(`${origin}/idp/`) && !next.startsWith(`${origin}/oauth/`),
    });
    return { jar, secret, ...walk };
  }

  it('logs the new member in right away after the password is set, once, in that browser only', async () => {
    const member = await newMember();
    const { url } = await createInvitation(server.database.prisma, member.id, now);
    const path = new URL(url, server.url).pathname;
    const { jar, secret, stoppedAt } = await setPasswordInBrowser(path, 'Willkommen-im-Verein-7');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // On Home, logged in, without the login page.
    expect(stoppedAt).toBe(`${server.url}/`);
    const me = await fetch(`${server.url}/api/v1/member/`, { headers: { cookie: `sid=${jar.get('sid')}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { firstName: string } }).data.firstName).toBe('Nora');
    const row = await server.database.prisma.loginInvitation.findFirstOrThrow({ where: { memberId: member.id } });
    expect([row.welcomeTokenHash, row.welcomeUntil]).toEqual([null, null]);

    // The secret counts once: a copy of the cookie in another browser gets the login page.
    const stolen = new CookieJar();
    const origin = new URL(server.url).origin;
    stolen.set(origin, 'idp_welcome', secret!, '/idp/interaction');
    const { last } = await follow(stolen, `${server.url}/oauth/login?returnTo=%2F`);
    expect(last.response.status).toBe(200);
    expect(last.body).toContain('Anmelden');
    expect(await memberStatus(server.url, stolen)).toBe(401);
  });

  it('the welcome secret is not taken after ten minutes, nor a second time', async () => {
    const member = await newMember();
    const { url } = await createInvitation(server.database.prisma, member.id, now);
    const path = new URL(url, server.url).pathname;
    const jar = new CookieJar();
    const saved = await request(jar, `${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: 'Spaeter-Anmelden-42', confirmation: 'Spaeter-Anmelden-42' }).toString(),
    });
    expect(saved.response.status).toBe(303);
    const origin = new URL(server.url).origin;
    const secret = jar.get('idp_welcome', origin)!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Ten minutes later the secret is not taken: the login page.
    await server.database.prisma.loginInvitation.updateMany({
      where: { memberId: member.id },
      data: { welcomeUntil: new Date(now.getTime() - 1) },
    });
    const { last } = await follow(jar, `${server.url}/oauth/login?returnTo=%2F`);
    expect(last.response.status).toBe(200);
    expect(formAction(last)).toContain('/login');
    expect(await memberStatus(server.url, jar)).toBe(401);
    // The password itself works as always.
    await loginAs(server.url, member.username, 'Spaeter-Anmelden-42');
  });
});

describe('a new board member who must use a second factor', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { REQUIRE_2FA_FOR_BOARD: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sets the password through the invitation, then sets up the second factor first, then is logged in', async () => {
    const username = unique('vorstand');
    const member = await server.database.prisma.member.create({
      data: {
        username,
        firstName: 'Vera',
        lastName: 'Vorstand',
        email: `${username}@example.ch`,
        roles: { create: [{ role: 'MEMBER' }, { role: 'MEMBER_OF_THE_BOARD' }] },
      },
    });
    const { url } = await createInvitation(server.database.prisma, member.id, new Date());
    const jar = new CookieJar();
    const saved = await request(jar, `${server.url}${new URL(url, server.url).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: 'Vorstand-Sitzung-2026', confirmation: 'Vorstand-Sitzung-2026' }).toString(),
    });
    expect(saved.response.status).toBe(303);
    const { last } = await follow(jar, new URL(saved.response.headers.get('location')!, saved.url).href);
    // The enrolment of the second factor, not the password page; no site session yet.
    expect(last.response.status).toBe(200);
    expect(last.body).toContain('Zwei-Faktor');
    expect(formAction(last)).toMatch(/\/enrol$/);
    expect(await memberStatus(server.url, jar)).toBe(401);
  });
});
