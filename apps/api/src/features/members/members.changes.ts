import type { AddressOut, AdminMember, AuditChange, MemberAddress, Membership, Role } from '@club/contract';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { endMemberSessions } from '../auth/index.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { fromIsoDate, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { categoryForMembership } from '../seasons/categories.service.ts';
import { toMembership } from './members.mappers.ts';
import { boardRoleGrantedMail, emailChangedByBoardMail } from './members.mails.ts';
import { adminMemberView, changesBetween, type LoginSource } from './members.service.ts';
import {
  addRole,
  countBoardMembers,
  createMembership,
  findAddress,
  findMemberPersonal,
  findMembership,
  findMembershipOfSeason,
  findRoles,
  findSeason,
  lockBoardRoles,
  lockMember,
  removeRole,
  setMembershipEnd,
  updateAddressFields,
  updateMemberPersonal,
} from './members.repository.ts';
import { MEMBER_NOT_FOUND } from './members.service.ts';

/**
 * Changes by the board. Each runs in one transaction with the member's row locked and
 * writes one audit row (who, when, the changed fields before and after) in it; a change
 * that changes nothing (a repeated request) writes nothing.
 */

const CHECK = 'Bitte prüfen Sie die markierten Angaben.';

async function lockExisting(ctx: Ctx, memberId: number): Promise<void> {
  if (!(await lockMember(ctx.db, memberId))) throw notFound(MEMBER_NOT_FOUND);
}

/** What the board's changes of a member's login need to know of the site. */
export interface MemberChangeSettings {
  clubName: string;
  requireTwoFactorForBoard: boolean;
}

/** The acting board member's name for a mail ("Der Vorstand" without one). */
async function actorName(ctx: Ctx): Promise<string> {
  const by = ctx.actor ? await findMemberPersonal(ctx.db, ctx.actor.memberId) : null;
  return by ? `${by.firstName} ${by.lastName}` : 'Der Vorstand';
}

async function audit(
  ctx: Ctx,
  memberId: number,
  action: string,
  changes: AuditChange[],
  extra: Record<string, unknown> = {},
): Promise<void> {
  await writeAudit(ctx, { action, entity: 'member', entityId: memberId, data: { ...extra, changes } });
}

/**
 * Personal data: names, e-mail (applies at once, no confirmation), date of birth. Another board
 * member's e-mail changed: the previous address gets a mail saying so (and by whom), and the
 * audit row notes it, so a board member cannot quietly move another's login to an address of
 * their own before a password or second-factor reset.
 */
export async function updateMember(
  ctx: Ctx,
  input: {
    memberId: number;
    firstName: string;
    lastName: string;
    email: string;
    dateOfBirth: string | null;
    logins: LoginSource;
    settings: MemberChangeSettings;
  },
): Promise<AdminMember> {
  await withTx(ctx, async (tx) => {
    await lockExisting(tx, input.memberId);
    if (input.dateOfBirth !== null && input.dateOfBirth > toIsoDate(zurichToday(tx.now))) {
      throw invalid(CHECK, { dateOfBirth: 'Geburtsdatum: Darf nicht in der Zukunft liegen.' });
    }
    const row = await findMemberPersonal(tx.db, input.memberId);
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    const before = {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      dateOfBirth: row.dateOfBirth ? toIsoDate(row.dateOfBirth) : null,
    };
    const after = { firstName: input.firstName, lastName: input.lastName, email: input.email, dateOfBirth: input.dateOfBirth };
    const changes = changesBetween(before, after, ['firstName', 'lastName', 'email', 'dateOfBirth']);
    if (changes.length === 0) return;
    await updateMemberPersonal(tx.db, input.memberId, { ...after, dateOfBirth: after.dateOfBirth ? fromIsoDate(after.dateOfBirth) : null });
    const notifyOldAddress =
      before.email !== after.email &&
      tx.actor?.memberId !== input.memberId &&
      (await findRoles(tx.db, input.memberId)).some((r) => r.role === 'MEMBER_OF_THE_BOARD');
    if (notifyOldAddress) {
      const mail = emailChangedByBoardMail({
        firstName: before.firstName,
        clubName: input.settings.clubName,
        byName: await actorName(tx),
        newEmail: after.email,
      });
      await enqueueMail(tx.db, { to: before.email, ...mail });
    }
    await audit(tx, input.memberId, 'member.updated', changes, notifyOldAddress ? { notifiedPreviousEmail: true } : {});
  });
  return adminMemberView(ctx, input.memberId, input.logins);
}

