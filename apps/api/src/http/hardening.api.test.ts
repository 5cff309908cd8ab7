import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATIONS_PER_HOUR } from '../features/candidates/candidates.router.ts';
import { validApplication } from '../features/candidates/candidates.test-data.ts';
import { createInvitation } from '../features/idp/invitations.ts';
import { CONFIRMATIONS_FAILED_PER_QUARTER_HOUR } from '../features/account/account.router.ts';
import { createMember, unique } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { loginAs } from '../test/login.ts';

let server: TestServer;

beforeAll(async () => {
  // TRUST_PROXY=1: each test names its client address in X-Forwarded-For.
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await server?.close();
});

describe('logout', () => {
  it('is refused when the browser says the request comes from another site, and the session stays', async () => {
    const member = await createMember(server.database.prisma);
    const { cookie } = await loginAs(server.url, member.username, member.password);
    for (const site of ['cross-site', 'same-site']) {
      const res = await request(server.url).get('/oauth/logout').set('Cookie', cookie).set('Sec-Fetch-Site', site);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('CSRF_REJECTED');
      expect((await request(server.url).get('/api/v1/member/').set('Cookie', cookie)).status).toBe(200);
    }
    const own = await request(server.url).get('/oauth/logout').set('Cookie', cookie).set('Sec-Fetch-Site', 'same-origin');
    expect(own.status).toBe(204);
    expect((await request(server.url).get('/api/v1/member/').set('Cookie', cookie)).status).toBe(401);
  });
});

describe('headers and bodies', () => {
  it('sends a Permissions-Policy on pages and API answers', async () => {
    for (const path of ['/api/v1/site', '/tickets', '/oauth/login']) {
      const res = await request(server.url).get(path).set('Accept', 'text/html');
      expect(res.headers['permissions-policy'], path).toMatch(/camera=\(self\).*geolocation=\(\)/);
    }
  });

  it('refuses multipart and XML bodies except on a route that declared them', async () => {
    const multipart = await request(server.url).post('/api/v1/candidates').field('firstName', 'Lea');
    expect(multipart.status).toBe(415);
    const xml = await request(server.url).post('/api/v1/candidates').set('Content-Type', 'application/xml').send('<a/>');
    expect(xml.status).toBe(415);
    // An unknown path with such a body: 415 as well, before the 404.
    const unknown = await request(server.url).post('/api/v1/gibt-es-nicht').field('a', 'b');
    expect(unknown.status).toBe(415);
    // The newsletter upload declares multipart/form-data (acceptBodyTypes in its chain).
    const board = await createMember(server.database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    const { cookie } = await loginAs(server.url, board.username, board.password);
    const declared = await request(server.url).post('/api/v1/admin/newsletters').set('Cookie', cookie).field('a', 'b');
    expect(declared.status).toBe(400); // through to the route, which finds no file in the form
    const other = await request(server.url)
      .post('/api/v1/admin/newsletters')
      .set('Cookie', cookie)
      .set('Content-Type', 'application/xml')
      .send('<a/>');
    expect(other.status).toBe(415);
    const crossSite = await request(server.url)
      .post('/api/v1/admin/newsletters')
      .set('Cookie', cookie)
      .set('Sec-Fetch-Site', 'cross-site')
      .field('a', 'b');
    expect(crossSite.status).toBe(403);
  });
});

describe('passwords at the invitation', () => {
  it('refuses common and guessable passwords with a German reason', async () => {
    const username = unique('neu');
    const member = await server.database.prisma.member.create({
      data: { username, firstName: 'Nora', lastName: 'Neu', email: `${username}@example.ch`, roles: { create: { role: 'MEMBER' } } },
    });
    const { token } = await createInvitation(server.database.prisma, member.id, new Date());
    for (const password of ['1234567890', 'passwort123', 'qwertzuiop', `${username}1`]) {
      const res = await fetch(`${server.url}/idp/invitation/${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: new URLSearchParams({ password, confirmation: password }).toString(),
      });
      expect(res.status, password).toBe(422);
      expect(await res.text()).toContain('zu leicht zu erraten');
    }
    const good = await fetch(`${server.url}/idp/invitation/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ password: 'Limmat-Puck-Abend-7', confirmation: 'Limmat-Puck-Abend-7' }).toString(),
      redirect: 'manual',
    });
    // Saved: on to the login, which the new password's browser passes without typing it.
    expect(good.status).toBe(303);
  });
});

describe('rate limits', () => {
  it('the e-mail confirmation link cannot be guessed at speed', async () => {
    const post = (token: string) =>
      request(server.url)
        .post('/api/v1/member/email/confirm')
        .set('X-Forwarded-For', '198.51.100.77')
        .set('Content-Type', 'application/json')
        .send({ token });
    for (let i = 0; i < CONFIRMATIONS_FAILED_PER_QUARTER_HOUR; i++)
      expect((await post(`geraten${'x'.repeat(20)}${i}`)).status).toBeLessThan(429);
    const limited = await post(`geraten${'x'.repeat(30)}`);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/Bitte warten Sie/);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('the public form counts an IPv6 client by its /64 network', async () => {
    const apply = (ip: string) =>
      request(server.url)
        .post('/api/v1/candidates')
        .set('X-Forwarded-For', ip)
        .set('Content-Type', 'application/json')
        .send(validApplication());
    for (let i = 1; i <= APPLICATIONS_PER_HOUR; i++) expect((await apply(`2001:db8:1:1::${i.toString(16)}`)).status).toBe(201);
    expect((await apply('2001:db8:1:1:ffff:ffff:ffff:fffe')).status).toBe(429);
    expect((await apply('2001:db8:1:2::1')).status).toBe(201);
  });
});
