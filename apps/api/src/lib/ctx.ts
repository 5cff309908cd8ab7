import type { Role } from '@club/contract';
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Logger } from './logger.ts';

/** Prisma client or an open interactive transaction. */
export type DbOrTx = Db | Prisma.TransactionClient;

export interface Actor {
  memberId: number;
  roles: readonly Role[];
}

/** What every service call gets: database, log, who acts, and the time. */
export interface Ctx {
  db: DbOrTx;
  log: Logger;
  actor: Actor | null;
  now: Date;
}

function isRootClient(db: DbOrTx): db is Db {
  return typeof (db as Db).$transaction === 'function';
}

/**
 * Runs fn in one interactive transaction; inside an open one it joins it.
 * Writes are all-or-nothing (DESIGN.md §4).
 */
export async function withTx<T>(ctx: Ctx, fn: (ctx: Ctx) => Promise<T>, options?: { timeoutMs?: number }): Promise<T> {
  if (!isRootClient(ctx.db)) return fn(ctx);
  return ctx.db.$transaction((tx) => fn({ ...ctx, db: tx }), {
    maxWait: 10_000,
    timeout: options?.timeoutMs ?? 15_000,
  });
}
