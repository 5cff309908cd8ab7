import express, { type Request, type Response, type Router } from 'express';
import { isCleanText } from '@club/contract';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { sendPage } from '../../http/html.ts';
import { clientKey } from '../../http/rate-limit.ts';
import { noStore } from '../../http/security.ts';
import { checkLogin, checkSecondFactor, confirmSecondFactor, nextLoginStep, secondFactorLocked } from './accounts.ts';
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
  secondFactorLockedPage,
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

type Handler = (req: Request, res: Response) => Promise<void>;

/**
 * The login's own pages at /idp/interaction/:uid (the provider sends the browser there):
 * the password, then, where the member has or needs a second factor, its code or its
 * enrolment; consent for our own client is granted without a page.
 */
export function interactionRouter(deps: IdpRouteDeps): Router {
  const router = express.Router();
  router.get('/:uid', noStore, showInteraction(deps));
  router.post('/:uid/login', noStore, formBody, checkPassword(deps));
  router.post('/:uid/code', noStore, formBody, checkCode(deps));
  router.post('/:uid/enrol', noStore, formBody, confirmEnrolment(deps));
  router.post('/:uid/continue', noStore, continueAfterEnrolment(deps));
  router.get('/:uid/abort', noStore, abortLogin(deps));
  return router;
}

/** The interaction behind the cookie, which must be the one in the address. */
async function interactionOf(provider: Provider, req: Request, res: Response): Promise<Interaction> {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== req.params.uid) throw new errors.SessionNotFound('interaction mismatch');
  return details;
}

/** The login waiting for its second step in this interaction; a stale form (another stage) starts over. */
async function pendingOf(deps: IdpRouteDeps, req: Request, res: Response, stage: PendingLogin['stage']) {
  const details = await interactionOf(deps.provider, req, res);
  const pending = details.prompt.name === 'login' ? pendingLoginOf(details.result) : null;
  if (!pending || pending.stage !== stage) throw new errors.SessionNotFound('no such login step pending');
  if (pendingLoginExpired(pending, deps.clock())) throw new errors.SessionNotFound('pending login expired');
  return { details, pending };
}

function paths(uid: string) {
  const base = `${IDP_MOUNT}/interaction/${encodeURIComponent(uid)}`;
  return { base, abortHref: `${base}/abort`, action: (step: string) => `${base}/${step}` };
}

/** The password form of an interaction. */
function loginForm(deps: IdpRouteDeps, uid: string) {
  return { clubName: deps.clubName, abortHref: paths(uid).abortHref, action: paths(uid).action('login') };
}

