import type { Request, RequestHandler } from 'express';
import { parseCookie } from 'cookie';
import { unsign } from 'cookie-signature';
import session, { type SessionData } from 'express-session';
import type { Config } from '../../config.ts';
import type { Actor, DbOrTx } from '../../lib/ctx.ts';
import type { WriteSignal } from '../../lib/write-signal.ts';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, needsRenewal, PrismaSessionStore, type StoredSession } from './session-store.ts';

export const SESSION_COOKIE = 'sid';

export interface SiteSession {
  /** express-session (table sessions) for /api and /oauth, then req.actor from the session with fresh roles. */
  handler: RequestHandler;
  store: PrismaSessionStore;
  /** Options of the session cookie, to clear it with. */
  cookieOptions: { path: string; httpOnly: boolean; sameSite: 'lax'; secure: boolean };
}

/** More signed cookie values than this remembered at once: all are forgotten and checked again. */
const MAX_KNOWN_COOKIES = 20_000;

/**
 * The session id in a request's session cookie, or null (no cookie, not signed, a bad signature):
 * what express-session reads from it. Each signed value is checked once (an HMAC) and remembered.
 */
function sessionIdReader(secret: string): (req: Request) => string | null {
  const known = new Map<string, string | false>();
  return (req) => {
    const header = req.headers.cookie;
    if (!header?.includes(`${SESSION_COOKIE}=`)) return null;
    const value = parseCookie(header)[SESSION_COOKIE];
    if (!value?.startsWith('s:')) return null;
    let sid = known.get(value);
    if (sid === undefined) {
      sid = unsign(value.slice(2), secret);
      if (known.size >= MAX_KNOWN_COOKIES) known.clear();
      known.set(value, sid);
    }
    return sid || null;
  };
}

/**
 * What a session means for the request: who acts, and what must be written first. `end`: the
 * absolute timeout passed or the member is gone (the session is ended: a visitor); `renew`: the
 * expiry is to move on (needsRenewal).
 */
function verdict(data: SessionData | null | undefined, now: Date): { actor: Actor | null; write?: 'end' | 'renew' } {
  if (data?.memberId === undefined) return { actor: null };
  if (!data.loginAt || now.getTime() - data.loginAt >= ABSOLUTE_TIMEOUT_MS || !data.memberRoles) return { actor: null, write: 'end' };
  const actor = { memberId: data.memberId, roles: data.memberRoles };
  return needsRenewal(data, now) ? { actor, write: 'renew' } : { actor };
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
  const sessionIdOf = sessionIdReader(config.sessionSecret);

  /** express-session, then req.actor from the session it loaded (ending or renewing it where due). */
  const fullSession: RequestHandler = (req, res, next) => {
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
      const { actor, write } = verdict(current, now);
      if (write === 'end') return regenerateSession(req).then(() => next(), next);
      if (write === 'renew') current!.renewedAt = now.getTime();
      req.actor = actor;
      next();
    });
  };

  // Only the API and the login need the session: the SPA's files and pages are the same for
  // everyone, and loading a session for each of them would cost a query apiece.
  const handler: RequestHandler = (req, res, next) => {
    req.actor = null;
    if (req.path.startsWith('/oauth/') || req.path === '/oauth') return fullSession(req, res, next);
    if (!req.path.startsWith('/api/')) return next();
    // The API never starts a session (only the login does): a request without a valid session
    // cookie is a visitor's, and needs neither a session object nor a read.
    const sid = sessionIdOf(req);
    if (sid === null) return next();
    // No API route touches req.session. A session that needs no write (the common case, many per
    // second during a sale) gives what express-session would (resave and rolling off: nothing
    // stored, no cookie sent) without its session object, hashing and wrapped answer; ending or
    // renewing a session goes through express-session.
    const decide = (found: StoredSession | null) => {
      const { actor, write } = verdict(found, clock());
      if (write) return fullSession(req, res, next);
      req.actor = actor;
      next();
    };
    const kept = store.keptSession(sid);
    if (kept !== undefined) return decide(kept);
    store.session(sid).then(decide, next);
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
