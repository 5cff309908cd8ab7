import { Prisma } from '../generated/prisma/client.ts';

/**
 * What a database error means, as pure predicates (the answer a client gets is decided in
 * `http/to-app-error.ts`). Database errors arrive in many wrappings (Prisma's own codes, the
 * driver adapter's `kind`, the PostgreSQL SQLSTATE in `originalCode`/`code`, node's socket
 * codes, or only a message); `facts` gathers them all from the error and its causes, the
 * rules below decide.
 */

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

/**
 * The name of the unique constraint (index) that refused the write; null when the error is no
 * unique violation, '' when the database did not name it. The name comes from the driver's error
 * (`constraint`), Prisma's adapter (`constraint.index`) or PostgreSQL's message, which quotes it
 * («unique constraint "seasons_name_key"»; the PGlite adapter names only the fields).
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  if (!isUniqueViolation(error)) return null;
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number): string | null => {
    if (!e || typeof e !== 'object' || depth > 6 || seen.has(e)) return null;
    seen.add(e);
    const o = e as Record<string, unknown>;
    if (typeof o.constraint === 'string') return o.constraint;
    const index = (o.constraint as { index?: unknown } | undefined)?.index;
    if (typeof index === 'string') return index;
    return visit(o.cause, depth + 1) ?? visit(o.meta, depth + 1) ?? visit(o.driverAdapterError, depth + 1);
  };
  const named = visit(error, 0);
  if (named) return named;
  for (const message of facts(error).messages) {
    const quoted = /unique[^"«»]*["«]([^"«»]+)["»]/i.exec(message);
    if (quoted) return quoted[1]!;
  }
  return '';
}

/** A foreign key refused the write or the delete (Prisma P2003, SQLSTATE 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  const f = facts(error);
  return has(f, 'P2003', '23503') || f.kinds.has('ForeignKeyConstraintViolation');
}

/** The row to change or delete was not there (Prisma P2025). */
export function isRecordNotFound(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025';
}

/** Lock waits, deadlocks, serialisation conflicts and a pool that has no connection free: try again. */
export function isBusy(error: unknown): boolean {
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
  const f = facts(error);
  return has(f, '53100', 'ENOSPC') || said(f, /No space left on device/i);
}

/**
 * Database errors that only bad input causes: a value too long, a number out of range, or
 * what cannot be the column's type at all (an invalid byte sequence such as NUL, invalid text
 * for a type or for JSON). Null for every other error.
 */
export function inputFault(error: unknown): 'TOO_LONG' | 'OUT_OF_RANGE' | 'INVALID' | null {
  const f = facts(error);
  if (has(f, '22001', 'P2000') || f.kinds.has('LengthMismatch')) return 'TOO_LONG';
  if (has(f, '22003', 'P2020', 'P2033') || f.kinds.has('ValueOutOfRange')) return 'OUT_OF_RANGE';
  if (
    [...f.codes].some((c) => /^22[0-9A-Z]{3}$/.test(c)) ||
    has(f, 'P2006', 'P2007', 'P2019', 'P2023') ||
    f.kinds.has('InvalidInputValue') ||
    said(
      f,
      /invalid byte sequence|invalid input syntax|unsupported Unicode escape|invalid (JSON|json) text|Unicode low surrogate|lone leading surrogate|untranslatable character/i,
    )
  )
    return 'INVALID';
  return null;
}
