import type { Request } from 'express';
import * as client from 'openid-client';
import { Strategy, type AuthenticateOptions, type StrategyOptions, type VerifyFunction } from 'openid-client/passport';
import type { Config } from '../../config.ts';
import type { Logger } from '../../lib/logger.ts';
import { identityFromClaims, type Identity } from './link-member.ts';

/** Name of the passport strategy and of its key in the session. */
export const STRATEGY_NAME = 'oidc';
const SCOPE = 'openid email profile';
const HTTP_TIMEOUT_SECONDS = 10;

/** What the strategy hands to the callback route. */
export interface VerifiedLogin {
  identity: Identity;
  idToken: string | undefined;
  /** The login included a second factor (the ID token's `amr`). */
  secondFactor: boolean;
}

/**
 * `amr` values (RFC 8176) that mean a second factor besides the password: a one-time code
 * (`otp`), a recovery code of the embedded provider (`kba`), a key, or an external provider's
 * plain `mfa`.
 */
const SECOND_FACTOR_METHODS = new Set(['otp', 'kba', 'mfa', 'hwk', 'swk', 'sms']);

/** Whether an ID token's `amr` claim names a second factor. */
export function hasSecondFactor(amr: unknown): boolean {
  return Array.isArray(amr) && amr.some((method) => typeof method === 'string' && SECOND_FACTOR_METHODS.has(method));
}

/** The embedded provider as the relying party sees it: no discovery needed. */
export interface EmbeddedIssuer {
  serverMetadata: client.ServerMetadata;
  clientId: string;
  clientSecret: string;
}

/**
 * openid-client's passport strategy, always sending state and nonce besides PKCE (the
 * stock strategy sends a state only when the provider lacks PKCE, and a nonce only for
 * implicit flows); both are kept in the session and checked at the callback.
 */
class CodeFlowStrategy extends Strategy {
  private prompt: string | undefined;

  constructor(options: StrategyOptions, verify: VerifyFunction, prompt?: string) {
    super(options, verify);
    this.prompt = prompt;
  }

  override authorizationRequestParams<TOptions extends AuthenticateOptions>(req: Request, options: TOptions): URLSearchParams {
    const params = new URLSearchParams(super.authorizationRequestParams(req, options) ?? undefined);
    params.set('state', client.randomState());
    params.set('nonce', client.randomNonce());
    if (this.prompt && !params.has('prompt')) params.set('prompt', this.prompt);
    return params;
  }
}

export interface RelyingParty {
  readonly issuer: string;
  readonly embedded: boolean;
  /** openid-client's configuration: built at first use; a failed discovery is retried next time. */
  configuration(): Promise<client.Configuration>;
  strategy(): Promise<Strategy>;
  /** The provider's end-session URL (external providers that have one), else undefined. */
  endSessionUrl(idToken: string | undefined): Promise<string | undefined>;
}

/** Where this process listens, for calls to its own embedded provider. */
export function localOrigin(config: Pick<Config, 'host' | 'port'>): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/**
 * Fetch for the relying party's back-channel calls to the embedded provider (token, userinfo,
 * keys): they go straight to this process instead of out through PUBLIC_URL and back in
 * through a proxy, which may not even be reachable from inside.
 */
export function ownProviderFetch(publicUrl: string, local: string): client.CustomFetch {
  const publicOrigin = new URL(publicUrl).origin;
  return (url, options) => {
    if (!url.startsWith(`${publicOrigin}/`) || publicOrigin === local) return fetch(url, options as RequestInit);
    const headers = {
      ...options.headers,
      'x-forwarded-proto': new URL(publicOrigin).protocol.replace(':', ''),
      'x-forwarded-host': new URL(publicOrigin).host,
    };
    return fetch(local + url.slice(publicOrigin.length), { ...(options as RequestInit), headers });
  };
}

/**
 * The OIDC client's configuration: the embedded provider's known metadata (called in-process
 * at HOST:PORT), or an external provider's, discovered.
 */
