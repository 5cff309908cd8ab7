import type { ImportCommitResult } from '@club/contract';
import { AppError, conflict, notFound, withDetails } from '../../lib/app-error.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { fromIsoDate, zurichToday } from '../../lib/dates.ts';
import { usernameBase } from './usernames.ts';
import { inviteImportedMembers } from '../idp/index.ts';
import {
  allUsernames,
  continueMemberNumbers,
  highestMemberNumber,
  insertAuditRows,
  insertImportedMembers,
  lockImport,
  lockMembersTable,
  markImportCommitted,
  replaceCurrentAddress,
  setSeasonCategory,
  updateImportedPerson,
  upsertImportedPhone,
  type ImportedMember,
} from './member-import.repository.ts';
import type { PlannedRow, RowValues } from './member-import.rules.ts';
import { IMPORT_COMMITTED, IMPORT_NOT_FOUND, loadImport, noSeason, planRows } from './member-import.service.ts';

/**
 * The commit of a member import: every row that is not an error, in one transaction, or nothing.
 * New members keep the file's numbers (the others continue after the highest), get the membership
 * of the chosen season in the row's category or the default one, and one audit row each; rows that
 * match a member update it when the board said so. Invitations only when asked, spread over time.
 */

export interface CommitSettings {
  clubName: string;
  publicUrl: string;
  externalLogin: boolean;
  invitationsPerMinute: number;
}

/** A commit of thousands of rows takes longer than a click's transaction may. */
const COMMIT_TIMEOUT_MS = 180_000;

function numbersFor(rows: readonly RowValues[], highest: number): number[] {
  let next = Math.max(highest, ...rows.map((r) => r.memberNumber ?? 0));
  return rows.map((r) => r.memberNumber ?? ++next);
}

function usernamesFor(rows: readonly RowValues[], taken: Set<string>): string[] {
  return rows.map((r) => {
    const base = usernameBase(r.firstName, r.lastName);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    return name;
  });
}

type Season = { id: number; name: string; validFrom: Date; validTo: Date; categories: { id: number; isDefault: boolean }[] };

async function applyUpdate(ctx: Ctx, row: PlannedRow, season: Season | null, today: Date): Promise<void> {
  const v = row.parsed!;
  const id = row.memberId!;
  const has = (f: PlannedRow['changes'][number]) => row.changes.includes(f);
  const person = {
    ...(has('firstName') ? { firstName: v.firstName } : {}),
    ...(has('lastName') ? { lastName: v.lastName } : {}),
    ...(has('email') ? { email: v.email } : {}),
    ...(has('dateOfBirth') && v.dateOfBirth ? { dateOfBirth: fromIsoDate(v.dateOfBirth) } : {}),
    ...(has('memberSince') && v.memberSince ? { memberSince: fromIsoDate(v.memberSince) } : {}),
  };
  if (Object.keys(person).length) await updateImportedPerson(ctx.db, id, person);
  if (has('address') && v.address) await replaceCurrentAddress(ctx.db, id, v.address, today);
  if (has('mobile') && v.mobile) await upsertImportedPhone(ctx.db, id, 'MOBILE', v.mobile);
  if (has('landLine') && v.landLine) await upsertImportedPhone(ctx.db, id, 'LANDLINE', v.landLine);
  if (has('category') && season && v.categoryId !== null) await setSeasonCategory(ctx.db, id, season, v.categoryId, ctx.now);
}

export async function commitImport(
  ctx: Ctx,
  input: { id: number; skipErrors: boolean; settings: CommitSettings },
): Promise<ImportCommitResult> {
  const result = await withTx(
    ctx,
    async (tx) => {
      if (!(await lockImport(tx.db, input.id))) throw notFound(IMPORT_NOT_FOUND);
      const open = await loadImport(tx, input.id);
      if (open.record.committedAt) throw new AppError('ALREADY_DECIDED', IMPORT_COMMITTED);
      await lockMembersTable(tx.db);
      const { season, rows } = await planRows(tx, open);
      const errors = rows.filter((r) => r.status === 'ERROR');
      if (errors.length > 0 && !input.skipErrors) {
        throw withDetails(
          new AppError(
            'IMPORT_HAS_ERRORS',
            errors.length === 1
              ? '1 Zeile hat Fehler. Bitte korrigieren Sie die Datei, oder importieren Sie ohne diese Zeile.'
              : `${errors.length} Zeilen haben Fehler. Bitte korrigieren Sie die Datei, oder importieren Sie ohne diese Zeilen.`,
          ),
          { errors: errors.length },
        );
      }
      const news = rows.filter((r) => r.status === 'NEW');
      const updates = rows.filter((r) => r.status === 'UPDATE');
      if (news.length > 0 && !season) throw noSeason();
      const today = zurichToday(tx.now);
      const created = news.length && season ? await createMembers(tx, news, season, open.settings.categoryId) : [];
      for (const row of updates) await applyUpdate(tx, row, season, today);

      const file = open.record.fileName;
      const actorId = tx.actor?.memberId ?? null;
      await insertAuditRows(tx.db, [
        ...created.map((m, i) => ({
          actorId,
          action: 'member.imported',
          entity: 'member',
          entityId: String(m.id),
          createdAt: tx.now,
          data: { file, importId: input.id, row: news[i]!.row, ...(news[i]!.parsed!.remarks ? { remarks: news[i]!.parsed!.remarks } : {}) },
        })),
        ...updates.map((r) => ({
          actorId,
          action: 'member.import.updated',
          entity: 'member',
          entityId: String(r.memberId),
          createdAt: tx.now,
          data: { file, importId: input.id, row: r.row, changed: r.changes },
        })),
      ]);
      const invited =
        open.settings.invite && !input.settings.externalLogin && created.length
          ? await inviteImportedMembers(tx.db, {
              members: created,
              now: tx.now,
              perMinute: input.settings.invitationsPerMinute,
              memberImportId: input.id,
              settings: input.settings,
            })
          : 0;
      const counts = { created: created.length, updated: updates.length, skipped: rows.length - created.length - updates.length, invited };
      await markImportCommitted(tx.db, input.id, { committedAt: tx.now, result: counts });
      return counts;
    },
    { timeoutMs: COMMIT_TIMEOUT_MS },
  );
  ctx.log.info({ importId: input.id, ...result }, 'member import committed');
  return result;
}

async function createMembers(ctx: Ctx, news: PlannedRow[], season: Season, categoryId: number | null) {
  const values = news.map((r) => r.parsed!);
  const defaultCategory = categoryId ?? season.categories.find((c) => c.isDefault)?.id;
  if (defaultCategory === undefined) throw conflict(`Die Saison ${season.name} hat keine Standardkategorie.`);
  const numbers = numbersFor(values, await highestMemberNumber(ctx.db));
  const usernames = usernamesFor(values, new Set(await allUsernames(ctx.db)));
  const members: ImportedMember[] = values.map((v, i) => ({
    memberNumber: numbers[i]!,
    username: usernames[i]!,
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    dateOfBirth: v.dateOfBirth ? fromIsoDate(v.dateOfBirth) : null,
    memberSince: v.memberSince ? fromIsoDate(v.memberSince) : null,
    address: v.address,
    mobile: v.mobile,
    landLine: v.landLine,
    categoryId: v.categoryId ?? defaultCategory,
  }));
  const ids = await insertImportedMembers(ctx.db, members, season, ctx.now);
  await continueMemberNumbers(ctx.db);
  return members.map((m, i) => ({ id: ids[i]!, firstName: m.firstName, email: m.email, username: m.username }));
}
