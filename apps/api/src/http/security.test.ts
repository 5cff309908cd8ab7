import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, securityHeaders } from './security.ts';

function appWith(secure: boolean) {
  const app = express();
  app.use(securityHeaders(secure));
  app.get('/', (_req, res) => void res.json({ data: null }));
  return app;
}

describe('security headers', () => {
  it('sends on every answer what helmet sends, with the Permissions-Policy', async () => {
    const res = await request(appWith(false)).get('/');
    // Helmet's defaults, run per request, for comparison.
    const plain = express();
    plain.use(helmet());
    plain.get('/', (_req, r) => void r.json({ data: null }));
    const reference = await request(plain).get('/');
    for (const name of [
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'x-dns-prefetch-control',
    ]) {
      expect(res.headers[name], name).toBe(reference.headers[name]);
    }
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests behind https', async () => {
    const res = await request(appWith(true)).get('/');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
