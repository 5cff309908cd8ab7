import type { InvitationSent, PasswordResetSent } from '@club/contract';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { removeSecondFactor, sendInvitation, sendPasswordReset, twoFactorResetMail } from '../idp/index.ts';
import { findMemberPersonal, findRoles, lockMember } from './members.repository.ts';
import { MEMBER_NOT_FOUND } from './members.service.ts';

/**
 * The board's help with a member's login (embedded provider only): a new invitation, a
 * forgotten-password link, and switching off a lost second factor. Each runs in one
 * transaction with the member's row locked, mails through the outbox and writes an audit row.
 */

export interface LoginHelpSettings {
  clubName: string;
  publicUrl: string;
  /** The club's external login provider keeps the accounts: nothing to do here. */
  externalLogin: boolean;
  requireTwoFactorForBoard: boolean;
}

function refuseExternal(settings: LoginHelpSettings): void {
  if (settings.externalLogin) {
    throw conflict('Die Logins verwaltet der externe Login-Anbieter des Vereins; dort lässt sich das erledigen.');
  }
}

async function lockExisting(ctx: Ctx, memberId: number): Promise<void> {
  if (!(await lockMember(ctx.db, memberId))) throw notFound(MEMBER_NOT_FOUND);
}

/** «Einladung erneut senden»: a new 14-day link for a member without a password (earlier links end); 409 with a password. */
export async function inviteMember(ctx: Ctx, input: { memberId: number; settings: LoginHelpSettings }): Promise<InvitationSent> {
  refuseExternal(input.settings);
  return withTx(ctx, async (tx) => {
    await lockExisting(tx, input.memberId);
    const sent = await sendInvitation(tx.db, { memberId: input.memberId, now: tx.now, settings: input.settings });
    if (!sent.ok && sent.reason === 'NO_MEMBER') throw notFound(MEMBER_NOT_FOUND);
    if (!sent.ok) {
      throw conflict('Dieses Mitglied hat schon ein Passwort. Mit «Passwort zurücksetzen» erhält es einen Link, um ein neues zu wählen.');
    }
    const expiresAt = sent.expiresAt.toISOString();
    await writeAudit(tx, { action: 'member.invitation.sent', entity: 'member', entityId: input.memberId, data: { expiresAt } });
    return { expiresAt };
  });
}

/** «Passwort zurücksetzen»: the mail of «Passwort vergessen» (a link valid one hour); the old password works until it is used. */
export async function resetMemberPassword(ctx: Ctx, input: { memberId: number; settings: LoginHelpSettings }): Promise<PasswordResetSent> {
  refuseExternal(input.settings);
  return withTx(ctx, async (tx) => {
    await lockExisting(tx, input.memberId);
    const sent = await sendPasswordReset(tx.db, { memberId: input.memberId, now: tx.now, settings: input.settings });
    if (sent === 'NO_MEMBER') throw notFound(MEMBER_NOT_FOUND);
    if (sent === 'RATE_LIMITED') {
      throw new AppError(
        'RATE_LIMITED',
        'Dieses Mitglied hat in der letzten Stunde schon mehrere Links erhalten. Bitte warten Sie, bis es einen davon verwendet hat.',
      );
    }
    const expiresAt = sent.expiresAt.toISOString();
    await writeAudit(tx, { action: 'member.password_reset.sent', entity: 'member', entityId: input.memberId, data: { expiresAt } });
    return { expiresAt };
  });
}

/**
 * Switches off another member's lost second factor (app and recovery codes) and tells the
 * member by mail. A board member cannot do this for themselves: another one must.
 */
export async function resetMemberTwoFactor(ctx: Ctx, input: { memberId: number; settings: LoginHelpSettings }): Promise<void> {
  refuseExternal(input.settings);
  if (ctx.actor?.memberId === input.memberId) {
    throw forbidden('Ihre eigene Zwei-Faktor-Anmeldung setzt ein anderes Vorstandsmitglied zurück.');
  }
  await withTx(ctx, async (tx) => {
    await lockExisting(tx, input.memberId);
    if (!(await removeSecondFactor(tx.db, input.memberId))) {
      throw conflict('Dieses Mitglied hat keine Zwei-Faktor-Anmeldung eingerichtet.');
    }
    const [member, by, roles] = await Promise.all([
      findMemberPersonal(tx.db, input.memberId),
      tx.actor ? findMemberPersonal(tx.db, tx.actor.memberId) : null,
      findRoles(tx.db, input.memberId),
    ]);
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    const loginRequired = input.settings.requireTwoFactorForBoard && roles.some((r) => r.role === 'MEMBER_OF_THE_BOARD');
    const byName = by ? `${by.firstName} ${by.lastName}` : 'Der Vorstand';
    await enqueueMail(tx.db, {
      to: member.email,
      ...twoFactorResetMail({ firstName: member.firstName, clubName: input.settings.clubName, byName, loginRequired }),
    });
    await writeAudit(tx, { action: 'member.twofactor.reset', entity: 'member', entityId: input.memberId });
  });
}
