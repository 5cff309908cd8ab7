import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, unique } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { CookieJar, follow } from '../../test/login.ts';

/** An account at the "external" provider: its claims. */
interface ExternalAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
}

/**
 * A separate oidc-provider on its own port, standing in for the club's external identity
 * provider: its own accounts, one client for our site, logins without a form (the test
 * names the account that logs in next).
 */
async function startExternalProvider() {
  let handler: RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end('not ready');
  };
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, ExternalAccount>();
  const state = { nextLogin: '' };

  function configure(client: { clientId: string; clientSecret: string; siteUrl: string }) {
    const store = new Map<string, AdapterPayload>();
    class MapAdapter implements Adapter {
      constructor(private readonly name: string) {}
      private key(id: string) {
        return `${this.name}:${id}`;
      }
      async upsert(id: string, payload: AdapterPayload) {
        store.set(this.key(id), payload);
      }
      async find(id: string) {
        return store.get(this.key(id));
      }
      async findByUid(uid: string) {
        return [...store.entries()].find(([k, v]) => k.startsWith(`${this.name}:`) && v.uid === uid)?.[1];
      }
      async findByUserCode() {
        return undefined;
      }
      async consume(id: string) {
        const payload = store.get(this.key(id));
        if (payload) payload.consumed = Date.now();
      }
      async destroy(id: string) {
        store.delete(this.key(id));
      }
      async revokeByGrantId(grantId: string) {
        for (const [k, v] of store) if (v.grantId === grantId) store.delete(k);
      }
    }
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const provider = new Provider(issuer, {
      adapter: (name: string) => new MapAdapter(name),
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: [`${client.siteUrl}/oauth/callback`],
          post_logout_redirect_uris: [`${client.siteUrl}/`],
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
      ],
      jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' }] },
      cookies: { keys: ['external-provider-cookie-key'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      loadExistingGrant: async (ctx) => {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client?.clientId ?? '',
          accountId: ctx.oidc.session?.accountId ?? '',
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      findAccount: (_ctx, sub) => {
        const account = accounts.get(sub);
        return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
      },
      ttl: { AccessToken: 600, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    });
    const app = express();
    app.get('/interaction/:uid', async (req, res) => {
      await provider.interactionFinished(req, res, { login: { accountId: state.nextLogin } }, { mergeWithLastSubmission: false });
    });
    app.use(provider.callback());
    handler = app;
  }

  return {
    issuer,
    accounts,
    state,
    configure,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('login through an external provider', () => {
  let external: Awaited<ReturnType<typeof startExternalProvider>>;
  let server: TestServer;
  const client = { clientId: 'fanclub-limmat', clientSecret: 'ein-langes-client-secret-fuer-den-test' };

  beforeAll(async () => {
    external = await startExternalProvider();
    server = await startTestServer({
      env: { OIDC_ISSUER: external.issuer, OIDC_CLIENT_ID: client.clientId, OIDC_CLIENT_SECRET: client.clientSecret },
    });
  });
  afterAll(async () => {
    await server?.close();
    await external?.close();
  });

  /** Logs `sub` in at the external provider and follows the flow back to the site. */
  async function login(sub: string, returnTo = '/') {
    external.state.nextLogin = sub;
    const jar = new CookieJar();
    const origin = new URL(server.url).origin;
    const result = await follow(jar, `${server.url}/oauth/login?returnTo=${encodeURIComponent(returnTo)}`, {
      stopBefore: (next) => next.startsWith(origin) && !next.startsWith(`${origin}/oauth/`),
    });
    const sid = jar.get('sid', origin);
    return { ...result, cookie: sid ? `sid=${sid}` : undefined };
  }
  /** GET /api/v1/member/, read to the end (the session's touch completes before the last byte). */
  const me = async (cookie?: string) => {
    const answer = await fetch(`${server.url}/api/v1/member/`, { headers: cookie ? { cookie } : {} });
    const text = await answer.text();
    return { status: answer.status, json: () => JSON.parse(text) as unknown };
  };

  it('has no embedded provider', async () => {
    const answer = await fetch(`${server.url}/idp/.well-known/openid-configuration`, { headers: { accept: 'application/json' } });
    expect(answer.headers.get('content-type') ?? '').not.toMatch(/json/);
  });

  it('answers 502 with a German page while the provider cannot be discovered, and retries later', async () => {
    const answer = await fetch(`${server.url}/oauth/login?returnTo=%2F`, { redirect: 'manual' });
    expect(answer.status).toBe(502);
    expect(await answer.text()).toContain('Der Anmeldedienst ist im Moment nicht erreichbar');
    external.configure({ ...client, siteUrl: server.url });
    const retry = await fetch(`${server.url}/oauth/login?returnTo=%2F`, { redirect: 'manual' });
    expect(retry.status).toBe(302);
    const location = new URL(retry.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(`${external.issuer}/auth`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toBeTruthy();
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('redirect_uri')).toBe(`${server.url}/oauth/callback`);
    expect(location.searchParams.get('prompt')).toBeNull();
  });

  it('links a member by verified e-mail at the first login, and by subject afterwards', async () => {
    const member = await createMember(server.database.prisma, { password: null });
    const sub = unique('ext-');
    external.accounts.set(sub, { sub, email: member.email.toUpperCase(), email_verified: true, preferred_username: unique('anders') });

    const first = await login(sub, '/tickets');
    expect(first.stoppedAt).toBe(`${server.url}/tickets`);
    expect((await me(first.cookie)).status).toBe(200);
    const linked = await server.database.prisma.member.findUniqueOrThrow({ where: { id: member.id } });
    expect(linked.oidcSubject).toBe(`${external.issuer}|${sub}`);

    // The e-mail address changes at the provider: the subject still finds the member.
    external.accounts.set(sub, { sub, email: 'ganz-anders@example.ch', email_verified: true });
    const second = await login(sub);
    const body = (await (await me(second.cookie)).json()) as { data: { id: number } };
    expect(body.data.id).toBe(member.id);
  });

  it('links by username when the e-mail address is not verified', async () => {
    const member = await createMember(server.database.prisma, { password: null });
    const other = await createMember(server.database.prisma, { password: null });
    const sub = unique('ext-');
    external.accounts.set(sub, { sub, email: other.email, email_verified: false, preferred_username: member.username });
    const result = await login(sub);
    const body = (await (await me(result.cookie)).json()) as { data: { id: number } };
    expect(body.data.id).toBe(member.id);
    expect((await server.database.prisma.member.findUniqueOrThrow({ where: { id: other.id } })).oidcSubject).toBeNull();
  });

  it('leaves the second factor, invitations and password resets to the provider', async () => {
    const board = await createMember(server.database.prisma, { password: null, roles: ['MEMBER', 'MEMBER_OF_THE_BOARD'] });
    const member = await createMember(server.database.prisma, { password: null });
    const sub = unique('ext-');
    external.accounts.set(sub, { sub, email: board.email, email_verified: true });
    const { cookie } = await login(sub);
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { cookie: cookie!, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    expect(await (await call('GET', '/member/twofactor')).json()).toEqual({
      data: { available: false, enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false },
    });
    expect((await call('POST', '/member/twofactor/setup')).status).toBe(409);
    expect((await call('POST', `/admin/members/${member.id}/invitation`)).status).toBe(409);
    expect((await call('POST', `/admin/members/${member.id}/passwordreset`)).status).toBe(409);
    expect((await call('DELETE', `/admin/members/${member.id}/twofactor`)).status).toBe(409);
    const view = (await (await call('GET', `/admin/members/${member.id}`)).json()) as { data: { login: { state: string } } };
    expect(view.data.login.state).toBe('EXTERNAL');
    expect(await server.database.prisma.mailOutbox.count({ where: { to: member.email } })).toBe(0);
  });

  it('does not take over a member already linked to another identity of the provider', async () => {
    const member = await createMember(server.database.prisma, { password: null });
    const first = unique('ext-');
    external.accounts.set(first, { sub: first, email: member.email, email_verified: true });
    await login(first);
    const intruder = unique('ext-');
    external.accounts.set(intruder, { sub: intruder, email: member.email, email_verified: true, preferred_username: member.username });
    const result = await login(intruder);
    expect(result.last.response.status).toBe(403);
  });

  it('shows a German 403 page and makes no session for an identity without a member', async () => {
    const sub = unique('ext-');
    external.accounts.set(sub, { sub, email: `${unique('fremd')}@example.ch`, email_verified: true, preferred_username: unique('fremd') });
    const memberSessions = async () =>
      (await server.database.prisma.session.findMany()).filter((s) => (s.data as { memberId?: number }).memberId !== undefined).length;
    const before = await memberSessions();
    const result = await login(sub, '/tickets');
    expect(result.last.response.status).toBe(403);
    expect(result.last.body).toContain('<html lang="de">');
    expect(result.last.body).toContain('Kein Mitgliedskonto gefunden');
    expect(result.last.body).toContain('kein Mitglied');
    // The flow's session is gone and its cookie cleared; no member session appeared.
    expect(result.cookie).toBeUndefined();
    expect(await memberSessions()).toBe(before);
  });

  it('logs out and names the provider’s end-session URL', async () => {
    const member = await createMember(server.database.prisma, { password: null });
    const sub = unique('ext-');
    external.accounts.set(sub, { sub, email: member.email, email_verified: true });
    const { cookie } = await login(sub);
    const answer = await fetch(`${server.url}/oauth/logout`, { headers: { cookie: cookie ?? '' } });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { endSessionUrl: string } };
    const url = new URL(body.data.endSessionUrl);
    expect(url.origin + url.pathname).toBe(`${external.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${server.url}/`);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(url.searchParams.get('client_id')).toBe(client.clientId);
    expect((await me(cookie)).status).toBe(401);
  });
});
