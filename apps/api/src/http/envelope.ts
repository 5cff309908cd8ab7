import type { Response } from 'express';
import type { Expand } from '@club/contract';

/** `{ data, expands? }` (DESIGN.md §4). */
export function sendItem(res: Response, data: unknown, expands?: Expand[], status = 200): void {
  res.status(status).json(expands ? { data, expands } : { data });
}

/** `{ data: [{ data }, ...] }`. */
export function sendList(res: Response, items: readonly unknown[], status = 200): void {
  res.status(status).json({ data: items.map((data) => ({ data })) });
}