/** The page of a pending login's stage (an error shown with it). */
async function stagePage(deps: IdpRouteDeps, uid: string, pending: PendingLogin, error?: string): Promise<string> {
  const { clubName } = deps;
  const { action, abortHref } = paths(uid);
  if (pending.stage === 'enrolled') return enrolledPage({ clubName, action: action('continue') });
  if (pending.stage === 'enrol') {
    const enrolment = await startTotpEnrolment(deps.db, {
      memberId: pending.memberId,
      issuer: clubName,
      label: pending.username,
      now: deps.clock(),
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
async function finish(deps: IdpRouteDeps, req: Request, res: Response, memberId: number, amr: string[]): Promise<void> {
  await recordLastLogin(deps.db, memberId, deps.clock());
  deps.log.info({ memberId, amr }, 'login complete');
  await deps.provider.interactionFinished(req, res, { login: { accountId: String(memberId), amr } }, { mergeWithLastSubmission: false });
}

/** The step after an accepted password (or welcome login): finished, or the second factor's page. */
async function afterPassword(deps: IdpRouteDeps, req: Request, res: Response, details: Interaction, memberId: number, now: Date) {
  const step = await nextLoginStep(deps.db, memberId, deps.config.requireTwoFactorForBoard);
  if (!step) return false;
  if (step.next === 'finish') await finish(deps, req, res, memberId, ['pwd']);
  else await continueWith(res, details, { memberId, username: step.username, stage: step.next, since: now.getTime() });
  return true;
}

/**
 * The browser that has just set its password through an invitation: its secret stands for the
 * password (once); then the steps after a password as at any login. False when there is none.
 */
async function welcomeLogin(deps: IdpRouteDeps, req: Request, res: Response, details: Interaction): Promise<boolean> {
  const token = welcomeTokenOf(req.headers.cookie);
  if (!token) return false;
  res.clearCookie(WELCOME_COOKIE, { path: '/idp/interaction' });
  const now = deps.clock();
  const memberId = await claimWelcomeLogin(deps.db, token, now);
  if (memberId === null) return false;
  deps.log.info({ memberId }, 'logged in after setting the password through an invitation');
  return afterPassword(deps, req, res, details, memberId, now);
}

/** The interaction's page: the password form, the pending login's stage, or (consent) none. */
function showInteraction(deps: IdpRouteDeps): Handler {
  return async (req, res) => {
    const details = await interactionOf(deps.provider, req, res);
    if (details.prompt.name === 'login') {
      const found = pendingLoginOf(details.result);
      const pending = found && !pendingLoginExpired(found, deps.clock()) ? found : null;
      if (!pending && (await welcomeLogin(deps, req, res, details))) return;
      if (pending?.stage === 'code' && (await secondFactorLocked(deps.db, pending.memberId))) {
        sendPage(res, 423, secondFactorLockedPage({ clubName: deps.clubName, abortHref: paths(details.uid).abortHref }));
        return;
      }
      sendPage(res, 200, pending ? await stagePage(deps, details.uid, pending) : loginPage(loginForm(deps, details.uid)));
      return;
    }
    if (await grantOwnConsent(deps.provider, req, res, details)) return;
    await deps.provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'not supported' },
      { mergeWithLastSubmission: false },
    );
  };
}

/** The password form posted: refused with the form again, or the next step. */
function checkPassword(deps: IdpRouteDeps): Handler {
  return async (req, res) => {
    const details = await interactionOf(deps.provider, req, res);
    if (details.prompt.name !== 'login') throw new errors.SessionNotFound('no login prompt');
    const form = loginForm(deps, details.uid);
    const username = field(req, 'username');
    if (!isCleanText(username) || !isCleanText(field(req, 'password'))) {
      sendPage(res, 400, loginPage({ ...form, error: 'Benutzername oder Passwort enthält ungültige Zeichen.' }));
      return;
    }
    const now = deps.clock();
    const result = await checkLogin(deps.db, {
      username,
      password: field(req, 'password'),
      client: clientKey(req.ip),
      now,
      failuresPerUsername: deps.config.loginFailuresPerMinute,
    });
    if (!result.ok) {
      const limited = result.reason === 'RATE_LIMITED';
      if (limited) res.set('Retry-After', '60');
      deps.log.info({ reason: result.reason }, 'login refused');
      sendPage(
        res,
        limited ? 429 : 401,
        loginPage({ ...form, username: username.trim(), error: limited ? TOO_MANY_ATTEMPTS : WRONG_CREDENTIALS }),
      );
      return;
    }
    deps.log.info({ memberId: result.memberId }, 'password accepted');
    if (!(await afterPassword(deps, req, res, details, result.memberId, now))) throw new errors.SessionNotFound('member gone');
  };
}

/** A wrong, used or refused code: the stage's page again, with the reason. */
async function refuseCode(
  deps: IdpRouteDeps,
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
  deps.log.info({ memberId: pending.memberId, reason, stage: pending.stage }, 'second factor refused');
  if (reason === 'LOCKED')
    return sendPage(res, status, secondFactorLockedPage({ clubName: deps.clubName, abortHref: paths(uid).abortHref }));
  sendPage(res, status, await stagePage(deps, uid, pending, message));
}

/** The second factor's code (or a recovery code) posted. */
function checkCode(deps: IdpRouteDeps): Handler {
  return async (req, res) => {
    const { details, pending } = await pendingOf(deps, req, res, 'code');
    const code = field(req, 'code');
    if (!isCleanText(code)) return refuseCode(deps, res, details.uid, pending, 'BAD_CHARACTERS');
    const site = { clubName: deps.clubName, publicUrl: deps.config.publicUrl };
    const result = await checkSecondFactor(deps.db, {
      ...pending,
      code,
      client: clientKey(req.ip),
      now: deps.clock(),
      failuresPerUsername: deps.config.loginFailuresPerMinute,
      site,
    });
    if (!result.ok) return refuseCode(deps, res, details.uid, pending, result.reason);
    if (result.value === 'recovery') deps.log.info({ memberId: pending.memberId }, 'recovery code used');
    await finish(deps, req, res, pending.memberId, ['pwd', result.value === 'totp' ? 'otp' : 'kba']);
  };
}

/** The first code of a new second factor posted: the recovery codes' page. */
function confirmEnrolment(deps: IdpRouteDeps): Handler {
  return async (req, res) => {
    const { details, pending } = await pendingOf(deps, req, res, 'enrol');
    const code = field(req, 'code');
    if (!isCleanText(code)) return refuseCode(deps, res, details.uid, pending, 'BAD_CHARACTERS');
    const result = await confirmSecondFactor(deps.db, {
      ...pending,
      code,
      client: clientKey(req.ip),
      now: deps.clock(),
      failuresPerUsername: deps.config.loginFailuresPerMinute,
    });
    if (!result.ok) return refuseCode(deps, res, details.uid, pending, result.reason);
    // Enrolled meanwhile elsewhere (another window): the code of that factor is asked instead;
    // the pending secret gone (reset meanwhile): the enrolment starts again.
    if (!result.value.ok) {
      return continueWith(res, details, { ...pending, stage: result.value.reason === 'ALREADY_ENABLED' ? 'code' : 'enrol' });
    }
    deps.log.info({ memberId: pending.memberId }, 'second factor enrolled at login');
    details.result = pendingLoginResult({ ...pending, stage: 'enrolled' });
    await details.persist();
    const action = paths(details.uid).action('continue');
    sendPage(res, 200, recoveryCodesPage({ clubName: deps.clubName, action, codes: result.value.recoveryCodes }));
  };
}

/** The recovery codes noted: the login is complete. */
function continueAfterEnrolment(deps: IdpRouteDeps): Handler {
  return async (req, res) => {
    const { pending } = await pendingOf(deps, req, res, 'enrolled');
    await finish(deps, req, res, pending.memberId, ['pwd', 'otp']);
  };
}

/** The member gives up: the provider answers the client with access_denied. */
function abortLogin(deps: IdpRouteDeps): Handler {
  return async (req, res) => {
    await interactionOf(deps.provider, req, res);
    await deps.provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'Anmeldung abgebrochen' },
      { mergeWithLastSubmission: false },
    );
  };
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
