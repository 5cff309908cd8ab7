import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { loginAs } from '../test/login.ts';

let server: TestServer;
let memberCookie: string;
let boardCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  const member = await createMember(server.database.prisma);
  const board = await createMember(server.database.prisma, { roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
  memberCookie = (await loginAs(server.url, member.username, member.password)).cookie;
  boardCookie = (await loginAs(server.url, board.username, board.password)).cookie;
});
afterAll(async () => {
  await server?.close();
});

/** A concrete URL for a route pattern: every parameter becomes 1. */
function concrete(path: string): string {
  return `/api/v1${path.replace(/:[A-Za-z]+/g, '1')}`;
}

describe('every admin route', () => {
  it('exists at all (the walk is not empty)', () => {
    const admin = server.apiRoutes.filter((r) => r.path.startsWith('/admin'));
    expect(admin.length).toBeGreaterThan(5);
  });

  it('answers a visitor with 401 and a member with 403, whatever the method', async () => {
    const admin = server.apiRoutes.filter((r) => r.path.startsWith('/admin'));
    for (const route of admin) {
      const url = concrete(route.path);
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
      const agent = request(server.url);
      const visitor = await agent[method](url)
        .set('Content-Type', 'application/json')
        .send(method === 'get' ? undefined : {});
      expect(visitor.status, `${route.method} ${url} as visitor`).toBe(401);
      expect(visitor.body.error.code).toBe('NOT_LOGGED_IN');
      const member = await agent[method](url)
        .set('Cookie', memberCookie)
        .set('Content-Type', 'application/json')
        .send(method === 'get' ? undefined : {});
      expect(member.status, `${route.method} ${url} as member`).toBe(403);
      expect(member.body.error.code).toBe('FORBIDDEN');
    }
  });

  it('lets a board member through the guard', async () => {
    const res = await request(server.url).get('/api/v1/admin/no-such-thing').set('Cookie', boardCookie);
    expect(res.status).toBe(404);
  });
});

describe('HTTP basics', () => {
  it('keeps API answers out of every cache: no-store, no ETag', async () => {
    for (const res of [
      await request(server.url).get('/api/v1/member/').set('Cookie', memberCookie),
      await request(server.url).get('/api/v1/games/'),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('/healthz checks the database', async () => {
    const res = await request(server.url).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('unknown API paths give 404 in the error envelope', async () => {
    for (const path of ['/api/v1/nope', '/api/nope', '/api/v2/member/']) {
      const res = await request(server.url).get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      expect(res.body.error.message).toMatch(/gibt es nicht/);
    }
  });

  it('malformed JSON gives 400 with a German message, never a 500', async () => {
    const res = await request(server.url)
      .post('/api/v1/member/addresses')
      .set('Cookie', memberCookie)
      .set('Content-Type', 'application/json')
      .send('{"street": ');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('MALFORMED_JSON');
  });

  it('a state-changing call from another site is refused', async () => {
    const res = await request(server.url)
      .post('/api/v1/member/addresses')
      .set('Cookie', memberCookie)
      .set('Origin', 'https://evil.example')
      .set('Content-Type', 'application/json')
      .send({});
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('CSRF_REJECTED');
  });

  it('a body that is not JSON is refused with 415', async () => {
    const res = await request(server.url)
      .post('/api/v1/member/addresses')
      .set('Cookie', memberCookie)
      .set('Content-Type', 'text/plain')
      .send('street=x');
    expect(res.status).toBe(415);
  });

  it('a reload of a deep link gives the app (or the not-built notice), not a 404', async () => {
    const res = await request(server.url).get('/tickets/games/7').set('Accept', 'text/html');
    expect([200, 503]).toContain(res.status);
    expect(res.status === 200 ? res.text : '').toSatisfy((t: string) => t === '' || t.includes('<div id="root">'));
  });

  it('tells the site the club’s name, address and e-mail (Impressum)', async () => {
    const res = await request(server.url).get('/api/v1/site');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      clubName: expect.any(String),
      clubAddress: expect.any(String),
      clubEmail: 'vorstand@fanclub-limmat.ch',
    });
  });

  it('sends security headers', async () => {
    const res = await request(server.url).get('/api/v1/site');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('own data', () => {
  it('a visitor gets 401', async () => {
    const res = await request(server.url).get('/api/v1/member/?expands=*');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Bitte melden Sie sich an.');
  });

  it('a member gets every field of "own data" and the expands asked for, with or without the trailing slash', async () => {
    const res = await request(server.url).get('/api/v1/member/?expands=*').set('Cookie', memberCookie);
    expect(res.status).toBe(200);
    const data = res.body.data;
    for (const key of [
      'id',
      'username',
      'firstName',
      'lastName',
      'email',
      'dob',
      'address',
      'landLine',
      'mobile',
      'memberships',
      'ticketReservations',
      'invoices',
      'roles',
    ]) {
      expect(data, key).toHaveProperty(key);
    }
    expect(data.roles).toEqual(['MEMBER']);
    expect(data.address.current).toBe(true);
    expect(data.mobile).toBe('+41 79 123 45 67');
    expect(res.body.expands.map((e: { name: string }) => e.name).sort()).toEqual([
      'addresses',
      'invoices',
      'memberships',
      'phones',
      'ticketreservations',
    ]);
    const plain = await request(server.url).get('/api/v1/member').set('Cookie', memberCookie);
    expect(plain.status).toBe(200);
    expect(plain.body.expands).toBeUndefined();
  });
});
