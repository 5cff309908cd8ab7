import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../lib/logger.ts';

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
 * Request logging with pino-http: `req.log` is the logger bound to the request (an id, method
 * and URL), and each answer gets one line at level info (status and time), unless `ignore`
 * says otherwise; failures are logged by the error handler, so an answer's line is the same
 * whatever its status. No headers are logged, so no cookies, and the tokens of mail links and
 * the login's code are replaced in the URL (loggableUrl).
 */
export function requestLog(log: Logger, ignore: (req: Request) => boolean): RequestHandler {
  return pinoHttp<Request, Response>({
    logger: log,
    genReqId: () => randomUUID(),
    serializers: {
      // pino-http hands on its standard serialisation of the request (`url` is the original URL).
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: () => 'info',
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request completed',
    customErrorObject: (_req, _res, _error, line: { res: unknown; responseTime: number }) => ({
      res: line.res,
      responseTime: line.responseTime,
    }),
    autoLogging: { ignore },
  });
}
