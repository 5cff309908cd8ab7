import { isCleanText } from '@club/contract';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import type * as ZxcvbnDe from '@zxcvbn-ts/language-de';
import { inTransaction } from '../../db/tx.ts';
import type { DbOrTx } from '../../lib/ctx.ts';
import { enqueueMail, enqueueMails } from '../../lib/outbox.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { loginNameOf } from './accounts.ts';
import {
  claimInvitation,
  claimInvitationWelcome,
  expireOpenInvitations,
  findInvitationByTokenHash,
  findMemberToMail,
  insertInvitation,
  insertInvitations,
  setInvitationWelcome,
  upsertLoginPassword,
} from './idp.repository.ts';
import { importInvitationMail, invitationMail } from './idp.mails.ts';
import { hashLinkToken, newLinkToken } from './link-tokens.ts';
import { hashPassword } from './passwords.ts';

/** An invitation link is valid this long (docs/domain-rules.md «Login, session, roles»). */
export const INVITATION_VALID_DAYS = 14;
export const MIN_PASSWORD_LENGTH = 10;
/** argon2 takes any length; a cap keeps one request from costing much. */
export const MAX_PASSWORD_LENGTH = 200;

/** Path of the page where an invited member chooses a password. */
export function invitationPath(token: string): string {
  return `/idp/invitation/${encodeURIComponent(token)}`;
}

/** Only the hash is stored: the token itself is only in the mail. */
export const hashInvitationToken = hashLinkToken;

export function invitationExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + INVITATION_VALID_DAYS * 86_400_000);
}

export type InvitationStatus = 'VALID' | 'USED' | 'EXPIRED';

/** Used wins over expired: a used link says so even after its 14 days. */
export function invitationStatus(invitation: { expiresAt: Date; usedAt: Date | null }, now: Date): InvitationStatus {
  if (invitation.usedAt) return 'USED';
  if (now.getTime() >= invitation.expiresAt.getTime()) return 'EXPIRED';
  return 'VALID';
}

const zxcvbnCore = onFirstUse<typeof ZxcvbnCore>('@zxcvbn-ts/core');
const zxcvbnCommon = onFirstUse<typeof ZxcvbnCommon>('@zxcvbn-ts/language-common');
const zxcvbnDe = onFirstUse<typeof ZxcvbnDe>('@zxcvbn-ts/language-de');
let estimator: ZxcvbnFactory | undefined;
/**
 * Common and breached passwords, single words and simple patterns (ASVS 5.0 V6.2.4): the
 * zxcvbn estimator with its lists of common passwords and of English and German words,
 * built at first use (half a second). Score 3 of 4 ("safely unguessable") is required.
 */
export function isGuessable(password: string, userInputs: string[] = []): boolean {
  if (!estimator) {
    const [core, common, de] = [zxcvbnCore(), zxcvbnCommon(), zxcvbnDe()];
    estimator = new core.ZxcvbnFactory({ dictionary: { ...common.dictionary, ...de.dictionary }, graphs: common.adjacencyGraphs });
  }
  return estimator.check(password, userInputs.filter(Boolean)).score < 3;
}

/** German message for a password that does not qualify, or null. */
export function passwordProblem(
  password: string,
  confirmation: string,
  userInputs: string[] = [],
): { field: 'password' | 'confirmation'; message: string } | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { field: 'password', message: `Das Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.` };
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return { field: 'password', message: `Das Passwort darf höchstens ${MAX_PASSWORD_LENGTH} Zeichen lang sein.` };
  }
  if (!isCleanText(password)) {
    return { field: 'password', message: 'Das Passwort enthält ungültige Zeichen (Steuerzeichen).' };
  }
  if (password.trim().length === 0) {
    return { field: 'password', message: 'Das Passwort darf nicht nur aus Leerzeichen bestehen.' };
  }
  if (password !== confirmation) {
    return { field: 'confirmation', message: 'Die beiden Passwörter stimmen nicht überein.' };
  }
  if (isGuessable(password, userInputs)) {
    return {
      field: 'password',
      message:
        'Dieses Passwort ist zu leicht zu erraten (häufig verwendet, ein Wort oder ein einfaches Muster). Bitte wählen Sie ein längeres, ungewöhnlicheres Passwort, z. B. mehrere Wörter.',
    };
  }
  return null;
}

/**
 * Creates a login invitation for a member (valid 14 days). Works inside an open
 * transaction, so accepting a candidate can create it with the member.
 * `baseUrl` (the site's PUBLIC_URL) makes the returned url absolute, as a mail needs it.
 */
export async function createInvitation(db: DbOrTx, memberId: number, now: Date, baseUrl = ''): Promise<{ token: string; url: string }> {
  const token = newLinkToken();
  await insertInvitation(db, { memberId, tokenHash: hashInvitationToken(token), expiresAt: invitationExpiresAt(now), createdAt: now });
  return { token, url: `${baseUrl.replace(/\/+$/, '')}${invitationPath(token)}` };
}

export type InvitationSent = { ok: true; expiresAt: Date } | { ok: false; reason: 'NO_MEMBER' | 'HAS_LOGIN' };

