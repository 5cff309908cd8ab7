import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compressAnswers } from './compress.ts';
import { spa } from './spa.ts';

/** The body as bytes whatever its type (superagent has undone the Content-Encoding). */
function raw(req: request.Test): request.Test {
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/** How many bytes the body has on the wire (superagent would undo the encoding). */
async function bytesOnTheWire(app: express.Express, url: string, acceptEncoding: string): Promise<number> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<number>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: url, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let length = 0;
        res.on('data', (chunk: Buffer) => (length += chunk.length));
        res.on('end', () => resolve(length));
      }).on('error', reject);
    });
  } finally {
    server.close();
  }
}

/** The body as sent before encoding (superagent undoes gzip and brotli itself: its decoding is checked here). */
function decoded(res: request.Response): string {
  return (res.body as Buffer).toString();
}

let dist: string;
const script = `export const greeting = ${JSON.stringify('Hopp ZSC! '.repeat(300))};\n`;
const html = `<!doctype html><html lang="de"><head><title>Fanclub</title></head><body>${'<p>Willkommen</p>'.repeat(100)}</body></html>`;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'spa-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'logos'));
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(dist, 'assets/small-abc123.js'), 'export {};\n');
  writeFileSync(path.join(dist, 'assets/uncopied-abc123.js'), script);
  writeFileSync(path.join(dist, 'index.html'), html);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(html));
  writeFileSync(path.join(dist, 'logos/ZSC.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function site() {
  const app = express();
  app.use(compressAnswers());
  app.use(spa(dist));
  return app;
}

describe('choosing the encoding', () => {
  it('prefers brotli among equals, honours q-values and refusals', () => {
    const both = ['br', 'gzip'];
    expect(chooseEncoding('gzip, deflate, br, zstd', both)?.name).toBe('br');
    expect(chooseEncoding('gzip, deflate', both)?.name).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip', both)?.name).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0', both)).toBeUndefined();
    expect(chooseEncoding('identity;q=1, br;q=0.5', both)).toBeUndefined();
    expect(chooseEncoding('*', ['gzip'])?.name).toBe('gzip');
    expect(chooseEncoding(undefined, both)).toBeUndefined();
    expect(chooseEncoding('gzip', ['br'])).toBeUndefined();
  });
});

describe('pre-compressed assets', () => {
  it('sends brotli to a browser that accepts it, with the original type, Vary and immutable caching', async () => {
    const res = await raw(request(site()).get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip, deflate, br, zstd'));
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(res)).toBe(script);
  });

  it('sends gzip when brotli is not accepted, or refused with q=0', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await raw(request(site()).get('/assets/index-abc123.js').set('Accept-Encoding', accept));
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(decoded(res)).toBe(script);
    }
  });

  it('honours the client’s preference by q-value', async () => {
    const res = await raw(request(site()).get('/assets/index-abc123.js').set('Accept-Encoding', 'br;q=0.5, gzip;q=1'));
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the file as it is without Accept-Encoding, still with Vary', async () => {
    const res = await raw(request(site()).get('/assets/index-abc123.js').set('Accept-Encoding', 'identity'));
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect((res.body as Buffer).toString()).toBe(script);
  });

  it('answers HEAD with the negotiated headers', async () => {
    const res = await request(site()).head('/assets/index-abc123.js').set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('leaves small files without copies alone, and unknown assets are 404', async () => {
    const small = await raw(request(site()).get('/assets/small-abc123.js').set('Accept-Encoding', 'br'));
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect((await request(site()).get('/assets/missing-abc123.js').set('Accept-Encoding', 'br')).status).toBe(404);
    expect((await request(site()).get('/assets/..%2findex.html').set('Accept-Encoding', 'br')).status).not.toBe(200);
  });
});

describe('a file of the build without copies', () => {
  it('is compressed on the fly with the encoding the one negotiation chose', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
    ]) {
      const res = await raw(request(site()).get('/assets/uncopied-abc123.js').set('Accept-Encoding', accept!));
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(res)).toBe(script);
    }
  });
});

