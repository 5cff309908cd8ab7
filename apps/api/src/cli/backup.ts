/**
 * Backs up the site's database into one compressed file, while the site runs:
 *
 *   pnpm backup -- --out /var/backups/club/club-$(date +%F).backup
 *
 * PostgreSQL (DATABASE_URL): pg_dump in its custom format (PG_DUMP, else pg_dump from PATH).
 * Embedded database (DATA_DIR): PGlite's dump of its data directory, handed out by the running
 * server through its control socket, or taken here when the site is stopped. The same
 * environment as the server's. Restore with `pnpm restore -- --in <file>`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { statSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { BackupError, backupPglite, backupPostgres } from '../features/ops/backup.ts';

const USAGE = 'Aufruf: pnpm backup -- --out <datei>';

export function parseBackupArgs(argv: string[], cwd: string): { out: string } {
  let values;
  try {
    ({ values } = parseArgs({ args: argv[0] === '--' ? argv.slice(1) : argv, options: { out: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.out) throw new BackupError(`--out fehlt.\n${USAGE}`);
  return { out: path.resolve(cwd, values.out) };
}

async function main(): Promise<number> {
  try {
    // pnpm runs the script in apps/api; a relative --out means where it was called from.
    const args = parseBackupArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
    const config = loadConfig();
    const started = Date.now();
    let how: string;
    if (config.databaseUrl) {
      await backupPostgres({ databaseUrl: config.databaseUrl, out: args.out, tools: { ...config.pgTools, environment: process.env } });
      how = 'pg_dump, Custom-Format';
    } else {
      const via = await backupPglite({ dataDir: config.dataDir, out: args.out });
      how = via === 'server' ? 'eingebettete Datenbank, von der laufenden Website' : 'eingebettete Datenbank, Website angehalten';
    }
    const bytes = statSync(args.out).size;
    process.stdout.write(
      `Sicherung geschrieben: ${args.out} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${how}, ${Date.now() - started} ms)\n`,
    );
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
