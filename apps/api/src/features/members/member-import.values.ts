import type * as LibPhoneNumber from 'libphonenumber-js/max';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField } from '@club/contract';
import { onFirstUse } from '../../lib/on-first-use.ts';

// Its full metadata (several MB in memory) only for lists with phone numbers.
const phoneNumbers = onFirstUse<typeof LibPhoneNumber>('libphonenumber-js/max');

/**
 * Reading one cell of a member list: which field a heading names (German, French, English), the
 * dates clubs write, phone numbers, and the text a spreadsheet export protects from formulas.
 */

/** Lower case, no accents, letters and digits only: «Mitglied-Nr.» → «mitgliednr», «Prénom» → «prenom». */
export function foldHeading(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');
}

const HEADINGS: Record<ImportField, string[]> = {
  memberNumber: [
    'mitgliednr',
    'mitgliedernr',
    'mitgliedsnr',
    'mitgliednummer',
    'mitgliedernummer',
    'mitgliedsnummer',
    'membernumber',
    'memberno',
    'memberid',
    'nummer',
    'numeromembre',
    'numerodemembre',
    'nomembre',
    'nmembre',
  ],
  firstName: ['vorname', 'prenom', 'firstname', 'givenname', 'forename'],
  lastName: ['nachname', 'name', 'familienname', 'nom', 'nomdefamille', 'lastname', 'surname', 'familyname'],
  email: ['email', 'mail', 'emailadresse', 'mailadresse', 'courriel', 'adresseemail', 'emailaddress', 'eposta'],
  dateOfBirth: [
    'geburtsdatum',
    'geburtstag',
    'datedenaissance',
    'naissance',
    'datenaissance',
    'birthdate',
    'dateofbirth',
    'birthday',
    'dob',
  ],
  street: ['strasse', 'str', 'strassenr', 'strasseundnr', 'adresse', 'address', 'rue', 'street', 'addressline1'],
  houseNumber: ['nr', 'hausnummer', 'hausnr', 'no', 'n', 'numero', 'housenumber', 'streetnumber'],
  addressLine2: ['adresszusatz', 'zusatz', 'addressline2', 'complement', 'complementdadresse', 'co'],
  postalCode: ['plz', 'postleitzahl', 'npa', 'codepostal', 'zip', 'zipcode', 'postalcode', 'postcode'],
  city: ['ort', 'wohnort', 'stadt', 'localite', 'ville', 'city', 'town'],
  country: ['land', 'pays', 'country', 'staat'],
  mobile: [
    'natel',
    'mobile',
    'mobil',
    'handy',
    'mobiltelefon',
    'mobilenummer',
    'natelnr',
    'portable',
    'telmobile',
    'cellphone',
    'mobilephone',
  ],
  landLine: ['telefon', 'tel', 'telefonprivat', 'telprivat', 'festnetz', 'telefonnummer', 'phone', 'telephone', 'telefonfix'],
  memberSince: [
    'eintritt',
    'eintrittsdatum',
    'mitgliedseit',
    'membersince',
    'joined',
    'joindate',
    'datedentree',
    'entree',
    'membrdepuis',
    'membredepuis',
  ],
  category: [
    'kategorie',
    'mitgliederkategorie',
    'mitgliedskategorie',
    'categorie',
    'category',
    'mitgliedschaft',
    'membershiptype',
    'membership',
  ],
  remarks: ['bemerkungen', 'bemerkung', 'notizen', 'notiz', 'kommentar', 'remarques', 'remarque', 'notes', 'note', 'comments', 'comment'],
};

const FIELD_OF = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) {
  FIELD_OF.set(foldHeading(IMPORT_FIELD_LABELS[field]), field);
  for (const h of HEADINGS[field]) if (!FIELD_OF.has(h)) FIELD_OF.set(h, field);
}

/** The proposed mapping: each field for the first column whose heading names it; others null. */
export function guessMapping(columns: readonly string[]): Record<string, ImportField | null> {
  const taken = new Set<ImportField>();
  const mapping: Record<string, ImportField | null> = {};
  for (const column of columns) {
    const field = FIELD_OF.get(foldHeading(column)) ?? null;
    mapping[column] = field && !taken.has(field) ? field : null;
    if (field) taken.add(field);
  }
  return mapping;
}

// --- dates ----------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

function isoIfReal(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Excel's day 0 (its serials count from 30.12.1899, Lotus' leap-year error included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * `31.12.1985`, `31.12.85` (a two-digit year after this year's is of the last century),
 * `1985-12-31`, `31/12/1985`, and Excel's day numbers (`31412`); null when the text is none of them.
 */
export function parseImportDate(raw: string, thisYear: number): string | null {
  const text = raw.trim();
  let m = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})$/.exec(text) ?? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) {
    let year = Number(m[3]);
    if (m[3]!.length === 2) year += 2000 + year > thisYear ? 1900 : 2000;
    return isoIfReal(year, Number(m[2]), Number(m[1]));
  }
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  if (m) return isoIfReal(Number(m[1]), Number(m[2]), Number(m[3]));
  if (/^\d{3,5}(\.0+)?$/.test(text)) {
    const serial = Math.trunc(Number(text));
    if (serial < 367) return null;
    return new Date(EXCEL_EPOCH + serial * 86_400_000).toISOString().slice(0, 10);
  }
  return null;
}

/** `1985-12-31` → `31.12.1985`, as a club's list writes it. */
export function deChDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

// --- phones ---------------------------------------------------------------------------------

/**
 * A phone number in its international form (`+41 79 123 45 67`), Swiss when no country code is
 * given (`079 123 45 67`, `0791234567`, `791234567` from a number cell); null when it is no valid number.
 */
export function normalisePhone(raw: string): string | null {
  const parsed = phoneNumbers().parsePhoneNumberFromString(raw.trim().replace(/^00/, '+'), 'CH');
  return parsed?.isValid() ? parsed.formatInternational() : null;
}

// --- formula protection ---------------------------------------------------------------------

/** A cell a spreadsheet would run as a formula: starting with = + - @, tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The export's text for a cell: a formula-like one behind an apostrophe, which no spreadsheet runs. */
export function protectCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The import's reading of a protected cell: the apostrophe the export put in front comes off again. */
export function unprotectCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** Names compared without case and accents: «Zoë Müller» is «zoe muller». */
export function foldName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
