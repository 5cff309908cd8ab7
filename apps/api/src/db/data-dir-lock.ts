import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * The lock of the embedded database's data directory (proper-lockfile: a lock directory whose
 * time the owner renews every few seconds). PGlite does not stop a second process from opening
 * the same files; the server, the backup and restore commands and every other script take this
 * lock first.
 */
const STALE_MS = 20_000;

const options = (dataDir: string) => ({ lockfilePath: path.join(dataDir, 'pglite.lock'), realpath: false, stale: STALE_MS });

/** Another process has the embedded database open. */
export class DataDirInUse extends Error {
  constructor(readonly dataDir: string) {
    super(`Die eingebettete Datenbank in ${dataDir} ist von einem anderen Prozess geöffnet (läuft die Website?).`);
  }
}

/**
 * Takes the lock, waiting for a lock left by a crashed process to go stale (about 20 s);
 * throws DataDirInUse when another process holds it. Resolves to the release.
 */
export async function lockDataDir(dataDir: string, wait = true): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      ...options(dataDir),
      update: 5_000,
      retries: wait ? { retries: 7, minTimeout: 1_000, maxTimeout: 5_000 } : 0,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirInUse(dataDir);
    throw error;
  }
}

/** Whether a process holds the lock now (the server is running on this data directory). */
export function dataDirLocked(dataDir: string): Promise<boolean> {
  return lockfile.check(dataDir, options(dataDir));
}