/**
 * The board's new invitation for a member who has not chosen a password (the first link
 * expired or got lost): earlier links stop working, the new one is mailed through the outbox
 * in the caller's transaction. A member with a password gets a reset link instead (HAS_LOGIN).
 */
export async function sendInvitation(
  db: DbOrTx,
  input: { memberId: number; now: Date; settings: { clubName: string; publicUrl: string } },
): Promise<InvitationSent> {
  const member = await findMemberToMail(db, input.memberId);
  if (!member) return { ok: false, reason: 'NO_MEMBER' };
  if (member.passwordSet) return { ok: false, reason: 'HAS_LOGIN' };
  await expireOpenInvitations(db, member.id, input.now);
  const { url } = await createInvitation(db, member.id, input.now, input.settings.publicUrl);
  const text = invitationMail({
    firstName: member.firstName,
    clubName: input.settings.clubName,
    username: loginNameOf(member),
    url,
    validDays: INVITATION_VALID_DAYS,
  });
  await enqueueMail(db, { to: member.email, ...text });
  return { ok: true, expiresAt: invitationExpiresAt(input.now) };
}

/**
 * Login invitations for the members an import created, in the caller's transaction: one link
 * each, the mails spread over time so that at most `perMinute` leave the outbox in any minute
 * (mail n waits n / perMinute minutes). Each link is valid 14 days from its mail's turn.
 */
export async function inviteImportedMembers(
  db: DbOrTx,
  input: {
    members: readonly { id: number; firstName: string; email: string; username: string }[];
    now: Date;
    perMinute: number;
    memberImportId: number;
    settings: { clubName: string; publicUrl: string };
  },
): Promise<number> {
  const base = input.settings.publicUrl.replace(/\/+$/, '');
  const invitations = input.members.map((member, n) => {
    const notBefore = new Date(input.now.getTime() + Math.floor(n / input.perMinute) * 60_000);
    return { member, token: newLinkToken(), notBefore };
  });
  await insertInvitations(
    db,
    invitations.map((i) => ({
      memberId: i.member.id,
      tokenHash: hashInvitationToken(i.token),
      expiresAt: invitationExpiresAt(i.notBefore),
      createdAt: input.now,
    })),
  );
  await enqueueMails(
    db,
    invitations.map((i) => ({
      to: i.member.email,
      notBefore: i.notBefore,
      memberImportId: input.memberImportId,
      ...importInvitationMail({
        firstName: i.member.firstName,
        clubName: input.settings.clubName,
        username: i.member.username.toLowerCase(),
        url: `${base}${invitationPath(i.token)}`,
        validDays: INVITATION_VALID_DAYS,
      }),
    })),
  );
  return invitations.length;
}

export interface InvitationView {
  status: InvitationStatus;
  firstName: string;
  username: string;
}

/** The invitation behind a token, or null when there is none. */
export async function findInvitation(db: DbOrTx, token: string, now: Date): Promise<InvitationView | null> {
  const row = await findInvitationByTokenHash(db, hashInvitationToken(token));
  if (!row) return null;
  return { status: invitationStatus(row, now), firstName: row.member.firstName, username: row.member.username.toLowerCase() };
}

export type AcceptResult = { ok: true; username: string; welcomeToken: string } | { ok: false; status: InvitationStatus | 'UNKNOWN' };

/** How long the browser that set the password stays logged in without typing it: the login it starts next, within ten minutes. */
export const WELCOME_LOGIN_MS = 10 * 60 * 1000;

/**
 * Sets the member's password through an invitation, once: the invitation is marked used
 * by a conditional update, so two submissions of one link cannot both succeed.
 * The login account is created, or its password replaced; its username is the member's. The
 * answer's `welcomeToken` logs this browser in right away (`claimWelcomeLogin`).
 */
export async function acceptInvitation(db: DbOrTx, token: string, password: string, now: Date): Promise<AcceptResult> {
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (tx): Promise<AcceptResult> => {
    const row = await findInvitationByTokenHash(tx, hashInvitationToken(token));
    if (!row) return { ok: false, status: 'UNKNOWN' };
    const status = invitationStatus(row, now);
    if (status !== 'VALID') return { ok: false, status };
    if (!(await claimInvitation(tx, row.id, now))) return { ok: false, status: 'USED' };
    const username = row.member.username.toLowerCase();
    await upsertLoginPassword(tx, row.memberId, username, passwordHash);
    const welcomeToken = newLinkToken();
    await setInvitationWelcome(tx, row.id, hashLinkToken(welcomeToken), new Date(now.getTime() + WELCOME_LOGIN_MS));
    return { ok: true, username, welcomeToken };
  });
}

/**
 * The member whom the secret of a just accepted invitation logs in (in place of the password
 * just set), once and within WELCOME_LOGIN_MS; null otherwise.
 */
export function claimWelcomeLogin(db: DbOrTx, welcomeToken: string, now: Date): Promise<number | null> {
  return claimInvitationWelcome(db, hashLinkToken(welcomeToken), now);
}
