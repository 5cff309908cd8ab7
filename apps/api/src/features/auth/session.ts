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

/** More cookie headers than this remembered at once: all are forgotten and read again. */
const MAX_KNOWN_HEADERS = 20_000;
/** Longer cookie headers are read each time rather than remembered. */
const MAX_KNOWN_HEADER_LENGTH = 1024;

/** The session id in a Cookie header, or null (no session cookie, not signed, a bad signature): what express-session reads from it. */
function sessionIdIn(header: string, secret: string): string | null {
  if (!header.includes(`${SESSION_COOKIE}=`)) return null;
  const value = parseCookie(header)[SESSION_COOKIE];
  return (value?.startsWith('s:') && unsign(value.slice(2), secret)) || null;
}

/** sessionIdIn for requests: a browser sends the same Cookie header again and again, so each is read (and its HMAC checked) once. */
function sessionIdReader(secret: string): (req: Request) => string | null {
  const known = new Map<string, string | null>();
  return (req) => {
    const header = req.headers.cookie;
    if (!header) return null;
    let sid = known.get(header);
    if (sid === undefined) {
      sid = sessionIdIn(header, secret);
      if (header.length <= MAX_KNOWN_HEADER_LENGTH) {
        if (known.size >= MAX_KNOWN_HEADERS) known.clear();
        known.set(header, sid);
      }
    }
    return sid;
  };
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

function actorOf(data: SessionData): Actor {
  return { memberId: data.memberId!, roles: data.memberRoles! };
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
  /** The actor of each kept session read, made once. */
  const actors = new WeakMap<StoredSession, Actor>();
  const actorOfKept = (found: StoredSession) => {
    let actor = actors.get(found);
    if (!actor) actors.set(found, (actor = actorOf(found)));
    return actor;
  };

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
      const state = stateOf(current, now);
      if (state === 'end') return regenerateSession(req).then(() => next(), next);
      if (state === 'renew') current!.renewedAt = now.getTime();
      req.actor = state === 'visitor' ? null : actorOf(current!);
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
      const state = stateOf(found, clock());
      if (state === 'end' || state === 'renew') return fullSession(req, res, next);
      req.actor = state === 'member' ? actorOfKept(found!) : null;
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
