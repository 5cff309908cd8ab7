import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * Compresses answers made on the fly (API JSON, login pages) above 1 KB, gzip or brotli by
 * the request's Accept-Encoding. The default filter compresses only types that gain
 * (`compressible`): PDF, XLSX, ZIP and images go out as they are, streamed unchanged.
 * Pre-compressed files of the SPA already carry their Content-Encoding and are left alone.
 */
export function compressAnswers(): RequestHandler {
  return compression({ threshold: 1024 });
}
