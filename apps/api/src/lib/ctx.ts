import type { Role } from '@club/contract';
import { inTransaction, type DbOrTx } from '../db/tx.ts';
import type { Logger } from './logger.ts';

/** Prisma client or an open interactive transaction. */
export type { DbOrTx };

export interface Actor {
  memberId: number;
  roles: readonly Role[];
  /**
   * The board needs a second factor and this session's login had none (a member promoted while
   * logged in, or a login without the code): board routes refuse it until a login with the code.
   */
  secondFactorMissing?: boolean;
}

/** What every service call gets: database, log, who acts, and the time. */
export interface Ctx {
  db: DbOrTx;
  log: Logger;
  actor: Actor | null;
  now: Date;
}

/**
 * Runs fn in one interactive transaction; inside an open one it joins it.
 * Writes are all-or-nothing (docs/domain-rules.md «API conventions»).
 */
export async function withTx<T>(ctx: Ctx, fn: (ctx: Ctx) => Promise<T>, options?: { timeoutMs?: number }): Promise<T> {
  return inTransaction(ctx.db, (db) => fn({ ...ctx, db }), { maxWait: 10_000, timeout: options?.timeoutMs ?? 15_000 });
}
