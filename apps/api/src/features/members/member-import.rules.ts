import {
  addressSchema,
  birthDateSchema,
  emailSchema,
  IMPORT_FIELD_LABELS,
  pastDate,
  personName,
  text,
  type ImportDuplicateAction,
  type ImportField,
  type ImportRow,
} from '@club/contract';
import { normalisePhone } from '../../lib/phone.ts';
import { foldName, parseImportDate, unprotectCell } from './member-import.values.ts';

/**
 * The rules of a member import, pure: each row's values checked like everywhere else on the
 * site, duplicates inside the file and against the existing members, and what a commit would do.
 */

export interface ImportSettings {
  mapping: Record<string, ImportField | null>;
  seasonId: number | null;
  categoryId: number | null;
  invite: boolean;
  duplicates: ImportDuplicateAction;
  rowActions: Record<string, ImportDuplicateAction>;
}

export interface ImportAddress {
  street: string;
  houseNumber: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  country: string;
}

/** A row's values as they would be stored. */
export interface RowValues {
  memberNumber: number | null;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string | null;
  address: ImportAddress | null;
  mobile: string | null;
  landLine: string | null;
  memberSince: string | null;
  /** The category named in the row (null: none named). */
  categoryId: number | null;
  remarks: string;
}

/** An existing member as the import compares it (phones as stored, dates ISO). */
export interface ExistingMember {
  id: number;
  memberNumber: number;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string | null;
  /** The stored entry date, else the first membership's start. */
  memberSince: string | null;
  address: ImportAddress | null;
  mobile: string | null;
  landLine: string | null;
  /** The category of the member's membership in the import's season; null: none in that season. */
  categoryId: number | null;
}

export interface SeasonCategories {
  name: string;
  categories: { id: number; name: string }[];
}

export type FieldError = { field: string; message: string };

/** One row's outcome: what the preview shows and what a commit does. */
export interface PlannedRow extends ImportRow {
  parsed: RowValues | null;
  /** The fields an update changes. */
  changes: ChangedField[];
}

export type ChangedField =
  Exclude<ImportField, 'memberNumber' | 'remarks' | 'houseNumber' | 'addressLine2' | 'postalCode' | 'city' | 'country'> | 'address';

const CHANGE_LABELS: Record<ChangedField, string> = {
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  dateOfBirth: 'Geburtsdatum',
  street: 'Adresse',
  address: 'Adresse',
  mobile: 'Natel',
  landLine: 'Telefon',
  memberSince: 'Mitglied seit',
  category: 'Kategorie',
};

const COUNTRIES: Record<string, string> = {
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  switzerland: 'CH',
  ch: 'CH',
  deutschland: 'DE',
  germany: 'DE',
  allemagne: 'DE',
  osterreich: 'AT',
  oesterreich: 'AT',
  austria: 'AT',
  autriche: 'AT',
  frankreich: 'FR',
  france: 'FR',
  italien: 'IT',
  italia: 'IT',
  italy: 'IT',
  italie: 'IT',
  liechtenstein: 'LI',
  furstentumliechtenstein: 'LI',
};

/** A country as a two-letter code: «Schweiz», «Suisse», «CH» → «CH»; empty → «CH». */
export function countryCode(raw: string): string {
  const folded = foldName(raw).replace(/[^a-z]/g, '');
  if (folded === '') return 'CH';
  return COUNTRIES[folded] ?? raw.trim().toUpperCase();
}

type Cells = Partial<Record<ImportField, string>>;

/** The row's cells by field (the apostrophe of a protected cell removed). */
export function cellsByField(columns: readonly string[], row: readonly string[], mapping: ImportSettings['mapping']): Cells {
  const out: Cells = {};
  columns.forEach((column, i) => {
    const field = mapping[column];
    if (field) out[field] = unprotectCell((row[i] ?? '').trim());
  });
  return out;
}

function check<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
  field: string,
  value: unknown,
  errors: FieldError[],
): T | null {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  errors.push({ field, message: result.error.issues[0]?.message ?? `${field}: ungültig.` });
  return null;
}

const memberSinceSchema = pastDate('Mitglied seit', '1850-01-01');
// Built once: a file has thousands of rows.
const firstNameSchema = personName('Vorname');
const lastNameSchema = personName('Nachname');
const remarksSchema = text('Bemerkungen', 1000);

function dateField(field: 'dateOfBirth' | 'memberSince', raw: string, thisYear: number, errors: FieldError[]): string | null {
  if (raw === '') return null;
  const iso = parseImportDate(raw, thisYear);
  const label = IMPORT_FIELD_LABELS[field];
  if (iso === null) {
    errors.push({ field, message: `${label}: «${raw}» ist kein Datum (z. B. 31.12.1985).` });
    return null;
  }
  return check(field === 'dateOfBirth' ? birthDateSchema : memberSinceSchema, field, iso, errors);
}

