import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import session from 'express-session';
import passport from 'passport';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { createIdp } from '../idp/idp.ts';
import { html, page, sendPage, STYLESHEET } from '../../http/html.ts';
import { linkIdentity } from './link-member.ts';
import { createRelyingParty, STRATEGY_NAME, type VerifiedLogin } from './relying-party.ts';
import { safeReturnTo } from './return-to.ts';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, needsRenewal, PrismaSessionStore } from './session-store.ts';

export const SESSION_COOKIE = 'sid';
const AUTH_STYLESHEET = '/oauth/assets/login.css';
const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;
/** Failed logins are kept a little longer than the rate limit looks back. */
const KEEP_FAILURES_MS = 60 * 60 * 1000;

export interface AuthDeps {
  config: Config;
  database: Database;
  log: Logger;
  clock: () => Date;
}

export interface Auth {
  /** express-session (table sessions) for /api and /oauth, then req.actor from the session with fresh roles. */
  session: RequestHandler[];
  /** Mounted at /oauth: GET /login?returnTo=/path, GET /callback, GET /logout. */
  router: Router;
  /** The embedded identity provider, mounted at /idp; absent with an external provider. */
  idp?: Router;
  /** Stops the cleanup timer. */
  close(): Promise<void>;
}

/**
 * Login, session and roles (DESIGN.md §5): the relying party (passport with openid-client,
 * code flow with PKCE, state and nonce), the server-side session, and the embedded
 * identity provider when no external one is configured.
 */
