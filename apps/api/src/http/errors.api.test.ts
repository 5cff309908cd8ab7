import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAppError } from './to-app-error.ts';
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

const german = /[äöüÄÖÜ]|Bitte|Anfrage|nicht|Adresse|ungültig/;

function expectClientError(res: request.Response, status: number | number[]) {
  const statuses = Array.isArray(status) ? status : [status];
  expect(statuses, `${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  expect(res.body.error.message).toMatch(german);
  expect(JSON.stringify(res.body)).not.toMatch(/\bat .*\.(ts|js|mjs):\d+/);
}

describe('errors a library raises keep their client status', () => {
  it('undecodable path parameters are 400, not 500', async () => {
    for (const path of ['/api/v1/games/%FF', '/api/v1/games/%', '/api/v1/games/%C0%AF']) {
      expectClientError(await request(server.url).get(path), [400, 404]);
    }
    expectClientError(await request(server.url).delete('/api/v1/member/ticketreservations/%FF').set('Cookie', memberCookie), [400, 404]);
    expectClientError(await request(server.url).get('/api/v1/admin/members/%E0%A4%A').set('Cookie', boardCookie), [400, 404]);
  });

  it('a body that is not encoded as it says is 400; an unknown encoding 415', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await request(server.url)
        .post('/api/v1/candidates')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send('{"firstName":"Lea"}');
      expectClientError(res, [400, 415]);
    }
    const unknown = await request(server.url)
      .post('/api/v1/candidates')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'x-nonsense')
      .send('{}');
    expectClientError(unknown, 415);
    const charset = await request(server.url)
      .post('/api/v1/candidates')
      .set('Content-Type', 'application/json; charset=x-klingon')
      .send('{}');
    expectClientError(charset, 415);
  });

  it('a real gzip body still works', async () => {
    const res = await request(server.url)
      .put('/api/v1/member/addresses')
      .set('Cookie', memberCookie)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send(gzipSync(JSON.stringify({ nonsense: true })));
    expect(res.status).toBeLessThan(500);
  });

  it('NUL and lone surrogates never reach the database as a 500', async () => {
    const search = await request(server.url).get('/api/v1/admin/members/?q=%00').set('Cookie', boardCookie);
    expectClientError(search, 400);
    const res = await request(server.url)
      .post('/api/v1/admin/gamegroups/')
      .set('Cookie', boardCookie)
      .set('Content-Type', 'application/json')
      .send('{"name":"\\ud800"}');
    expectClientError(res, [400, 422]);
  });
});

describe('database errors', () => {
  it('input-caused SQLSTATEs become 400/422, unreachable ones 503, the rest stays a fault', () => {
    const pg = (code: string) => Object.assign(new Error('x'), { cause: { kind: 'postgres', originalCode: code } });
    expect(toAppError(pg('22021'))?.status).toBe(400);
    expect(toAppError(pg('22P02'))?.status).toBe(400);
    expect(toAppError(pg('22001'))?.status).toBe(422);
    expect(toAppError(pg('22003'))?.status).toBe(422);
    expect(toAppError(new Error('Raw query failed. Code: `22P05`. Message: `unsupported Unicode escape sequence`'))?.status).toBe(400);
    for (const e of [
      new Error("Can't reach database server at `127.0.0.1:5432`"),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      pg('57P01'),
      pg('57P03'),
      pg('08006'),
      Object.assign(new Error('x'), { cause: { kind: 'DatabaseNotReachable' } }),
    ]) {
      expect(toAppError(e)?.status, e.message).toBe(503);
      expect(toAppError(e)?.code).toBe('UNAVAILABLE');
    }
    expect(toAppError(pg('55P03'))?.code).toBe('BUSY');
    expect(toAppError(new TypeError('x is undefined'))).toBeNull();
    expect(toAppError(pg('42P01'))).toBeNull();
  });

  it('a unique violation is 409 only for a constraint a valid request can run into, named by the database', () => {
    const message = (name: string) => `duplicate key value violates unique constraint "${name}"`;
    // PostgreSQL's driver, Prisma over PostgreSQL (the index), Prisma over PGlite (only the message names it).
    const shapes = (name: string) => [
      Object.assign(new Error(message(name)), { code: '23505', constraint: name }),
      Object.assign(new Error('x'), {
        code: 'P2002',
        meta: { driverAdapterError: { cause: { kind: 'UniqueConstraintViolation', constraint: { index: name } } } },
      }),
      Object.assign(new Error('x'), {
        code: 'P2002',
        meta: {
          driverAdapterError: {
            cause: {
              kind: 'UniqueConstraintViolation',
              originalCode: '23505',
              originalMessage: message(name),
              constraint: { fields: ['name'] },
            },
          },
        },
      }),
    ];
    for (const e of shapes('seasons_name_key')) {
      expect(toAppError(e)).toMatchObject({ status: 409, code: 'ALREADY_EXISTS', message: 'Diese Saison gibt es bereits.' });
    }
    for (const e of [
      ...shapes('invoices_number_key'),
      ...shapes('login_invitations_tokenHash_key'),
      Object.assign(new Error('x'), { code: '23505' }),
    ]) {
      expect(toAppError(e), e.message).toBeNull();
    }
  });
});
