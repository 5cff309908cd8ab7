import type { InteractionResults } from 'oidc-provider';

/**
 * The steps of an embedded login after the password (pure decisions, and where the step
 * between two requests is kept: in the provider's interaction, server-side, bound to the
 * browser's interaction cookie).
 */

/** `code`: a code of the member's second factor; `enrol`: a board member sets one up first; `enrolled`: recovery codes shown. */
export type SecondFactorStage = 'code' | 'enrol' | 'enrolled';

export interface PendingLogin {
  memberId: number;
  /** The login name, under which failed codes count (with the passwords). */
  username: string;
  stage: SecondFactorStage;
  /** When the password was accepted (epoch ms): the second step must follow within PENDING_LOGIN_MS. */
  since: number;
}

/** How long a login waits for its second step after the password; then it starts over. */
export const PENDING_LOGIN_MS = 10 * 60 * 1000;

/** Whether a pending login waited too long for its second step. */
export function pendingLoginExpired(pending: PendingLogin, now: Date): boolean {
  return now.getTime() - pending.since >= PENDING_LOGIN_MS;
}

/** What follows a correct password: a code when the member has a second factor; its enrolment for the board when it is required. */
export function afterPassword(member: { twoFactor: boolean; board: boolean }, requireForBoard: boolean): 'finish' | 'code' | 'enrol' {
  if (member.twoFactor) return 'code';
  if (member.board && requireForBoard) return 'enrol';
  return 'finish';
}

const STAGES: readonly SecondFactorStage[] = ['code', 'enrol', 'enrolled'];

/** The login waiting for its second step, as the password step stored it in the interaction; null when none is. */
export function pendingLoginOf(result: InteractionResults | undefined): PendingLogin | null {
  const pending = result?.secondFactor as Partial<PendingLogin> | undefined;
  if (!pending || typeof pending.memberId !== 'number' || typeof pending.username !== 'string') return null;
  if (!STAGES.includes(pending.stage as SecondFactorStage) || typeof pending.since !== 'number') return null;
  return { memberId: pending.memberId, username: pending.username, stage: pending.stage as SecondFactorStage, since: pending.since };
}

/** The interaction's result that keeps a pending login (no `login` yet: the provider does not go on with it). */
export function pendingLoginResult(pending: PendingLogin): InteractionResults {
  return { secondFactor: { ...pending } };
}

/** The cookie (path /idp/interaction) with the secret that logs in the browser which has just set its password through an invitation. */
export const WELCOME_COOKIE = 'idp_welcome';

/** The welcome secret of the request's cookies, or null. */
export function welcomeTokenOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === WELCOME_COOKIE && value.length > 0) return value.join('=') || null;
  }
  return null;
}
