import Provider, { type Configuration, type JWK, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { PrismaClient } from '../../db/client.ts';
import { toAppError } from '../../http/to-app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { Html, html, page } from '../../http/html.ts';
import { accountClaims } from './accounts.ts';
import { prismaAdapter } from './adapter.ts';
import { deriveSecret, loadSigningKeys } from './keys.ts';
import { IDP_STYLESHEET, messagePage } from './pages.ts';

/** Where the provider lives below the site (app.ts mounts it there). */
export const IDP_MOUNT = '/idp';
/** The one client: the site's own relying party. */
export const OWN_CLIENT_ID = 'club-site';

/** Provider endpoints (oidc-provider's defaults, spelled out for the relying party's metadata). */
export const IDP_ROUTES = {
  authorization: '/auth',
  token: '/token',
  userinfo: '/me',
  jwks: '/jwks',
  end_session: '/session/end',
  revocation: '/token/revocation',
} as const;

const SCOPES = ['openid', 'email', 'profile'];

export interface EmbeddedProvider {
  provider: Provider;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's metadata as the relying party needs it (no discovery over HTTP). */
  serverMetadata: {
    issuer: string;
    authorization_endpoint: string;
    token_endpoint: string;
    userinfo_endpoint: string;
    jwks_uri: string;
    end_session_endpoint: string;
    revocation_endpoint: string;
    response_types_supported: string[];
    grant_types_supported: string[];
    code_challenge_methods_supported: string[];
    scopes_supported: string[];
    subject_types_supported: string[];
    id_token_signing_alg_values_supported: string[];
    token_endpoint_auth_methods_supported: string[];
    authorization_response_iss_parameter_supported: boolean;
    claims_parameter_supported: boolean;
    request_parameter_supported: boolean;
  };
}

export function embeddedIssuer(config: Config): string {
  return `${config.publicUrl}${IDP_MOUNT}`;
}

/** The client secret of our own relying party, derived from SESSION_SECRET. */
export function ownClientSecret(config: Config): string {
  return deriveSecret(config.sessionSecret, 'oidc-client-secret');
}

type Render = (ctx: KoaContextWithOIDC, title: string, message: string, link?: { href: string; label: string }) => void;

/** A German message page as the provider's answer. */
function renderer(clubName: string): Render {
  return (ctx, title, message, link) => {
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = messagePage({ clubName, title, message, ...(link ? { link } : {}) });
  };
}

/**
 * The embedded identity provider (docs/domain-rules.md «Login, session, roles»): production settings, our own interaction
 * pages, storage and signing keys in the database, cookie keys from SESSION_SECRET, PKCE
 * for every client, one static client (the site), consent granted for it without asking.
 */
export async function createEmbeddedProvider(deps: { config: Config; db: PrismaClient; log: Logger }): Promise<EmbeddedProvider> {
  const { config, db, log } = deps;
  const issuer = embeddedIssuer(config);
  const clientSecret = ownClientSecret(config);
  const keys = await loadSigningKeys(db);
  const provider = new Provider(issuer, providerConfiguration({ config, db, log, keys, clientSecret }));
  // Behind a TLS-terminating proxy: trust X-Forwarded-Proto (secure cookies need it).
  provider.proxy = config.trustProxy > 0 || config.secureCookies;
  classifyServerErrors(provider, log);
  return { provider, issuer, clientId: OWN_CLIENT_ID, clientSecret, serverMetadata: serverMetadataOf(issuer) };
}

/** oidc-provider's configuration: our client, keys, cookies, claims, features, lifetimes and pages. */
function providerConfiguration(deps: { config: Config; db: PrismaClient; log: Logger; keys: JWK[]; clientSecret: string }): Configuration {
  const { config, db, log, keys, clientSecret } = deps;
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
  return {
    adapter: prismaAdapter(db),
    clients: [
      {
        client_id: OWN_CLIENT_ID,
        client_secret: clientSecret,
        client_name: config.clubName,
        redirect_uris: [`${config.publicUrl}/oauth/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys },
    cookies: {
      keys: [deriveSecret(config.sessionSecret, 'oidc-cookies')],
      long: cookieOptions,
      short: cookieOptions,
    },
    scopes: SCOPES,
    claims: {
      // amr (RFC 8176) in every ID token: the site reads from it whether the login included the second factor.
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'name', 'given_name', 'family_name'],
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: IDP_ROUTES,
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: logoutPages(config.clubName),
    },
    interactions: { url: (_ctx, interaction) => `${IDP_MOUNT}/interaction/${interaction.uid}` },
    loadExistingGrant,
    findAccount: async (_ctx, sub) => {
      const memberId = Number(sub);
      if (!Number.isSafeInteger(memberId) || memberId <= 0) return undefined;
      const claims = await accountClaims(db, memberId);
      if (!claims) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...claims }) };
    },
    renderError: errorPage(config.clubName, log),
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 10 * 60,
      Interaction: 30 * 60,
      // The site's own session decides how long a member stays logged in; every login
      // asks for the password again (prompt=login), so the provider's session stays short.
      Session: 30 * 60,
      Grant: 365 * 24 * 60 * 60,
    },
  };
}

/** The logout question and the page after it, in German. */
function logoutPages(clubName: string): NonNullable<Configuration['features']>['rpInitiatedLogout'] {
  const render = renderer(clubName);
  return {
    enabled: true,
    logoutSource: (ctx, form) => {
      ctx.type = 'html';
      ctx.body = page({
        clubName,
        title: 'Abmelden',
        stylesheet: IDP_STYLESHEET,
        body: html`<h1>Abmelden</h1>
          <p>Möchten Sie sich abmelden?</p>
          ${new Html(form)}
          <button type="submit" class="button" form="op.logoutForm" name="logout" value="yes">Ja, abmelden</button>
          <button type="submit" class="button secondary" form="op.logoutForm">Nein, angemeldet bleiben</button>`,
      });
    },
    postLogoutSuccessSource: (ctx) => render(ctx, 'Abgemeldet', 'Sie sind abgemeldet.', { href: '/', label: 'Zur Startseite' }),
  };
}

/** Our own site needs no consent page: its grant is created on first use. */
const loadExistingGrant: NonNullable<Configuration['loadExistingGrant']> = async (ctx) => {
  const { client, session, result } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  if (grantId) {
    const grant = await ctx.oidc.provider.Grant.find(grantId);
    if (grant) return grant;
  }
  if (client.clientId !== OWN_CLIENT_ID) return undefined;
  const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(SCOPES.join(' '));
  await grant.save();
  return grant;
};

/** The provider's refusals as a German page (with the status the error deserves). */
function errorPage(clubName: string, log: Logger): NonNullable<Configuration['renderError']> {
  const render = renderer(clubName);
  return (ctx, out, error) => {
    // Server errors are logged (once) by the server_error listener, which also corrects their status.
    const known = ctx.status >= 500 ? toAppError(error) : null;
    const status = known ? known.status : ctx.status >= 400 ? ctx.status : 400;
    if (status < 500) log.info({ error: out.error, description: out.error_description }, 'identity provider refused a request');
    const expired = out.error === 'invalid_request' && /session|interaction|cookie/i.test(out.error_description ?? '');
    render(
      ctx,
      'Anmeldung nicht möglich',
      expired
        ? 'Die Anmeldung ist abgelaufen. Bitte beginnen Sie sie noch einmal.'
        : 'Die Anmeldung konnte nicht durchgeführt werden. Bitte beginnen Sie sie noch einmal.',
      { href: '/oauth/login', label: 'Erneut anmelden' },
    );
    ctx.status = status;
  };
}

/**
 * Every 500 of the provider passes here before it is sent: the database away or busy becomes
 * 503 with Retry-After, an input the database refused 400; only a real fault stays a 500.
 */
function classifyServerErrors(provider: Provider, log: Logger): void {
  provider.on('server_error', (ctx: KoaContextWithOIDC, err: unknown) => {
    const known = toAppError(err);
    if (!known) {
      log.error({ err }, 'identity provider error');
      return;
    }
    log.warn(
      { code: known.code, message: err instanceof Error ? err.message.slice(0, 300) : String(err) },
      'identity provider could not answer',
    );
    ctx.status = known.status >= 500 ? 503 : known.status;
    if (ctx.status === 503) ctx.set('Retry-After', known.code === 'UNAVAILABLE' ? '5' : '1');
    if (!ctx.type.includes('html')) {
      ctx.body = { error: ctx.status === 503 ? 'temporarily_unavailable' : 'invalid_request', error_description: known.message };
    }
  });
}

/** The provider's metadata as the relying party needs it (no discovery over HTTP). */
function serverMetadataOf(issuer: string): EmbeddedProvider['serverMetadata'] {
  const at = (path: string) => `${issuer}${path}`;
  return {
    issuer,
    authorization_endpoint: at(IDP_ROUTES.authorization),
    token_endpoint: at(IDP_ROUTES.token),
    userinfo_endpoint: at(IDP_ROUTES.userinfo),
    jwks_uri: at(IDP_ROUTES.jwks),
    end_session_endpoint: at(IDP_ROUTES.end_session),
    revocation_endpoint: at(IDP_ROUTES.revocation),
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: SCOPES,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic'],
    authorization_response_iss_parameter_supported: true,
    claims_parameter_supported: false,
    request_parameter_supported: false,
  };
}