async function clientConfiguration(
  config: Config,
  log: Logger,
  embedded: EmbeddedIssuer | undefined,
  callbackURL: string,
): Promise<client.Configuration> {
  if (embedded) {
    const configuration = new client.Configuration(
      embedded.serverMetadata,
      embedded.clientId,
      { client_secret: embedded.clientSecret, redirect_uris: [callbackURL], response_types: ['code'] },
      client.ClientSecretBasic(embedded.clientSecret),
    );
    configuration[client.customFetch] = ownProviderFetch(config.publicUrl, localOrigin(config));
    if (embedded.serverMetadata.issuer.startsWith('http:')) client.allowInsecureRequests(configuration);
    configuration.timeout = HTTP_TIMEOUT_SECONDS;
    return configuration;
  }
  const external = config.oidc;
  if (!external) throw new Error('no OIDC provider configured');
  const secret = external.clientSecret;
  const configuration = await client.discovery(
    new URL(external.issuer),
    external.clientId,
    { ...(secret ? { client_secret: secret } : {}), redirect_uris: [callbackURL], response_types: ['code'] },
    secret ? client.ClientSecretBasic(secret) : client.None(),
    { execute: external.issuer.startsWith('http:') ? [client.allowInsecureRequests] : [], timeout: HTTP_TIMEOUT_SECONDS },
  );
  log.info({ issuer: configuration.serverMetadata().issuer }, 'OIDC provider discovered');
  return configuration;
}

export function createRelyingParty(deps: { config: Config; log: Logger; embedded?: EmbeddedIssuer }): RelyingParty {
  const { config, log, embedded } = deps;
  const callbackURL = `${config.publicUrl}/oauth/callback`;
  const issuer = embedded ? embedded.serverMetadata.issuer : (config.oidc?.issuer ?? '');
  if (!issuer) throw new Error('no OIDC issuer configured');

  let configuration: Promise<client.Configuration> | undefined;
  let strategy: Promise<Strategy> | undefined;
  const getConfiguration = (): Promise<client.Configuration> => {
    configuration ??= clientConfiguration(config, log, embedded, callbackURL).catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  };

  async function buildStrategy(): Promise<Strategy> {
    const cfg = await getConfiguration();
    const verify: VerifyFunction = (tokens, verified) => {
      (async () => {
        const idClaims = tokens.claims();
        if (!idClaims) throw new Error('the provider sent no ID token');
        const userinfo = cfg.serverMetadata().userinfo_endpoint
          ? await client.fetchUserInfo(cfg, tokens.access_token, idClaims.sub)
          : undefined;
        const identity = identityFromClaims(issuer, idClaims, userinfo);
        if (!identity) throw new Error('the provider sent no subject');
        const login: VerifiedLogin = { identity, idToken: tokens.id_token, secondFactor: hasSecondFactor(idClaims.amr) };
        verified(null, login);
      })().catch((error: unknown) => verified(error));
    };
    // Every login with the embedded provider asks for the password: its own session must
    // not outlive the site's idle and absolute timeouts.
    return new CodeFlowStrategy(
      { config: cfg, callbackURL, scope: SCOPE, name: STRATEGY_NAME, sessionKey: STRATEGY_NAME },
      verify,
      embedded ? 'login' : undefined,
    );
  }

  return {
    issuer,
    embedded: Boolean(embedded),
    configuration: getConfiguration,
    strategy() {
      strategy ??= buildStrategy().catch((error: unknown) => {
        strategy = undefined;
        throw error;
      });
      return strategy;
    },
    async endSessionUrl(idToken) {
      if (embedded) return undefined;
      const cfg = await getConfiguration();
      if (!cfg.serverMetadata().end_session_endpoint) return undefined;
      const params: Record<string, string> = { post_logout_redirect_uri: `${config.publicUrl}/` };
      if (idToken) params.id_token_hint = idToken;
      return client.buildEndSessionUrl(cfg, params).href;
    },
  };
}
