import type { Response } from 'express';
import type { Expand } from '@club/contract';
import type { z } from 'zod';

/** `{ data, expands? }` (DESIGN.md §4). */
export function sendItem(res: Response, data: unknown, expands?: Expand[], status = 200): void {
  res.status(status).json(expands ? { data, expands } : { data });
}

/** `{ data: [{ data }, ...] }`. */
export function sendList(res: Response, items: readonly unknown[], status = 200): void {
  res.status(status).json({ data: items.map((data) => ({ data })) });
}

/**
 * `schema.parse` for objects that are handed out again unchanged (the views of the sale's kept
 * reads, SaleReads.view): each object is checked the first time, and the result kept with it.
 */
export function parsedOnce<T extends object>(schema: z.ZodType<T>): (value: T) => T {
  const checked = new WeakMap<T, T>();
  return (value) => {
    let parsed = checked.get(value);
    if (!parsed) checked.set(value, (parsed = schema.parse(value)));
    return parsed;
  };
}