function phoneField(field: 'mobile' | 'landLine', raw: string, errors: FieldError[]): string | null {
  if (raw === '') return null;
  const phone = normalisePhone(raw);
  if (phone === null) errors.push({ field, message: `${IMPORT_FIELD_LABELS[field]}: «${raw}» ist keine gültige Telefonnummer.` });
  return phone;
}

function addressField(c: Cells, errors: FieldError[]): ImportAddress | null {
  const parts = [c.street, c.houseNumber, c.addressLine2, c.postalCode, c.city].map((v) => v ?? '');
  if (parts.every((p) => p === '')) return null;
  const result = addressSchema.safeParse({
    street: c.street ?? '',
    houseNumber: c.houseNumber ?? '',
    addressLine2: c.addressLine2 ?? '',
    postalCode: c.postalCode ?? '',
    city: c.city ?? '',
    country: countryCode(c.country ?? ''),
  });
  if (result.success) return result.data;
  for (const issue of result.error.issues) errors.push({ field: String(issue.path[0] ?? 'street'), message: issue.message });
  return null;
}

function memberNumberField(raw: string, errors: FieldError[]): number | null {
  if (raw === '') return null;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) {
    errors.push({ field: 'memberNumber', message: `Mitglied-Nr.: «${raw}» ist keine Mitgliedernummer (nur Ziffern).` });
    return null;
  }
  return Number(raw);
}

function categoryField(raw: string, season: SeasonCategories | null, errors: FieldError[]): number | null {
  if (raw === '') return null;
  if (!season) {
    errors.push({ field: 'category', message: 'Kategorie: Bitte zuerst eine Saison wählen.' });
    return null;
  }
  const found = season.categories.find((c) => foldName(c.name) === foldName(raw));
  if (!found) errors.push({ field: 'category', message: `Kategorie: «${raw}» gibt es in der Saison ${season.name} nicht.` });
  return found?.id ?? null;
}

/** A row's values checked field by field; the errors name the field and say why in German. */
export function readRow(c: Cells, season: SeasonCategories | null, thisYear: number): { values: RowValues; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values: RowValues = {
    memberNumber: memberNumberField(c.memberNumber ?? '', errors),
    firstName: check(firstNameSchema, 'firstName', c.firstName ?? '', errors) ?? '',
    lastName: check(lastNameSchema, 'lastName', c.lastName ?? '', errors) ?? '',
    email: check(emailSchema, 'email', c.email ?? '', errors)?.toLowerCase() ?? '',
    dateOfBirth: dateField('dateOfBirth', c.dateOfBirth ?? '', thisYear, errors),
    address: addressField(c, errors),
    mobile: phoneField('mobile', c.mobile ?? '', errors),
    landLine: phoneField('landLine', c.landLine ?? '', errors),
    memberSince: dateField('memberSince', c.memberSince ?? '', thisYear, errors),
    categoryId: categoryField(c.category ?? '', season, errors),
    remarks: check(remarksSchema, 'remarks', c.remarks ?? '', errors) ?? '',
  };
  return { values, errors };
}

/** The values as the preview shows them (phones normalised, dates ISO). */
export function shownValues(c: Cells, v: RowValues): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [field, raw] of Object.entries(c)) shown[field] = raw;
  if (v.mobile) shown.mobile = v.mobile;
  if (v.landLine) shown.landLine = v.landLine;
  if (v.dateOfBirth) shown.dateOfBirth = v.dateOfBirth;
  if (v.memberSince) shown.memberSince = v.memberSince;
  if (v.address) shown.country = v.address.country;
  return shown;
}

const samePhone = (a: string | null, b: string | null) =>
  (a === null ? null : (normalisePhone(a) ?? a)) === (b === null ? null : (normalisePhone(b) ?? b));
const sameAddress = (a: ImportAddress, b: ImportAddress | null) =>
  b !== null && (Object.keys(a) as (keyof ImportAddress)[]).every((k) => a[k] === b[k]);

/** What an update would change on the member; an empty cell leaves the stored value as it is. */
export function changesFor(v: RowValues, m: ExistingMember): ChangedField[] {
  const changes: ChangedField[] = [];
  if (v.firstName !== m.firstName) changes.push('firstName');
  if (v.lastName !== m.lastName) changes.push('lastName');
  if (v.email !== m.email.toLowerCase()) changes.push('email');
  if (v.dateOfBirth !== null && v.dateOfBirth !== m.dateOfBirth) changes.push('dateOfBirth');
  if (v.address !== null && !sameAddress(v.address, m.address)) changes.push('address');
  if (v.mobile !== null && !samePhone(v.mobile, m.mobile)) changes.push('mobile');
  if (v.landLine !== null && !samePhone(v.landLine, m.landLine)) changes.push('landLine');
  if (v.memberSince !== null && v.memberSince !== m.memberSince) changes.push('memberSince');
  if (v.categoryId !== null && v.categoryId !== m.categoryId) changes.push('category');
  return changes;
}

export const changeLabels = (changes: readonly ChangedField[]) => changes.map((c) => CHANGE_LABELS[c]).join(', ');
