import type { Request, RequestHandler } from 'express';
import session, { type SessionData } from 'express-session';
import type { Config } from '../../config.ts';
import type { Actor, DbOrTx } from '../../lib/ctx.ts';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, needsRenewal, PrismaSessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'sid';

export interface SiteSession {
  /** express-session (table sessions) for /api and /oauth, then req.actor from the session with fresh roles. */
  handler: RequestHandler;
  store: PrismaSessionStore;
  /** Options of the session cookie, to clear it with. */
  cookieOptions: { path: string; httpOnly: boolean; sameSite: 'lax'; secure: boolean };
}

/**
 * What a session means for the request: a visitor's, a member's, or one that must be written
 * first: `end` (the absolute timeout passed or the member is gone: then a visitor's) or `renew`
 * (the expiry is to move on, needsRenewal).
 */
function stateOf(data: SessionData | null | undefined, now: Date): 'visitor' | 'member' | 'end' | 'renew' {
  if (data?.memberId === undefined) return 'visitor';
  if (!data.loginAt || now.getTime() - data.loginAt >= ABSOLUTE_TIMEOUT_MS || !data.memberRoles) return 'end';
  return needsRenewal(data, now) ? 'renew' : 'member';
}

/** The session's member; a board member's login without a second factor is marked where the board needs one. */
function actorOf(data: SessionData, requireTwoFactorForBoard: boolean): Actor {
  const roles = data.memberRoles!;
  const secondFactorMissing = requireTwoFactorForBoard && roles.includes('MEMBER_OF_THE_BOARD') && data.secondFactor !== true;
  return { memberId: data.memberId!, roles, ...(secondFactorMissing ? { secondFactorMissing } : {}) };
}

/** The server-side session (docs/domain-rules.md «Login, session, roles») and the actor middleware. */
export function createSiteSession(deps: { config: Config; db: DbOrTx; clock: () => Date }): SiteSession {
  const { config, db, clock } = deps;
  const store = new PrismaSessionStore(db, clock);
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
  const sessionMiddleware = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    // Rolling, but at most once a minute: see needsRenewal (the actor middleware below).
    rolling: false,
    unset: 'destroy',
    // An https PUBLIC_URL means a TLS-terminating proxy: trust its X-Forwarded-Proto for the Secure cookie.
    ...(config.secureCookies || config.trustProxy > 0 ? { proxy: true } : {}),
    cookie: { ...cookieOptions, maxAge: IDLE_TIMEOUT_MS },
  });

  /**
   * express-session reads the session with its member's current roles (one query, every
   * request), then req.actor is set from it; a session past its absolute timeout or of a
   * member that is gone is ended first, one due for renewal is marked changed (saved, cookie sent).
   */
  const handler: RequestHandler = (req, res, next) => {
    req.actor = null;
    sessionMiddleware(req, res, (err?: unknown) => {
      if (err) {
        // The session could not be read (the database away): the answer is a 503, and the
        // session must stay as it is. Without its id, express-session would take the missing
        // req.session for a logout and delete the row at the end of the answer (unset: 'destroy').
        delete (req as { sessionID?: string }).sessionID;
        return next(err);
      }
      const now = clock();
      const current = req.session as Request['session'] | undefined;
      const state = stateOf(current, now);
      if (state === 'end') return regenerateSession(req).then(() => next(), next);
      if (state === 'renew') current!.renewedAt = now.getTime();
      req.actor = state === 'visitor' ? null : actorOf(current!, config.requireTwoFactorForBoard);
      next();
    });
  };

  return { handler, store, cookieOptions };
}

export function regenerateSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err: unknown) => (err ? reject(err) : resolve())));
}

export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err: unknown) => (err ? reject(err) : resolve())));
}

export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((err: unknown) => (err ? reject(err) : resolve())));
}