describe('index.html', () => {
  it('is sent pre-compressed for every SPA path, no-cache with a validator', async () => {
    for (const url of ['/', '/tickets', '/tickets/games/12']) {
      const res = await raw(request(site()).get(url).set('Accept', 'text/html').set('Accept-Encoding', 'gzip, br'));
      expect(res.status, url).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['last-modified'] ?? res.headers.etag).toBeTruthy();
      expect(decoded(res)).toBe(html);
    }
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await request(site()).get('/tickets').set('Accept', 'text/html').set('Accept-Encoding', 'gzip');
    const validator = first.headers.etag
      ? { 'If-None-Match': first.headers.etag }
      : { 'If-Modified-Since': first.headers['last-modified'] as string };
    const again = await request(site()).get('/tickets').set('Accept', 'text/html').set('Accept-Encoding', 'gzip').set(validator);
    expect(again.status).toBe(304);
  });
});

describe('answers made on the fly', () => {
  const big = { data: Array.from({ length: 100 }, (_, id) => ({ data: { id, opponent: 'HCD', venue: 'Swiss Life Arena' } })) };
  // Large enough to be compressed in several chunks.
  const huge = { data: Array.from({ length: 3000 }, (_, id) => ({ data: { id, lastName: `Müller ${id}`, town: 'Zürich' } })) };
  const page = `<!doctype html><html lang="de"><body>${'<p>Anmelden</p>'.repeat(200)}</body></html>`;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20_000, 'x')]);
  function api() {
    const app = express();
    app.use(compressAnswers());
    app.get('/big', (_req, res) => res.json(big));
    app.get('/huge', (_req, res) => res.json(huge));
    app.get('/page', (_req, res) => res.type('html').send(page));
    app.get('/small', (_req, res) => res.json({ data: { id: 1 } }));
    app.get('/file.pdf', (_req, res) => res.type('application/pdf').send(pdf));
    app.get('/file.xlsx', (_req, res) => {
      res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      // Streamed in parts, as a streaming writer does.
      res.write(pdf.subarray(0, 10_000));
      setTimeout(() => res.end(pdf.subarray(10_000)), 5);
    });
    return app;
  }

  it('compresses JSON above 1 KB with brotli or gzip, keeping its type and naming Vary', async () => {
    for (const [accept, encoding] of [
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
    ]) {
      for (const [url, body] of [
        ['/big', big],
        ['/huge', huge],
      ] as const) {
        const res = await raw(request(api()).get(url).set('Accept-Encoding', accept!));
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers.vary).toMatch(/Accept-Encoding/i);
        expect(await bytesOnTheWire(api(), url, accept!)).toBeLessThan(JSON.stringify(body).length / 3);
        expect(JSON.parse(decoded(res))).toEqual(body);
      }
    }
  });

  it('compresses pages sent as text', async () => {
    const res = await raw(request(api()).get('/page').set('Accept-Encoding', 'br'));
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(decoded(res)).toBe(page);
  });

  it('sends the body as it is to a client without Accept-Encoding, and answers HEAD without compressing', async () => {
    const plain = await raw(request(api()).get('/big').set('Accept-Encoding', 'identity'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse((plain.body as Buffer).toString())).toEqual(big);
    const head = await request(api()).head('/big').set('Accept-Encoding', 'br');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(big)));
  });

  it('leaves small answers, PDF and XLSX downloads as they are', async () => {
    const small = await raw(request(api()).get('/small').set('Accept-Encoding', 'gzip, br'));
    expect(small.headers['content-encoding']).toBeUndefined();
    for (const url of ['/file.pdf', '/file.xlsx']) {
      const res = await raw(request(api()).get(url).set('Accept-Encoding', 'gzip, br'));
      expect(res.status, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect((res.body as Buffer).equals(pdf), url).toBe(true);
    }
  });
});
