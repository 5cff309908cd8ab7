import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db.ts';
import type { Database } from './client.ts';
import { migrate, MigrationError, readMigrations } from './migrate.ts';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('migrations', () => {
  it('are recorded in _prisma_migrations like Prisma Migrate does, once each', async () => {
    database = await openTestDatabase();
    const all = readMigrations();
    expect(all.length).toBeGreaterThan(0);
    expect(await migrate(database.raw)).toEqual([]);
    const rows = await database.raw.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      applied_steps_count: number;
    }>('SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name');
    expect(rows.map((r) => r.migration_name)).toEqual(all.map((m) => m.name));
    expect(rows.map((r) => r.checksum)).toEqual(all.map((m) => m.checksum));
    expect(rows.every((r) => r.finished_at !== null && r.applied_steps_count === 1)).toBe(true);
  });

  it('when an applied migration was edited, then the start is refused', async () => {
    database = await openTestDatabase();
    const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'f'.repeat(64) } : m));
    await expect(migrate(database.raw, edited)).rejects.toBeInstanceOf(MigrationError);
  });

  it('when a migration fails, then nothing of it stays and it is not recorded', async () => {
    database = await openTestDatabase();
    const broken = [
      ...readMigrations(),
      { name: '99999999999999_broken', sql: 'CREATE TABLE "half" (id int); SELECT * FROM "missing_table";', checksum: 'x' },
    ];
    await expect(migrate(database.raw, broken)).rejects.toThrow();
    const tables = await database.raw.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'half'`,
    );
    expect(tables[0]?.n).toBe(0);
    const recorded = await database.raw.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE migration_name = '99999999999999_broken'`,
    );
    expect(recorded[0]?.n).toBe(0);
  });
});
