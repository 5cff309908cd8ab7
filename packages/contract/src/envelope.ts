import './locale.ts';
import { z } from 'zod';

/** One object: `{ data, expands? }` (docs/domain-rules.md «API conventions»). */
export const expandSchema = z.object({ name: z.string(), data: z.array(z.unknown()) });
export type Expand = z.infer<typeof expandSchema>;

export function itemEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data, expands: z.array(expandSchema).optional() });
}

/** A list: `{ data: [{ data }, ...] }`. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(z.object({ data: item })) });
}

export interface ItemEnvelope<T> {
  data: T;
  expands?: Expand[];
}
export interface ListEnvelope<T> {
  data: { data: T }[];
}

/** `?expands=a,b` or `?expands=*`; unknown names are ignored. */
export const expandsQuery = z
  .string()
  .optional()
  .transform((raw) =>
    (raw ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

export function wantsExpand(requested: readonly string[], name: string): boolean {
  return requested.includes('*') || requested.includes(name.toLowerCase());
}

export function findExpand<T>(envelope: ItemEnvelope<unknown>, name: string): T[] {
  return (envelope.expands?.find((e) => e.name === name)?.data ?? []) as T[];
}
