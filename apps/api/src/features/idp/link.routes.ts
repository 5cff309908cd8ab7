import express, { type Request, type Response, type Router } from 'express';
import { isCleanText } from '@club/contract';
import { sendPage } from '../../http/html.ts';
import { clientKey } from '../../http/rate-limit.ts';
import { noStore } from '../../http/security.ts';
import { field, formBody, type IdpRouteDeps } from './forms.ts';
import {
  acceptInvitation,
  findInvitation,
  invitationPath,
  passwordProblem,
  WELCOME_LOGIN_MS,
  type InvitationStatus,
} from './invitations.ts';
import { WELCOME_COOKIE } from './login-flow.ts';
import { FORGOT_PASSWORD_PATH, forgotPasswordPage, messagePage, newPasswordPage, RESET_REQUESTED } from './pages.ts';
import { completePasswordReset, findPasswordReset, requestPasswordReset, resetPath } from './password-reset.ts';

type LinkKind = 'invitation' | 'reset';

const GONE: Record<LinkKind, Record<'USED' | 'EXPIRED', string>> = {
  invitation: {
    USED: 'Dieser Link wurde bereits verwendet. Ihr Passwort ist gesetzt; Sie können sich damit anmelden.',
    EXPIRED: 'Dieser Link ist abgelaufen (er gilt 14 Tage). Bitte wenden Sie sich an den Vorstand, um einen neuen zu erhalten.',
  },
  reset: {
    USED: 'Dieser Link wurde bereits verwendet. Falls Sie Ihr Passwort wieder nicht wissen, fordern Sie bitte einen neuen Link an.',
    EXPIRED: 'Dieser Link ist abgelaufen (er gilt eine Stunde). Bitte fordern Sie einen neuen Link an.',
  },
};

const LOGIN = { href: '/oauth/login', label: 'Zur Anmeldung' };

type Handler = (req: Request, res: Response) => Promise<void>;

/** A mailed link where a password is chosen. */
interface PasswordLink {
  kind: LinkKind;
  /** The route below /idp, with `:token`. */
  route: string;
  path: (token: string) => string;
  find: (token: string, now: Date) => Promise<{ status: InvitationStatus; firstName: string; username: string } | null>;
  save: (
    token: string,
    password: string,
    now: Date,
  ) => Promise<{ ok: true; username: string; welcomeToken?: string } | { ok: false; status: InvitationStatus | 'UNKNOWN' }>;
  done: (username: string) => string;
}

/**
 * The pages behind the mailed links, where a member chooses a password: the invitation
 * (/idp/invitation/:token) and the forgotten password (/idp/password/forgot, then the link
 * /idp/password/reset/:token).
 */
export function linkRouter(deps: IdpRouteDeps): Router {
  const { db } = deps;
  const router = express.Router();
  passwordLinkRoutes(router, deps, {
    kind: 'invitation',
    route: '/invitation/:token',
    path: invitationPath,
    find: (token, now) => findInvitation(db, token, now),
    save: (token, password, now) => acceptInvitation(db, token, password, now),
    done: (username) => `Ihr Passwort ist gespeichert. Sie können sich jetzt mit dem Benutzernamen «${username}» anmelden.`,
  });
  passwordLinkRoutes(router, deps, {
    kind: 'reset',
    route: '/password/reset/:token',
    path: resetPath,
    find: (token, now) => findPasswordReset(db, token, now),
    save: (token, password, now) => completePasswordReset(db, { token, password, now, endSiteSessions: deps.endSiteSessions }),
    done: (username) =>
      `Ihr neues Passwort ist gespeichert, und Sie sind auf allen Geräten abgemeldet. Melden Sie sich mit dem Benutzernamen «${username}» neu an.`,
  });
  const forgot = FORGOT_PASSWORD_PATH.slice('/idp'.length);
  router.get(forgot, noStore, (_req, res) => sendPage(res, 200, forgotPasswordPage({ clubName: deps.clubName })));
  router.post(forgot, noStore, formBody, requestReset(deps));
  return router;
}

