import type { Database } from '../../db/client.ts';
import { isDiskFull } from '../../db/errors.ts';
import type { DiskFullWatch } from '../../lib/disk-full.ts';
import { findAppliedMigrations, pingDatabase, readOutboxFigures } from './ops.repository.ts';

/** A mail due this long without being sent means no outbox worker is sending (it polls every second). */
export const OUTBOX_STUCK_SECONDS = 10 * 60;
/** A database that takes longer than this to answer `SELECT 1` counts as unreachable. */
const PING_TIMEOUT_MS = 3_000;

export type CheckName = 'database' | 'migrations' | 'outbox' | 'disk';

export interface Readiness {
  ready: boolean;
  /** The first failed check, as a German sentence; absent when ready. */
  reason?: string;
  checks: Record<CheckName, 'ok' | 'failed' | 'skipped'>;
}

export interface ReadinessDeps {
  database: Database;
  /** Names of the migrations this build ships (all must be applied). */
  migrations: readonly string[];
  /** Without SMTP mails stay in the outbox by design: then it cannot be stuck. */
  smtpConfigured: boolean;
  now: Date;
  /** Writes refused for a full disk (timed by the wall clock where they happen). */
  diskFull: DiskFullWatch;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should get traffic (/readyz): the database answers, every migration
 * of this build is applied, the outbox is being worked off, and no write was refused for a full
 * disk within the last minute. The first failure is the reason.
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const checks: Readiness['checks'] = { database: 'skipped', migrations: 'skipped', outbox: 'skipped', disk: 'ok' };
  const fail = (check: CheckName, reason: string): Readiness => {
    checks[check] = 'failed';
    return { ready: false, reason, checks };
  };
  const db = deps.database.prisma;
  try {
    await withTimeout(pingDatabase(db), PING_TIMEOUT_MS);
    checks.database = 'ok';
    const applied = new Set(await findAppliedMigrations(db));
    const missing = deps.migrations.filter((name) => !applied.has(name));
    if (missing.length) return fail('migrations', `Nicht angewendete Migrationen: ${missing.join(', ')}.`);
    checks.migrations = 'ok';
    if (deps.smtpConfigured) {
      const outbox = await readOutboxFigures(db, deps.now);
      if (outbox.longestDueSeconds > OUTBOX_STUCK_SECONDS) {
        const minutes = Math.round(outbox.longestDueSeconds / 60);
        return fail('outbox', `Der Postausgang steht: ${outbox.pending} Mails warten, die älteste fällige seit ${minutes} Minuten.`);
      }
      checks.outbox = 'ok';
    }
  } catch (error) {
    if (isDiskFull(error)) return fail('disk', 'Der Speicherplatz der Datenbank ist voll.');
    return fail('database', 'Die Datenbank ist nicht erreichbar.');
  }
  const full = deps.diskFull.recently();
  if (full) return fail('disk', `Der Speicherplatz ist voll: Schreibzugriffe wurden abgewiesen, zuletzt um ${full.toISOString()}.`);
  return { ready: true, checks };
}
