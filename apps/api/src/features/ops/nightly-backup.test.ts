import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { openEmbeddedTestDatabase } from '../../test/db.ts';
import { createMember } from '../../test/factories.ts';
import { nightlyFileName, nightlyPgliteBackup, restorePglite } from './backup.ts';

/**
 * BACKUP_DIR + BACKUP_KEEP: the server writes a backup of the embedded database it has open into
 * the directory each night and keeps the newest N. Only the embedded database has it (PostgreSQL is
 * backed up with pg_dump by cron), so this runs on a PGlite data directory whatever the tests' database.
 */
describe('nightly backup of the embedded database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'club-nightly-backup-'));
  const backups = path.join(dir, 'backups');
  let database: Database;

  beforeAll(async () => {
    database = await openEmbeddedTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the files by the time of the run (UTC), so they sort by age', () => {
    expect(nightlyFileName(new Date('2026-11-25T02:00:00Z'))).toBe('club-2026-11-25T0200.pglite.tar.gz');
    expect(nightlyFileName(new Date('2026-01-03T23:59:59Z'))).toBe('club-2026-01-03T2359.pglite.tar.gz');
  });

  it('writes one backup a night into BACKUP_DIR, keeps the newest BACKUP_KEEP and leaves other files alone', async () => {
    const first = await createMember(database.prisma, { lastName: 'Erste Nacht' });
    const nights = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'].map((day) => new Date(`${day}T02:00:00Z`));
    mkdirSync(backups);
    writeFileSync(path.join(backups, 'notes.txt'), 'not a nightly backup: stays');
    const results = [];
    for (const now of nights) results.push(await nightlyPgliteBackup(database, { dir: backups, keep: 2, now }));
    expect(results.map((r) => r.bytes > 1000)).toEqual([true, true, true, true]);
    expect(results.map((r) => r.removed)).toEqual([[], [], ['club-2026-11-21T0200.pglite.tar.gz'], ['club-2026-11-22T0200.pglite.tar.gz']]);
    expect(readdirSync(backups).sort()).toEqual(['club-2026-11-23T0200.pglite.tar.gz', 'club-2026-11-24T0200.pglite.tar.gz', 'notes.txt']);

    // The newest file restores into a fresh data directory with the member of the first night.
    const restoredDir = path.join(dir, 'restored');
    await restorePglite({ dataDir: restoredDir, file: results.at(-1)!.file, force: false, now: new Date() });
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      const rows = await restored.raw.query<{ username: string }>('SELECT "username" FROM "members" WHERE "id" = $1', [first.id]);
      expect(rows).toEqual([{ username: first.username }]);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
