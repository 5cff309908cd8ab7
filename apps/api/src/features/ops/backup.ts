import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openDatabase, pgliteDir, type Database } from '../../db/client.ts';
import { dataDirLocked } from '../../db/data-dir-lock.ts';

/**
 * Backups of the site's database and their restore (docs/operations.md «Sichern und Wiederherstellen»):
 *
 * - PostgreSQL: `pg_dump --format=custom` (compressed, one consistent snapshot while the site
 *   runs); restored with `pg_restore` in one transaction.
 * - Embedded PGlite: PGlite's own dump of its data directory (a gzip'd tar), taken by the process
 *   that has the database open: the running server (asked through its control socket, or by
 *   itself at night with BACKUP_DIR), or this command itself while the site is stopped. Either way
 *   the files are read under PGlite's query lock after a checkpoint: every committed transaction,
 *   nothing half-written.
 */

/** The operator's mistake or a refusal: a German sentence, exit code 1, no stack trace. */
export class BackupError extends Error {}

/** What a file holds, by its first bytes: pg_dump's custom format starts with "PGDMP", gzip with 1f 8b. */
export type BackupKind = 'postgres' | 'pglite';

export async function backupKindOf(file: string): Promise<BackupKind> {
  const handle = await open(file, 'r').catch(() => {
    throw new BackupError(`${file}: Datei nicht gefunden oder nicht lesbar.`);
  });
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  } finally {
    await handle.close();
  }
  throw new BackupError(`${file}: keine Sicherung dieser Website (weder pg_dump im Custom-Format noch eine PGlite-Sicherung).`);
}

/** Writes through a temporary file next to the target and renames it: a backup file is whole or absent. */
async function atomically(out: string, write: (tmp: string) => Promise<void>): Promise<void> {
  mkdirSync(path.dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.partial`;
  try {
    await write(tmp);
    await rename(tmp, out);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    throw error;
  }
}

// --- PostgreSQL ----------------------------------------------------------------------------------

export interface PgTools {
  /** pg_dump binary: PG_DUMP, else from PATH. */
  pgDump: string;
  /** pg_restore binary: PG_RESTORE, else from PATH. */
  pgRestore: string;
  /** The environment pg_dump and pg_restore run in (the command's own: PATH, PGSSLMODE…). */
  environment: NodeJS.ProcessEnv;
}

/**
 * The connection for pg_dump and pg_restore: the URL without its password, which goes into
 * PGPASSWORD instead (a command line is visible to every user of the machine).
 */
function connectionOf(databaseUrl: string, environment: NodeJS.ProcessEnv): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...environment, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${command} nicht gefunden: PostgreSQL-Client installieren (Debian: postgresql-client) oder den Pfad angeben.`)
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${path.basename(command)} ist mit Code ${code} gescheitert:\n${stderr.trim()}`)),
    );
  });
}

/** pg_dump in the custom format (compressed), one snapshot: consistent while the site writes. */
export async function backupPostgres(input: { databaseUrl: string; out: string; tools: PgTools }): Promise<void> {
  const { url, env } = connectionOf(input.databaseUrl, input.tools.environment);
  await atomically(input.out, (tmp) =>
    run(input.tools.pgDump, ['--format=custom', '--compress=6', `--file=${tmp}`, `--dbname=${url}`], env),
  );
}

/** A connection of its own to the target (pg is loaded here: a site on the embedded database never needs it). */
async function connectTo(databaseUrl: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/** Objects the target already has (tables, views, sequences…) and other sessions connected to it. */
async function inspectTarget(databaseUrl: string): Promise<{ objects: number; sessions: number }> {
  const client = await connectTo(databaseUrl);
  try {
    const { rows } = await client.query<{ objects: number; sessions: number }>(`
      SELECT (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
                 AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')) AS "objects",
             (SELECT count(*)::int FROM pg_stat_activity
               WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend') AS "sessions"`);
    return rows[0]!;
  } finally {
    await client.end();
  }
}

async function emptyPublicSchema(databaseUrl: string): Promise<void> {
  const client = await connectTo(databaseUrl);
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }
}

/**
 * pg_restore into the database of DATABASE_URL, in one transaction (all or nothing), objects
 * owned by the restoring user. Refuses a database that holds anything unless `force` (then its
 * schema `public` is emptied first), and one that other sessions use (the site must be stopped).
 */
export async function restorePostgres(input: { databaseUrl: string; file: string; force: boolean; tools: PgTools }): Promise<void> {
  const target = await inspectTarget(input.databaseUrl);
  if (target.sessions > 0) {
    throw new BackupError(
      `Die Zieldatenbank hat ${target.sessions} weitere Verbindung(en): Bitte die Website (und alles andere, das sie benutzt) zuerst anhalten.`,
    );
  }
  if (target.objects > 0 && !input.force) {
    throw new BackupError(
      `Die Zieldatenbank ist nicht leer (${target.objects} Tabellen, Sequenzen …). Wiederherstellen nur in eine leere Datenbank, oder mit --force (löscht den Inhalt des Schemas public).`,
    );
  }
  if (target.objects > 0) await emptyPublicSchema(input.databaseUrl);
  const { url, env } = connectionOf(input.databaseUrl, input.tools.environment);
  await run(
    input.tools.pgRestore,
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, input.file],
    env,
  );
}

