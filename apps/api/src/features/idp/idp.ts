import express, { type ErrorRequestHandler, type Request, type Response, type Router } from 'express';
import { isCleanText } from '@club/contract';
import { errors } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { toAppError } from '../../db/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { MAX_QUERY_LENGTH, unsafePlace } from '../../http/validate.ts';
// req.log is declared there; named so that programs which include this file without app.ts (the browser journeys' type check) know it.
import type {} from '../../http/request-log.ts';
import { sendPage, STYLESHEET } from '../../http/html.ts';
import { checkLogin } from './accounts.ts';
import { deleteProviderSessionsOf } from './idp.repository.ts';
import { acceptInvitation, findInvitation, invitationPath, passwordProblem, type InvitationStatus } from './invitations.ts';
import { IDP_STYLESHEET, invitationFormPage, loginPage, messagePage, TOO_MANY_ATTEMPTS, WRONG_CREDENTIALS } from './pages.ts';
import { createEmbeddedProvider, IDP_MOUNT, OWN_CLIENT_ID, type EmbeddedProvider } from './provider.ts';

export interface Idp {
  /** Mounted at /idp: our interaction and invitation pages, then the provider itself. */
  router: Router;
  embedded: EmbeddedProvider;
  /** Ends the provider's own sessions of a member (at logout from the site). */
  endProviderSessions(memberId: number): Promise<void>;
}

const SUBPATH = IDP_STYLESHEET.slice(IDP_MOUNT.length);

