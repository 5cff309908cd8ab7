import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@club/contract';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import {
  checkSecondFactor,
  confirmSecondFactor,
  loginNameOfMember,
  removeSecondFactor,
  renewRecoveryCodes,
  startTotpEnrolment,
  twoFactorState,
} from '../idp/index.ts';

/**
 * The member's own second factor on the account page (embedded login only): set up with a QR
 * code and one code of the app, switched off or given new recovery codes with a current code.
 * Every code counts against the login's rate limit (LOGIN_FAILURES_PER_MINUTE wrong ones a minute). Changes are
 * audited with the member as the actor.
 */

export interface TwoFactorSettings {
  clubName: string;
  publicUrl: string;
  /** The club's external login provider does its own second factor. */
  externalLogin: boolean;
  requireTwoFactorForBoard: boolean;
  /** Failed logins per login name within a minute (LOGIN_FAILURES_PER_MINUTE): codes count with them. */
  loginFailuresPerMinute: number;
}

const NOT_FOUND = 'Ihr Mitgliedskonto wurde nicht gefunden.';
const TOO_MANY = 'Zu viele falsche Codes. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.';
const WRONG_CODE = 'Code: Der Code stimmt nicht oder wurde schon verwendet. Bitte geben Sie den aktuellen Code aus Ihrer App ein.';

function isRequired(ctx: Ctx, settings: TwoFactorSettings): boolean {
  return settings.requireTwoFactorForBoard && (ctx.actor?.roles.includes('MEMBER_OF_THE_BOARD') ?? false);
}

function refuseExternal(settings: TwoFactorSettings): void {
  if (settings.externalLogin) throw conflict('Die Zwei-Faktor-Anmeldung richten Sie beim Login-Anbieter des Vereins ein.');
}

async function loginName(ctx: Ctx, memberId: number): Promise<string> {
  const name = await loginNameOfMember(ctx.db, memberId);
  if (name === null) throw notFound(NOT_FOUND);
  return name;
}

/** A code attempt as the login's limits count it: under the member's login name and the client's key. */
async function attemptOf(ctx: Ctx, input: { memberId: number; code: string; client: string; settings: TwoFactorSettings }) {
  return {
    memberId: input.memberId,
    username: await loginName(ctx, input.memberId),
    code: input.code,
    client: input.client,
    now: ctx.now,
    failuresPerUsername: input.settings.loginFailuresPerMinute,
  };
}

const LOCKED =
  'Ihre Zwei-Faktor-Anmeldung ist nach zu vielen falschen Codes gesperrt. Mit einem neuen Passwort über «Passwort vergessen?» heben Sie die Sperre auf, oder ein anderes Vorstandsmitglied setzt sie zurück.';

/** A wrong or refused code as the API's answer. */
function refuse(reason: 'INVALID' | 'RATE_LIMITED' | 'LOCKED'): AppError {
  if (reason === 'LOCKED') return forbidden(LOCKED);
  return reason === 'RATE_LIMITED' ? new AppError('RATE_LIMITED', TOO_MANY) : invalid('Bitte prüfen Sie den Code.', { code: WRONG_CODE });
}

export async function getTwoFactorStatus(ctx: Ctx, memberId: number, settings: TwoFactorSettings): Promise<TwoFactorStatus> {
  if (settings.externalLogin) return { available: false, enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
  const state = await twoFactorState(ctx.db, memberId);
  return { available: true, ...state, enabledAt: state.enabledAt?.toISOString() ?? null, required: isRequired(ctx, settings) };
}

/** A secret for the app (the same again within the hour, a reload): 409 when a factor is on already. */
export async function setupTwoFactor(ctx: Ctx, memberId: number, settings: TwoFactorSettings): Promise<TwoFactorSetup> {
  refuseExternal(settings);
  const label = await loginName(ctx, memberId);
  const enrolment = await startTotpEnrolment(ctx.db, { memberId, issuer: settings.clubName, label, now: ctx.now });
  if (!enrolment) throw conflict('Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.');
  return {
    secret: enrolment.secret,
    otpauthUrl: enrolment.uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(enrolment.qrSvg, 'utf8').toString('base64')}`,
  };
}

/** Confirms the setup with a code of the app: the factor is on; the ten recovery codes are answered once. */
export async function enableTwoFactor(
  ctx: Ctx,
  input: { memberId: number; code: string; client: string; settings: TwoFactorSettings },
): Promise<RecoveryCodes> {
  refuseExternal(input.settings);
  const result = await confirmSecondFactor(ctx.db, await attemptOf(ctx, input));
  if (!result.ok) throw refuse(result.reason);
  if (!result.value.ok) {
    throw conflict(
      result.value.reason === 'ALREADY_ENABLED'
        ? 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.'
        : 'Bitte beginnen Sie die Einrichtung noch einmal.',
    );
  }
  await writeAudit(ctx, { action: 'member.twofactor.enabled', entity: 'member', entityId: input.memberId });
  return { recoveryCodes: result.value.recoveryCodes };
}

/** Uses up a current code (of the app or a recovery code) before a change of the factor. */
async function proveFactor(
  ctx: Ctx,
  input: { memberId: number; code: string; client: string; settings: TwoFactorSettings },
): Promise<void> {
  const state = await twoFactorState(ctx.db, input.memberId);
  if (!state.enabled) throw conflict('Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.');
  const site = { clubName: input.settings.clubName, publicUrl: input.settings.publicUrl };
  const result = await checkSecondFactor(ctx.db, { ...(await attemptOf(ctx, input)), site });
  if (!result.ok) throw refuse(result.reason);
}

/** Switches the factor off with a current code; refused (409) where the board must keep it. */
export async function disableTwoFactor(
  ctx: Ctx,
  input: { memberId: number; code: string; client: string; settings: TwoFactorSettings },
): Promise<void> {
  refuseExternal(input.settings);
  if (isRequired(ctx, input.settings)) {
    throw conflict('Als Vorstandsmitglied melden Sie sich immer mit zweitem Faktor an. Sie können ihn nicht ausschalten.');
  }
  await proveFactor(ctx, input);
  await withTx(ctx, async (tx) => {
    await removeSecondFactor(tx.db, input.memberId);
    await writeAudit(tx, { action: 'member.twofactor.disabled', entity: 'member', entityId: input.memberId });
  });
}

/** Ten new recovery codes (the old ones end), with a current code. */
export async function replaceRecoveryCodes(
  ctx: Ctx,
  input: { memberId: number; code: string; client: string; settings: TwoFactorSettings },
): Promise<RecoveryCodes> {
  refuseExternal(input.settings);
  await proveFactor(ctx, input);
  return withTx(ctx, async (tx) => {
    const recoveryCodes = await renewRecoveryCodes(tx.db, input.memberId, tx.now);
    if (!recoveryCodes) throw conflict('Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.');
    await writeAudit(tx, { action: 'member.recovery_codes.renewed', entity: 'member', entityId: input.memberId });
    return { recoveryCodes };
  });
}
