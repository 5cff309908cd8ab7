import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';

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
export function handle<S extends Schemas>(
  schemas: S,
  fn: (input: Input<S>, req: Request, res: Response) => Promise<unknown> | unknown,
) {
  return async (req: Request, res: Response, _next: NextFunction): Promise<void> => {
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
