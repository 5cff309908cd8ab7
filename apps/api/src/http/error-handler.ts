import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorBody } from '@club/contract';
import { Prisma } from '../generated/prisma/client.ts';
import { AppError } from '../lib/app-error.ts';
import { InputError } from './validate.ts';

function body(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields && Object.keys(fields).length ? { code, message, fields } : { code, message } };
}

/** Unknown /api paths: 404 in the error envelope. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json(body('NOT_FOUND', 'Diese Adresse gibt es nicht.'));
};

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'P1001', 'P1002', 'P1017', '57P01', '57P03', '53300']);

/** The one error handler (DESIGN.md §4): known errors to their status, the rest to 500. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    req.log.error({ err }, 'error after response started');
    res.end();
    return;
  }
  if (err instanceof AppError) {
    if (!res.get('Retry-After') && (err.status === 503 || err.status === 429)) res.set('Retry-After', err.status === 503 ? '1' : '60');
    res.status(err.status).json(body(err.code, err.message, err.fields));
    return;
  }
  if (err instanceof InputError) {
    const fields: Record<string, string> = {};
    for (const issue of err.issues) {
      const key = issue.path.length ? issue.path.join('.') : err.part === 'body' ? '_' : err.part;
      fields[key] ??= issue.message;
    }
    // Wrong shape (missing field, wrong type) is malformed (400); right shape with
    // a value outside the rules is 422. Path and query problems are always 400.
    const malformed = err.part !== 'body' || err.issues.some((i) => i.code === 'invalid_type' || i.code === 'unrecognized_keys');
    const message = malformed
      ? 'Die Anfrage ist unvollständig oder falsch aufgebaut.'
      : 'Bitte prüfen Sie die markierten Angaben.';
    res.status(malformed ? 400 : 422).json(body(malformed ? 'BAD_REQUEST' : 'VALIDATION_FAILED', message, fields));
    return;
  }
  const e = err as { type?: string; status?: number; code?: string };
  if (e.type === 'entity.parse.failed') {
    res.status(400).json(body('MALFORMED_JSON', 'Die Anfrage enthält kein gültiges JSON.'));
    return;
  }
  if (e.type === 'entity.too.large') {
    res.status(413).json(body('PAYLOAD_TOO_LARGE', 'Die Anfrage ist zu gross.'));
    return;
  }
  if (e.type && e.status && e.status >= 400 && e.status < 500) {
    res.status(400).json(body('BAD_REQUEST', 'Die Anfrage ist falsch aufgebaut.'));
    return;
  }
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    if (err.code === 'P2002') {
      res.status(409).json(body('ALREADY_EXISTS', 'Ein Eintrag mit diesen Angaben existiert bereits.'));
      return;
    }
    if (err.code === 'P2025') {
      res.status(404).json(body('NOT_FOUND', 'Nicht gefunden.'));
      return;
    }
    if (err.code === 'P2003') {
      res.status(409).json(body('IN_USE', 'Der Eintrag wird noch verwendet.'));
      return;
    }
  }
  const code = e.code ?? (err as { cause?: { code?: string } }).cause?.code;
  if (code === '55P03' || code === '40P01' || code === 'P2034' || (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2028')) {
    res.status(503).set('Retry-After', '1').json(body('BUSY', 'Gerade sind sehr viele Anfragen unterwegs. Bitte versuchen Sie es gleich noch einmal.'));
    return;
  }
  if ((code && UNAVAILABLE_CODES.has(code)) || err instanceof Prisma.PrismaClientInitializationError) {
    req.log.error({ err }, 'database unavailable');
    res.status(503).set('Retry-After', '5').json(body('UNAVAILABLE', 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es später noch einmal.'));
    return;
  }
  req.log.error({ err }, 'unhandled error');
  res.status(500).json(body('INTERNAL', 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später noch einmal.'));
};
