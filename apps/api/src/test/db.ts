import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, openPgliteFromDump, type Database } from '../db/client.ts';
import { migrate, readMigrations, type Migration } from '../db/migrate.ts';

/** The PostgreSQL the tests run against, or undefined for PGlite. */
export const testDatabaseUrl = process.env.DATABASE_URL || undefined;

/**
 * A fresh, migrated database: PGlite in memory, or a new database on the PostgreSQL of
 * DATABASE_URL that is dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  if (!testDatabaseUrl) return openEmbeddedTestDatabase();
  const scratch = await createScratchDatabase(await migratedPostgresTemplate());
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
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

/**
 * A new database on the PostgreSQL of DATABASE_URL (which must be set), and how to drop it:
 * empty, or a copy of `template`.
 */
export async function createScratchDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!testDatabaseUrl) throw new Error('createScratchDatabase needs DATABASE_URL');
  const name = `club_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  return { url: databaseUrlFor(name), drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

function databaseUrlFor(name: string): string {
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
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

/** Any fixed number: the test workers of one machine build a template one at a time. */
const TEMPLATE_LOCK_KEY = 72_707_370;

/**
 * The name of a migrated database on the PostgreSQL of DATABASE_URL that test databases are
 * copied from (`CREATE DATABASE … TEMPLATE`, a fraction of migrating each one). Made once per
 * set of migrations under an advisory lock, migrated under a scratch name and renamed when
 * complete, so a run that died half-way leaves no half-migrated template behind.
 */
export async function migratedPostgresTemplate(): Promise<string> {
  const migrations = readMigrations();
  const name = `club_template_${migrationsKey(migrations)}`;
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      const partial = `${name}_${randomBytes(4).toString('hex')}`;
      await client.query(`CREATE DATABASE "${partial}"`);
      try {
        // Two connections: the migration lock holds one, each migration's transaction takes another.
        const database = await openDatabase({ databaseUrl: databaseUrlFor(partial), poolSize: 2 });
        try {
          await migrate(database.raw, migrations);
        } finally {
          await database.close();
        }
        await client.query(`ALTER DATABASE "${partial}" RENAME TO "${name}"`);
      } catch (error) {
        await client.query(`DROP DATABASE IF EXISTS "${partial}" WITH (FORCE)`);
        throw error;
      }
    }
    return name;
  } finally {
    await client.end();
  }
}

function migrationsKey(migrations: Migration[]): string {
  return createHash('sha256')
    .update(migrations.map((m) => m.checksum).join())
    .digest('hex')
    .slice(0, 16);
}

/**
 * A dump of a freshly migrated PGlite, made once per set of migrations and shared by
 * every test file (loading a dump takes a fraction of initdb plus migrations).
 */
async function migratedTemplate(): Promise<Blob> {
  const migrations = readMigrations();
  const file = path.join(tmpdir(), `club-pglite-template-${migrationsKey(migrations)}.tar`);
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
