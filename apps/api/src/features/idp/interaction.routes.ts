import express, { type Request, type Response, type Router } from 'express';
import { isCleanText } from '@club/contract';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { sendPage } from '../../http/html.ts';
import { clientKey } from '../../http/rate-limit.ts';
import { noStore } from '../../http/security.ts';
import { checkLogin, checkSecondFactor, confirmSecondFactor, nextLoginStep } from './accounts.ts';
import { field, formBody, type IdpRouteDeps } from './forms.ts';
import { recordLastLogin } from './idp.repository.ts';
import { claimWelcomeLogin } from './invitations.ts';
import {
  pendingLoginExpired,
  pendingLoginOf,
  pendingLoginResult,
  WELCOME_COOKIE,
  welcomeTokenOf,
  type PendingLogin,
} from './login-flow.ts';
import {
  enrolledPage,
  enrolmentPage,
  loginPage,
  recoveryCodesPage,
  SECOND_FACTOR_LOCKED,
  secondFactorPage,
  TOO_MANY_ATTEMPTS,
  WRONG_CODE,
  WRONG_CREDENTIALS,
} from './pages.ts';
import { IDP_MOUNT, OWN_CLIENT_ID } from './provider.ts';
import { startTotpEnrolment } from './two-factor.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** A refused code's status: a locked factor is 423 (Locked), no wait makes it pass. */
const REFUSAL_STATUS = { RATE_LIMITED: 429, BAD_CHARACTERS: 400, INVALID: 401, LOCKED: 423 } as const;

/**
 * The login's own pages at /idp/interaction/:uid (the provider sends the browser there):
 * the password, then, where the member has or needs a second factor, its code or its
 * enrolment; consent for our own client is granted without a page.
 */
