import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { errorHandler } from './error-handler.ts';
import { DiskFullWatch } from '../lib/disk-full.ts';
import { requestLog } from './request-log.ts';
import { spa } from './spa.ts';

function site() {
  const dist = mkdtempSync(path.join(tmpdir(), 'club-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  const app = express();
  app.use(requestLog(createLogger('silent'), () => true));
  app.use(spa(dist));
  app.use(errorHandler(new DiskFullWatch()));
  return app;
}

describe('static files', () => {
  const app = site();

  it('serves assets for a year and pages as the app', async () => {
    const asset = await request(app).get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await request(app).get('/tickets/games/7').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
  });

  it('a missing asset is a 404 that no cache keeps, never the app and never a 500', async () => {
    for (const url of ['/assets/app-old999.js', '/assets/', '/assets/sub/dir/x.css', '/favicon.png', '/robots.txt']) {
      for (const accept of ['text/html', '*/*', 'application/javascript']) {
        const res = await request(app).get(url).set('Accept', accept);
        expect(res.status, `${url} ${accept}`).toBe(404);
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.text).not.toContain('<div id="root">');
      }
    }
  });

  it('sends index.html for every page of the app (the router in the browser picks the screen), pre-compressed when asked', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'club-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync('<!doctype html><title>app</title>'));
    const app = express();
    app.use(spa(dist));
    const title = async (url: string, encoding = 'identity') => {
      const res = await request(app).get(url).set('Accept', 'text/html').set('Accept-Encoding', encoding);
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      return /<title>(\w+)<\/title>/.exec(res.text)?.[1];
    };
    for (const url of ['/tickets', '/tickets/', '/tickets/games/7', '/tickets/games/7/more', '/', '/gibt-es-nicht', '/ticketsx']) {
      expect(await title(url), url).toBe('app');
    }
    expect(await title('/tickets/games/7', 'br')).toBe('app');
  });

  it('a path that tries to leave the directory is 400 or 404', async () => {
    for (const url of [
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/assets/..\\..\\package.json',
      '/assets/%00',
      '/assets/%FF',
      '/%C0%AF',
      '/assets/%',
    ]) {
      const res = await request(app).get(url);
      expect([400, 404], `${url}: ${res.status}`).toContain(res.status);
      expect(res.text).not.toContain('"name"');
    }
  });
});
