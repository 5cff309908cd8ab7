import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../paths.ts';
import type { RawSql } from './client.ts';

export const migrationsDir = path.join(repoRoot, 'prisma/migrations');

/** Same table as Prisma Migrate keeps, so `prisma migrate status` agrees where its engine exists. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

/** Any fixed number: every instance starting at once waits for the first one's migrations. */
const MIGRATION_LOCK_KEY = 72_707_369;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

export class MigrationError extends Error {}

/**
 * Applies pending migrations in name order, each in its own transaction, and records them
 * in `_prisma_migrations`. Refuses to start when an applied migration was edited or failed.
 * Returns the names applied now.
 */
export async function migrate(raw: RawSql, migrations = readMigrations()): Promise<string[]> {
  return raw.withLock(MIGRATION_LOCK_KEY, async () => {
    await raw.execInTransaction(CREATE_MIGRATIONS_TABLE);
    const rows = await raw.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"',
    );
    const applied = new Map(rows.filter((r) => !r.rolled_back_at).map((r) => [r.migration_name, r]));
    const done: string[] = [];
    for (const m of migrations) {
      const row = applied.get(m.name);
      if (row) {
        if (!row.finished_at) throw new MigrationError(`Migration ${m.name} ist unvollständig; bitte prüfen (prisma migrate resolve).`);
        if (row.checksum !== m.checksum) throw new MigrationError(`Migration ${m.name} wurde nach dem Anwenden verändert.`);
        continue;
      }
      const id = randomUUID();
      const record = `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count, started_at)
        VALUES ('${id}', '${m.checksum}', now(), '${m.name.replace(/'/g, "''")}', 1, now());`;
      await raw.execInTransaction(`${m.sql}\n;\n${record}`);
      done.push(m.name);
    }
    return done;
  });
}
