// A migrated database of its own on the local PostgreSQL for a benchmark, dropped again afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs `use` on a fresh, migrated database named `<prefix>_<random>`, and drops it whatever happens. */
export async function withScratchDatabase(prefix: string, use: (database: Database) => Promise<void>): Promise<void> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  try {
    await migrate(database.raw);
    await use(database);
  } finally {
    await database.close();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

/** Milliseconds since a `process.hrtime.bigint()` reading. */
export const msSince = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
