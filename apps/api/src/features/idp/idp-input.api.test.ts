import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { openLoginPage, submitLogin } from '../../test/login.ts';

/** What a client sends the embedded provider is checked before it reaches the database. */
describe('identity provider input', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a NUL or control character in the login form is 400, not 500', async () => {
    for (const username of ['a\u0000b', 'vorstand\u0007']) {
      const login = await openLoginPage(server.url);
      const answer = await submitLogin(login, username, 'irgendwas');
      expect(answer.response.status, username).toBe(400);
      expect(answer.body).toContain('ungültige Zeichen');
    }
  });

  it('a NUL in client_id, state or other query parameters of /idp/auth is 400', async () => {
    for (const query of ['client_id=%00', 'client_id=club-site&response_type=code&scope=openid&state=%00', 'client_id=a%01b']) {
      const res = await fetch(`${server.url}/idp/auth?${query}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
      expect(res.status, query).toBe(400);
    }
  });

  it('a NUL in the token request is a client error, not 500', async () => {
    for (const body of [
      'client_id=%00&grant_type=authorization_code&code=x',
      'grant_type=authorization_code&code=%00&redirect_uri=x',
      `client_id=${'x'.repeat(5000)}&grant_type=authorization_code&code=x`,
    ]) {
      const res = await fetch(`${server.url}/idp/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(res.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status, body.slice(0, 40)).toBeLessThan(500);
    }
  });

  it('a lone surrogate or NUL in what the provider stores (state, nonce) is refused', async () => {
    const login = await openLoginPage(server.url);
    expect(login.page.response.status).toBe(200);
    const url = new URL(`${server.url}/idp/auth`);
    url.search = new URLSearchParams({
      client_id: 'club-site',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${server.url}/oauth/callback`,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      state: 'a\ud800b',
    }).toString();
    const res = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(res.status).toBeLessThan(500);
  });

  it('undecodable interaction ids are 400', async () => {
    const res = await fetch(`${server.url}/idp/interaction/%FF`, { headers: { accept: 'text/html' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
