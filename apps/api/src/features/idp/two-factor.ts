import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type QRCodeModule from 'qrcode';
import { inTransaction } from '../../db/tx.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import {
  claimRecoveryCode,
  claimTotpStep,
  confirmPendingTotp,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  findTotp,
  replaceRecoveryCodes,
  savePendingTotp,
} from './idp.repository.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';

// Only the enrolment draws a QR code.
const qrcode = onFirstUse<typeof QRCodeModule>('qrcode');

/**
 * The second factor of the embedded login: TOTP (RFC 6238; otplib, SHA-1, 6 digits, 30 s,
 * as every authenticator app reads an otpauth:// QR code) and ten one-time recovery codes.
 * A code's time step is stored when it is accepted, so a code works once; one step of clock
 * drift either way is accepted.
 */

/** Codes one period before or after the current one are still accepted (RFC 6238 §5.2). */
const DRIFT_SECONDS = 30;
/** An unfinished enrolment's secret is shown again (a reload) for this long, then a new one is made. */
const PENDING_REUSE_MS = 60 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be mistaken for each other (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
/** 16 characters of 31: 79 bits, beyond guessing even offline, so sha256 suffices for storage. */
const RECOVERY_CODE_LENGTH = 16;

export interface TotpEnrolment {
  secret: string;
  /** otpauth:// URI, what the QR code holds. */
  uri: string;
  /** The QR code as an SVG document (black on white, quiet zone included). */
  qrSvg: string;
}

/** Six digits, spaces allowed ("123 456" as apps show them). */
export function asTotpCode(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A recovery code as typed (any case, with or without dashes and spaces), or null when it cannot be one. */
export function asRecoveryCode(input: string): string | null {
  const code = input.replace(/[\s-]+/g, '').toLowerCase();
  return code.length === RECOVERY_CODE_LENGTH && [...code].every((c) => RECOVERY_ALPHABET.includes(c)) ? code : null;
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** Ten new recovery codes as shown to the member: `abcd-efgh-jkmn-pqrs`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return chars.join('').replace(/(.{4})(?=.)/g, '$1-');
  });
}

/** The time step at which a code is valid now (±1 step), after `afterStep`; null when it is not. */
export async function totpStepOf(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: DRIFT_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The otpauth:// URI an authenticator app reads (issuer and label shown in the app). */
export function totpUri(input: { issuer: string; label: string; secret: string }): string {
  return generateURI(input);
}

/** A QR code of the URI as an SVG document (black on white, with its quiet zone). */
export function qrCodeSvg(text: string): Promise<string> {
  return qrcode().toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}

/**
 * Starts (or shows again) the member's enrolment: a new secret, stored unconfirmed. Null when
 * the member has a confirmed factor already.
 */
export async function startTotpEnrolment(
  db: DbOrTx,
  input: { memberId: number; issuer: string; label: string; now: Date },
): Promise<TotpEnrolment | null> {
  const existing = await findTotp(db, input.memberId);
  if (existing?.confirmedAt) return null;
  let secret = existing?.secret;
  if (!existing || input.now.getTime() - existing.createdAt.getTime() >= PENDING_REUSE_MS) {
    secret = generateSecret();
    await savePendingTotp(db, input.memberId, secret, input.now);
  }
  const uri = totpUri({ issuer: input.issuer, label: input.label, secret: secret! });
  return { secret: secret!, uri, qrSvg: await qrCodeSvg(uri) };
}

export type EnrolmentResult =
  { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'WRONG_CODE' | 'NOT_STARTED' | 'ALREADY_ENABLED' };

/** Finishes the enrolment with a code from the app: the factor is on, ten recovery codes are made (shown once). */
export async function confirmTotpEnrolment(db: DbOrTx, input: { memberId: number; code: string; now: Date }): Promise<EnrolmentResult> {
  return inTransaction(db, async (tx): Promise<EnrolmentResult> => {
    const pending = await findTotp(tx, input.memberId);
    if (!pending) return { ok: false, reason: 'NOT_STARTED' };
    if (pending.confirmedAt) return { ok: false, reason: 'ALREADY_ENABLED' };
    const code = asTotpCode(input.code);
    const step = code === null ? null : await totpStepOf(pending.secret, code, input.now, null);
    if (step === null) return { ok: false, reason: 'WRONG_CODE' };
    if (!(await confirmPendingTotp(tx, input.memberId, pending.secret, step, input.now))) return { ok: false, reason: 'NOT_STARTED' };
    return { ok: true, recoveryCodes: await replaceCodes(tx, input.memberId, input.now) };
  });
}

async function replaceCodes(db: DbOrTx, memberId: number, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    db,
    memberId,
    codes.map((c) => hashRecoveryCode(asRecoveryCode(c)!)),
    now,
  );
  return codes;
}

/** New recovery codes for a member with a confirmed factor (the old ones stop working); null without one. Call it in a transaction. */
export async function renewRecoveryCodes(db: DbOrTx, memberId: number, now: Date): Promise<string[] | null> {
  const factor = await findTotp(db, memberId);
  if (!factor?.confirmedAt) return null;
  return replaceCodes(db, memberId, now);
}

/**
 * Checks a code at login (or before a change of the factor) and uses it up: a TOTP code of
 * the app, accepted once, or one of the recovery codes, each accepted once. Null when it is
 * neither (or used already).
 */
export async function useSecondFactor(db: DbOrTx, memberId: number, input: string, now: Date): Promise<'totp' | 'recovery' | null> {
  const totp = asTotpCode(input);
  if (totp !== null) {
    const factor = await findTotp(db, memberId);
    if (!factor?.confirmedAt) return null;
    const step = await totpStepOf(factor.secret, totp, now, factor.lastUsedStep === null ? null : Number(factor.lastUsedStep));
    return step !== null && (await claimTotpStep(db, memberId, step)) ? 'totp' : null;
  }
  const recovery = asRecoveryCode(input);
  if (recovery === null) return null;
  return (await claimRecoveryCode(db, memberId, hashRecoveryCode(recovery), now)) ? 'recovery' : null;
}

export interface TwoFactorState {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function twoFactorState(db: DbOrTx, memberId: number): Promise<TwoFactorState> {
  const [factor, left] = await Promise.all([findTotp(db, memberId), countUnusedRecoveryCodes(db, memberId)]);
  const enabledAt = factor?.confirmedAt ?? null;
  return { enabled: enabledAt !== null, enabledAt, recoveryCodesLeft: enabledAt ? left : 0 };
}

/** Switches the second factor off (and drops its recovery codes); false when none was on. Call it in a transaction. */
export function removeSecondFactor(db: DbOrTx, memberId: number): Promise<boolean> {
  return deleteSecondFactor(db, memberId);
}
