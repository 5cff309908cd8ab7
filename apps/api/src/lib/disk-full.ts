import type { RequestHandler } from 'express';
import type { Logger } from './logger.ts';
import { diskFullErrors } from './metrics.ts';

/**
 * A full disk, remembered per process: every refused write counts in the metric
 * `club_disk_full_errors_total`, but only one error line per minute reaches the log (with how
 * many were left out since), and /readyz answers 503 until a write succeeds again (at most a minute
 * after the last refused one). The site
 * keeps answering: a write is refused with 503 DISK_FULL, reads go on, and once there is space
 * again the next write succeeds.
 */
const LOG_EVERY_MS = 60_000;
/** How long after the last refused write /readyz still reports the full disk. */
export const DISK_FULL_READY_MS = 60_000;

let lastSeenAt: number | null = null;
let lastLoggedAt: number | null = null;
let notLogged = 0;

export function noteDiskFull(log: Logger, error: unknown, now = Date.now()): void {
  diskFullErrors.inc();
  lastSeenAt = now;
  if (lastLoggedAt !== null && now - lastLoggedAt < LOG_EVERY_MS) {
    notLogged += 1;
    return;
  }
  const err =
    error instanceof Error
      ? { name: error.name, code: (error as { code?: unknown }).code, message: error.message.slice(0, 300) }
      : String(error);
  log.error(
    { err, since: lastLoggedAt === null ? undefined : new Date(lastLoggedAt).toISOString(), notLogged },
    'Speicherplatz voll: Schreibzugriffe werden mit 503 abgewiesen (höchstens eine Zeile pro Minute)',
  );
  lastLoggedAt = now;
  notLogged = 0;
}

/** When a write was last refused for a full disk, if within DISK_FULL_READY_MS; else null. */
export function diskFullRecently(now = Date.now()): Date | null {
  return lastSeenAt !== null && now - lastSeenAt < DISK_FULL_READY_MS ? new Date(lastSeenAt) : null;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write answered successfully means there is space again: /readyz stops reporting the full
 * disk at once rather than a minute after the last refused write.
 */
export const noticeSpaceAgain: RequestHandler = (req, res, next) => {
  if (lastSeenAt !== null && !READS.has(req.method)) {
    res.once('finish', () => {
      if (res.statusCode < 400) lastSeenAt = null;
    });
  }
  next();
};
