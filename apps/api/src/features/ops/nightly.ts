import { Cron } from 'croner';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isDiskFull } from '../../db/errors.ts';
import type { DiskFullWatch } from '../../lib/disk-full.ts';
import type { Logger } from '../../lib/logger.ts';
import { jobRuns } from '../../lib/metrics.ts';
import { RETENTION_SCHEDULE, runNightlyRetention } from '../members/retention.service.ts';
import { nightlyPgliteBackup } from './backup.ts';
import { startControlSocket } from './control-socket.ts';
import { ZURICH } from '../../lib/dates.ts';
import { runDueDraws } from '../tickets/fair-sale.service.ts';
import { announceDueNewsletters } from '../newsletters/newsletters.service.ts';
import { deleteUnusedMailingAttachments } from '../mailings/mailings.service.ts';
import { deleteStaleImports } from '../members/member-import.service.ts';

/** The draws that are due are looked for every minute (a draw runs at most a minute after its drawAt). */
export const DRAW_SCHEDULE = '* * * * *';

/** Newsletters whose publication day has come are announced within a minute after midnight (Zurich). */
export const ANNOUNCE_SCHEDULE = '* * * * *';

/** The nightly backup of the embedded database (cron, Zurich time), before the retention run. */
export const BACKUP_SCHEDULE = '0 3 * * *';

/** Runs a job, counts its outcome, logs what it did or why it failed; never throws. */
async function runJob(
  job: string,
  log: Logger,
  diskFull: DiskFullWatch,
  work: () => Promise<Record<string, unknown> | null>,
): Promise<void> {
  try {
    const result = await work();
    jobRuns.inc({ job, outcome: 'ok' });
    log.info({ job, ...(result ?? { skipped: 'another instance runs it today' }) }, 'nightly job done');
  } catch (error) {
    jobRuns.inc({ job, outcome: 'failed' });
    if (isDiskFull(error)) diskFull.note(log, error);
    else log.error({ job, err: error }, 'nightly job failed');
  }
}

/**
 * The server's own background work besides serving: the control socket through which
 * `pnpm backup` gets the embedded database's dump, the nightly backup into BACKUP_DIR (embedded
 * database only) and the nightly retention run (croner schedules; overlapping runs are skipped).
 */
export async function startOperations(input: {
  config: Config;
  database: Database;
  log: Logger;
  /** The site's full-disk state (createApp's): a job refused for a full disk reports there. */
  diskFull: DiskFullWatch;
  /** Wall clock; tests may pin it. */
  clock?: () => Date;
}): Promise<{ stop(): Promise<void> }> {
  const { config, database, log, diskFull } = input;
  const clock = input.clock ?? (() => new Date());
  const jobs: Cron[] = [];
  // Without the socket (a DATA_DIR path too long for one, say) the site still serves; `pnpm backup` then says so.
  const socket =
    database.kind === 'pglite'
      ? await startControlSocket({ dataDir: config.dataDir, database, log }).catch((error: unknown) => {
          log.warn({ err: error }, 'no control socket: pnpm backup cannot reach this server');
          return undefined;
        })
      : undefined;
  const backup = config.backup;
  if (backup && database.kind === 'pglite') {
    jobs.push(
      new Cron(BACKUP_SCHEDULE, { timezone: ZURICH, protect: true }, () =>
        runJob('backup', log, diskFull, async () => {
          const done = await nightlyPgliteBackup(database, { dir: backup.dir, keep: backup.keep, now: new Date() });
          return { file: done.file, bytes: done.bytes, removed: done.removed.length };
        }),
      ),
    );
  }
  jobs.push(
    new Cron(RETENTION_SCHEDULE, { timezone: ZURICH, protect: true }, () =>
      runJob('retention', log, diskFull, async () => {
        const ctx = { db: database.prisma, log, actor: null, now: clock() };
        const result = await runNightlyRetention(ctx, { years: config.retentionYears });
        return (
          result && {
            anonymised: result.anonymised.length,
            applicationsDeleted: result.applicationsDeleted,
            invoicesAnonymised: result.invoicesAnonymised,
          }
        );
      }),
    ),
  );
  // PDFs uploaded for a mailing that was never sent: gone after a day.
  jobs.push(
    new Cron(RETENTION_SCHEDULE, { timezone: ZURICH, protect: true }, () =>
      runJob('mailing-attachments', log, diskFull, async () => ({
        deleted: await deleteUnusedMailingAttachments({ db: database.prisma, log, actor: null, now: clock() }),
      })),
    ),
  );
  // Member lists uploaded for an import that was never committed: gone after a day.
  jobs.push(
    new Cron(RETENTION_SCHEDULE, { timezone: ZURICH, protect: true }, () =>
      runJob('member-imports', log, diskFull, async () => ({
        deleted: await deleteStaleImports({ db: database.prisma, log, actor: null, now: clock() }),
      })),
    ),
  );
  // Due draws: the state lives in the games (drawAt, drawnAt), so a restart loses nothing and
  // every instance may look; the game's row lock lets exactly one draw each game.
  const site = { clubName: config.clubName, publicUrl: config.publicUrl };
  jobs.push(
    new Cron(DRAW_SCHEDULE, { timezone: ZURICH, protect: true }, async () => {
      try {
        const drawn = await runDueDraws({ db: database.prisma, log, actor: null, now: clock() }, site);
        if (drawn.length) {
          jobRuns.inc({ job: 'draw', outcome: 'ok' });
          log.info({ job: 'draw', games: drawn }, 'draws done');
        }
      } catch (error) {
        jobRuns.inc({ job: 'draw', outcome: 'failed' });
        log.error({ job: 'draw', err: error }, 'draw job failed');
      }
    }),
  );
  // Newsletters published today: the state lives in the newsletters (notify, announcedAt), and
  // each is announced under its row's lock in the transaction that writes the mails.
  const newsletters = { clubName: config.clubName, newsletterUrl: `${config.publicUrl}/newsletter` };
  jobs.push(
    new Cron(ANNOUNCE_SCHEDULE, { timezone: ZURICH, protect: true }, async () => {
      try {
        const announced = await announceDueNewsletters({ db: database.prisma, log, actor: null, now: clock() }, newsletters);
        if (announced.length) {
          jobRuns.inc({ job: 'newsletter-announcement', outcome: 'ok' });
          log.info({ job: 'newsletter-announcement', newsletters: announced }, 'newsletters announced');
        }
      } catch (error) {
        jobRuns.inc({ job: 'newsletter-announcement', outcome: 'failed' });
        log.error({ job: 'newsletter-announcement', err: error }, 'newsletter announcement failed');
      }
    }),
  );
  return {
    async stop() {
      for (const job of jobs) job.stop();
      await socket?.close();
    },
  };
}