export function interactionRouter(deps: IdpRouteDeps): Router {
  const { db, log, clock, provider, clubName } = deps;
  const failuresPerUsername = deps.config.loginFailuresPerMinute;
  const router = express.Router();

  /** The interaction behind the cookie, which must be the one in the address. */
  async function interactionOf(req: Request, res: Response): Promise<Interaction> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== req.params.uid) throw new errors.SessionNotFound('interaction mismatch');
    return details;
  }
  /** The login waiting for its second step in this interaction; a stale form (another stage) starts over. */
  async function pendingOf(req: Request, res: Response, stage: PendingLogin['stage']) {
    const details = await interactionOf(req, res);
    const pending = details.prompt.name === 'login' ? pendingLoginOf(details.result) : null;
    if (!pending || pending.stage !== stage) throw new errors.SessionNotFound('no such login step pending');
    if (pendingLoginExpired(pending, clock())) throw new errors.SessionNotFound('pending login expired');
    return { details, pending };
  }
  const paths = (uid: string) => {
    const base = `${IDP_MOUNT}/interaction/${encodeURIComponent(uid)}`;
    return { base, abortHref: `${base}/abort`, action: (step: string) => `${base}/${step}` };
  };

  /** The page of a pending login's stage (an error shown with it). */
  async function stagePage(uid: string, pending: PendingLogin, error?: string): Promise<string> {
    const { action, abortHref } = paths(uid);
    if (pending.stage === 'enrolled') return enrolledPage({ clubName, action: action('continue') });
    if (pending.stage === 'enrol') {
      const enrolment = await startTotpEnrolment(db, {
        memberId: pending.memberId,
        issuer: clubName,
        label: pending.username,
        now: clock(),
      });
      if (enrolment) {
        return enrolmentPage({
          clubName,
          action: action('enrol'),
          abortHref,
          qrSvg: enrolment.qrSvg,
          secret: enrolment.secret,
          ...(error ? { error } : {}),
        });
      }
    }
    return secondFactorPage({ clubName, action: action('code'), abortHref, ...(error ? { error } : {}) });
  }

  /** Keeps the pending login in the interaction and shows its page through a redirect (a reload repeats no form). */
  async function continueWith(res: Response, details: Interaction, pending: PendingLogin): Promise<void> {
    details.result = pendingLoginResult(pending);
    await details.persist();
    res.redirect(303, paths(details.uid).base);
  }

  /** The login is complete: the provider goes on to the site with the member. */
  async function finish(req: Request, res: Response, memberId: number, amr: string[]): Promise<void> {
    await recordLastLogin(db, memberId, clock());
    log.info({ memberId, amr }, 'login complete');
    await provider.interactionFinished(req, res, { login: { accountId: String(memberId), amr } }, { mergeWithLastSubmission: false });
  }

  /**
   * The browser that has just set its password through an invitation: its secret stands for the
   * password (once); then the steps after a password as at any login. False when there is none.
   */
  async function welcomeLogin(req: Request, res: Response, details: Interaction): Promise<boolean> {
    const token = welcomeTokenOf(req.headers.cookie);
    if (!token) return false;
    res.clearCookie(WELCOME_COOKIE, { path: '/idp/interaction' });
    const now = clock();
    const memberId = await claimWelcomeLogin(db, token, now);
    if (memberId === null) return false;
    log.info({ memberId }, 'logged in after setting the password through an invitation');
    const step = await nextLoginStep(db, memberId, deps.config.requireTwoFactorForBoard);
    if (!step) return false;
    if (step.next === 'finish') await finish(req, res, memberId, ['pwd']);
    else await continueWith(res, details, { memberId, username: step.username, stage: step.next, since: now.getTime() });
    return true;
  }

  router.get('/:uid', noStore, async (req, res) => {
    const details = await interactionOf(req, res);
    if (details.prompt.name === 'login') {
      const found = pendingLoginOf(details.result);
      const pending = found && !pendingLoginExpired(found, clock()) ? found : null;
      if (!pending && (await welcomeLogin(req, res, details))) return;
      sendPage(
        res,
        200,
        pending
          ? await stagePage(details.uid, pending)
          : loginPage({ clubName, abortHref: paths(details.uid).abortHref, action: paths(details.uid).action('login') }),
      );
      return;
    }
    if (await grantOwnConsent(provider, req, res, details)) return;
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'not supported' },
      { mergeWithLastSubmission: false },
    );
  });

  router.post('/:uid/login', noStore, formBody, async (req, res) => {
    const details = await interactionOf(req, res);
    if (details.prompt.name !== 'login') throw new errors.SessionNotFound('no login prompt');
    const form = { clubName, abortHref: paths(details.uid).abortHref, action: paths(details.uid).action('login') };
    const username = field(req, 'username');
    if (!isCleanText(username) || !isCleanText(field(req, 'password'))) {
      sendPage(res, 400, loginPage({ ...form, error: 'Benutzername oder Passwort enthält ungültige Zeichen.' }));
      return;
    }
    const now = clock();
    const result = await checkLogin(db, {
      username,
      password: field(req, 'password'),
      client: clientKey(req.ip),
      now,
      failuresPerUsername,
    });
    if (!result.ok) {
      const limited = result.reason === 'RATE_LIMITED';
      if (limited) res.set('Retry-After', '60');
      log.info({ reason: result.reason }, 'login refused');
      sendPage(
        res,
        limited ? 429 : 401,
        loginPage({ ...form, username: username.trim(), error: limited ? TOO_MANY_ATTEMPTS : WRONG_CREDENTIALS }),
      );
      return;
    }
    log.info({ memberId: result.memberId }, 'password accepted');
    const step = await nextLoginStep(db, result.memberId, deps.config.requireTwoFactorForBoard);
    if (!step) throw new errors.SessionNotFound('member gone');
    if (step.next === 'finish') return finish(req, res, result.memberId, ['pwd']);
    await continueWith(res, details, { memberId: result.memberId, username: step.username, stage: step.next, since: now.getTime() });
  });

  /** A wrong, used or refused code: the stage's page again, with the reason. */
  async function refuseCode(
    res: Response,
    uid: string,
    pending: PendingLogin,
    reason: 'INVALID' | 'RATE_LIMITED' | 'BAD_CHARACTERS' | 'LOCKED',
  ) {
    if (reason === 'RATE_LIMITED') res.set('Retry-After', '60');
    const status = REFUSAL_STATUS[reason];
    const message = {
      RATE_LIMITED: TOO_MANY_ATTEMPTS,
      BAD_CHARACTERS: 'Der Code enthält ungültige Zeichen.',
      INVALID: WRONG_CODE,
      LOCKED: SECOND_FACTOR_LOCKED,
    }[reason];
    log.info({ memberId: pending.memberId, reason, stage: pending.stage }, 'second factor refused');
    sendPage(res, status, await stagePage(uid, pending, message));
  }

  router.post('/:uid/code', noStore, formBody, async (req, res) => {
    const { details, pending } = await pendingOf(req, res, 'code');
    const code = field(req, 'code');
    if (!isCleanText(code)) return refuseCode(res, details.uid, pending, 'BAD_CHARACTERS');
    const site = { clubName, publicUrl: deps.config.publicUrl };
    const result = await checkSecondFactor(db, { ...pending, code, client: clientKey(req.ip), now: clock(), failuresPerUsername, site });
    if (!result.ok) return refuseCode(res, details.uid, pending, result.reason);
    if (result.value === 'recovery') log.info({ memberId: pending.memberId }, 'recovery code used');
    await finish(req, res, pending.memberId, ['pwd', result.value === 'totp' ? 'otp' : 'kba']);
  });

  router.post('/:uid/enrol', noStore, formBody, async (req, res) => {
    const { details, pending } = await pendingOf(req, res, 'enrol');
    const code = field(req, 'code');
    if (!isCleanText(code)) return refuseCode(res, details.uid, pending, 'BAD_CHARACTERS');
    const result = await confirmSecondFactor(db, { ...pending, code, client: clientKey(req.ip), now: clock(), failuresPerUsername });
    if (!result.ok) return refuseCode(res, details.uid, pending, result.reason);
    // Enrolled meanwhile elsewhere (another window): the code of that factor is asked instead;
    // the pending secret gone (reset meanwhile): the enrolment starts again.
    if (!result.value.ok) {
      return continueWith(res, details, { ...pending, stage: result.value.reason === 'ALREADY_ENABLED' ? 'code' : 'enrol' });
    }
    log.info({ memberId: pending.memberId }, 'second factor enrolled at login');
    details.result = pendingLoginResult({ ...pending, stage: 'enrolled' });
    await details.persist();
    sendPage(res, 200, recoveryCodesPage({ clubName, action: paths(details.uid).action('continue'), codes: result.value.recoveryCodes }));
  });

  router.post('/:uid/continue', noStore, async (req, res) => {
    const { pending } = await pendingOf(req, res, 'enrolled');
    await finish(req, res, pending.memberId, ['pwd', 'otp']);
  });

  router.get('/:uid/abort', noStore, async (req, res) => {
    await interactionOf(req, res);
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'Anmeldung abgebrochen' },
      { mergeWithLastSubmission: false },
    );
  });

  return router;
}

/**
 * Consent is only ever asked of our own client: granted without a page (the scopes and claims
 * the provider misses added to the grant). False for any other prompt or client.
 */
async function grantOwnConsent(provider: Provider, req: Request, res: Response, details: Interaction): Promise<boolean> {
  if (details.prompt.name !== 'consent' || details.params.client_id !== OWN_CLIENT_ID || !details.session?.accountId) return false;
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ clientId: OWN_CLIENT_ID, accountId: details.session.accountId });
  if (!grant) return false;
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
  return true;
}
