import compression from 'compression';
import type { RequestHandler } from 'express';
import Negotiator from 'negotiator';

/** The encodings the site sends; among encodings the client weighs alike, brotli first, as the `compression` middleware prefers. */
const encodings = [{ name: 'br' }, { name: 'gzip' }] as const;
const PREFERRED = encodings.map((e) => e.name);

/**
 * The site's one choice of encoding for the build's pre-compressed files, negotiated by negotiator
 * (the library the `compression` middleware negotiates with for answers made on the fly): highest
 * q-value first, among equals brotli before gzip before the body as it is. Browsers list
 * `gzip, deflate, br, zstd` with equal weight, so brotli wins there. Returns undefined for the body
 * as it is.
 */
export function chooseEncoding(
  header: string | undefined,
  available: readonly string[] = PREFERRED,
): (typeof encodings)[number] | undefined {
  if (!header) return undefined;
  const name = new Negotiator({ headers: { 'accept-encoding': header } }).encoding([...available, 'identity'], { preferred: PREFERRED });
  return encodings.find((e) => e.name === name);
}

/** Smaller answers go out as they are: compressing them gains less than the headers weigh. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The `compression` middleware for everything the site makes on the fly (API JSON, error
 * answers, login and provider pages, calendar files): brotli (quality 4) or gzip from 1 KB, for
 * types that gain (`compressible`: not PDF, XLSX or images). An answer that already carries a
 * `Content-Encoding` (the build's pre-compressed files) passes as it is.
 */
export function compressAnswers(): RequestHandler {
  return compression({ threshold: MIN_COMPRESSED_BYTES });
}