export async function createAuth(deps: AuthDeps): Promise<Auth> {
  const { config, database, log, clock } = deps;
  const db = database.prisma;
  const idp = config.oidc ? undefined : await createIdp(deps);
  const rp = createRelyingParty({
    config,
    log,
    ...(idp
      ? { embedded: { serverMetadata: idp.embedded.serverMetadata, clientId: idp.embedded.clientId, clientSecret: idp.embedded.clientSecret } }
      : {}),
  });

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

  // Only the API and the login need the session: the SPA's files and pages are the same
  // for everyone, and loading a session for each of them would cost a query apiece.
  const needsSession = (req: Request) => /^\/(api|oauth)(\/|$)/.test(req.path);
  const sessionWhereNeeded: RequestHandler = (req, res, next) => {
    if (!needsSession(req)) return next();
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
      await regenerate(req);
      return next();
    }
    const roles = current.memberRoles;
    if (!roles) {
      await regenerate(req);
      return next();
    }
    if (needsRenewal(current, now)) current.renewedAt = now.getTime();
    req.actor = { memberId: current.memberId, roles };
    next();
  };

  const authenticator = new passport.Passport();
  let registered = false;
  /** The strategy, registered at first use (external providers are discovered then). */
  async function strategyReady(res: Response): Promise<boolean> {
    try {
      const strategy = await rp.strategy();
      if (!registered) {
        authenticator.use(STRATEGY_NAME, strategy);
        registered = true;
      }
      return true;
    } catch (err) {
      log.error({ err, issuer: rp.issuer }, 'OIDC provider unavailable');
      sendPage(res, 502, messagePage('Anmeldung nicht erreichbar', 'Der Anmeldedienst ist im Moment nicht erreichbar. Bitte versuchen Sie es in ein paar Minuten noch einmal.'));
      return false;
    }
  }

  function messagePage(title: string, message: string, links: { href: string; label: string }[] = [{ href: '/', label: 'Zur Startseite' }]): string {
    return page({
      clubName: config.clubName,
      title,
      stylesheet: AUTH_STYLESHEET,
      body: html`<h1>${title}</h1>
<p>${message}</p>
${links.map((link, i) => html`<a class="${i === 0 ? 'button' : 'secondary'}" href="${link.href}">${link.label}</a>`)}`,
    });
  }
  const loginAgain = (returnTo: string) => ({ href: `/oauth/login?returnTo=${encodeURIComponent(returnTo)}`, label: 'Erneut anmelden' });

  async function finishLogin(req: Request, res: Response, err: unknown, login: VerifiedLogin | false | null | undefined, info: unknown): Promise<void> {
    const returnTo = safeReturnTo(req.session.returnTo);
    if (err) {
      const unreachable = isNetworkError(err);
      log.warn({ err }, 'login callback failed');
      sendPage(
        res,
        unreachable ? 502 : 400,
        messagePage(
          'Anmeldung fehlgeschlagen',
          unreachable
            ? 'Der Anmeldedienst ist im Moment nicht erreichbar. Bitte versuchen Sie es in ein paar Minuten noch einmal.'
            : 'Die Anmeldung konnte nicht abgeschlossen werden. Bitte versuchen Sie es noch einmal.',
          [loginAgain(returnTo), { href: '/', label: 'Zur Startseite' }],
        ),
      );
      return;
    }
    if (!login) {
      // The member cancelled at the provider: back home. Otherwise the flow's state is gone
      // (expired, another tab, or a forged callback).
      if ((info as { error?: unknown } | undefined)?.error === 'access_denied') {
        res.redirect(302, '/');
        return;
      }
      log.info({ reason: (info as { message?: unknown } | undefined)?.message }, 'login callback without a pending login');
      sendPage(res, 400, messagePage('Anmeldung abgelaufen', 'Die Anmeldung ist abgelaufen oder wurde in einem anderen Fenster begonnen. Bitte melden Sie sich noch einmal an.', [loginAgain(returnTo)]));
      return;
    }

    const linked = await linkIdentity(db, login.identity);
    if (!linked) {
      log.info({ issuer: login.identity.issuer }, 'login without a member');
      await destroy(req);
      res.clearCookie(SESSION_COOKIE, cookieOptions);
      sendPage(
        res,
        403,
        messagePage(
          'Kein Mitgliedskonto gefunden',
          `Ihre Anmeldung hat geklappt, aber zu diesem Login gibt es kein Mitglied des ${config.clubName}. Wenn Sie Mitglied sind, wenden Sie sich bitte an den Vorstand.`,
          [
            { href: '/', label: 'Zur Startseite' },
            { href: config.membershipFormUrl, label: 'Mitglied werden' },
          ],
        ),
      );
      return;
    }
    // A new session id at login (no fixation); only the member and the login time go in.
    await regenerate(req);
    req.session.memberId = linked.memberId;
    req.session.loginAt = clock().getTime();
    if (!rp.embedded && login.idToken) req.session.idToken = login.idToken;
    await save(req);
    log.info({ memberId: linked.memberId, linkedBy: linked.linkedBy }, 'login');
    res.redirect(302, returnTo);
  }

  const router = express.Router();
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/assets/login.css', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/css').send(STYLESHEET);
  });

  router.get('/login', async (req, res, next) => {
    const returnTo = safeReturnTo(req.query.returnTo);
    if (req.actor) {
      res.redirect(302, returnTo);
      return;
    }
    if (!(await strategyReady(res))) return;
    req.session.returnTo = returnTo;
    authenticator.authenticate(STRATEGY_NAME, { session: false })(req, res, next);
  });

  router.get('/callback', async (req, res, next) => {
    if (!(await strategyReady(res))) return;
    authenticator.authenticate(STRATEGY_NAME, { session: false }, (err: unknown, user: unknown, info: unknown) => {
      finishLogin(req, res, err, user as VerifiedLogin | false, info).catch(next);
    })(req, res, next);
  });

  router.get('/logout', async (req, res) => {
    // SPEC.md §7 prescribes a GET; a link or image on another site must not end the session
    // (refused like the write calls: the browser says where the request comes from).
    const site = req.get('sec-fetch-site');
    if (site === 'cross-site' || site === 'same-site') {
      res.status(403).json({ error: { code: 'CSRF_REJECTED', message: 'Die Abmeldung stammt nicht von dieser Website.' } });
      return;
    }
    const current = req.session as Request['session'] | undefined;
    const memberId = current?.memberId;
    const idToken = current?.idToken;
    if (current) await destroy(req);
    res.clearCookie(SESSION_COOKIE, cookieOptions);
    if (memberId !== undefined) {
      log.info({ memberId }, 'logout');
      if (idp) await idp.endProviderSessions(memberId);
      const endSessionUrl = await rp.endSessionUrl(idToken).catch((err: unknown) => {
        log.warn({ err }, 'no end-session URL of the OIDC provider');
        return undefined;
      });
      if (endSessionUrl) {
        res.status(200).json({ data: { endSessionUrl } });
        return;
      }
    }
    res.status(204).end();
  });

  const cleanup = async () => {
    const now = clock();
    try {
      const sessions = await store.prune();
      const failures = await db.loginFailure.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - KEEP_FAILURES_MS) } } });
      // The provider stamps its artefacts with the real time.
      const payloads = await db.oidcPayload.deleteMany({ where: { expiresAt: { lt: new Date() } } });
      log.debug({ sessions, failures: failures.count, payloads: payloads.count }, 'expired login data removed');
    } catch (err) {
      log.warn({ err }, 'cleanup of expired login data failed');
    }
  };
  const timer = setInterval(() => void cleanup(), CLEANUP_INTERVAL_MS);
  timer.unref();

  return {
    session: [sessionWhereNeeded, actor],
    router,
    ...(idp ? { idp: idp.router } : {}),
    async close() {
      clearInterval(timer);
    },
  };
}

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err: unknown) => (err ? reject(err) : resolve())));
}

function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err: unknown) => (err ? reject(err) : resolve())));
}

function destroy(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((err: unknown) => (err ? reject(err) : resolve())));
}

/** The provider could not be reached (as opposed to answering with an error). */
function isNetworkError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Error && (e.name === 'AbortError' || e.name === 'TimeoutError' || e.message === 'fetch failed')) return true;
    const code = (e as { code?: unknown }).code;
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return true;
  }
  return false;
}
