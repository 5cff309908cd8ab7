import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import { errors } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { toAppError } from '../../http/to-app-error.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import type { Logger } from '../../lib/logger.ts';
import { MAX_QUERY_LENGTH, unsafePlace } from '../../http/validate.ts';
// req.log is declared there; named so that programs which include this file without app.ts (the browser journeys' type check) know it.
import type {} from '../../http/request-log.ts';
import { sendPage, STYLESHEET } from '../../http/html.ts';
import type { IdpRouteDeps } from './forms.ts';
import { deleteProviderSessionsOf } from './idp.repository.ts';
import { interactionRouter } from './interaction.routes.ts';
import { linkRouter } from './link.routes.ts';
import { IDP_STYLESHEET, messagePage } from './pages.ts';
import { createEmbeddedProvider, IDP_MOUNT, type EmbeddedProvider } from './provider.ts';

export interface Idp {
  /** Mounted at /idp: our interaction, invitation and password pages, then the provider itself. */
  router: Router;
  embedded: EmbeddedProvider;
  /** Ends the provider's own sessions of a member (at logout from the site). */
  endProviderSessions(memberId: number): Promise<void>;
}

export interface IdpDeps {
  config: Config;
  database: Database;
  log: Logger;
  clock: () => Date;
  /** Ends every site session of a member (after a password reset). */
  endSiteSessions: (db: DbOrTx, memberId: number) => Promise<unknown>;
}

/**
 * The embedded identity provider at /idp (docs/domain-rules.md «Login, session, roles»): what a client sends is checked
 * first, then our own pages (the login's steps, the mailed links), then the provider's
 * endpoints; our pages answer in German HTML, also when something goes wrong.
 */
export async function createIdp(deps: IdpDeps): Promise<Idp> {
  const { config, log } = deps;
  const db = deps.database.prisma;
  const embedded = await createEmbeddedProvider({ config, db, log });
  const routeDeps: IdpRouteDeps = { ...deps, db, provider: embedded.provider, clubName: config.clubName };

  const router = express.Router();
  router.use(refuseUnsafeQueries(config.clubName));
  router.get(IDP_STYLESHEET.slice(IDP_MOUNT.length), (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/css').send(STYLESHEET);
  });
  router.use('/interaction', interactionRouter(routeDeps));
  router.use(linkRouter(routeDeps));
  router.use(pageErrors(config.clubName));
  // Everything else is the provider's (discovery, authorization, token, userinfo, jwks, logout).
  router.use(embedded.provider.callback());

  return {
    router,
    embedded,
    async endProviderSessions(memberId) {
      await deleteProviderSessionsOf(db, memberId);
    },
  };
}

/**
 * What a client sends the provider is checked before anything reaches the database: query
 * strings here (bounded, no NUL, control characters or lone surrogates), bodies and keys
 * in the storage adapter (adapter.ts), the forms in their routes.
 */
function refuseUnsafeQueries(clubName: string): RequestHandler {
  return (req, res, next) => {
    const q = req.url.indexOf('?');
    if ((q >= 0 && req.url.length - q - 1 > MAX_QUERY_LENGTH) || unsafePlace(req.query) !== null) {
      const message = 'Die Anfrage enthält ungültige Zeichen oder ist zu lang. Bitte beginnen Sie die Anmeldung noch einmal.';
      sendPage(
        res,
        400,
        messagePage({ clubName, title: 'Ungültige Anfrage', message, link: { href: '/oauth/login', label: 'Zur Anmeldung' } }),
      );
      return;
    }
    next();
  };
}

/** Errors of our pages as German pages: an expired login, a bad request, the database away (503), anything else (500, logged). */
function pageErrors(clubName: string): ErrorRequestHandler {
  const show = (title: string, message: string, link?: { href: string; label: string }) =>
    messagePage({ clubName, title, message, ...(link ? { link } : {}) });
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof errors.SessionNotFound) {
      const message = 'Die Anmeldung ist abgelaufen oder wurde in einem anderen Fenster abgeschlossen. Bitte beginnen Sie sie noch einmal.';
      sendPage(res, 400, show('Anmeldung abgelaufen', message, { href: '/oauth/login', label: 'Erneut anmelden' }));
      return;
    }
    const known = toAppError(err);
    if (known && known.status < 500) {
      sendPage(
        res,
        known.status,
        show('Ungültige Anfrage', 'Die Anfrage konnte nicht verarbeitet werden. Bitte versuchen Sie es noch einmal.'),
      );
      return;
    }
    if (known) {
      res.set('Retry-After', known.code === 'UNAVAILABLE' ? '5' : '1');
      req.log.warn({ code: known.code, message: err instanceof Error ? err.message.slice(0, 300) : String(err) }, 'login page unavailable');
      sendPage(res, 503, show('Vorübergehend nicht erreichbar', known.message));
      return;
    }
    req.log.error({ err }, 'login page failed');
    sendPage(res, 500, show('Fehler', 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später noch einmal.'));
  };
}
