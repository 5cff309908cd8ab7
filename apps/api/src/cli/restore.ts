/**
 * Restores a backup of `pnpm backup` into the site's database, with the site stopped:
 *
 *   pnpm restore -- --in /var/backups/club/club-2026-11-25.backup [--force]
 *
 * Into the database of the same environment as the server's: PostgreSQL (DATABASE_URL, with
 * pg_restore from PG_RESTORE or PATH) or the embedded one in DATA_DIR. Refuses a database that
 * is not empty unless --force (PostgreSQL: its schema public is emptied; embedded: the existing
 * data directory is kept beside the restored one).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { BackupError, backupKindOf, restorePglite, restorePostgres } from '../features/ops/backup.ts';

const USAGE = 'Aufruf: pnpm restore -- --in <datei> [--force]';

export function parseRestoreArgs(argv: string[], cwd: string): { in: string; force: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv[0] === '--' ? argv.slice(1) : argv,
      options: { in: { type: 'string' }, force: { type: 'boolean', default: false } },
      strict: true,
    }));
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.in) throw new BackupError(`--in fehlt.\n${USAGE}`);
  return { in: path.resolve(cwd, values.in), force: values.force ?? false };
}

async function main(): Promise<number> {
  try {
    const args = parseRestoreArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
    const config = loadConfig();
    const kind = await backupKindOf(args.in);
    const started = Date.now();
    if (config.databaseUrl) {
      if (kind !== 'postgres')
        throw new BackupError(`${args.in} ist eine Sicherung der eingebetteten Datenbank; DATABASE_URL ist aber gesetzt.`);
      await restorePostgres({
        databaseUrl: config.databaseUrl,
        file: args.in,
        force: args.force,
        tools: { ...config.pgTools, environment: process.env },
      });
      process.stdout.write(`Wiederhergestellt in die PostgreSQL-Datenbank (${Date.now() - started} ms). Jetzt die Website starten.\n`);
    } else {
      if (kind !== 'pglite') throw new BackupError(`${args.in} ist eine PostgreSQL-Sicherung (pg_dump); für sie DATABASE_URL setzen.`);
      const result = await restorePglite({ dataDir: config.dataDir, file: args.in, force: args.force, now: new Date() });
      process.stdout.write(
        `Wiederhergestellt nach ${config.dataDir} (${Date.now() - started} ms).${result.movedAside ? ` Die bisherige Datenbank liegt in ${result.movedAside}.` : ''} Jetzt die Website starten.\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirInUse) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
