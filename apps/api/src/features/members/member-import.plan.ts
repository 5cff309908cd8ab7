import type { ImportDuplicateAction, ImportField } from '@club/contract';
import {
  cellsByField,
  changeLabels,
  changesFor,
  readRow,
  shownValues,
  type ExistingMember,
  type ImportSettings,
  type PlannedRow,
  type RowValues,
  type SeasonCategories,
} from './member-import.rules.ts';
import { foldName } from './member-import.values.ts';

/**
 * The whole file checked at once: every row with its status. Duplicates are found by member
 * number, by e-mail and by first name + last name + date of birth (accents and case ignored),
 * inside the file (the first row wins) and against the existing members.
 */

type KeyKind = 'NUMBER' | 'EMAIL' | 'PERSON';
const KEY_WORDS: Record<KeyKind, string> = { NUMBER: 'Mitglied-Nr.', EMAIL: 'E-Mail', PERSON: 'Name und Geburtsdatum' };

function keysOf(v: {
  memberNumber: number | null;
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
}): [KeyKind, string][] {
  const keys: [KeyKind, string][] = [];
  if (v.memberNumber !== null) keys.push(['NUMBER', String(v.memberNumber)]);
  if (v.email) keys.push(['EMAIL', v.email.toLowerCase()]);
  if (v.dateOfBirth) keys.push(['PERSON', `${foldName(v.firstName)}|${foldName(v.lastName)}|${v.dateOfBirth}`]);
  return keys;
}

/** The existing members by each key (a shared e-mail address keeps the member with the lowest number). */
export function indexMembers(members: readonly ExistingMember[]): Map<string, ExistingMember> {
  const index = new Map<string, ExistingMember>();
  const sorted = [...members].sort((a, b) => a.memberNumber - b.memberNumber);
  for (const m of sorted) {
    for (const [kind, key] of keysOf(m)) if (!index.has(`${kind}:${key}`)) index.set(`${kind}:${key}`, m);
  }
  return index;
}

function matchMember(
  v: RowValues,
  index: Map<string, ExistingMember>,
): { member: ExistingMember; kind: KeyKind } | { conflict: string } | null {
  const byNumber = v.memberNumber !== null ? index.get(`NUMBER:${v.memberNumber}`) : undefined;
  if (byNumber) return { member: byNumber, kind: 'NUMBER' };
  for (const [kind, key] of keysOf(v)) {
    const found = index.get(`${kind}:${key}`);
    if (!found) continue;
    if (v.memberNumber !== null) {
      return {
        conflict: `Mitglied-Nr.: Diese Person ist schon Mitglied Nr. ${found.memberNumber} (gleiche ${KEY_WORDS[kind]}), nicht Nr. ${v.memberNumber}.`,
      };
    }
    return { member: found, kind };
  }
  return null;
}

export interface PlanInput {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  settings: ImportSettings;
  members: readonly ExistingMember[];
  season: SeasonCategories | null;
  thisYear: number;
}

/** Every row of the file with its status, reasons and (for the commit) its checked values. */
export function planImport(input: PlanInput): PlannedRow[] {
  const index = indexMembers(input.members);
  const seenInFile = new Map<string, number>();
  const matchedMembers = new Map<number, number>();
  return input.rows.map((cells, i) => {
    const line = i + 2;
    const c = cellsByField(input.columns, cells, input.settings.mapping);
    const { values, errors } = readRow(c, input.season, input.thisYear);
    const base = { row: line, memberId: null, memberName: null, action: null, note: null, values: shownValues(c, values), changes: [] };
    if (errors.length > 0) return { ...base, status: 'ERROR', errors, parsed: null };

    const match = matchMember(values, index);
    if (match && 'conflict' in match) {
      return { ...base, status: 'ERROR', errors: [{ field: 'memberNumber', message: match.conflict }], parsed: null };
    }
    const earlier =
      keysOf(values)
        .map(([kind, key]) => ({ kind, line: seenInFile.get(`${kind}:${key}`) }))
        .find((k) => k.line !== undefined) ?? (match ? { kind: match.kind, line: matchedMembers.get(match.member.id) } : undefined);
    if (earlier?.line !== undefined) {
      const note = `Doppelt in der Datei: gleiche Person wie Zeile ${earlier.line} (${KEY_WORDS[earlier.kind]}).`;
      return { ...base, status: 'DUPLICATE', errors: [], note, parsed: null };
    }
    for (const [kind, key] of keysOf(values)) seenInFile.set(`${kind}:${key}`, line);
    if (!match) return { ...base, status: 'NEW', errors: [], parsed: values };

    matchedMembers.set(match.member.id, line);
    return planMatched({ ...base, errors: [], parsed: values }, values, match, input.settings);
  });
}

function planMatched(
  base: Omit<PlannedRow, 'status'>,
  values: RowValues,
  match: { member: ExistingMember; kind: KeyKind },
  settings: ImportSettings,
): PlannedRow {
  const { member } = match;
  const action: ImportDuplicateAction = settings.rowActions[String(base.row)] ?? settings.duplicates;
  const changes = changesFor(values, member);
  const who = `Mitglied Nr. ${member.memberNumber} (gleiche ${KEY_WORDS[match.kind]})`;
  const found = { ...base, memberId: member.id, memberName: `${member.firstName} ${member.lastName}`, action, changes };
  if (changes.length === 0) return { ...found, status: 'DUPLICATE', note: `Unverändert: entspricht ${who}.` };
  if (action === 'UPDATE') return { ...found, status: 'UPDATE', note: `Aktualisiert ${who}: ${changeLabels(changes)}.` };
  return { ...found, status: 'DUPLICATE', note: `Entspricht ${who}; wird übersprungen (würde ändern: ${changeLabels(changes)}).` };
}

export function countRows(rows: readonly PlannedRow[]) {
  const counts = { new: 0, update: 0, duplicate: 0, error: 0 };
  for (const r of rows) {
    if (r.status === 'NEW') counts.new++;
    else if (r.status === 'UPDATE') counts.update++;
    else if (r.status === 'DUPLICATE') counts.duplicate++;
    else counts.error++;
  }
  return counts;
}

/** The mapping's problems: a field chosen for two columns, a column the file does not have, no name. */
export function mappingProblems(columns: readonly string[], mapping: Record<string, ImportField | null>): Record<string, string> {
  const problems: Record<string, string> = {};
  const used = new Map<ImportField, string>();
  for (const [column, field] of Object.entries(mapping)) {
    if (!columns.includes(column)) problems[`mapping.${column}`] = `Die Spalte «${column}» gibt es in der Datei nicht.`;
    if (!field) continue;
    const other = used.get(field);
    if (other !== undefined) problems[`mapping.${column}`] = `Dieses Feld ist schon der Spalte «${other}» zugeordnet.`;
    used.set(field, column);
  }
  if (!used.has('lastName') && !used.has('firstName')) {
    problems.mapping = 'Bitte ordnen Sie mindestens eine Spalte dem Nachnamen oder dem Vornamen zu.';
  }
  return problems;
}
