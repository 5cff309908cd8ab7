import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '../idp/index.ts';
import { createMember, unique } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs, openLoginPage, submitLogin } from '../../test/login.ts';

const DAY = 86_400_000;

describe("the board's help with a member's login", () => {
  let server: TestServer;
  let now = new Date('2026-11-25T08:00:00Z');
  let boardCookie: string;
  let memberCookie: string;

  beforeAll(async () => {
    server = await startTestServer({ clock: () => now });
    const board = await createMember(server.database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    const member = await createMember(server.database.prisma);
    boardCookie = (await loginAs(server.url, board.username, board.password)).cookie;
    memberCookie = (await loginAs(server.url, member.username, member.password)).cookie;
  });
  afterAll(async () => {
    await server?.close();
  });
  const db = () => server.database.prisma;
  const api = () => request(server.url);
  const loginOf = async (id: number) => (await api().get(`/api/v1/admin/members/${id}`).set('Cookie', boardCookie)).body.data.login;
  /** A member accepted without a login yet (as accepting an application leaves one). */
  async function invitedMember() {
    const username = unique('neu');
    const member = await db().member.create({
      data: { username, firstName: 'Nina', lastName: 'Neu', email: `${username}@example.ch`, roles: { create: { role: 'MEMBER' } } },
    });
    return member;
  }
  const mailsTo = (to: string) => db().mailOutbox.findMany({ where: { to }, orderBy: { id: 'asc' } });
  const linkIn = (text: string, part: string) => new URL(text.split(/\s+/).find((w) => w.includes(part))!).pathname;

  it('only lets the board send invitations and reset links (visitor 401, member 403)', async () => {
    const target = await invitedMember();
    for (const path of [`/api/v1/admin/members/${target.id}/invitation`, `/api/v1/admin/members/${target.id}/passwordreset`]) {
      expect((await api().post(path)).status).toBe(401);
      const member = await api().post(path).set('Cookie', memberCookie);
      expect(member.status).toBe(403);
      expect(member.body.error.code).toBe('FORBIDDEN');
    }
    expect(await mailsTo(target.email)).toHaveLength(0);
  });

  it('shows the login state: no login, invited until, expired, active with the last login', async () => {
    const target = await invitedMember();
    expect(await loginOf(target.id)).toEqual({
      state: 'NONE',
      username: null,
      invitationExpiresAt: null,
      lastLoginAt: null,
      twoFactor: false,
      lockedUntil: null,
    });
    await createInvitation(db(), target.id, new Date(now.getTime() - 15 * DAY));
    expect(await loginOf(target.id)).toMatchObject({ state: 'INVITATION_EXPIRED' });
    await createInvitation(db(), target.id, now);
    expect(await loginOf(target.id)).toMatchObject({
      state: 'INVITED',
      invitationExpiresAt: new Date(now.getTime() + 14 * DAY).toISOString(),
    });

    const active = await createMember(db());
    expect(await loginOf(active.id)).toMatchObject({ state: 'ACTIVE', username: active.username, lastLoginAt: null, lockedUntil: null });
    await loginAs(server.url, active.username, active.password);
    expect(await loginOf(active.id)).toMatchObject({ state: 'ACTIVE', lastLoginAt: now.toISOString() });
  });

  it('shows a login locked by failed attempts, and until when', async () => {
    const target = await createMember(db());
    const login = await openLoginPage(server.url);
    for (let i = 0; i < 5; i++) expect((await submitLogin(login, target.username, 'falsch')).response.status).toBe(401);
    expect(await loginOf(target.id)).toMatchObject({ lockedUntil: new Date(now.getTime() + 60_000).toISOString() });
    now = new Date(now.getTime() + 61_000);
    expect(await loginOf(target.id)).toMatchObject({ lockedUntil: null });
  });

  it('sends a new invitation (201) whose link works while the earlier one ends; audited', async () => {
    const target = await invitedMember();
    const { url: oldUrl } = await createInvitation(db(), target.id, new Date(now.getTime() - 15 * DAY), server.url);
    const sent = await api().post(`/api/v1/admin/members/${target.id}/invitation`).set('Cookie', boardCookie);
    expect(sent.status).toBe(201);
    expect(sent.body.data).toEqual({ expiresAt: new Date(now.getTime() + 14 * DAY).toISOString() });
    const [mail] = await mailsTo(target.email);
    expect(mail?.subject).toContain('Einladung');
    expect(mail?.text).toContain(`Ihr Benutzername: ${target.username.toLowerCase()}`);
    const path = linkIn(mail!.text, '/idp/invitation/');
    expect(path).not.toBe(new URL(oldUrl).pathname);

    // Sent again: the first new link ends too.
    expect((await api().post(`/api/v1/admin/members/${target.id}/invitation/`).set('Cookie', boardCookie)).status).toBe(201);
    const newest = linkIn((await mailsTo(target.email)).at(-1)!.text, '/idp/invitation/');
    expect((await fetch(`${server.url}${path}`)).status).toBe(410);
    const set = await fetch(`${server.url}${newest}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: 'Endlich-Dabei-2026', confirmation: 'Endlich-Dabei-2026' }).toString(),
      redirect: 'manual',
    });
    expect(set.status).toBe(303);
    await loginAs(server.url, target.username, 'Endlich-Dabei-2026');
    expect(await loginOf(target.id)).toMatchObject({ state: 'ACTIVE' });

    const audit = await db().auditLog.findMany({ where: { entityId: String(target.id), action: 'member.invitation.sent' } });
    expect(audit).toHaveLength(2);
    expect(audit[0]!.actorId).not.toBeNull();
  });

  it('refuses an invitation for a member with a password (409) and for an unknown member (404), sending nothing', async () => {
    const active = await createMember(db());
    const refused = await api().post(`/api/v1/admin/members/${active.id}/invitation`).set('Cookie', boardCookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('Passwort zurücksetzen');
    expect((await api().post('/api/v1/admin/members/99999999/invitation').set('Cookie', boardCookie)).status).toBe(404);
    expect((await api().post('/api/v1/admin/members/abc/invitation').set('Cookie', boardCookie)).status).toBe(404);
    expect(await mailsTo(active.email)).toHaveLength(0);
    expect(await db().auditLog.count({ where: { entityId: String(active.id), action: 'member.invitation.sent' } })).toBe(0);
  });

  it('sends the forgotten-password mail for a member with a login (202); audited; the old password works until the link is used', async () => {
    const active = await createMember(db());
    const sent = await api().post(`/api/v1/admin/members/${active.id}/passwordreset`).set('Cookie', boardCookie);
    expect(sent.status).toBe(202);
    expect(sent.body.data).toEqual({ expiresAt: new Date(now.getTime() + 3_600_000).toISOString() });
    const [mail] = await mailsTo(active.email);
    expect(mail?.subject).toContain('Neues Passwort');
    expect(mail?.text).toContain('/idp/password/reset/');
    await loginAs(server.url, active.username, active.password);
    expect(await db().auditLog.count({ where: { entityId: String(active.id), action: 'member.password_reset.sent' } })).toBe(1);
    expect((await api().post('/api/v1/admin/members/99999999/passwordreset').set('Cookie', boardCookie)).status).toBe(404);

    // At most three links an hour for one member: then 429, and no fourth mail.
    await api().post(`/api/v1/admin/members/${active.id}/passwordreset`).set('Cookie', boardCookie);
    await api().post(`/api/v1/admin/members/${active.id}/passwordreset`).set('Cookie', boardCookie);
    const limited = await api().post(`/api/v1/admin/members/${active.id}/passwordreset`).set('Cookie', boardCookie);
    expect(limited.status).toBe(429);
    expect(await mailsTo(active.email)).toHaveLength(3);
  });
});
