import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { AppError } from '../lib/app-error.ts';

/** Browser features switched off for the site's pages and any content in them; the camera only for the site itself (the hand-over's card scanner). */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(self), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), serial=(), usb=(), browsing-topics=()';

/** The Permissions-Policy on every answer (helmet does not set it). */
const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  next();
};

/** Helmet's headers and the Permissions-Policy on every answer: `app.use(securityHeaders(secure))`. */
export function securityHeaders(secure: boolean): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // 'wasm-unsafe-eval' compiles WebAssembly only (the hand-over's QR reader where the browser has no BarcodeDetector); no eval.
          'script-src': ["'self'", "'wasm-unsafe-eval'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          // The login form posts to the identity provider, which may be elsewhere.
          'form-action': null,
          'upgrade-insecure-requests': secure ? [] : null,
        },
      },
      strictTransportSecurity: secure,
    }),
    permissionsPolicy,
  ];
}

/** Members' data stays out of browser and proxy caches (a shared computer, a company proxy). */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Lets one route take bodies of other media types than JSON (an upload as `multipart/form-data`, a
 * bank file as `application/xml`): a middleware in the route's own chain, before the handler,
 * e.g. `router.post('/admin/newsletters', acceptBodyTypes('multipart/form-data'), …)`. Every other
 * route still refuses them with 415 (`refuseOtherBodies`). The origin checks stay the same.
 */
export function acceptBodyTypes(...types: string[]): RequestHandler {
  return (_req, res, next) => {
    res.locals.bodyTypes = types;
    next();
  };
}

/**
 * 415 for a body that is neither JSON nor of a type its route declared with `acceptBodyTypes`.
 * Called by every route's handler (`handle()`) and by the API's 404, so no route takes another
 * body unasked and an unknown path with one is 415 as before.
 */
export function refuseOtherBodies(req: Request, res: Response): void {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (!hasBody || req.is('application/json')) return;
  const declared = res.locals.bodyTypes as string[] | undefined;
  if (declared && req.is(declared)) return;
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Bitte senden Sie die Daten als JSON.');
}

/**
 * CSRF: state-changing calls come from our own origin (and carry JSON: `refuseOtherBodies`).
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
    next();
  };
}
