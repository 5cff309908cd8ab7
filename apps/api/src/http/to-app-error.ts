import {
  inputFault,
  isBusy,
  isDiskFull,
  isForeignKeyViolation,
  isRecordNotFound,
  isUnavailable,
  violatedUniqueConstraint,
} from '../db/errors.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * The one classification of errors into answers (never a 500 for anything a client can send):
 * a library's client status keeps its status with a German message, and database errors
 * (`db/errors.ts` says what they mean) become 400, 404, 409, 422 or 503.
 */

const BUSY_MESSAGE = 'Gerade sind sehr viele Anfragen unterwegs. Bitte versuchen Sie es gleich noch einmal.';
const UNAVAILABLE_MESSAGE = 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es später noch einmal.';
const DISK_FULL_MESSAGE =
  'Der Speicherplatz der Website ist voll, deshalb konnte nichts gespeichert werden. Bitte versuchen Sie es später noch einmal.';

const INPUT_FAULTS = {
  TOO_LONG: () => new AppError('VALIDATION_FAILED', 'Eine Angabe ist zu lang.'),
  OUT_OF_RANGE: () => new AppError('VALIDATION_FAILED', 'Eine Zahl liegt ausserhalb des erlaubten Bereichs.'),
  INVALID: () => new AppError('BAD_REQUEST', 'Die Anfrage enthält ungültige Zeichen oder Werte.'),
};

/**
 * The unique constraints a valid request can run into (two requests at once, both past the
 * service's own check for a duplicate), by name, with the answer (409). Any other unique
 * violation is a fault of the site (a token or invoice number drawn twice, a line written twice)
 * and stays a 500, logged with its stack.
 */
const UNIQUE_ANSWERS: Record<string, string> = {
  delivery_options_name_key: 'Eine Zustelloption mit diesem Namen gibt es bereits.',
  game_groups_name_key: 'Eine Spielegruppe mit diesem Namen gibt es bereits.',
  seasons_name_key: 'Diese Saison gibt es bereits.',
  seasons_validFrom_key: 'Diese Saison gibt es bereits.',
  membership_categories_seasonId_name_key: 'Eine Kategorie mit diesem Namen gibt es in dieser Saison bereits.',
  membership_categories_one_default_key: 'Diese Saison hat bereits eine Standardkategorie.',
  memberships_memberId_seasonId_key: 'Für diese Saison besteht bereits eine Mitgliedschaft.',
  event_subscriptions_eventId_memberId_key: 'Dieses Mitglied ist bereits angemeldet.',
  members_username_key: 'Dieser Benutzername ist bereits vergeben.',
  login_accounts_username_key: 'Dieser Benutzername ist bereits vergeben.',
  members_memberNumber_key: 'Diese Mitgliedernummer ist bereits vergeben.',
  login_accounts_memberId_key: 'Dieses Mitglied hat bereits ein Login.',
  phones_memberId_type_key: 'Diese Telefonnummer ist bereits erfasst.',
  candidates_memberId_key: 'Dieser Antrag ist bereits einem Mitglied zugeordnet.',
  calendar_feeds_memberId_key: 'Ihr Kalender-Abo wurde gerade eingerichtet. Bitte laden Sie die Seite neu.',
  handovers_reservationId_key: 'Dieser Platz wurde bereits übergeben.',
  handovers_subscriptionId_key: 'Dieser Platz wurde bereits übergeben.',
  billed_items_reservationId_key: 'Dieser Posten ist bereits verrechnet.',
  billed_items_subscriptionId_key: 'Dieser Posten ist bereits verrechnet.',
  invoices_fee_once_key: 'Diese Rechnung wurde bereits erstellt.',
  invoices_memberId_seasonId_kind_key: 'Diese Rechnung wurde bereits erstellt.',
  payments_dedupeKey_key: 'Diese Zahlung ist bereits verbucht.',
};

/** German message and code for a client status a library gave (body-parser, serve-static, zlib, Express…). */
function clientStatus(status: number, type: string | undefined): AppError {
  if (type === 'entity.parse.failed') return new AppError('MALFORMED_JSON', 'Die Anfrage enthält kein gültiges JSON.');
  if (status === 413 || type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'Die Anfrage ist zu gross.');
  if (status === 415 || type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Diese Kodierung oder dieser Inhaltstyp wird nicht unterstützt. Bitte senden Sie die Daten als JSON (UTF-8).',
      undefined,
      415,
    );
  }
  if (status === 401) return new AppError('NOT_LOGGED_IN', 'Bitte melden Sie sich an.');
  if (status === 403) return new AppError('FORBIDDEN', 'Dafür fehlt Ihnen die Berechtigung.');
  if (status === 404) return new AppError('NOT_FOUND', 'Diese Adresse gibt es nicht.');
  if (status === 429) return new AppError('RATE_LIMITED', 'Zu viele Anfragen. Bitte warten Sie einen Moment.');
  return new AppError('BAD_REQUEST', 'Die Anfrage ist falsch aufgebaut.', undefined, status);
}

/**
 * What a client gets for an error: an AppError with status, code and German message, or
 * null for a real fault (500, logged with its stack).
 */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof URIError) return new AppError('BAD_REQUEST', 'Die Adresse enthält ungültige Zeichen.');
  const e = (error ?? {}) as { status?: unknown; statusCode?: unknown; type?: unknown; expose?: unknown };
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
  // Zlib's errors for a body that says gzip/deflate/br and is not.
  const zlib = (error as { code?: unknown })?.code;
  if (typeof zlib === 'string' && /^Z_(DATA|BUF|STREAM)_ERROR$/.test(zlib))
    return new AppError('BAD_REQUEST', 'Der Inhalt der Anfrage ist nicht wie angegeben kodiert.');
  if (status !== undefined && status >= 400 && status < 500) return clientStatus(status, typeof e.type === 'string' ? e.type : undefined);

  if (isRecordNotFound(error)) return new AppError('NOT_FOUND', 'Nicht gefunden.');
  const unique = violatedUniqueConstraint(error);
  if (unique !== null) {
    const message = Object.hasOwn(UNIQUE_ANSWERS, unique) ? UNIQUE_ANSWERS[unique] : undefined;
    return message ? new AppError('ALREADY_EXISTS', message) : null;
  }
  if (isForeignKeyViolation(error)) return new AppError('IN_USE', 'Der Eintrag wird noch verwendet.');
  if (isDiskFull(error)) return new AppError('DISK_FULL', DISK_FULL_MESSAGE);
  if (isUnavailable(error)) return new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
  if (isBusy(error)) return new AppError('BUSY', BUSY_MESSAGE);
  const fault = inputFault(error);
  return fault ? INPUT_FAULTS[fault]() : null;
}
