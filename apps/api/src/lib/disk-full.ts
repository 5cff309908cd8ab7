import type { RequestHandler } from 'express';
import type { Logger } from './logger.ts';
import { diskFullErrors } from './metrics.ts';

/**
 * A full disk, remembered per site (one DiskFullWatch, made by createApp): every refused write counts in the metric
 * `club_disk_full_errors_total`, but only one error line per minute reaches the log (with how
 * many were left out since), and /readyz answers 503 until a write succeeds again (at most a minute
 * after the last refused one). The site
 * keeps answering: a write is refused with 503 DISK_FULL, reads go on, and once there is space
 * again the next write succeeds.
 */
const LOG_EVERY_MS = 60_000;
/** How long after the last refused write /readyz still reports the full disk. */
export const DISK_FULL_READY_MS = 60_000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The full-disk state of one site (made by createApp, shared with its outbox and nightly jobs). */
export class DiskFullWatch {
  private lastSeenAt: number | null = null;
  private lastLoggedAt: number | null = null;
  private notLogged = 0;

  /** A write was refused for a full disk: counted, logged at most once a minute. */
  note(log: Logger, error: unknown, now = Date.now()): void {
    diskFullErrors.inc();
    this.lastSeenAt = now;
    if (this.lastLoggedAt !== null && now - this.lastLoggedAt < LOG_EVERY_MS) {
      this.notLogged += 1;
      return;
    }
    const err =
      error instanceof Error
        ? { name: error.name, code: (error as { code?: unknown }).code, message: error.message.slice(0, 300) }
        : String(error);
    log.error(
      { err, since: this.lastLoggedAt === null ? undefined : new Date(this.lastLoggedAt).toISOString(), notLogged: this.notLogged },
      'Speicherplatz voll: Schreibzugriffe werden mit 503 abgewiesen (höchstens eine Zeile pro Minute)',
    );
    this.lastLoggedAt = now;
    this.notLogged = 0;
  }

  /** When a write was last refused for a full disk, if within DISK_FULL_READY_MS; else null. */
  recently(now = Date.now()): Date | null {
    return this.lastSeenAt !== null && now - this.lastSeenAt < DISK_FULL_READY_MS ? new Date(this.lastSeenAt) : null;
  }

  /**
   * A write answered successfully means there is space again: /readyz stops reporting the full
   * disk at once rather than a minute after the last refused write.
   */
  readonly noticeSpaceAgain: RequestHandler = (req, res, next) => {
    if (this.lastSeenAt !== null && !READS.has(req.method)) {
      res.once('finish', () => {
        if (res.statusCode < 400) this.lastSeenAt = null;
      });
    }
    next();
  };
}
