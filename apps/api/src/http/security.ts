import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { AppError } from '../lib/app-error.ts';

export function securityHeaders(secure: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        // The login form posts to the identity provider, which may be elsewhere.
        'form-action': null,
        'upgrade-insecure-requests': secure ? [] : null,
      },
    },
    strictTransportSecurity: secure,
  });
}

/** Members' data stays out of browser and proxy caches (a shared computer, a company proxy). */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The one call whose body is not JSON: the bank's camt.054 file, sent as it is (DESIGN.md §8). */
const XML_BODY_PATHS = new Set(['/admin/payments/camt054']);

/**
 * CSRF (DESIGN.md §5): state-changing calls carry JSON and come from our own origin.
 * Cookies are SameSite=Lax as a second line.
 */
export function csrfGuard(publicUrl: string): RequestHandler {
  const ownOrigin = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (SAFE.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') {
      throw new AppError('CSRF_REJECTED', 'Die Anfrage stammt nicht von dieser Website.');
    }
    const origin = req.get('origin');
    if (origin && origin !== ownOrigin && origin !== `${req.protocol}://${req.get('host')}`) {
      throw new AppError('CSRF_REJECTED', 'Die Anfrage stammt nicht von dieser Website.');
    }
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    const xmlAllowed = req.method === 'POST' && XML_BODY_PATHS.has(req.path.replace(/\/+$/, '')) && req.is('application/xml');
    if (hasBody && !req.is('application/json') && !req.is('multipart/form-data') && !xmlAllowed) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Bitte senden Sie die Daten als JSON.');
    }
    next();
  };
}