/** Adds the board role, ends the member's sessions and mails the member. */
async function grantBoardRole(tx: Ctx, memberId: number, settings: MemberChangeSettings): Promise<void> {
  await addRole(tx.db, memberId, 'MEMBER_OF_THE_BOARD');
  const ended = await endMemberSessions(tx.db, memberId);
  const member = await findMemberPersonal(tx.db, memberId);
  if (member) {
    const mail = boardRoleGrantedMail({
      firstName: member.firstName,
      clubName: settings.clubName,
      byName: await actorName(tx),
      secondFactorRequired: settings.requireTwoFactorForBoard,
    });
    await enqueueMail(tx.db, { to: member.email, ...mail });
  }
  tx.log.info({ memberId, sessionsEnded: ended }, 'board role granted: sessions ended');
}

/** A membership for a season, with the season's dates; one per member and season (409). */
export async function addMembership(
  ctx: Ctx,
  input: { memberId: number; seasonId: number; categoryId?: number | undefined },
): Promise<Membership> {
  return withTx(ctx, async (tx) => {
    await lockExisting(tx, input.memberId);
    const season = await findSeason(tx.db, input.seasonId);
    if (!season) throw invalid(CHECK, { seasonId: 'Saison: Diese Saison gibt es nicht.' });
    if (await findMembershipOfSeason(tx.db, input.memberId, input.seasonId)) {
      throw conflict(`Für die Saison ${season.name} besteht bereits eine Mitgliedschaft.`, 'ALREADY_EXISTS');
    }
    const person = await findMemberPersonal(tx.db, input.memberId);
    const category = await categoryForMembership(tx, {
      seasonId: season.id,
      categoryId: input.categoryId,
      dateOfBirth: person?.dateOfBirth ?? null,
    });
    const created = await createMembership(tx.db, {
      memberId: input.memberId,
      seasonId: season.id,
      validFrom: season.validFrom,
      validTo: season.validTo,
      categoryId: category.id,
    });
    await audit(
      tx,
      input.memberId,
      'member.membership.added',
      [
        { field: 'season', before: null, after: season.name },
        { field: 'validFrom', before: null, after: toIsoDate(created.validFrom) },
        { field: 'validTo', before: null, after: toIsoDate(created.validTo) },
        { field: 'category', before: null, after: category.name },
      ],
      { membershipId: created.id },
    );
    return toMembership(created);
  });
}

/** Ends a membership early (or moves its end within the season): validFrom ≤ validTo ≤ the season's end. */
export async function updateMembership(
  ctx: Ctx,
  input: {
    memberId: number;
    membershipId: number;
    validTo: string;
    parkingPermit?: boolean | undefined;
    categoryId?: number | undefined;
  },
): Promise<Membership> {
  return withTx(ctx, async (tx) => {
    await lockExisting(tx, input.memberId);
    const row = await findMembership(tx.db, input.memberId, input.membershipId);
    if (!row) throw notFound('Diese Mitgliedschaft gibt es nicht.');
    const validFrom = toIsoDate(row.validFrom);
    const seasonEnd = toIsoDate(row.season.validTo);
    if (input.validTo < validFrom) throw invalid(CHECK, { validTo: 'Ende: Darf nicht vor dem Beginn der Mitgliedschaft liegen.' });
    if (input.validTo > seasonEnd) throw invalid(CHECK, { validTo: 'Ende: Darf nicht nach dem Ende der Saison liegen.' });
    const parkingPermit = input.parkingPermit ?? row.parkingPermit;
    const category =
      input.categoryId === undefined || input.categoryId === row.categoryId
        ? row.category
        : await categoryForMembership(tx, {
            seasonId: row.seasonId,
            categoryId: input.categoryId,
            dateOfBirth: (await findMemberPersonal(tx.db, input.memberId))?.dateOfBirth ?? null,
          });
    const changes = changesBetween(
      { validTo: toIsoDate(row.validTo), parkingPermit: row.parkingPermit, category: row.category.name },
      { validTo: input.validTo, parkingPermit, category: category.name },
      ['validTo', 'parkingPermit', 'category'],
    );
    if (changes.length === 0) return toMembership(row);
    const updated = await setMembershipEnd(tx.db, row.id, { validTo: fromIsoDate(input.validTo), parkingPermit, categoryId: category.id });
    await audit(tx, input.memberId, 'member.membership.updated', changes, { membershipId: row.id, season: row.season.name });
    return toMembership(updated);
  });
}