// --- embedded PGlite ----------------------------------------------------------------------------

/** The control socket of a server running on DATA_DIR (features/ops/control-socket.ts). */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock');
}

/** Writes PGlite's dump of an open database (gzip'd tar of its data directory). */
export async function writePgliteDump(database: Database, out: string): Promise<void> {
  if (!database.dumpPglite) throw new BackupError('Diese Datenbank ist nicht die eingebettete.');
  const dump = await database.dumpPglite('gzip');
  await atomically(out, async (tmp) => {
    await writeFile(tmp, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  });
}

/** Asks the server that runs on DATA_DIR for the dump, through its control socket. */
async function backupThroughServer(dataDir: string, out: string): Promise<void> {
  const { request } = await import('node:http');
  await atomically(
    out,
    (tmp) =>
      new Promise<void>((resolve, reject) => {
        const req = request({ socketPath: controlSocketPath(dataDir), path: '/backup', method: 'POST' }, (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            reject(new BackupError(`Die laufende Website hat die Sicherung abgelehnt (Status ${res.statusCode}).`));
            return;
          }
          pipeline(res, createWriteStream(tmp, { mode: 0o600 })).then(resolve, reject);
        });
        req.on('error', (error: NodeJS.ErrnoException) =>
          reject(
            ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '')
              ? new BackupError(
                  `Die eingebettete Datenbank in ${dataDir} ist geöffnet, aber der Prozess antwortet nicht auf ${controlSocketPath(dataDir)}. Läuft ein anderes Skript? Später nochmals versuchen.`,
                )
              : error,
          ),
        );
        req.end();
      }),
  );
}

/**
 * Backup of the embedded database: through the running server when one has DATA_DIR open,
 * otherwise by opening it here (the server cannot start meanwhile: the lock). Says which.
 */
export async function backupPglite(input: { dataDir: string; out: string }): Promise<'server' | 'direct'> {
  if (!existsSync(pgliteDir(input.dataDir))) throw new BackupError(`In ${input.dataDir} gibt es keine eingebettete Datenbank.`);
  if (await dataDirLocked(input.dataDir)) {
    await backupThroughServer(input.dataDir, input.out);
    return 'server';
  }
  const database = await openDatabase({ dataDir: input.dataDir });
  try {
    await writePgliteDump(database, input.out);
  } finally {
    await database.close();
  }
  return 'direct';
}

/**
 * Restores a PGlite backup into DATA_DIR with the site stopped. An existing database is moved
 * aside (`pglite.vor-wiederherstellung-<time>`), and only with `force`. The restored database is
 * opened once and checked to be this site's (its migrations table).
 */
export async function restorePglite(input: { dataDir: string; file: string; force: boolean; now: Date }): Promise<{ movedAside?: string }> {
  if (await dataDirLocked(input.dataDir)) {
    throw new BackupError(`Die eingebettete Datenbank in ${input.dataDir} ist geöffnet: Bitte die Website zuerst anhalten.`);
  }
  const target = pgliteDir(input.dataDir);
  let movedAside: string | undefined;
  if (existsSync(target) && readdirSync(target).length > 0) {
    if (!input.force) {
      throw new BackupError(
        `In ${target} liegt schon eine Datenbank. Wiederherstellen nur in ein leeres Verzeichnis, oder mit --force (die bisherige wird daneben aufbewahrt).`,
      );
    }
    movedAside = `${target}.vor-wiederherstellung-${input.now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, movedAside);
  }
  const dump = new Blob([await readFile(input.file)]);
  try {
    const database = await openDatabase({ dataDir: input.dataDir, restoreFrom: dump });
    try {
      await database.raw.query('SELECT count(*) FROM "_prisma_migrations"');
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    if (movedAside) renameSync(movedAside, target);
    throw error instanceof BackupError
      ? error
      : new BackupError(`Die Sicherung liess sich nicht wiederherstellen: ${(error as Error).message}`);
  }
  return movedAside ? { movedAside } : {};
}

// --- nightly backups of the embedded database -------------------------------------------------

const NIGHTLY = /^club-\d{4}-\d{2}-\d{2}T\d{4}\.pglite\.tar\.gz$/;

/** `club-2026-11-25T0300.pglite.tar.gz` (UTC): sorts by time. */
export function nightlyFileName(now: Date): string {
  const iso = now.toISOString();
  return `club-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}.pglite.tar.gz`;
}

/** Writes tonight's backup into the directory and removes all but the newest `keep`. */
export async function nightlyPgliteBackup(
  database: Database,
  input: { dir: string; keep: number; now: Date },
): Promise<{ file: string; bytes: number; removed: string[] }> {
  const file = path.join(input.dir, nightlyFileName(input.now));
  await writePgliteDump(database, file);
  const ours = readdirSync(input.dir)
    .filter((name) => NIGHTLY.test(name))
    .sort();
  const removed = ours.slice(0, Math.max(0, ours.length - input.keep));
  for (const name of removed) await unlink(path.join(input.dir, name)).catch(() => {});
  return { file, bytes: statSync(file).size, removed };
}
