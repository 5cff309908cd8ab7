import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, openPgliteFromDump, type Database } from '../db/client.ts';
import { migrate, readMigrations } from '../db/migrate.ts';

/** The PostgreSQL the tests run against, or undefined for PGlite. */
export const testDatabaseUrl = process.env.DATABASE_URL || undefined;

/**
 * A fresh, migrated database: PGlite in memory, or a new database on the PostgreSQL of
 * DATABASE_URL that is dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  if (!testDatabaseUrl) return openEmbeddedTestDatabase();
  const scratch = await createScratchDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  await migrate(database.raw);
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A fresh, migrated PGlite in memory, whatever DATABASE_URL says (what only the embedded database has). */
export async function openEmbeddedTestDatabase(): Promise<Database> {
  return openPgliteFromDump(await migratedTemplate());
}

/** A new, empty database on the PostgreSQL of DATABASE_URL (which must be set), and how to drop it. */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!testDatabaseUrl) throw new Error('createScratchDatabase needs DATABASE_URL');
  const name = `club_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A dump of a freshly migrated PGlite, made once per set of migrations and shared by
 * every test file (loading a dump takes a fraction of initdb plus migrations).
 */
async function migratedTemplate(): Promise<Blob> {
  const migrations = readMigrations();
  const key = createHash('sha256')
    .update(migrations.map((m) => m.checksum).join())
    .digest('hex')
    .slice(0, 16);
  const file = path.join(tmpdir(), `club-pglite-template-${key}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({});
    await migrate(database.raw, migrations);
    const dump = await database.dumpPglite!();
    await database.close();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}
