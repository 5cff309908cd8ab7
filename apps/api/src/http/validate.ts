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
    refuseUnsafeBody(req);
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

const UNSAFE_MESSAGE = 'Enthält ungültige Zeichen (z. B. Steuerzeichen) oder ist zu tief verschachtelt.';

/** In the path or query string such a character makes the request malformed (400). */
function refuseUnsafe(value: unknown, part: 'params' | 'query'): void {
  const place = unsafePlace(value);
  if (place === null) return;
  throw new AppError('BAD_REQUEST', 'Die Anfrage enthält ungültige Zeichen.', { [`${part}.${place}`]: UNSAFE_MESSAGE });
}

/** Where the JSON body of a request holds what no route may take, as the edge found it. */
const unsafeBodies = new WeakMap<Request, string>();

/**
 * In a body, the route's schema speaks first: a header-bound text (a subject, a name beside an
 * address) refuses any control character with 400 (the contract's `oneLine`), any other text with
 * 422 (`text()`). What the schema let through (a key it ignores, too deep a nesting) is a value
 * problem of the body: 422.
 */
function refuseUnsafeBody(req: Request): void {
  const place = unsafeBodies.get(req);
  if (place === undefined) return;
  throw new AppError('VALIDATION_FAILED', 'Bitte prüfen Sie die markierten Angaben.', { [place]: UNSAFE_MESSAGE });
}

/**
 * The API's edge (every route; every route reads its input through handle()): query strings are
 * bounded, and no string in the query or a JSON body carries NUL, control characters or lone
 * surrogates. A query is refused here; a body's find is answered by handle() after the route's
 * schema (refuseUnsafeBody). Path parameters are checked by handle().
 */
export const inputGuard: RequestHandler = (req, _res, next) => {
  const q = req.url.indexOf('?');
  if (q >= 0 && req.url.length - q - 1 > MAX_QUERY_LENGTH) {
    throw new AppError('BAD_REQUEST', `Die Anfrage ist zu lang (höchstens ${MAX_QUERY_LENGTH} Zeichen nach dem «?»).`);
  }
  refuseUnsafe(req.query, 'query');
  const place = unsafePlace(req.body);
  if (place !== null) unsafeBodies.set(req, place);
  next();
};