export async function createIdp(deps: { config: Config; database: Database; log: Logger; clock: () => Date }): Promise<Idp> {
  const { config, log, clock } = deps;
  const db = deps.database.prisma;
  const embedded = await createEmbeddedProvider({ config, db, log });
  const { provider } = embedded;
  const clubName = config.clubName;
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 10 });
  const noStore = (_req: Request, res: Response, next: () => void) => {
    res.set('Cache-Control', 'no-store');
    next();
  };
  const field = (req: Request, name: string): string => {
    const value = (req.body as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value : '';
  };

  // What a client sends the provider is checked before anything reaches the database: query
  // strings here (bounded, no NUL, control characters or lone surrogates), bodies and keys
  // in the storage adapter (adapter.ts), the login form below.
  router.use((req, res, next) => {
    const q = req.url.indexOf('?');
    if ((q >= 0 && req.url.length - q - 1 > MAX_QUERY_LENGTH) || unsafePlace(req.query) !== null) {
      sendPage(
        res,
        400,
        messagePage({
          clubName,
          title: 'Ungültige Anfrage',
          message: 'Die Anfrage enthält ungültige Zeichen oder ist zu lang. Bitte beginnen Sie die Anmeldung noch einmal.',
          link: { href: '/oauth/login', label: 'Zur Anmeldung' },
        }),
      );
      return;
    }
    next();
  });

  router.get(SUBPATH, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/css').send(STYLESHEET);
  });

  /** The interaction behind the cookie, which must be the one in the address. */
  async function interactionOf(req: Request, res: Response) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== req.params.uid) throw new errors.SessionNotFound('interaction mismatch');
    return details;
  }
  const paths = (uid: string) => ({
    action: `${IDP_MOUNT}/interaction/${encodeURIComponent(uid)}/login`,
    abortHref: `${IDP_MOUNT}/interaction/${encodeURIComponent(uid)}/abort`,
  });

  router.get('/interaction/:uid', noStore, async (req, res) => {
    const details = await interactionOf(req, res);
    if (details.prompt.name === 'login') {
      sendPage(res, 200, loginPage({ clubName, ...paths(details.uid) }));
      return;
    }
    // Consent is only ever asked of our own client: granted without a page.
    if (details.prompt.name === 'consent' && details.params.client_id === OWN_CLIENT_ID && details.session?.accountId) {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ clientId: OWN_CLIENT_ID, accountId: details.session.accountId });
      if (grant) {
        const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
        return;
      }
    }
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'not supported' },
      { mergeWithLastSubmission: false },
    );
  });

  router.post('/interaction/:uid/login', noStore, form, async (req, res) => {
    const details = await interactionOf(req, res);
    if (details.prompt.name !== 'login') throw new errors.SessionNotFound('no login prompt');
    const username = field(req, 'username');
    if (!isCleanText(username) || !isCleanText(field(req, 'password'))) {
      sendPage(res, 400, loginPage({ clubName, ...paths(details.uid), error: 'Benutzername oder Passwort enthält ungültige Zeichen.' }));
      return;
    }
    const result = await checkLogin(db, { username, password: field(req, 'password'), ip: req.ip ?? 'unknown', now: clock() });
    if (!result.ok) {
      const limited = result.reason === 'RATE_LIMITED';
      if (limited) res.set('Retry-After', '60');
      log.info({ reason: result.reason }, 'login refused');
      sendPage(
        res,
        limited ? 429 : 401,
        loginPage({ clubName, ...paths(details.uid), username: username.trim(), error: limited ? TOO_MANY_ATTEMPTS : WRONG_CREDENTIALS }),
      );
      return;
    }
    log.info({ memberId: result.memberId }, 'password accepted');
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: String(result.memberId), amr: ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
  });

  router.get('/interaction/:uid/abort', noStore, async (req, res) => {
    await interactionOf(req, res);
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'Anmeldung abgebrochen' },
      { mergeWithLastSubmission: false },
    );
  });

  const invitationGone = (res: Response, status: InvitationStatus | 'UNKNOWN') => {
    const message =
      status === 'USED'
        ? 'Dieser Link wurde bereits verwendet. Ihr Passwort ist gesetzt; Sie können sich damit anmelden.'
        : status === 'EXPIRED'
          ? 'Dieser Link ist abgelaufen (er gilt 14 Tage). Bitte wenden Sie sich an den Vorstand, um einen neuen zu erhalten.'
          : 'Diesen Link gibt es nicht. Bitte prüfen Sie, ob Sie ihn vollständig aus der E-Mail übernommen haben.';
    const title = status === 'USED' ? 'Link bereits verwendet' : status === 'EXPIRED' ? 'Link abgelaufen' : 'Link ungültig';
    sendPage(
      res,
      status === 'UNKNOWN' ? 404 : 410,
      messagePage({ clubName, title, message, link: { href: '/oauth/login', label: 'Zur Anmeldung' } }),
    );
  };

  router.get('/invitation/:token', noStore, async (req, res) => {
    const token = String(req.params.token);
    const invitation = await findInvitation(db, token, clock());
    if (!invitation || invitation.status !== 'VALID') return invitationGone(res, invitation?.status ?? 'UNKNOWN');
    sendPage(
      res,
      200,
      invitationFormPage({ clubName, action: invitationPath(token), firstName: invitation.firstName, username: invitation.username }),
    );
  });

  router.post('/invitation/:token', noStore, form, async (req, res) => {
    const token = String(req.params.token);
    const now = clock();
    const invitation = await findInvitation(db, token, now);
    if (!invitation || invitation.status !== 'VALID') return invitationGone(res, invitation?.status ?? 'UNKNOWN');
    const password = field(req, 'password');
    const problem = passwordProblem(password, field(req, 'confirmation'), [invitation.username, invitation.firstName]);
    if (problem) {
      sendPage(
        res,
        422,
        invitationFormPage({
          clubName,
          action: invitationPath(token),
          firstName: invitation.firstName,
          username: invitation.username,
          error: problem,
        }),
      );
      return;
    }
    const result = await acceptInvitation(db, token, password, now);
    if (!result.ok) return invitationGone(res, result.status);
    log.info({ username: result.username }, 'password set through invitation');
    sendPage(
      res,
      200,
      messagePage({
        clubName,
        title: 'Passwort gespeichert',
        message: `Ihr Passwort ist gespeichert. Sie können sich jetzt mit dem Benutzernamen «${result.username}» anmelden.`,
        link: { href: '/oauth/login', label: 'Jetzt anmelden' },
      }),
    );
  });

  // Our pages answer in German HTML, also when something goes wrong.
  const pageErrors: ErrorRequestHandler = (err, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof errors.SessionNotFound) {
      sendPage(
        res,
        400,
        messagePage({
          clubName,
          title: 'Anmeldung abgelaufen',
          message: 'Die Anmeldung ist abgelaufen oder wurde in einem anderen Fenster abgeschlossen. Bitte beginnen Sie sie noch einmal.',
          link: { href: '/oauth/login', label: 'Erneut anmelden' },
        }),
      );
      return;
    }
    const known = toAppError(err);
    if (known && known.status < 500) {
      sendPage(
        res,
        known.status,
        messagePage({
          clubName,
          title: 'Ungültige Anfrage',
          message: 'Die Anfrage konnte nicht verarbeitet werden. Bitte versuchen Sie es noch einmal.',
        }),
      );
      return;
    }
    if (known) {
      res.set('Retry-After', known.code === 'UNAVAILABLE' ? '5' : '1');
      req.log.warn({ code: known.code, message: err instanceof Error ? err.message.slice(0, 300) : String(err) }, 'login page unavailable');
      sendPage(res, 503, messagePage({ clubName, title: 'Vorübergehend nicht erreichbar', message: known.message }));
      return;
    }
    req.log.error({ err }, 'login page failed');
    sendPage(
      res,
      500,
      messagePage({
        clubName,
        title: 'Fehler',
        message: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später noch einmal.',
      }),
    );
  };
  router.use(pageErrors);

  // Everything else is the provider's (discovery, authorization, token, userinfo, jwks, logout).
  router.use(provider.callback());

  return {
    router,
    embedded,
    async endProviderSessions(memberId) {
      await deleteProviderSessionsOf(db, memberId);
    },
  };
}
