import type { DbOrTx } from '../../lib/ctx.ts';
import type { Logger } from '../../lib/logger.ts';
import { pruneLoginData } from '../idp/index.ts';
import { linkIdentity, type Identity, type LinkResult } from './link-member.ts';
import type { PrismaSessionStore } from './session-store.ts';

const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

/** The member a verified login belongs to (linked at the first login), or null: no member. */
export function memberOfLogin(db: DbOrTx, identity: Identity): Promise<LinkResult> {
  return linkIdentity(db, identity);
}

/** Removes expired sessions, old failed logins and expired provider data every ten minutes; returns the stop. */
export function startLoginDataCleanup(deps: { db: DbOrTx; store: PrismaSessionStore; log: Logger; clock: () => Date }): () => void {
  const { db, store, log, clock } = deps;
  const cleanup = async () => {
    try {
      const sessions = await store.prune();
      const { failures, resets, payloads } = await pruneLoginData(db, clock());
      log.debug({ sessions, failures, resets, payloads }, 'expired login data removed');
    } catch (err) {
      log.warn({ err }, 'cleanup of expired login data failed');
    }
  };
  const timer = setInterval(() => void cleanup(), CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The provider could not be reached (as opposed to answering with an error). */
export function isNetworkError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Error && (e.name === 'AbortError' || e.name === 'TimeoutError' || e.message === 'fetch failed')) return true;
    const code = (e as { code?: unknown }).code;
    if (
      code === 'ECONNREFUSED' ||
      code === 'ECONNRESET' ||
      code === 'ENOTFOUND' ||
      code === 'ETIMEDOUT' ||
      code === 'UND_ERR_CONNECT_TIMEOUT'
    )
      return true;
  }
  return false;
}
