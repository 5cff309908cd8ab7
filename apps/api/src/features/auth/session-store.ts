import session, { type SessionData } from 'express-session';
import type { Role } from '@club/contract';
import type { DbOrTx } from '../../lib/ctx.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  extendSession,
  readSessionWithRoles,
  upsertSession,
  type SessionRow,
} from './auth.repository.ts';

/** A session ends after this long without a request (rolling). */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
/** ...and this long after the login, however active (docs/domain-rules.md «Login, session, roles»). */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** The expiry moves only when it would move by more than this (one write and one new cookie a minute at most). */
const TOUCH_GRANULARITY_MS = 60_000;

declare module 'express-session' {
  interface SessionData {
    /** The logged-in member. */
    memberId?: number;
    /** When the member logged in (epoch ms): the absolute timeout counts from here. */
    loginAt?: number;
    /** How the login was made: true when it included a second factor (the provider's `amr`). */
    secondFactor?: boolean;
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

/** A session as read: a new object each time (express-session changes it in place), with the expiry and its member's roles. */
function storedSession(row: SessionRow): SessionData {
  return {
    ...(row.data as SessionData),
    storedExpiresAt: row.expiresAt.getTime(),
    memberRoles: row.memberExists ? [...row.roles] : null,
  };
}

/**
 * express-session store in table sessions (through Prisma), so every instance sees every
 * session. Expiry is decided here, with the site's clock: an expired row reads as no session.
 */
export class PrismaSessionStore extends session.Store {
  constructor(
    private readonly db: DbOrTx,
    private readonly clock: () => Date,
  ) {
    super();
  }

  /** The session as stored now, with its member's current roles (null: no such session, or expired); one query. */
  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    readSessionWithRoles(this.db, sid).then(
      (row) => callback(null, row && row.expiresAt.getTime() > this.clock().getTime() ? storedSession(row) : null),
      (err: unknown) => callback(err),
    );
  }

  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    const expiresAt = sessionExpiresAt(data, this.clock());
    const { storedExpiresAt: _read, memberRoles: _roles, ...stored } = data;
    const json: unknown = JSON.parse(JSON.stringify(stored));
    upsertSession(this.db, sid, json, expiresAt)
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
    extendSession(this.db, sid, expiresAt, new Date(expiresAt.getTime() - TOUCH_GRANULARITY_MS), this.clock())
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    deleteSession(this.db, sid)
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  }

  /** Removes expired sessions; returns how many. */
  async prune(): Promise<number> {
    return deleteExpiredSessions(this.db, this.clock());
  }
}
