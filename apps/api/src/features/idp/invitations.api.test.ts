import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, unique } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs, submitNewPassword } from '../../test/login.ts';
import { createInvitation, hashInvitationToken } from './invitations.ts';

const DAY = 86_400_000;

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
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    expect(doneHtml).toContain('Passwort gespeichert');
    expect(doneHtml).toContain('href="/oauth/login"');

    const account = await server.database.prisma.loginAccount.findUniqueOrThrow({ where: { memberId: member.id } });
    expect(account.username).toBe(member.username.toLowerCase());
    const { cookie } = await loginAs(server.url, member.username, 'Hopp-ZSC-2026');
    const me = await fetch(`${server.url}/api/v1/member/`, { headers: { cookie } });
    expect(me.status).toBe(200);
  });

  it('replaces the password of an existing login account', async () => {
    const member = await createMember(server.database.prisma);
    const { url } = await createInvitation(server.database.prisma, member.id, now);
    expect((await submit(new URL(url, server.url).pathname, 'Neues-Passwort-1')).status).toBe(200);
    await expect(loginAs(server.url, member.username, member.password)).rejects.toThrow(/401/);
    await loginAs(server.url, member.username, 'Neues-Passwort-1');
  });

  it('refuses a link that was used already', async () => {
    const member = await newMember();
    const { url } = await createInvitation(server.database.prisma, member.id, now);
    const path = new URL(url, server.url).pathname;
    expect((await submit(path, 'Erstes-Passwort')).status).toBe(200);
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
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
  });
});
