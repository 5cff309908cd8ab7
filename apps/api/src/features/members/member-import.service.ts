import { IMPORT_FIELDS, type ImportDuplicateAction, type ImportField, type MemberImport, type MemberImportSummary } from '@club/contract';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/ctx.ts';
import { zurichToday } from '../../lib/dates.ts';
import { displayPhone } from '../../lib/phone.ts';
import { readMemberFile } from './member-import.files.ts';
import { countRows, mappingProblems, planImport } from './member-import.plan.ts';
import {
  countWaitingInvitations,
  deleteImportsBefore,
  findDefaultSeason,
  findImport,
  findSeasonWithCategories,
  insertImport,
  listOpenImports,
  readExistingMembers,
  readExportRows,
  updateImportSettings,
  type ImportRecord,
} from './member-import.repository.ts';
import type { ImportSettings, PlannedRow } from './member-import.rules.ts';
import { guessMapping } from './member-import.values.ts';
import type { ExportLine } from './member-export.ts';

/**
 * A club moving in, before the commit: the board uploads its list, the file waits on the server
 * (a day at most), the board corrects the mapping and its choices and sees every row's status.
 */

/** An uncommitted import is kept this long; the nightly job deletes older ones. */
export const IMPORT_KEPT_HOURS = 24;
export const IMPORT_NOT_FOUND = 'Diesen Import gibt es nicht (mehr). Bitte laden Sie die Datei erneut hoch.';
export const IMPORT_COMMITTED = 'Dieser Import wurde bereits übernommen.';

const isField = (v: unknown): v is ImportField => typeof v === 'string' && (IMPORT_FIELDS as readonly string[]).includes(v);

/** The stored settings, read defensively (JSON from the database). */
export function settingsOf(raw: unknown): ImportSettings {
  const s = (raw ?? {}) as Partial<Record<keyof ImportSettings, unknown>>;
  const mapping: Record<string, ImportField | null> = {};
  for (const [column, field] of Object.entries((s.mapping ?? {}) as Record<string, unknown>))
    mapping[column] = isField(field) ? field : null;
  const action = (v: unknown): ImportDuplicateAction => (v === 'UPDATE' ? 'UPDATE' : 'SKIP');
  const rowActions: Record<string, ImportDuplicateAction> = {};
  for (const [row, a] of Object.entries((s.rowActions ?? {}) as Record<string, unknown>)) rowActions[row] = action(a);
  return {
    mapping,
    seasonId: typeof s.seasonId === 'number' ? s.seasonId : null,
    categoryId: typeof s.categoryId === 'number' ? s.categoryId : null,
    invite: s.invite === true,
    duplicates: action(s.duplicates),
    rowActions,
  };
}

export interface OpenImport {
  record: ImportRecord;
  columns: string[];
  cells: string[][];
  settings: ImportSettings;
}

const isExpired = (record: { createdAt: Date }, now: Date) => now.getTime() - record.createdAt.getTime() > IMPORT_KEPT_HOURS * 3_600_000;

/** The import with its file's cells; 404 when it is unknown or older than a day and not committed. */
export async function loadImport(ctx: Ctx, id: number): Promise<OpenImport> {
  const record = await findImport(ctx.db, id);
  if (!record || (record.committedAt === null && isExpired(record, ctx.now))) throw notFound(IMPORT_NOT_FOUND);
  return {
    record,
    columns: record.columns as string[],
    cells: (record.cells ?? []) as string[][],
    settings: settingsOf(record.settings),
  };
}

/** Every row of the import planned against today's members (the preview, and the commit's plan). */
export async function planRows(ctx: Ctx, open: Pick<OpenImport, 'columns' | 'cells' | 'settings'>) {
  const season = open.settings.seasonId === null ? null : await findSeasonWithCategories(ctx.db, open.settings.seasonId);
  const members = await readExistingMembers(ctx.db, season?.id ?? null);
  const rows = planImport({
    columns: open.columns,
    rows: open.cells,
    settings: open.settings,
    members,
    season,
    thisYear: zurichToday(ctx.now).getUTCFullYear(),
  });
  return { season, rows };
}

function toView(open: OpenImport, rows: PlannedRow[], invitationsWaiting: number): MemberImport {
  const { record, settings } = open;
  return {
    id: record.id,
    fileName: record.fileName,
    createdAt: record.createdAt.toISOString(),
    columns: open.columns,
    mapping: settings.mapping,
    seasonId: settings.seasonId,
    categoryId: settings.categoryId,
    invite: settings.invite,
    duplicates: settings.duplicates,
    rows: rows.length,
    counts: countRows(rows),
    preview: rows.map((r) => ({
      row: r.row,
      status: r.status,
      memberId: r.memberId,
      memberName: r.memberName,
      action: r.action,
      note: r.note,
      values: r.values,
      errors: r.errors,
    })),
    committedAt: record.committedAt?.toISOString() ?? null,
    result: (record.result as MemberImport['result']) ?? null,
    invitationsWaiting,
  };
}

/** The import as the board sees it: every row checked again against today's members. */
export async function getImport(ctx: Ctx, id: number): Promise<MemberImport> {
  const open = await loadImport(ctx, id);
  const waiting = await countWaitingInvitations(ctx.db, id);
  if (open.record.committedAt) return toView(open, [], waiting);
  const { rows } = await planRows(ctx, open);
  return toView(open, rows, waiting);
}

/**
 * Reads the uploaded file and keeps it with a proposed mapping, the current season and no
 * invitations; refuses (and keeps nothing) what is no member list.
 */
