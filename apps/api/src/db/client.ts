import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaClient } from '../generated/prisma/client.ts';

// Each database brings its own driver, loaded only when used (either one costs start-up time).
const loadPglite = async () => {
  const [{ PGlite }, { pg_trgm }, { unaccent }, { PrismaPGlite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('pglite-prisma-adapter'),
  ]);
  // PGlite zeroes its shared buffers at every start: PostgreSQL's default of 128 MB took
  // 0.4 s and as much memory; a club's database fits into 32 MB many times over.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
  return { PGlite, extensions: { pg_trgm, unaccent }, startParams, PrismaPGlite };
};
const loadPostgres = async () => {
  const [{ default: pg }, { PrismaPg }] = await Promise.all([import('pg'), import('@prisma/adapter-pg')]);
  return { pg, PrismaPg };
};

export type { PrismaClient };
export type Db = PrismaClient;

/** A connection outside Prisma, for migrations and the like. */
export interface RawSql {
  /** Runs a script of several statements in one transaction. */
  execInTransaction(sql: string): Promise<void>;
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Serialises callers across processes (advisory lock); PGlite has one process. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly prisma: PrismaClient;
  readonly raw: RawSql;
  /** PGlite only: the data directory as a tarball (test templates). */
  dumpPglite?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; unset: embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; unset: in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const { pg, PrismaPg } = await loadPostgres();
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not take the process down.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const raw: RawSql = {
    async execInTransaction(sql) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(sql);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async query(sql, params = []) {
      const result = await pool.query(sql, params);
      return result.rows;
    },
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
        client.release();
      }
    },
  };
  return {
    kind: 'postgres',
    prisma,
    raw,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}

/** An in-memory PGlite started from a dump (tests: a migrated template). */
export async function openPgliteFromDump(dump: Blob): Promise<Database> {
  const { PGlite, extensions, startParams, PrismaPGlite } = await loadPglite();
  return wrapPglite(await PGlite.create({ loadDataDir: dump, extensions, startParams }), PrismaPGlite);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const { PGlite, extensions, startParams, PrismaPGlite } = await loadPglite();
  const pglite = await PGlite.create({
    dataDir: dataDir ? path.join(dataDir, 'pglite') : undefined,
    extensions,
    startParams,
  });
  return wrapPglite(pglite, PrismaPGlite);
}

function wrapPglite(pglite: PGlite, PrismaPGlite: Awaited<ReturnType<typeof loadPglite>>['PrismaPGlite']): Database {
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const raw: RawSql = {
    async execInTransaction(sql) {
      await pglite.transaction(async (tx) => {
        await tx.exec(sql);
      });
    },
    async query(sql, params = []) {
      const result = await pglite.query(sql, params);
      return result.rows as never[];
    },
    withLock: (_key, fn) => fn(),
  };
  return {
    kind: 'pglite',
    prisma,
    raw,
    dumpPglite: () => pglite.dumpDataDir('none') as Promise<Blob>,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
