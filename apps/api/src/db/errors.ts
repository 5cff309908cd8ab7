import { Prisma } from '../generated/prisma/client.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * The one classification of errors (DESIGN.md §4: never a 500 for anything a client can
 * send). Database errors arrive in many wrappings (Prisma's own codes, the driver adapter's
 * `kind`, the PostgreSQL SQLSTATE in `originalCode`/`code`, node's socket codes, or only a
 * message); `facts` gathers them all from the error and its causes, the rules below decide.
 */

export const BUSY_MESSAGE = 'Gerade sind sehr viele Anfragen unterwegs. Bitte versuchen Sie es gleich noch einmal.';
export const UNAVAILABLE_MESSAGE = 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es später noch einmal.';
export const DISK_FULL_MESSAGE =
  'Der Speicherplatz der Website ist voll, deshalb konnte nichts gespeichert werden. Bitte versuchen Sie es später noch einmal.';

interface Facts {
  codes: Set<string>;
  kinds: Set<string>;
  messages: string[];
  initialization: boolean;
}

function facts(error: unknown): Facts {
  const out: Facts = { codes: new Set(), kinds: new Set(), messages: [], initialization: false };
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== 'object' || depth > 6 || seen.has(e)) return;
    seen.add(e);
    if (e instanceof Prisma.PrismaClientInitializationError) out.initialization = true;
    const o = e as Record<string, unknown>;
    for (const key of ['code', 'originalCode', 'errorCode'] as const) if (typeof o[key] === 'string') out.codes.add(o[key]);
    if (typeof o.kind === 'string') out.kinds.add(o.kind);
    for (const key of ['message', 'originalMessage'] as const) if (typeof o[key] === 'string') out.messages.push(o[key]);
    visit(o.cause, depth + 1);
    visit(o.meta, depth + 1);
    visit(o.driverAdapterError, depth + 1);
    if (Array.isArray(o.errors)) for (const inner of o.errors.slice(0, 5)) visit(inner, depth + 1);
  };
  visit(error, 0);
  // Prisma's raw-query error (P2010) names the SQLSTATE only in its text: "Code: `22021`".
  for (const message of out.messages) for (const m of message.matchAll(/\bCode: `?([0-9A-Z]{5})`?/g)) out.codes.add(m[1]!);
  return out;
}

const has = (f: Facts, ...codes: string[]) => codes.some((c) => f.codes.has(c));
const said = (f: Facts, pattern: RegExp) => f.messages.some((m) => pattern.test(m));

/** A unique constraint refused the write (Prisma P2002, SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return true;
  const f = facts(error);
  return has(f, 'P2002', '23505') || f.kinds.has('UniqueConstraintViolation');
}

/** Lock waits, deadlocks, serialisation conflicts and a pool that has no connection free: try again. */
export function isBusy(error: unknown): boolean {
  if (error instanceof AppError) return false;
  const f = facts(error);
  return (
    has(f, '55P03', '40P01', '40001', 'P2034', 'P2028', 'P2024') ||
    f.kinds.has('TransactionWriteConflict') ||
    said(f, /lock timeout|deadlock detected|Unable to start a transaction in the given time/i)
  );
}

const UNAVAILABLE_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '53000',
  '58000',
  '58030',
];
const UNAVAILABLE_KINDS = ['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'TlsConnectionError'];
const UNAVAILABLE_TEXT =
  /can't reach database server|connection terminated|connection ended unexpectedly|timeout exceeded when trying to connect|terminating connection|the database system is (starting up|shutting down|in recovery)|cannot use a pool after calling end|client has encountered a connection error|connection (refused|reset|closed)|server closed the connection|ECONNREFUSED|ECONNRESET|ETIMEDOUT|socket hang up|Client was closed|Query read timeout/i;

/** The database cannot be reached at all: refused, reset, timed out, restarting, out of connections. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof AppError) return false;
  const f = facts(error);
  return (
    f.initialization ||
    has(f, ...UNAVAILABLE_CODES) ||
    [...f.codes].some((c) => /^08[0-9A-Z]{3}$/.test(c)) ||
    UNAVAILABLE_KINDS.some((k) => f.kinds.has(k)) ||
    said(f, UNAVAILABLE_TEXT)
  );
}

/** A disk is full: PostgreSQL's disk_full (SQLSTATE 53100, also from PGlite) or ENOSPC from the file system. */
export function isDiskFull(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'DISK_FULL';
  const f = facts(error);
  return has(f, '53100', 'ENOSPC') || said(f, /No space left on device/i);
}

/**
 * Database errors that only bad input causes: an invalid byte sequence (NUL), invalid text
 * for a type or for JSON, a value too long or out of range. 400 for what cannot be text at
 * all, 422 for a value outside the column's range.
 */
function inputFault(f: Facts): AppError | null {
  if (has(f, '22001', 'P2000') || f.kinds.has('LengthMismatch')) {
    return new AppError('VALIDATION_FAILED', 'Eine Angabe ist zu lang.');
  }
  if (has(f, '22003', 'P2020', 'P2033') || f.kinds.has('ValueOutOfRange')) {
    return new AppError('VALIDATION_FAILED', 'Eine Zahl liegt ausserhalb des erlaubten Bereichs.');
  }
  if (
    [...f.codes].some((c) => /^22[0-9A-Z]{3}$/.test(c)) ||
    has(f, 'P2006', 'P2007', 'P2019', 'P2023') ||
    f.kinds.has('InvalidInputValue') ||
    said(
      f,
      /invalid byte sequence|invalid input syntax|unsupported Unicode escape|invalid (JSON|json) text|Unicode low surrogate|lone leading surrogate|untranslatable character/i,
    )
  ) {
    return new AppError('BAD_REQUEST', 'Die Anfrage enthält ungültige Zeichen oder Werte.');
  }
  return null;
}

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

  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === 'P2025') return new AppError('NOT_FOUND', 'Nicht gefunden.');
  }
  if (isUniqueViolation(error)) return new AppError('ALREADY_EXISTS', 'Ein Eintrag mit diesen Angaben existiert bereits.');
  const f = facts(error);
  if (has(f, 'P2003', '23503') || f.kinds.has('ForeignKeyConstraintViolation'))
    return new AppError('IN_USE', 'Der Eintrag wird noch verwendet.');
  if (isDiskFull(error)) return new AppError('DISK_FULL', DISK_FULL_MESSAGE);
  if (isUnavailable(error)) return new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
  if (isBusy(error)) return new AppError('BUSY', BUSY_MESSAGE);
  return inputFault(f);
}
