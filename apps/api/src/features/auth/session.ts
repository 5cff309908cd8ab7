import type { Request, RequestHandler } from 'express';
import session from 'express-session';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import type { WriteSignal } from '../../lib/write-signal.ts';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, needsRenewal, PrismaSessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'sid';

export interface SiteSession {
  /** express-session (table sessions) for /api and /oauth, then req.actor from the session with fresh roles. */
  handlers: RequestHandler[];
  store: PrismaSessionStore;
  /** Options of the session cookie, to clear it with. */
  cookieOptions: { path: string; httpOnly: boolean; sameSite: 'lax'; secure: boolean };
}

const COOKIE_PREFIX = `${SESSION_COOKIE}=`;

/** Whether the request carries a cookie named like the session's (signed or not: express-session checks). */
function hasSessionCookie(req: Request): boolean {
  const header = req.headers.cookie;
  if (!header) return false;
  return header.split(';').some((part) => part.trimStart().startsWith(COOKIE_PREFIX));
}

/** The server-side session (DESIGN.md §5) and the actor middleware. */
export function createSiteSession(deps: { config: Config; db: DbOrTx; clock: () => Date; writes: WriteSignal }): SiteSession {
  const { config, db, clock, writes } = deps;
  const store = new PrismaSessionStore(db, clock);
  // A write may change roles or remove a member: the next request reads its session again.
  writes.subscribe(() => store.forgetReads());
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

  // Only the API and the login need the session: the SPA's files and pages are the same
  // for everyone, and loading a session for each of them would cost a query apiece.
  // The API never starts a session (only the login does): a request to it without the session
  // cookie is a visitor's, and needs neither a new session object nor a read.
  const needsSession = (req: Request) => /^\/(api|oauth)(\/|$)/.test(req.path);
  const sessionWhereNeeded: RequestHandler = (req, res, next) => {
    if (!needsSession(req) || (req.path.startsWith('/api/') && !hasSessionCookie(req))) return next();
    sessionMiddleware(req, res, (err?: unknown) => {
      // The session could not be read (the database away): the answer is a 503, and the
      // session must stay as it is. Without its id, express-session would take the missing
      // req.session for a logout and delete the row at the end of the answer (unset: 'destroy').
      if (err) delete (req as { sessionID?: string }).sessionID;
      next(err);
    });
  };

  /** The session's member with the roles the store read with the session; a visitor is null. */
  const actor: RequestHandler = async (req, _res, next) => {
    req.actor = null;
    const current = req.session as Request['session'] | undefined;
    if (current?.memberId === undefined) return next();
    const now = clock();
    if (!current.loginAt || now.getTime() - current.loginAt >= ABSOLUTE_TIMEOUT_MS) {
      await regenerateSession(req);
      return next();
    }
    const roles = current.memberRoles;
    if (!roles) {
      await regenerateSession(req);
      return next();
    }
    if (needsRenewal(current, now)) current.renewedAt = now.getTime();
    req.actor = { memberId: current.memberId, roles };
    next();
  };

  return { handlers: [sessionWhereNeeded, actor], store, cookieOptions };
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
