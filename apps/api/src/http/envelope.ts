import type { Response } from 'express';
import type { Expand, PageInfo } from '@club/contract';

/** `{ data, expands? }` (docs/domain-rules.md «API conventions»). */
export function sendItem(res: Response, data: unknown, expands?: Expand[], status = 200): void {
  res.status(status).json(expands ? { data, expands } : { data });
}

/** `{ data: [{ data }, ...] }`. */
export function sendList(res: Response, items: readonly unknown[], status = 200): void {
  res.status(status).json({ data: items.map((data) => ({ data })) });
}

/** Where a page lies in a paged list: `totalPages` is at least 1 (an empty list is one empty page). */
export function pageInfo(page: number, pageSize: number, total: number): PageInfo {
  return { page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

/**
 * One page of a paged list: `{ data: [{ data }, ...], page: { page, pageSize, total, totalPages }, ...more }`
 * and the total also in `X-Total-Count`. `more` adds fields beside `page` (the invoice overview's totals).
 */
export function sendPaged(
  res: Response,
  list: { items: readonly unknown[]; page: number; pageSize: number; total: number },
  more: Record<string, unknown> = {},
): void {
  res.set('X-Total-Count', String(list.total));
  res.status(200).json({ data: list.items.map((data) => ({ data })), page: pageInfo(list.page, list.pageSize, list.total), ...more });
}
