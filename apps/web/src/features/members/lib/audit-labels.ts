import type { AuditValue } from '@club/contract';
import { formatDate } from '@/lib/format';

const ACTIONS: Record<string, string> = {
  'member.updated': 'Personalien geändert',
  'member.phones.updated': 'Telefonnummern geändert',
  'member.membership.added': 'Mitgliedschaft hinzugefügt',
  'member.membership.updated': 'Mitgliedschaft geändert',
  'member.address.corrected': 'Adresse korrigiert',
  'member.address.changed': 'Neue Adresse (Umzug)',
  'member.roles.updated': 'Rollen geändert',
  'member.email.change_requested': 'Änderung der E-Mail-Adresse angefordert',
  'member.email.changed': 'E-Mail-Adresse geändert',
  'member.invitation.sent': 'Einladung zum Login gesendet',
  'member.password_reset.sent': 'Link zum Zurücksetzen des Passworts gesendet',
  'member.twofactor.enabled': 'Zwei-Faktor-Anmeldung eingerichtet',
  'member.twofactor.disabled': 'Zwei-Faktor-Anmeldung ausgeschaltet',
  'member.twofactor.reset': 'Zwei-Faktor-Anmeldung zurückgesetzt',
  'member.recovery_codes.renewed': 'Neue Wiederherstellungscodes erstellt',
  'candidate.accepted': 'Mitgliedschaftsantrag angenommen',
  'member.anonymised': 'Personendaten entfernt (Datenschutz)',
  'member.imported': 'Importiert aus Datei (Mitgliederliste)',
  'member.import.updated': 'Aktualisiert aus Datei (Mitgliederliste)',
};

const FIELDS: Record<string, string> = {
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  dateOfBirth: 'Geburtsdatum',
  landLine: 'Festnetz',
  mobile: 'Mobile',
  season: 'Saison',
  validFrom: 'Beginn',
  validTo: 'Ende',
  category: 'Kategorie',
  parkingPermit: 'Parkkarte',
  street: 'Strasse',
  houseNumber: 'Hausnummer',
  addressLine2: 'Adresszusatz',
  postalCode: 'PLZ',
  city: 'Ort',
  country: 'Land',
  roles: 'Rollen',
};

const ROLES: Record<string, string> = { MEMBER: 'Mitglied', MEMBER_OF_THE_BOARD: 'Vorstand' };

/** German name of an audit action; the action itself when unknown. */
export function actionLabel(action: string): string {
  return ACTIONS[action] ?? action;
}

export function fieldLabel(field: string): string {
  return FIELDS[field] ?? field;
}

/** A recorded value as text: dates de-CH, roles in German, nothing as '(leer)'. */
export function valueText(field: string, value: AuditValue): string {
  if (value === null || value === '') return '(leer)';
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'number') return String(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (field === 'roles')
    return value
      .split(',')
      .map((r) => ROLES[r.trim()] ?? r.trim())
      .join(', ');
  return value;
}
