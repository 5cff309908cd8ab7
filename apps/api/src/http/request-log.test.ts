import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loggableUrl, requestLog } from './request-log.ts';

describe('loggableUrl', () => {
  it('hides the token of an invitation link and of an e-mail confirmation link', () => {
    expect(loggableUrl('/idp/invitation/abc123DEF')).toBe('/idp/invitation/[verborgen]');
    expect(loggableUrl('/idp/invitation/abc123DEF?x=1')).toBe('/idp/invitation/[verborgen]?x=1');
    expect(loggableUrl('/idp/password/reset/abc123DEF')).toBe('/idp/password/reset/[verborgen]');
    expect(loggableUrl('/account/changeemail?token=s3cr3t')).toBe('/account/changeemail?token=[verborgen]');
  });

  it('hides the code and state of the login callback, and keeps everything else', () => {
    expect(loggableUrl('/oauth/callback?code=xyz&state=abc&iss=http%3A%2F%2Fidp')).toBe(
      '/oauth/callback?code=[verborgen]&state=[verborgen]&iss=http%3A%2F%2Fidp',
    );
    expect(loggableUrl('/api/v1/admin/members/?q=meier&page=2')).toBe('/api/v1/admin/members/?q=meier&page=2');
    expect(loggableUrl('/tickets/games/7')).toBe('/tickets/games/7');
  });
});

describe('the request log', () => {
  function appWithLog() {
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const app = express();
    app.use(requestLog(log, (req) => req.url === '/healthz'));
    app.get('/healthz', (_req, res) => void res.send('ok'));
    app.get('/fails', (req, res) => {
      req.log.error({ err: new Error('kaputt') }, 'something failed');
      res.status(500).end();
    });
    app.use((_req, res) => void res.status(404).end());
    return { app, lines };
  }

  it('writes one line per answer with status and time, without the secrets of the URL', async () => {
    const { app, lines } = appWithLog();
    await request(app).get('/idp/invitation/geheim123');
    await request(app).get('/account/changeemail?token=geheim456');
    await request(app).get('/healthz');
    expect(lines).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toMatch(/geheim/);
    expect(lines[0]).toMatchObject({
      req: { method: 'GET', url: '/idp/invitation/[verborgen]' },
      res: { statusCode: 404 },
      msg: 'request completed',
    });
    expect(typeof lines[0]?.responseTime).toBe('number');
    expect(lines[1]).toMatchObject({ req: { url: '/account/changeemail?token=[verborgen]' } });
  });

  it('binds what a handler logs to the request, with one id for all its lines', async () => {
    const { app, lines } = appWithLog();
    await request(app).get('/fails');
    expect(lines).toHaveLength(2);
    const [failure, completed] = lines as [Record<string, { id?: string; message?: string }>, Record<string, { id?: string }>];
    expect(failure.err?.message).toBe('kaputt');
    expect(failure.req?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(completed.req?.id).toBe(failure.req?.id);
    // The answer's line is the same for a failure: level info, status and time, no second error.
    expect(completed).toMatchObject({ level: 30, res: { statusCode: 500 }, msg: 'request completed' });
    expect(completed.err).toBeUndefined();
  });
});
