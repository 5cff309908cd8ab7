import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMember, unique } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { loginAs, openLoginPage, submitNewPassword } from '../../test/login.ts';
import { RESET_LIMITS } from './password-reset.ts';

describe('forgotten password', () => {
  let server: TestServer;
  let now = new Date('2026-11-25T09:00:00Z');

  beforeAll(async () => {
    // One proxy in front: each test names its client in X-Forwarded-For.
    server = await startTestServer({ clock: () => now, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await server?.close();
  });
  // The limits look back an hour on the site's clock: every test starts two hours later.
  beforeEach(() => {
    now = new Date(now.getTime() + 2 * 3_600_000);
  });

  const db = () => server.database.prisma;
  const ask = (identifier: string, client = '203.0.113.7') =>
    fetch(`${server.url}/idp/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'x-forwarded-for': client },
      body: new URLSearchParams({ identifier }).toString(),
      redirect: 'manual',
    });
  const page = (path: string) => fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
  const submit = (path: string, password: string, confirmation = password) => submitNewPassword(server.url, path, password, confirmation);
  const mailsTo = (to: string) => db().mailOutbox.findMany({ where: { to }, orderBy: { id: 'asc' } });
  /** The path of the reset link in the member's newest mail. */
  async function linkFor(email: string): Promise<string> {
    const mail = (await mailsTo(email)).at(-1);
    const link = mail?.text.split(/\s+/).find((word) => word.includes('/idp/password/reset/'));
    if (!link) throw new Error(`no reset link mailed to ${email}`);
    expect(link.startsWith(`${server.url}/idp/password/reset/`)).toBe(true);
    return new URL(link).pathname;
  }

  it('shows a German form for a username or an e-mail address that a password manager understands', async () => {
    const res = await page('/idp/password/forgot');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<label for="identifier">Benutzername oder E-Mail-Adresse</label>');
    expect(html).toMatch(/id="identifier"[^>]*autocomplete="username"/);
    const login = (await openLoginPage(server.url)).page.body;
    expect(login).toContain('href="/idp/password/forgot"');
    expect(login).toContain('Passwort vergessen?');
  });

  it('answers an existing and an unknown address with the very same page, and mails only the existing account', async () => {
    const member = await createMember(db());
    const unknown = `${unique('niemand')}@example.ch`;
    const known = await ask(member.email.toUpperCase(), '203.0.113.10');
    const other = await ask(unknown, '203.0.113.10');
    expect(known.status).toBe(200);
    expect(other.status).toBe(200);
    const knownPage = await known.text();
    expect(knownPage).toContain('Wenn wir ein Konto finden, erhalten Sie eine E-Mail');
    expect(await other.text()).toBe(knownPage);

    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Neues Passwort');
    expect(mails[0]!.text).toContain(`Benutzername: ${member.username}`);
    expect(mails[0]!.text).toContain('60 Minuten gültig');
    expect(await mailsTo(unknown)).toHaveLength(0);
    // Only the hash of the token is stored.
    const path = await linkFor(member.email);
    const token = path.split('/').at(-1)!;
    const stored = await db().passwordReset.findFirstOrThrow({ where: { memberId: member.id } });
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - now.getTime()).toBe(60 * 60_000);
  });

  it('finds a member by username, and mails each member who shares an e-mail address', async () => {
    const shared = `${unique('familie')}@example.ch`;
    const parent = await createMember(db(), { email: shared });
    const child = await createMember(db(), { email: shared });
    expect((await ask(parent.username)).status).toBe(200);
    expect((await mailsTo(shared)).map((m) => m.text.includes(`Benutzername: ${parent.username}`))).toEqual([true]);
    expect((await ask(shared)).status).toBe(200);
    const texts = (await mailsTo(shared)).slice(1).map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts.some((t) => t.includes(`Benutzername: ${parent.username}`))).toBe(true);
    expect(texts.some((t) => t.includes(`Benutzername: ${child.username}`))).toBe(true);
  });

  it('lets the member choose a new password once, and ends every session of the member', async () => {
    const member = await createMember(db());
    const phone = await loginAs(server.url, member.username, member.password);
    const laptop = await loginAs(server.url, member.username, member.password);
    await ask(member.email);
    const path = await linkFor(member.email);

    const form = await page(path);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('Neues Passwort wählen');
    expect(html).toMatch(/name="username" value="[^"]+" autocomplete="username"/);
    expect(html).toMatch(/id="password"[^>]*autocomplete="new-password"/);
    expect(html).toMatch(/id="confirmation"[^>]*autocomplete="new-password"/);

    // The same rules as the invitation.
    const weak = await submit(path, 'passwort123');
    expect(weak.status).toBe(422);
    expect(await weak.text()).toContain('zu leicht zu erraten');
    expect((await submit(path, 'Neu-und-Sicher-2026', 'Neu-und-Sicher-2027')).status).toBe(422);

    const done = await submit(path, 'Neu-und-Sicher-2026');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('auf allen Geräten abgemeldet');
    for (const { cookie } of [phone, laptop]) {
      expect((await fetch(`${server.url}/api/v1/member/`, { headers: { cookie } })).status).toBe(401);
    }
    await expect(loginAs(server.url, member.username, member.password)).rejects.toThrow(/401/);
    const fresh = await loginAs(server.url, member.username, 'Neu-und-Sicher-2026');
    expect((await fetch(`${server.url}/api/v1/member/`, { headers: { cookie: fresh.cookie } })).status).toBe(200);

    // Used once: the link is gone, and the session made afterwards stays.
    const again = await submit(path, 'Noch-ein-Passwort-2026');
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('bereits verwendet');
    expect((await page(path)).status).toBe(410);
    expect((await fetch(`${server.url}/api/v1/member/`, { headers: { cookie: fresh.cookie } })).status).toBe(200);
  });

  it('using one link ends the other links of the member', async () => {
    const member = await createMember(db());
    await ask(member.email);
    const first = await linkFor(member.email);
    await ask(member.username);
    const second = await linkFor(member.email);
    expect(second).not.toBe(first);
    expect((await submit(second, 'Zweiter-Link-Gewinnt-1')).status).toBe(200);
    expect((await submit(first, 'Erster-Link-Verloren-1')).status).toBe(410);
    await loginAs(server.url, member.username, 'Zweiter-Link-Gewinnt-1');
  });

  it('refuses a link after one hour, and an unknown link', async () => {
    const member = await createMember(db());
    await ask(member.email);
    const path = await linkFor(member.email);
    now = new Date(now.getTime() + 60 * 60_000);
    const expired = await page(path);
    expect(expired.status).toBe(410);
    const text = await expired.text();
    expect(text).toContain('abgelaufen');
    expect(text).toContain('href="/idp/password/forgot"');
    expect((await submit(path, 'Zu-Spaet-Gesetzt-2026')).status).toBe(410);
    await loginAs(server.url, member.username, member.password);
    const unknown = await page('/idp/password/reset/gibt-es-nicht');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Diesen Link gibt es nicht');
  });

  it('mails one account at most three links an hour, answering the same all the same', async () => {
    const member = await createMember(db());
    for (let i = 0; i < RESET_LIMITS.perAccount + 1; i++) {
      const res = await ask(i % 2 ? member.email : member.username, `203.0.113.${20 + i}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Wenn wir ein Konto finden');
    }
    expect(await mailsTo(member.email)).toHaveLength(RESET_LIMITS.perAccount);
  });

  it('refuses the sixth request for one address within the hour with 429, whether or not it exists', async () => {
    const unknown = `${unique('niemand')}@example.ch`;
    for (let i = 0; i < RESET_LIMITS.perAddress; i++) expect((await ask(unknown, `198.51.100.${i + 1}`)).status).toBe(200);
    const refused = await ask(` ${unknown.toUpperCase()} `, '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(await refused.text()).toContain('Zu viele Anfragen');
    now = new Date(now.getTime() + 61 * 60_000);
    expect((await ask(unknown, '198.51.100.99')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    for (let i = 0; i < RESET_LIMITS.perClient; i++) {
      expect((await ask(`${unique('x')}@example.ch`, `2001:db8:1:2::${(i + 1).toString(16)}`)).status).toBe(200);
    }
    expect((await ask(`${unique('x')}@example.ch`, '2001:db8:1:2:ffff::1')).status).toBe(429);
    expect((await ask(`${unique('x')}@example.ch`, '2001:db8:1:3::1')).status).toBe(200);
    // A refused request is not counted.
    const rows = await db().passwordResetRequest.count({ where: { client: { startsWith: '2001:db8:1:2:' } } });
    expect(rows).toBe(RESET_LIMITS.perClient);
  });

  it('answers an empty form with 422 and control characters with 400, recording nothing', async () => {
    const before = await db().passwordResetRequest.count();
    const empty = await ask('   ');
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain('Bitte geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein.');
    expect((await ask('a\u0000b')).status).toBe(400);
    expect(await db().passwordResetRequest.count()).toBe(before);
  });
});
