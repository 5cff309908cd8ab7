import type { Prisma } from '../generated/prisma/client.ts';
import type { Db } from './client.ts';

/** Prisma client or an open interactive transaction. */
export type DbOrTx = Db | Prisma.TransactionClient;

export interface TxOptions {
  maxWait?: number;
  timeout?: number;
}

/**
 * The root client, not an open transaction. Prisma's transaction client keeps `$transaction`
 * (nested transactions as savepoints, which the PGlite adapter does not have), but not `$connect`.
 */
function isRootClient(db: DbOrTx): db is Db {
  return typeof (db as Db).$connect === 'function';
}

/**
 * Runs fn in one interactive transaction; inside an open one it joins it. The one place
 * that opens transactions: services go through `withTx` (lib/ctx.ts), start-up code and
 * scripts that hold no `Ctx` call this directly.
 */
export async function inTransaction<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>, options?: TxOptions): Promise<T> {
  if (!isRootClient(db)) return fn(db);
  return options ? db.$transaction((tx) => fn(tx), options) : db.$transaction((tx) => fn(tx));
}
