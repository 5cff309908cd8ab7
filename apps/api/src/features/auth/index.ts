import type { RequestHandler, Router } from 'express';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { WriteSignal } from '../../lib/write-signal.ts';
import { createIdp } from '../idp/index.ts';
import { authRouter } from './auth.router.ts';
import { startLoginDataCleanup } from './login.service.ts';
import { createRelyingParty } from './relying-party.ts';
import { createSiteSession } from './session.ts';

export { SESSION_COOKIE } from './session.ts';

export interface AuthDeps {
  config: Config;
  database: Database;
  log: Logger;
  clock: () => Date;
  /** Told after every successful write answer of the API (kept session reads are dropped). */
  writes: WriteSignal;
}

export interface Auth {
  /** express-session (table sessions) for /api and /oauth, then req.actor from the session with fresh roles. */
  session: RequestHandler;
  /** Mounted at /oauth: GET /login?returnTo=/path, GET /callback, GET /logout. */
  router: Router;
  /** The embedded identity provider, mounted at /idp; absent with an external provider. */
  idp?: Router;
  /** Stops the cleanup timer. */
  close(): Promise<void>;
}

/**
 * Login, session and roles (DESIGN.md §5): the relying party (passport with openid-client,
 * code flow with PKCE, state and nonce; auth.router.ts), the server-side session
 * (session.ts), and the embedded identity provider when no external one is configured.
 */
export async function createAuth(deps: AuthDeps): Promise<Auth> {
  const { config, database, log, clock } = deps;
  const db = database.prisma;
  const idp = config.oidc ? undefined : await createIdp(deps);
  const rp = createRelyingParty({
    config,
    log,
    ...(idp
      ? {
          embedded: {
            serverMetadata: idp.embedded.serverMetadata,
            clientId: idp.embedded.clientId,
            clientSecret: idp.embedded.clientSecret,
          },
        }
      : {}),
  });
  const session = createSiteSession({ config, db, clock, writes: deps.writes });
  const router = authRouter({ config, db, log, clock, rp, idp, cookieOptions: session.cookieOptions });
  const stopCleanup = startLoginDataCleanup({ db, store: session.store, log, clock });

  return {
    session: session.handler,
    router,
    ...(idp ? { idp: idp.router } : {}),
    async close() {
      stopCleanup();
    },
  };
}
