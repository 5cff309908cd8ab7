import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from '../lib/logger.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own extension point
  namespace Express {
    interface Request {
      /** The site's logger bound to this request (its id, method and URL). */
      log: Logger;
    }
  }
}

const HIDDEN = '[verborgen]';
/** Query parameters that carry secrets: mail links (token), the login's code and state. */
const SECRET_PARAMS = /([?&](?:token|code|state)=)[^&#]*/gi;
/** Path segments that are secrets: the invitation and password-reset links. */
const SECRET_SEGMENTS = /(\/(?:invitation|reset)\/)[^/?#]+/i;

/** The URL as it may stand in a log: tokens of links and the login's code replaced. */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_SEGMENTS, `$1${HIDDEN}`).replace(SECRET_PARAMS, `$1${HIDDEN}`);
}

/**
 * Request logging: `req.log` is the logger bound to the request (an id, method and URL),
 * made the first time something logs, and each answer gets one line at level info
 * (status and time) unless `ignore` says otherwise. No headers are logged, so no cookies, and
 * the tokens of mail links and the login's code are replaced in the URL (loggableUrl).
 *
 * Written here rather than taken from pino-http, which builds and serialises a child logger
 * for every request up front; most requests never log anything, and during a ticket sale
 * that work was a measurable part of answering (bench/README.md).
 */
export function requestLog(log: Logger, ignore: (req: Request) => boolean): RequestHandler {
  return (req, res, next) => {
    let bound: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (bound ??= log.child({ req: { id: randomUUID(), method: req.method, url: loggableUrl(req.originalUrl) } })),
    });
    if (log.isLevelEnabled('info') && !ignore(req)) {
      const started = performance.now();
      res.once('finish', () => {
        req.log.info({ res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) }, 'request completed');
      });
    }
    next();
  };
}