/** Corrects an address in place (a typo): its validity and the history stay as they are. */
export async function correctAddress(
  ctx: Ctx,
  input: { memberId: number; addressId: number; address: MemberAddress },
): Promise<AddressOut> {
  return withTx(ctx, async (tx) => {
    await lockExisting(tx, input.memberId);
    const row = await findAddress(tx.db, input.memberId, input.addressId);
    if (!row) throw notFound('Diese Adresse gibt es nicht.');
    const fields = ['street', 'houseNumber', 'addressLine2', 'postalCode', 'city', 'country'] as const;
    const a = input.address;
    const next = {
      street: a.street,
      houseNumber: a.houseNumber,
      addressLine2: a.addressLine2,
      postalCode: a.postalCode,
      city: a.city,
      country: a.country,
    };
    const before = {
      street: row.street,
      houseNumber: row.houseNumber,
      addressLine2: row.addressLine2,
      postalCode: row.postalCode,
      city: row.city,
      country: row.country,
    };
    const changes = changesBetween(before, next, fields);
    const saved = changes.length ? await updateAddressFields(tx.db, row.id, next) : row;
    if (changes.length) await audit(tx, input.memberId, 'member.address.corrected', changes, { addressId: row.id });
    return {
      id: saved.id,
      ...next,
      validFrom: toIsoDate(saved.validFrom),
      validTo: saved.validTo ? toIsoDate(saved.validTo) : null,
      current: saved.current,
    };
  });
}

/**
 * Grants or removes MEMBER_OF_THE_BOARD (MEMBER always stays). The last board member keeps
 * the role (409 LAST_BOARD_MEMBER); all board role changes take one lock, so two removals
 * at once cannot both pass the check. A member given the board role is logged out everywhere
 * and told by mail: the next login is one with the second factor where the board needs it
 * (its enrolment first), so a session opened with the password alone never acts as board.
 */
export async function updateRoles(ctx: Ctx, input: { memberId: number; roles: Role[]; settings: MemberChangeSettings }): Promise<Role[]> {
  return withTx(ctx, async (tx) => {
    await lockExisting(tx, input.memberId);
    await lockBoardRoles(tx.db);
    const before = (await findRoles(tx.db, input.memberId)).map((r) => r.role);
    const hadBoard = before.includes('MEMBER_OF_THE_BOARD');
    const wantsBoard = input.roles.includes('MEMBER_OF_THE_BOARD');
    if (hadBoard && !wantsBoard && (await countBoardMembers(tx.db)) <= 1) {
      throw new AppError(
        'LAST_BOARD_MEMBER',
        'Der Verein braucht mindestens ein Vorstandsmitglied. Bitte ernennen Sie zuerst ein anderes Mitglied zum Vorstand.',
      );
    }
    if (!before.includes('MEMBER')) await addRole(tx.db, input.memberId, 'MEMBER');
    if (!hadBoard && wantsBoard) await grantBoardRole(tx, input.memberId, input.settings);
    if (hadBoard && !wantsBoard) await removeRole(tx.db, input.memberId, 'MEMBER_OF_THE_BOARD');
    const after: Role[] = wantsBoard ? ['MEMBER', 'MEMBER_OF_THE_BOARD'] : ['MEMBER'];
    const beforeText = [...before].sort().join(', ');
    const afterText = after.join(', ');
    if (beforeText !== afterText) {
      await audit(tx, input.memberId, 'member.roles.updated', [{ field: 'roles', before: beforeText, after: afterText }]);
    }
    return after;
  });
}
