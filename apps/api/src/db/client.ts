import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaClient } from '../generated/prisma/client.ts';
import { lockDataDir } from './data-dir-lock.ts';

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
  /**
   * PGlite only: the data directory as a tarball (PGlite's own dump; gzip for backups, none for
   * the test templates). Taken while no statement runs (PGlite's query lock), after a checkpoint.
   */
  dumpPglite?(compression?: 'none' | 'gzip'): Promise<Blob>;
  /** PostgreSQL only (PGlite is one connection in the process): most, open, idle, waiting requests. */
  poolStats?(): { max: number; total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; unset: embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; unset: in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /** PGlite only: a dump (PGlite's tarball) to fill the new data directory with (restore). */
  restoreFrom?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir, options.restoreFrom);
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
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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

/** Where PGlite keeps its files inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/**
 * The embedded database in DATA_DIR. PGlite itself lets a second process open the same files
 * (two PostgreSQL instances on one data directory ruin it), so the directory is locked for as
 * long as it is open: a second opener waits for a crashed owner's lock to go stale, then gives up
 * with DataDirInUse.
 */
async function openPglite(dataDir: string | undefined, restoreFrom?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? await lockDataDir(dataDir) : undefined;
  try {
    const { PGlite, extensions, startParams, PrismaPGlite } = await loadPglite();
    const pglite = await PGlite.create({
      dataDir: dataDir ? pgliteDir(dataDir) : undefined,
      extensions,
      startParams,
      ...(restoreFrom ? { loadDataDir: restoreFrom } : {}),
    });
    return wrapPglite(pglite, PrismaPGlite, unlock);
  } catch (error) {
    await unlock?.();
    throw error;
  }
}

function wrapPglite(
  pglite: PGlite,
  PrismaPGlite: Awaited<ReturnType<typeof loadPglite>>['PrismaPGlite'],
  unlock?: () => Promise<void>,
): Database {
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
    async dumpPglite(compression = 'none') {
      // The files then hold every committed change without replaying WAL; taken under PGlite's
      // query lock, so no statement writes while they are read (an open transaction's
      // uncommitted rows are left out on restore, as after a crash).
      await pglite.exec('CHECKPOINT');
      return (await pglite.dumpDataDir(compression)) as Blob;
    },
    async close() {
      await prisma.$disconnect();
      await pglite.close();
      await unlock?.();
    },
  };
}
