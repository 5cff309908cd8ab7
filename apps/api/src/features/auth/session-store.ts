import session, { type SessionData } from 'express-session';
import type { Role } from '@club/contract';
import { oneBatchAtATime } from '../../lib/batching.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  extendSession,
  readSessionsWithRoles,
  upsertSession,
  type SessionRow,
} from './auth.repository.ts';

/** A session ends after this long without a request (rolling). */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
/** ...and this long after the login, however active (DESIGN.md §5). */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** The expiry moves only when it would move by more than this (one write and one new cookie a minute at most). */
const TOUCH_GRANULARITY_MS = 60_000;
/**
 * How long a session read (with the member's roles) is used again by this process. Whatever this
 * process changes (login, logout, renewal, and every successful write answer of the API, which
 * may change roles or remove a member) drops it at once; a change made by another server process
 * shows after at most this long.
 */
export const SESSION_READ_MAX_AGE_MS = 1_000;
/** More sessions than this kept at once: all are dropped and read again. */
const MAX_KEPT_READS = 20_000;

declare module 'express-session' {
  interface SessionData {
    /** The logged-in member. */
    memberId?: number;
    /** When the member logged in (epoch ms): the absolute timeout counts from here. */
    loginAt?: number;
    /** When the session's expiry was last moved on (epoch ms); see needsRenewal. */
    renewedAt?: number;
    /** Where to go after the login flow. */
    returnTo?: string;
    /** ID token of an external provider, for its end-session URL at logout. */
    idToken?: string;
    /** The expiry the store read (epoch ms); lets touch skip its round trip. Never stored. */
    storedExpiresAt?: number;
    /** Roles of the session's member, read with the session; null when that member is gone. Never stored. */
    memberRoles?: Role[] | null;
  }
}

/** When a session ends: idle timeout from now, never after the absolute one. */
export function sessionExpiresAt(data: Pick<SessionData, 'loginAt'>, now: Date): Date {
  const idle = now.getTime() + IDLE_TIMEOUT_MS;
  return new Date(data.loginAt ? Math.min(idle, data.loginAt + ABSOLUTE_TIMEOUT_MS) : idle);
}

/**
 * Whether a request should move the session's expiry on (idle timeout): when the expiry the
 * store read lags more than a minute behind. Then the session is marked changed, so
 * express-session saves it and sends the cookie again with the new expiry; between such
 * renewals, answers carry no cookie (each one costs a signature).
 */
export function needsRenewal(data: Pick<SessionData, 'loginAt' | 'storedExpiresAt'>, now: Date): boolean {
  return data.storedExpiresAt === undefined || sessionExpiresAt(data, now).getTime() - data.storedExpiresAt > TOUCH_GRANULARITY_MS;
}

/** A session as read, with the expiry and its member's roles; shared by the requests that use the read. */
export type StoredSession = Readonly<SessionData & { storedExpiresAt: number; memberRoles: readonly Role[] | null }>;

function storedSession(row: SessionRow): StoredSession {
  return {
    ...(row.data as SessionData),
    storedExpiresAt: row.expiresAt.getTime(),
    memberRoles: row.memberExists ? row.roles : null,
  };
}

/**
 * express-session store in table sessions (through Prisma), so every instance sees every
 * session. Expiry is decided here, with the site's clock: an expired row reads as no session.
 */
export class PrismaSessionStore extends session.Store {
  /** Sessions of requests that come together are read with one query. */
  private readonly rows;
  /** Recent reads by session id (null: no such session), with when they were made. */
  private readonly recent = new Map<string, { session: StoredSession | null; readAt: number }>();
  /** Counts the changes of this process: a read that started before one is not kept. */
  private generation = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly clock: () => Date,
  ) {
    super();
    // Every request of a member needs the session and the member's current roles: one query for both.
    this.rows = oneBatchAtATime(async (sids: readonly string[]) => {
      const rows = await readSessionsWithRoles(db, sids);
      const bySid = new Map(rows.map((row) => [row.sid, row]));
      return sids.map((sid) => bySid.get(sid) ?? null);
    });
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.session(sid).then(
      // A copy: express-session changes it in place.
      (found) => callback(null, found && { ...found, memberRoles: found.memberRoles && [...found.memberRoles] }),
      (err: unknown) => callback(err),
    );
  }

  /** The session, to read only (null: no such session, or expired), from a kept read when there is a fresh one. */
  async session(sid: string): Promise<StoredSession | null> {
    return this.unexpired(await this.read(sid));
  }

  /** The session from a read kept less than SESSION_READ_MAX_AGE_MS ago, to read only; undefined when there is none. */
  keptSession(sid: string): StoredSession | null | undefined {
    const kept = this.recent.get(sid);
    if (!kept || performance.now() - kept.readAt >= SESSION_READ_MAX_AGE_MS) return undefined;
    return this.unexpired(kept.session);
  }

  private unexpired(found: StoredSession | null): StoredSession | null {
    return found && found.storedExpiresAt > this.clock().getTime() ? found : null;
  }

  /** Drops every kept read (after a change that may touch any session or member). */
  forgetReads(): void {
    this.generation += 1;
    this.recent.clear();
  }

  /** Before and after a write of the session: a read in flight meanwhile is not kept either. */
  private forget(sid: string): void {
    this.generation += 1;
    this.recent.delete(sid);
  }

  private async read(sid: string): Promise<StoredSession | null> {
    const kept = this.recent.get(sid);
    if (kept && performance.now() - kept.readAt < SESSION_READ_MAX_AGE_MS) return kept.session;
    const generation = this.generation;
    const readAt = performance.now();
    const row = await this.rows.load(sid);
    const session = row && storedSession(row);
    if (generation === this.generation) {
      if (this.recent.size >= MAX_KEPT_READS) this.recent.clear();
      this.recent.set(sid, { session, readAt });
    }
    return session;
  }

  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    const expiresAt = sessionExpiresAt(data, this.clock());
    const { storedExpiresAt: _read, memberRoles: _roles, ...stored } = data;
    const json: unknown = JSON.parse(JSON.stringify(stored));
    this.forget(sid);
    upsertSession(this.db, sid, json, expiresAt)
      .finally(() => this.forget(sid))
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  }

  override touch(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    // Most requests of an active member come within a minute of the last write: nothing to do.
    if (!needsRenewal(data, this.clock())) {
      callback?.();
      return;
    }
    const expiresAt = sessionExpiresAt(data, this.clock());
    this.forget(sid);
    extendSession(this.db, sid, expiresAt, new Date(expiresAt.getTime() - TOUCH_GRANULARITY_MS), this.clock())
      .finally(() => this.forget(sid))
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.forget(sid);
    deleteSession(this.db, sid)
      .finally(() => this.forget(sid))
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  }

  /** Removes expired sessions; returns how many. */
  async prune(): Promise<number> {
    return deleteExpiredSessions(this.db, this.clock());
  }
}
