import express, { type Request, type Response, type Router } from 'express';
import passport from 'passport';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import type { Logger } from '../../lib/logger.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendPage, STYLESHEET } from '../../http/html.ts';
import type { Idp } from '../idp/index.ts';
import { isNetworkError, memberOfLogin } from './login.service.ts';
import { loginAgain, messagePage as pageWith, type PageLink } from './pages.ts';
import { STRATEGY_NAME, type RelyingParty, type VerifiedLogin } from './relying-party.ts';
import { safeReturnTo } from './return-to.ts';
import { destroySession, regenerateSession, saveSession, SESSION_COOKIE, type SiteSession } from './session.ts';

export interface AuthRouterDeps {
  config: Config;
  db: DbOrTx;
  log: Logger;
  clock: () => Date;
  rp: RelyingParty;
  idp: Idp | undefined;
  cookieOptions: SiteSession['cookieOptions'];
}

type Pages = (title: string, message: string, links?: PageLink[]) => string;
const UNREACHABLE = 'Der Anmeldedienst ist im Moment nicht erreichbar. Bitte versuchen Sie es in ein paar Minuten noch einmal.';

/** Mounted at /oauth: GET /login?returnTo=/path, GET /callback, GET /logout. */
export function authRouter(deps: AuthRouterDeps): Router {
  const pages: Pages = (title, message, links) => pageWith(deps.config.clubName, title, message, links);
  const authenticator = new passport.Passport();
  const strategyReady = strategyAtFirstUse(authenticator, deps, pages);

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
    // A board member whose session lacks the second factor the board needs logs in again (with the code).
    if (req.actor && !req.actor.secondFactorMissing) {
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
      finishLogin(deps, pages, req, res, { err, login: user as VerifiedLogin | false, info }).catch(next);
    })(req, res, next);
  });

  router.get('/logout', (req, res) => logout(deps, req, res));

  return router;
}

/**
 * The login strategy, registered with passport at first use (an external provider is
 * discovered then); while the provider cannot be reached, a 502 page and false.
 */
function strategyAtFirstUse(
  authenticator: passport.Authenticator,
  { rp, log }: AuthRouterDeps,
  pages: Pages,
): (res: Response) => Promise<boolean> {
  let registered = false;
  return async (res) => {
    try {
      const strategy = await rp.strategy();
      if (!registered) {
        authenticator.use(STRATEGY_NAME, strategy);
        registered = true;
      }
      return true;
    } catch (err) {
      log.error({ err, issuer: rp.issuer }, 'OIDC provider unavailable');
      sendPage(res, 502, pages('Anmeldung nicht erreichbar', UNREACHABLE));
      return false;
    }
  };
}

/** The provider's answer at /callback: a page saying why the login did not happen, or the member's new session. */
async function finishLogin(
  deps: AuthRouterDeps,
  pages: Pages,
  req: Request,
  res: Response,
  outcome: { err: unknown; login: VerifiedLogin | false | null | undefined; info: unknown },
): Promise<void> {
  const { err, login, info } = outcome;
  const returnTo = safeReturnTo(req.session.returnTo);
  if (err) {
    const unreachable = isNetworkError(err);
    deps.log.warn({ err }, 'login callback failed');
    const message = unreachable ? UNREACHABLE : 'Die Anmeldung konnte nicht abgeschlossen werden. Bitte versuchen Sie es noch einmal.';
    sendPage(
      res,
      unreachable ? 502 : 400,
      pages('Anmeldung fehlgeschlagen', message, [loginAgain(returnTo), { href: '/', label: 'Zur Startseite' }]),
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
    deps.log.info({ reason: (info as { message?: unknown } | undefined)?.message }, 'login callback without a pending login');
    const message = 'Die Anmeldung ist abgelaufen oder wurde in einem anderen Fenster begonnen. Bitte melden Sie sich noch einmal an.';
    sendPage(res, 400, pages('Anmeldung abgelaufen', message, [loginAgain(returnTo)]));
    return;
  }
  const linked = await memberOfLogin(deps.db, login.identity);
  if (!linked) {
    await refuseLoginWithoutMember(deps, pages, req, res, login);
    return;
  }
  // A new session id at login (no fixation); only the member, the login time and its way go in.
  await regenerateSession(req);
  req.session.memberId = linked.memberId;
  req.session.loginAt = deps.clock().getTime();
  req.session.secondFactor = login.secondFactor;
  if (!deps.rp.embedded && login.idToken) req.session.idToken = login.idToken;
  await saveSession(req);
  deps.log.info({ memberId: linked.memberId, linkedBy: linked.linkedBy }, 'login');
  res.redirect(302, returnTo);
}

/** A correct login that belongs to no member: no session, a 403 page that says whom to ask. */
async function refuseLoginWithoutMember(
  deps: AuthRouterDeps,
  pages: Pages,
  req: Request,
  res: Response,
  login: VerifiedLogin,
): Promise<void> {
  const { config } = deps;
  deps.log.info({ issuer: login.identity.issuer }, 'login without a member');
  await destroySession(req);
  res.clearCookie(SESSION_COOKIE, deps.cookieOptions);
  sendPage(
    res,
    403,
    pages(
      'Kein Mitgliedskonto gefunden',
      `Ihre Anmeldung hat geklappt, aber zu diesem Login gibt es kein Mitglied des ${config.clubName}. Wenn Sie Mitglied sind, wenden Sie sich bitte an den Vorstand.`,
      [
        { href: '/', label: 'Zur Startseite' },
        { href: config.membershipFormUrl, label: 'Mitglied werden' },
      ],
    ),
  );
}

/**
 * GET /logout: ends the site's session and the embedded provider's; 200 with the external
 * provider's end-session URL when it has one, else 204.
 */
async function logout({ log, rp, idp, cookieOptions }: AuthRouterDeps, req: Request, res: Response): Promise<void> {
  // The logout is a GET (docs/domain-rules.md «Login, session, roles»); a link or image on another site must not end the session
  // (refused like the write calls: the browser says where the request comes from).
  const site = req.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') {
    throw new AppError('CSRF_REJECTED', 'Die Abmeldung stammt nicht von dieser Website.');
  }
  const current = req.session as Request['session'] | undefined;
  const memberId = current?.memberId;
  const idToken = current?.idToken;
  if (current) await destroySession(req);
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
}
