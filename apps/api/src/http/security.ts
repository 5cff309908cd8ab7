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

/**
 * The only calls that may carry a multipart form (a file upload), as paths below /api/v1.
 * Every other call refuses it: a form that another site submits needs no preflight.
 */
const MULTIPART_ROUTES = [/^\/admin\/newsletters\/?$/];

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
    const upload = req.method === 'POST' && MULTIPART_ROUTES.some((route) => route.test(req.path));
    if (hasBody && !req.is('application/json') && !(upload && req.is('multipart/form-data'))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Bitte senden Sie die Daten als JSON.');
    }
    next();
  };
}
