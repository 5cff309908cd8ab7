import type { RequestHandler, Router } from 'express';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import type { Logger } from '../../lib/logger.ts';
import { createIdp } from '../idp/index.ts';
import { deleteSessionsOfMember } from './auth.repository.ts';
import { authRouter } from './auth.router.ts';
import { startLoginDataCleanup } from './login.service.ts';
import { createRelyingParty } from './relying-party.ts';
import { createSiteSession } from './session.ts';

export { SESSION_COOKIE } from './session.ts';

/**
 * Ends every site session of a member (their rows go: the member's next request is a
 * visitor's), inside the caller's transaction; returns how many ended. Used after a password
 * reset; the one way for other parts of the site to log a member out everywhere.
 */
export function endMemberSessions(db: DbOrTx, memberId: number): Promise<number> {
  return deleteSessionsOfMember(db, memberId);
}

export interface AuthDeps {
  config: Config;
  database: Database;
  log: Logger;
  clock: () => Date;
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
 * Login, session and roles (docs/domain-rules.md «Login, session, roles»): the relying party (passport with openid-client,
 * code flow with PKCE, state and nonce; auth.router.ts), the server-side session
 * (session.ts), and the embedded identity provider when no external one is configured.
 */
export async function createAuth(deps: AuthDeps): Promise<Auth> {
  const { config, database, log, clock } = deps;
  const db = database.prisma;
  const idp = config.oidc ? undefined : await createIdp({ ...deps, endSiteSessions: endMemberSessions });
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
  const session = createSiteSession({ config, db, clock });
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
