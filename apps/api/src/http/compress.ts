import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import compressible from 'compressible';
import compression from 'compression';
import type { Express, RequestHandler, Response } from 'express';

/** The encodings the site sends, best first, with the suffix of the build's pre-compressed copies (`apps/web/build/precompress.ts`). */
export const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The encoding to send, from the request's `Accept-Encoding` and the encodings available:
 * highest q-value first; among equals the server's order (brotli, gzip, then the body as
 * it is). Browsers list `gzip, deflate, br, zstd` with equal weight, so brotli wins there.
 * Returns undefined for the body as it is.
 */
export function chooseEncoding(header: string | undefined, available: readonly string[]): (typeof encodings)[number] | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  // The body as it is is acceptable unless refused explicitly (RFC 9110 §12.5.3).
  const identity = weights.get('identity') ?? (weights.get('*') === 0 ? 0 : 1);
  let best: (typeof encodings)[number] | undefined;
  let bestWeight = 0;
  for (const encoding of encodings) {
    const weight = available.includes(encoding.name) ? weightOf(encoding.name) : 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  // Strictly preferred over the plain body (e.g. `identity;q=1, br;q=0.5` sends the plain body).
  return best && bestWeight >= identity ? best : undefined;
}

/** Smaller answers go out as they are: compressing them gains less than the headers weigh. */
export const MIN_COMPRESSED_BYTES = 1024;
/** Larger answers are compressed on the thread pool, so that the event loop answers others meanwhile. */
const ON_POOL_FROM_BYTES = 64 * 1024;
/** Brotli at quality 4: about gzip's speed with smaller results (3 KB of JSON: 40 µs, 300 bytes). */
const brotliOptions = (size: number): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const gzipOptions: ZlibOptions = { level: 6 };
const brotliOnPool = promisify(brotliCompress);
const gzipOnPool = promisify(gzip);

/**
 * Compresses what the site answers with `res.send` and `res.json` (API JSON, error answers,
 * login pages, calendar files) when it is 1 KB or more, of a type that gains (`compressible`:
 * not PDF, XLSX or images), and the client takes brotli or gzip. Done once on the app's
 * response prototype, as one call of zlib per answer, rather than with the `compression`
 * middleware, which wraps every response and makes a zlib stream per answer: with it a
 * `GET /games/` cost 0.6–0.8 ms of CPU for a browser against 0.04 ms for the compression
 * itself (bench/README.md). Streamed downloads (reports) are not compressible anyway, and the
 * SPA's files come pre-compressed from the build.
 */
export function compressSentBodies(app: Express): void {
  const send = app.response.send;
  app.response.send = function sendCompressed(this: Response, body?: unknown): Response {
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return send.call(this, body);
    // A string of this many characters has at least as many bytes.
    const unchanged = this.req.method === 'HEAD' || this.statusCode === 204 || this.statusCode === 304;
    if (body.length < MIN_COMPRESSED_BYTES || unchanged || this.getHeader('Content-Encoding') !== undefined) {
      return send.call(this, body);
    }
    const type = this.getHeader('Content-Type');
    if (typeof type !== 'string' || !compressible(type)) return send.call(this, body);
    this.vary('Accept-Encoding');
    const encoding = chooseEncoding(this.req.headers['accept-encoding'], ['br', 'gzip'])?.name;
    if (!encoding) return send.call(this, body);
    // res.send names the charset of a string body; a Buffer it sends as it is.
    if (typeof body === 'string' && !/;\s*charset=/i.test(type)) this.set('Content-Type', `${type}; charset=utf-8`);
    const raw = typeof body === 'string' ? Buffer.from(body) : body;
    this.set('Content-Encoding', encoding);
    if (raw.length < ON_POOL_FROM_BYTES) {
      return send.call(this, encoding === 'br' ? brotliCompressSync(raw, brotliOptions(raw.length)) : gzipSync(raw, gzipOptions));
    }
    (encoding === 'br' ? brotliOnPool(raw, brotliOptions(raw.length)) : gzipOnPool(raw, gzipOptions)).then(
      (compressed) => send.call(this, compressed),
      () => {
        this.removeHeader('Content-Encoding');
        send.call(this, raw);
      },
    );
    return this;
  };
}

/**
 * The `compression` middleware (gzip or brotli above 1 KB) for what writes its answers itself
 * rather than through `res.send`: the embedded identity provider's pages.
 */
export function compressAnswers(): RequestHandler {
  return compression({ threshold: MIN_COMPRESSED_BYTES });
}
