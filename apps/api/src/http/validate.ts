import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { isCleanText } from '@club/contract';
import { AppError } from '../lib/app-error.ts';
import { refuseOtherBodies } from './security.ts';

interface Schemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}
type Out<S, K extends keyof Schemas> = S extends Record<K, infer T extends z.ZodType> ? z.output<T> : undefined;
export interface Input<S extends Schemas> {
  params: Out<S, 'params'>;
  query: Out<S, 'query'>;
  body: Out<S, 'body'>;
}

/** Where a zod failure came from: decides 400 (path, query) or 400/422 (body). */
export class InputError extends Error {
  constructor(
    readonly part: 'params' | 'query' | 'body',
    readonly issues: z.core.$ZodIssue[],
  ) {
    super('invalid input');
  }
}

/**
 * Route handler with parsed input: params, query and body go through the contract's
 * schemas first (Express 5 forbids overwriting req.query, so they are handed over).
 * Async handlers just throw; Express 5 passes the error on.
 */
export function handle<S extends Schemas>(schemas: S, fn: (input: Input<S>, req: Request, res: Response) => Promise<unknown> | unknown) {
  return async (req: Request, res: Response, _next: NextFunction): Promise<void> => {
    refuseOtherBodies(req, res);
    refuseUnsafe(req.params, 'params');
    const input = {
      params: parse(schemas.params, req.params, 'params'),
      query: parse(schemas.query, req.query, 'query'),
      body: parse(schemas.body, req.body, 'body'),
    } as Input<S>;
    await fn(input, req, res);
  };
}

function parse(schema: z.ZodType | undefined, value: unknown, part: InputError['part']): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw new InputError(part, result.error.issues);
  return result.data;
}

/** Deeper JSON than any route takes: refused before a schema walks it. */
const MAX_DEPTH = 20;
/** A query string longer than any route needs (the member search takes 100 characters). */
export const MAX_QUERY_LENGTH = 2048;

/**
 * The first place in a parsed input (path, query, JSON body) that no route may take: a
 * string or key with NUL, another control character (tab and line breaks excepted) or a
 * lone surrogate, or nesting deeper than MAX_DEPTH. Null when all is well.
 */
export function unsafePlace(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : path || '_';
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return path || '_';
  for (const key of Object.keys(value)) {
    const here = path ? `${path}.${key}` : key;
    if (!isCleanText(key)) return path || '_';
    const found = unsafePlace((value as Record<string, unknown>)[key], here, depth + 1);
    if (found) return found;
  }
  return null;
}

function refuseUnsafe(value: unknown, part: 'params' | 'query' | 'body'): void {
  const place = unsafePlace(value);
  if (place === null) return;
  const message = 'Enthält ungültige Zeichen (z. B. Steuerzeichen) oder ist zu tief verschachtelt.';
  // In a body, a text of the right shape with a character outside the rules is a value problem
  // (422, as the contract's text() says it); in the path or query string the request is malformed.
  if (part === 'body') throw new AppError('VALIDATION_FAILED', 'Bitte prüfen Sie die markierten Angaben.', { [place]: message });
  throw new AppError('BAD_REQUEST', 'Die Anfrage enthält ungültige Zeichen.', { [`${part}.${place}`]: message });
}

/**
 * The API's edge (every route, also those of routers that parse their own input): query
 * strings are bounded, and no string in the query or a JSON body carries NUL, control
 * characters or lone surrogates. Path parameters are checked by handle().
 */
export const inputGuard: RequestHandler = (req, _res, next) => {
  const q = req.url.indexOf('?');
  if (q >= 0 && req.url.length - q - 1 > MAX_QUERY_LENGTH) {
    throw new AppError('BAD_REQUEST', `Die Anfrage ist zu lang (höchstens ${MAX_QUERY_LENGTH} Zeichen nach dem «?»).`);
  }
  refuseUnsafe(req.query, 'query');
  refuseUnsafe(req.body, 'body');
  next();
};
