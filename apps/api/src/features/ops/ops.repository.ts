import type { DbOrTx } from '../../lib/ctx.ts';

/** Answers at all: the database is reachable. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.$queryRaw`SELECT 1 AS "ok"`;
}

/** Names of the migrations recorded as applied (finished, not rolled back). */
export async function findAppliedMigrations(db: DbOrTx): Promise<string[]> {
  const rows = await db.$queryRaw<{ name: string }[]>`
    SELECT "migration_name" AS "name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;
  return rows.map((r) => r.name);
}

export interface OutboxFigures {
  pending: number;
  /** Age of the oldest unsent mail in seconds (0: none). */
  oldestPendingAgeSeconds: number;
  /** How long the most overdue unsent mail has been due, in seconds (0: none due). */
  longestDueSeconds: number;
}

/** The outbox in one statement (the index on status, nextAttemptAt serves both minimums). */
export async function readOutboxFigures(db: DbOrTx, now: Date): Promise<OutboxFigures> {
  const rows = await db.$queryRaw<{ pending: number; oldest: Date | null; due: Date | null }[]>`
    SELECT count(*)::int AS "pending", min("createdAt") AS "oldest", min("nextAttemptAt") AS "due"
      FROM "mail_outbox" WHERE "status" = 'PENDING'`;
  const row = rows[0];
  const seconds = (at: Date | null | undefined) => (at ? Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000)) : 0);
  return { pending: row?.pending ?? 0, oldestPendingAgeSeconds: seconds(row?.oldest), longestDueSeconds: seconds(row?.due) };
}

/** Invoices by kind (none is ever deleted: cancelled ones stay for the books). */
export function countInvoicesByKind(db: DbOrTx): Promise<{ kind: string; count: number }[]> {
  return db.$queryRaw<{ kind: string; count: number }[]>`
    SELECT "kind"::text AS "kind", count(*)::int AS "count" FROM "invoices" GROUP BY "kind" ORDER BY "kind"`;
}
