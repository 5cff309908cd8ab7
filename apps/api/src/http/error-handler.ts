import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorBody } from '@club/contract';
import type { DiskFullWatch } from '../lib/disk-full.ts';
import { isMalformedIssue } from '@club/contract';
import { InputError } from './validate.ts';
import { refuseOtherBodies } from './security.ts';
import { toAppError } from './to-app-error.ts';

function body(code: string, message: string, fields?: Record<string, string>, details?: unknown): ErrorBody {
  return {
    error: {
      code,
      message,
      ...(fields && Object.keys(fields).length ? { fields } : {}),
      ...(details === undefined ? {} : { details }),
    },
  };
}

/** Seconds a client waits before it tries again: a restarting database is back soon, a full disk not. */
const RETRY_AFTER_503: Record<string, string> = { UNAVAILABLE: '5', DISK_FULL: '60' };

/** Unknown /api paths: 404 in the error envelope. */
export const apiNotFound: RequestHandler = (req, res) => {
  refuseOtherBodies(req, res);
  res.status(404).json(body('NOT_FOUND', 'Diese Adresse gibt es nicht.'));
};

/**
 * The one error handler (docs/domain-rules.md «API conventions»): every error becomes an answer in the error
 * envelope. What a client caused keeps a client status (toAppError); the database being
 * away or busy is 503 with Retry-After; only a real fault is a 500, logged once with its stack.
 */
export const errorHandler =
  (diskFull: DiskFullWatch): ErrorRequestHandler =>
  (err, req, res, _next) => {
    if (res.headersSent) {
      // E.g. the session could not be saved after the answer was written (express-session hands
      // that error on once the answer is on its way): the answer stands, the connection stays.
      if (toAppError(err)?.code === 'DISK_FULL') diskFull.note(req.log, err);
      else req.log.warn({ err: describe(err) }, 'error after the answer started');
      if (!res.writableEnded) res.end();
      return;
    }
    if (err instanceof InputError) {
      const fields: Record<string, string> = {};
      for (const issue of err.issues) {
        const key = issue.path.length ? issue.path.join('.') : err.part === 'body' ? '_' : err.part;
        fields[key] ??= issue.message;
      }
      // Wrong shape (missing field, wrong type) is malformed (400), and so is a line break in a
      // header-bound text (the contract marks it: MALFORMED_ISSUE); right shape with a value
      // outside the rules is 422. Path and query problems are always 400.
      const malformed =
        err.part !== 'body' || err.issues.some((i) => i.code === 'invalid_type' || i.code === 'unrecognized_keys' || isMalformedIssue(i));
      const message = malformed ? 'Die Anfrage ist unvollständig oder falsch aufgebaut.' : 'Bitte prüfen Sie die markierten Angaben.';
      res.status(malformed ? 400 : 422).json(body(malformed ? 'BAD_REQUEST' : 'VALIDATION_FAILED', message, fields));
      return;
    }
    const known = toAppError(err);
    if (!known) {
      req.log.error({ err }, 'unhandled error');
      res.status(500).json(body('INTERNAL', 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später noch einmal.'));
      return;
    }
    if (known.code === 'DISK_FULL') diskFull.note(req.log, err);
    else if (known.code === 'UNAVAILABLE') req.log.warn({ err: describe(err) }, 'database unavailable');
    else if (known !== err && known.status >= 500) req.log.warn({ err: describe(err) }, 'database busy');
    if (known.status === 503 || known.status === 429) {
      if (!res.get('Retry-After')) res.set('Retry-After', known.status === 503 ? (RETRY_AFTER_503[known.code] ?? '1') : '60');
    }
    // An answer to a request whose body was not read (refused early) must not leave it in the socket.
    if (known.status === 413 || known.status === 415) res.set('Connection', 'close');
    res.status(known.status).json(body(known.code, known.message, known.fields, known.details));
  };

/** An expected failure in the log: its name, code and message, without the stack. */
function describe(err: unknown): { name?: string; code?: unknown; message?: string } {
  if (!(err instanceof Error)) return { message: String(err) };
  return { name: err.name, code: (err as { code?: unknown }).code, message: err.message.slice(0, 300) };
}