/** A link that was used, expired or never existed: a German page with the way on. */
function linkGone(deps: IdpRouteDeps, res: Response, kind: LinkKind, status: InvitationStatus | 'UNKNOWN') {
  const message =
    status === 'USED' || status === 'EXPIRED'
      ? GONE[kind][status]
      : 'Diesen Link gibt es nicht. Bitte prüfen Sie, ob Sie ihn vollständig aus der E-Mail übernommen haben.';
  const title = status === 'USED' ? 'Link bereits verwendet' : status === 'EXPIRED' ? 'Link abgelaufen' : 'Link ungültig';
  const link = kind === 'reset' && status !== 'USED' ? { href: FORGOT_PASSWORD_PATH, label: 'Neuen Link anfordern' } : LOGIN;
  sendPage(res, status === 'UNKNOWN' ? 404 : 410, messagePage({ clubName: deps.clubName, title, message, link }));
}

/** The form of a link: GET shows it, POST checks the password (the same rules everywhere) and hands it on. */
function passwordLinkRoutes(router: Router, deps: IdpRouteDeps, link: PasswordLink): void {
  const { clubName } = deps;
  const { kind, route, path, find } = link;
  router.get(route, noStore, async (req, res) => {
    const token = String(req.params.token);
    const found = await find(token, deps.clock());
    if (!found || found.status !== 'VALID') return linkGone(deps, res, kind, found?.status ?? 'UNKNOWN');
    sendPage(res, 200, newPasswordPage({ clubName, action: path(token), kind, firstName: found.firstName, username: found.username }));
  });
  router.post(route, noStore, formBody, savePassword(deps, link));
}

/** The password posted through a link: checked, saved, and the way on (a new member goes on logged in). */
function savePassword(deps: IdpRouteDeps, link: PasswordLink): Handler {
  const { clubName } = deps;
  const { kind, path, find, save, done } = link;
  return async (req, res) => {
    const token = String(req.params.token);
    const now = deps.clock();
    const found = await find(token, now);
    if (!found || found.status !== 'VALID') return linkGone(deps, res, kind, found?.status ?? 'UNKNOWN');
    const password = field(req, 'password');
    const error = passwordProblem(password, field(req, 'confirmation'), [found.username, found.firstName]) ?? undefined;
    if (error) {
      const { firstName, username } = found;
      sendPage(res, 422, newPasswordPage({ clubName, action: path(token), kind, firstName, username, error }));
      return;
    }
    const result = await save(token, password, now);
    if (!result.ok) return linkGone(deps, res, kind, result.status);
    deps.log.info({ username: result.username, kind }, 'password set through a mailed link');
    if (result.welcomeToken) {
      // A new member goes on logged in: the login started here takes the secret for the password
      // just set (interaction.routes.ts); a second factor the board requires is set up first.
      res.cookie(WELCOME_COOKIE, result.welcomeToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.config.secureCookies,
        path: '/idp/interaction',
        maxAge: WELCOME_LOGIN_MS,
      });
      res.redirect(303, '/oauth/login?returnTo=%2F');
      return;
    }
    sendPage(
      res,
      200,
      messagePage({
        clubName,
        title: 'Passwort gespeichert',
        message: done(result.username),
        link: { ...LOGIN, label: 'Jetzt anmelden' },
      }),
    );
  };
}

/** The forgotten-password form posted: the link mailed (the same answer whether or not the member exists). */
function requestReset(deps: IdpRouteDeps): Handler {
  const { clubName } = deps;
  return async (req, res) => {
    const typed = field(req, 'identifier');
    if (!isCleanText(typed)) {
      sendPage(res, 400, forgotPasswordPage({ clubName, error: 'Die Eingabe enthält ungültige Zeichen.' }));
      return;
    }
    if (!typed.trim() || typed.length > 254) {
      const error = typed.trim() ? 'Die Eingabe ist zu lang.' : 'Bitte geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein.';
      sendPage(res, 422, forgotPasswordPage({ clubName, typed: typed.slice(0, 254), error }));
      return;
    }
    const settings = { clubName, publicUrl: deps.config.publicUrl };
    const outcome = await requestPasswordReset(deps.db, { typed, client: clientKey(req.ip), now: deps.clock(), settings, log: req.log });
    if (outcome === 'RATE_LIMITED') {
      res.set('Retry-After', '3600');
      const error = 'Zu viele Anfragen. Bitte versuchen Sie es in einer Stunde noch einmal.';
      sendPage(res, 429, forgotPasswordPage({ clubName, typed: typed.trim(), error }));
      return;
    }
    sendPage(res, 200, messagePage({ clubName, title: 'Anfrage erhalten', message: RESET_REQUESTED, link: LOGIN }));
  };
}
