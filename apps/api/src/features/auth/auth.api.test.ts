import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { CookieJar, completeLogin, follow, loginAs, openLoginPage, request, submitLogin } from '../../test/login.ts';

const HOUR = 60 * 60 * 1000;

describe('login through the embedded provider', () => {
  let server: TestServer;
  let now = new Date();
  const clock = () => now;

  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** GET /api/v1/member/, read to the end (the session's touch completes before the last byte). */
  const me = async (cookie?: string) => {
    const answer = await fetch(`${server.url}/api/v1/member/`, { headers: cookie ? { cookie } : {} });
    const text = await answer.text();
    return { status: answer.status, json: () => JSON.parse(text) as unknown };
  };

  it('returns to returnTo, and the member API then knows the member', async () => {
    const member = await createMember(server.database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    const { cookie, finalLocation } = await loginAs(server.url, member.username, member.password, '/tickets?saison=2025');
    expect(finalLocation).toBe(`${server.url}/tickets?saison=2025`);
    const answer = await me(cookie);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { id: number; username: string; roles: string[] } };
    expect(body.data).toMatchObject({ id: member.id, username: member.username, roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    const linked = await server.database.prisma.member.findUniqueOrThrow({ where: { id: member.id } });
    expect(linked.oidcSubject).toBe(`${server.url}/idp|${member.id}`);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie that lives two hours and takes a new id at login', async () => {
    const member = await createMember(server.database.prisma);
    const login = await openLoginPage(server.url, '/');
    const before = login.jar.get('sid', server.url);
    expect(before).toBeTruthy();
    const answer = await submitLogin(login, member.username, member.password);
    const { last, cookie } = await completeLogin(server.url, login, answer);
    const setCookie = last.response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^sid=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(setCookie)?.[1] ?? '');
    expect(Math.abs(expires - Date.now() - 2 * HOUR)).toBeLessThan(60_000);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(cookie).not.toBe(`sid=${before}`);
    // The session of the login flow is gone; the new one belongs to the member.
    expect((await me(`sid=${before}`)).status).toBe(401);
    expect((await me(cookie)).status).toBe(200);
  });

  it('renews the session cookie on API calls once a minute at most, and leaves the site’s pages and files alone', async () => {
    const member = await createMember(server.database.prisma);
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const sid = decodeURIComponent(cookie.slice('sid='.length)).replace(/^s:/, '').replace(/\..*$/, '');
    const storedExpiry = async () => (await server.database.prisma.session.findUniqueOrThrow({ where: { sid } })).expiresAt.getTime();
    const apiCookie = async () => {
      const answer = await fetch(`${server.url}/api/v1/member/`, { headers: { cookie } });
      await answer.text();
      expect(answer.status).toBe(200);
      return answer.headers.get('set-cookie');
    };
    try {
      // Right after the login the expiry is fresh: nothing to renew.
      expect(await apiCookie()).toBeNull();
      const before = await storedExpiry();
      now = new Date(now.getTime() + 61_000);
      const renewed = await apiCookie();
      expect(renewed).toMatch(/^sid=/);
      expect(renewed).toMatch(/HttpOnly/i);
      expect(await storedExpiry()).toBeGreaterThanOrEqual(before + 60_000);
      // Within the next minute, answers carry no cookie again.
      now = new Date(now.getTime() + 30_000);
      expect(await apiCookie()).toBeNull();
    } finally {
      now = new Date();
    }
    const home = await fetch(`${server.url}/tickets`, { headers: { cookie, accept: 'text/html' } });
    await home.text();
    expect(home.headers.get('set-cookie')).toBeNull();
  });

  it('reads roles fresh from the database on every request', async () => {
    const member = await createMember(server.database.prisma);
    const { cookie } = await loginAs(server.url, member.username, member.password);
    await server.database.prisma.memberRole.create({ data: { memberId: member.id, role: 'MEMBER_OF_THE_BOARD' } });
    const body = (await (await me(cookie)).json()) as { data: { roles: string[] } };
    expect(body.data.roles).toEqual(['MEMBER', 'MEMBER_OF_THE_BOARD']);
  });

  it('shows a German login page with labelled fields', async () => {
    const { page } = await openLoginPage(server.url);
    expect(page.response.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toMatch(/<h1>Anmelden<\/h1>/);
    expect(page.body).toContain('<label for="username">Benutzername</label>');
    expect(page.body).toContain('<label for="password">Passwort</label>');
    expect(page.body).toContain(server.config.clubName);
    expect(page.body).not.toMatch(/<script|style=/i);
    const css = await fetch(`${server.url}/idp/assets/login.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('answers a wrong password and an unknown user with the same German message', async () => {
    const member = await createMember(server.database.prisma);
    const wrong = await submitLogin(await openLoginPage(server.url), member.username, 'falsch-falsch');
    const unknown = await submitLogin(await openLoginPage(server.url), 'niemand-hier', 'falsch-falsch');
    for (const answer of [wrong, unknown]) {
      expect(answer.response.status).toBe(401);
      expect(answer.body).toContain('Benutzername oder Passwort ist falsch.');
      expect(answer.body).toContain('<form');
    }
    const strip = (body: string) => body.replace(/\/idp\/interaction\/[^/"]+/g, '').replace(/value="[^"]*"/g, '');
    expect(strip(wrong.body)).toBe(strip(unknown.body));
  });

  it('accepts the username in any case and with spaces around it', async () => {
    const member = await createMember(server.database.prisma);
    const login = await openLoginPage(server.url);
    const answer = await submitLogin(login, `  ${member.username.toUpperCase()} `, member.password);
    expect(answer.response.status).toBe(303);
  });

  it('refuses the 6th failed login of one username within a minute with 429', async () => {
    const member = await createMember(server.database.prisma);
    const login = await openLoginPage(server.url);
    for (let i = 0; i < 5; i++) {
      const answer = await submitLogin(login, member.username, `falsch-${i}`);
      expect(answer.response.status).toBe(401);
    }
    const sixth = await submitLogin(login, member.username, member.password);
    expect(sixth.response.status).toBe(429);
    expect(sixth.response.headers.get('retry-after')).toBe('60');
    expect(sixth.body).toContain('Zu viele fehlgeschlagene Anmeldeversuche');
    // Another username from the same address is not affected.
    const other = await createMember(server.database.prisma);
    expect((await submitLogin(login, other.username, other.password)).response.status).toBe(303);
    // A minute later the username may try again.
    now = new Date(now.getTime() + 61_000);
    try {
      const later = await openLoginPage(server.url);
      expect((await submitLogin(later, member.username, member.password)).response.status).toBe(303);
    } finally {
      now = new Date();
    }
  });

  it('lets no more than 5 of many simultaneous wrong passwords for one username through to the check', async () => {
    // Failures are dated ten minutes back, so they do not count against later tests.
    now = new Date(Date.now() - 10 * 60_000);
    try {
      const member = await createMember(server.database.prisma);
      const login = await openLoginPage(server.url);
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => submitLogin(login, member.username, `falsch-${i}`)));
      const statuses = answers.map((a) => a.response.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    } finally {
      now = new Date();
    }
  });

  it('refuses logins from one address after 30 failures within a minute', async () => {
    now = new Date(Date.now() - 20 * 60_000);
    try {
      const login = await openLoginPage(server.url);
      for (let i = 0; i < 30; i++) {
        expect((await submitLogin(login, `unbekannt-${i}`, 'falsch')).response.status).toBe(401);
      }
      const member = await createMember(server.database.prisma);
      const refused = await submitLogin(login, member.username, member.password);
      expect(refused.response.status).toBe(429);
    } finally {
      now = new Date();
    }
  });

  it('treats a missing, tampered or unknown session cookie as a visitor (401, never 500)', async () => {
    const member = await createMember(server.database.prisma);
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const value = cookie.slice('sid='.length);
    const tampered = [
      undefined,
      `sid=${value.slice(0, -2)}xx`,
      // the first character of the id changed (to one it certainly is not)
      `sid=${value.replace(/^s%3A(.)/, (_m, c: string) => `s%3A${c === 'X' ? 'Y' : 'X'}`)}`,
      'sid=s%3Aunknown.invalidsignature',
      'sid=%E0%A4%A',
      'sid=',
      `sid=${'a'.repeat(5000)}`,
      `${cookie}; sid=other`,
    ];
    for (const c of tampered) {
      const answer = await me(c);
      expect(answer.status, c).toBe(c === `${cookie}; sid=other` ? 200 : 401);
      const body = (await answer.json()) as { error?: { code: string } };
      if (answer.status === 401) expect(body.error?.code).toBe('NOT_LOGGED_IN');
    }
  });

  it('ends a session after two idle hours', async () => {
    const member = await createMember(server.database.prisma);
    const { cookie } = await loginAs(server.url, member.username, member.password);
    try {
      now = new Date(now.getTime() + 1.5 * HOUR);
      expect((await me(cookie)).status).toBe(200);
      now = new Date(now.getTime() + 1.5 * HOUR);
      expect((await me(cookie)).status).toBe(200);
      now = new Date(now.getTime() + 2 * HOUR + 60_000);
      expect((await me(cookie)).status).toBe(401);
    } finally {
      now = new Date();
    }
  });

  it('ends a session twelve hours after the login, however active', async () => {
    const member = await createMember(server.database.prisma);
    const start = now;
    const { cookie } = await loginAs(server.url, member.username, member.password);
    try {
      for (let h = 1; h < 12; h++) {
        now = new Date(start.getTime() + h * HOUR);
        expect((await me(cookie)).status, `after ${h} h`).toBe(200);
      }
      now = new Date(start.getTime() + 12 * HOUR + 60_000);
      expect((await me(cookie)).status).toBe(401);
    } finally {
      now = new Date();
    }
  });

  it('ignores a returnTo that leads to another site', async () => {
    const member = await createMember(server.database.prisma);
    for (const evil of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const { finalLocation } = await loginAs(server.url, member.username, member.password, evil);
      expect(finalLocation, evil).toBe(`${server.url}/`);
    }
  });

  it('logs out with 204, after which the session is gone', async () => {
    const member = await createMember(server.database.prisma);
    const { cookie } = await loginAs(server.url, member.username, member.password);
    expect((await me(cookie)).status).toBe(200);
    const answer = await fetch(`${server.url}/oauth/logout`, { headers: { cookie } });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('set-cookie')).toMatch(/^sid=;/);
    expect((await me(cookie)).status).toBe(401);
    // Logging out twice, or as a visitor, is no error.
    expect((await fetch(`${server.url}/oauth/logout`, { headers: { cookie } })).status).toBe(204);
    expect((await fetch(`${server.url}/oauth/logout`)).status).toBe(204);
    // The next login asks for the password again.
    const again = await openLoginPage(server.url);
    expect(again.page.body).toContain('<h1>Anmelden</h1>');
  });

  it('asks for the password again on every login, even right after one', async () => {
    const member = await createMember(server.database.prisma);
    const login = await openLoginPage(server.url);
    await completeLogin(server.url, login, await submitLogin(login, member.username, member.password));
    // Same browser (provider cookies kept), but logged out of the site.
    const jar = login.jar;
    await request(jar, `${server.url}/oauth/logout`);
    const second = await follow(jar, `${server.url}/oauth/login?returnTo=%2F`);
    expect(second.last.response.status).toBe(200);
    expect(second.last.body).toContain('<h1>Anmelden</h1>');
  });

  it('sends a member who is already logged in straight to returnTo', async () => {
    const member = await createMember(server.database.prisma);
    const { cookie } = await loginAs(server.url, member.username, member.password);
    const answer = await fetch(`${server.url}/oauth/login?returnTo=%2Fevents`, { headers: { cookie }, redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/events');
  });

  it('answers a callback without a pending login with a German page (400)', async () => {
    const jar = new CookieJar();
    const forged = await request(jar, `${server.url}/oauth/callback?code=abc&state=def&iss=${encodeURIComponent(`${server.url}/idp`)}`);
    expect(forged.response.status).toBe(400);
    expect(forged.body).toContain('Anmeldung abgelaufen');
    expect(forged.body).toContain('<html lang="de">');
  });

  it('answers a callback with a wrong state with 400, and creates no session', async () => {
    const member = await createMember(server.database.prisma);
    const login = await openLoginPage(server.url);
    const answer = await submitLogin(login, member.username, member.password);
    const origin = new URL(server.url).origin;
    const { stoppedAt } = await follow(login.jar, new URL(answer.response.headers.get('location') ?? '', answer.url).href, {
      stopBefore: (next) => next.startsWith(`${origin}/oauth/callback`),
    });
    expect(stoppedAt).toBeDefined();
    const callback = new URL(stoppedAt ?? '');
    callback.searchParams.set('state', 'gefaelscht');
    const step = await request(login.jar, callback.href);
    expect(step.response.status).toBe(400);
    expect(step.body).toContain('Anmeldung fehlgeschlagen');
    expect(login.jar.get('sid', origin)).toBeDefined();
    expect((await me(`sid=${login.jar.get('sid', origin)}`)).status).toBe(401);
  });

  it('cancelling at the login page leads back to the home page without a session', async () => {
    const login = await openLoginPage(server.url, '/tickets');
    const abort = /href="(\/idp\/interaction\/[^"]+\/abort)"/.exec(login.page.body)?.[1];
    expect(abort).toBeDefined();
    const origin = new URL(server.url).origin;
    const { stoppedAt } = await follow(login.jar, `${origin}${abort}`, {
      stopBefore: (next) => !next.startsWith(`${origin}/idp/`) && !next.startsWith(`${origin}/oauth/`),
    });
    expect(stoppedAt).toBe(`${origin}/`);
    expect((await me(`sid=${login.jar.get('sid', origin)}`)).status).toBe(401);
  });

  it('describes itself with the metadata the relying party uses (no discovery needed)', async () => {
    const discovery = (await (await fetch(`${server.url}/idp/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${server.url}/idp`);
    expect(discovery.authorization_endpoint).toBe(`${server.url}/idp/auth`);
    expect(discovery.token_endpoint).toBe(`${server.url}/idp/token`);
    expect(discovery.userinfo_endpoint).toBe(`${server.url}/idp/me`);
    expect(discovery.jwks_uri).toBe(`${server.url}/idp/jwks`);
    expect(discovery.end_session_endpoint).toBe(`${server.url}/idp/session/end`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.authorization_response_iss_parameter_supported).toBe(true);
    expect(discovery.response_types_supported).toEqual(['code']);
  });

  it('requires PKCE from every client and offers no development login', async () => {
    const params = new URLSearchParams({
      client_id: 'club-site',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${server.url}/oauth/callback`,
      state: 'x',
      nonce: 'y',
    });
    const jar = new CookieJar();
    const step = await request(jar, `${server.url}/idp/auth?${params}`);
    expect(step.response.status).toBe(303);
    const location = new URL(step.response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('answers a bad authorization request with a German page of its own', async () => {
    const step = await request(new CookieJar(), `${server.url}/idp/auth?client_id=unbekannt&response_type=code&scope=openid`);
    expect(step.response.status).toBe(400);
    expect(step.body).toContain('<html lang="de">');
    expect(step.body).toContain('Anmeldung nicht möglich');
    expect(step.body).not.toMatch(/<script|style=/i);
  });

  it('keeps its signing key in the database, the same for every instance', async () => {
    const second = await startTestServer({ database: server.database });
    try {
      const keys = async (url: string) =>
        ((await (await fetch(`${url}/idp/jwks`)).json()) as { keys: { kid: string; kty: string; d?: string }[] }).keys;
      const [a, b] = [await keys(server.url), await keys(second.url)];
      expect(a).toHaveLength(1);
      expect(a[0]?.kty).toBe('RSA');
      expect(a[0]?.d).toBeUndefined();
      expect(b.map((k) => k.kid)).toEqual(a.map((k) => k.kid));
      const stored = await server.database.prisma.appSecret.count({ where: { name: 'oidc-signing-keys' } });
      expect(stored).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('stores sessions in the database', async () => {
    const member = await createMember(server.database.prisma);
    await loginAs(server.url, member.username, member.password);
    const rows = await server.database.prisma.session.findMany();
    const mine = rows.filter((r) => (r.data as { memberId?: number }).memberId === member.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + HOUR);
  });
});