export async function uploadImport(ctx: Ctx, input: { fileName: string; content: Buffer }): Promise<MemberImport> {
  const sheet = await readMemberFile(input.content);
  const mapping = guessMapping(sheet.columns);
  if (mappingProblems(sheet.columns, mapping).mapping) {
    throw invalid('In der Datei ist keine Spalte für den Namen zu erkennen (z. B. «Name», «Nachname» oder «Vorname»).', {
      file: 'Datei: Keine Spalte für den Namen gefunden.',
    });
  }
  const season = await findDefaultSeason(ctx.db, zurichToday(ctx.now));
  const settings: ImportSettings = {
    mapping,
    seasonId: season?.id ?? null,
    categoryId: null,
    invite: false,
    duplicates: 'SKIP',
    rowActions: {},
  };
  const record = await insertImport(ctx.db, {
    fileName: input.fileName.slice(0, 200),
    columns: sheet.columns,
    cells: sheet.rows,
    settings,
    createdById: ctx.actor?.memberId ?? null,
    createdAt: ctx.now,
  });
  ctx.log.info({ importId: record.id, rows: sheet.rows.length }, 'member import uploaded');
  return getImport(ctx, record.id);
}

/** The board's choices, checked: the mapping names the file's columns, each field once; season and category exist. */
export async function updateImport(
  ctx: Ctx,
  input: {
    id: number;
    mapping: Record<string, ImportField | null>;
    seasonId: number | null;
    categoryId: number | null;
    invite: boolean;
    duplicates?: ImportDuplicateAction | undefined;
    rowActions?: Record<string, ImportDuplicateAction> | undefined;
  },
): Promise<MemberImport> {
  const open = await loadImport(ctx, input.id);
  if (open.record.committedAt) throw new AppError('ALREADY_DECIDED', IMPORT_COMMITTED);
  const mapping = Object.fromEntries(open.columns.map((c) => [c, null])) as Record<string, ImportField | null>;
  Object.assign(mapping, input.mapping);
  const problems = mappingProblems(open.columns, mapping);
  if (Object.keys(problems).length) throw invalid('Bitte prüfen Sie die Zuordnung der Spalten.', problems);
  if (input.seasonId !== null) {
    const season = await findSeasonWithCategories(ctx.db, input.seasonId);
    if (!season) throw invalid('Diese Saison gibt es nicht.', { seasonId: 'Saison: Bitte eine bestehende Saison wählen.' });
    if (input.categoryId !== null && !season.categories.some((c) => c.id === input.categoryId)) {
      throw invalid('Diese Kategorie gehört nicht zur gewählten Saison.', {
        categoryId: 'Kategorie: Bitte eine Kategorie der Saison wählen.',
      });
    }
  } else if (input.categoryId !== null) {
    throw invalid('Eine Kategorie gibt es nur mit einer Saison.', { categoryId: 'Kategorie: Bitte zuerst eine Saison wählen.' });
  }
  const settings: ImportSettings = {
    mapping,
    seasonId: input.seasonId,
    categoryId: input.categoryId,
    invite: input.invite,
    duplicates: input.duplicates ?? open.settings.duplicates,
    rowActions: { ...open.settings.rowActions, ...(input.rowActions ?? {}) },
  };
  await updateImportSettings(ctx.db, input.id, settings);
  return getImport(ctx, input.id);
}

/** The imports waiting to be committed (every board member sees them). */
export async function listImports(ctx: Ctx): Promise<MemberImportSummary[]> {
  const rows = await listOpenImports(ctx.db);
  return rows
    .filter((r) => !isExpired(r, ctx.now))
    .map((r) => ({
      id: r.id,
      fileName: r.fileName,
      createdAt: r.createdAt.toISOString(),
      rows: r.rows,
    }));
}

/** The nightly job: uncommitted imports older than a day are deleted with their file's data. */
export function deleteStaleImports(ctx: Ctx): Promise<number> {
  return deleteImportsBefore(ctx.db, new Date(ctx.now.getTime() - IMPORT_KEPT_HOURS * 3_600_000));
}

export const noSeason = () => conflict('Bitte wählen Sie die Saison, für die die Mitgliedschaften gelten (zuerst eine Saison anlegen).');

const isoOrEmpty = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

/**
 * Every member whose data is kept, by member number, in batches of 1,000, as the export writes
 * them; the category is the membership's in the current season (else the latest one), as the
 * import proposes that season, so the round trip changes nothing.
 */
export async function* exportBatches(ctx: Ctx): AsyncIterable<ExportLine[]> {
  const season = await findDefaultSeason(ctx.db, zurichToday(ctx.now));
  let after = 0;
  for (;;) {
    const rows = await readExportRows(ctx.db, season?.id ?? null, after, 1000);
    const last = rows.at(-1);
    if (!last) return;
    after = last.memberNumber;
    yield rows.map((r) => ({
      memberNumber: String(r.memberNumber),
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      dateOfBirth: isoOrEmpty(r.dateOfBirth),
      street: r.street ?? '',
      houseNumber: r.houseNumber ?? '',
      addressLine2: r.addressLine2 ?? '',
      postalCode: r.postalCode ?? '',
      city: r.city ?? '',
      country: r.country ?? '',
      mobile: displayPhone(r.mobile),
      landLine: displayPhone(r.landLine),
      memberSince: isoOrEmpty(r.memberSince),
      category: r.categoryName ?? '',
      remarks: '',
    }));
    if (rows.length < 1000) return;
  }
}
