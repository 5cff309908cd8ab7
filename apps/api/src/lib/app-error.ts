import { errorStatus, type ErrorCode } from '@club/contract';

/**
 * An error whose message is safe to show to a member (German). It is an expected answer
 * (a sold-out game, a missing field), not a fault: the log shows its code and message, never
 * its stack (`http/error-handler.ts`), and the answer never carries one.
 */
export class AppError extends Error {
  readonly status: number;
  /** Data the client needs beside the sentence (the answer's `error.details`); set with `withDetails`. */
  details?: unknown;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Another client status than the code's own (a library's 405, 416…); rarely needed. */
    status?: number,
  ) {
    super(message);
    this.status = status ?? errorStatus[code];
  }
}

/** The error with `details` for the answer (e.g. the possible duplicates of a refused accept). */
export function withDetails(error: AppError, details: unknown): AppError {
  error.details = details;
  return error;
}

export const notFound = (message = 'Nicht gefunden.') => new AppError('NOT_FOUND', message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(code, message);
export const invalid = (message: string, fields?: Record<string, string>) => new AppError('VALIDATION_FAILED', message, fields);
export const forbidden = (message = 'Dafür fehlt Ihnen die Berechtigung.') => new AppError('FORBIDDEN', message);
export const notLoggedIn = (message = 'Bitte melden Sie sich an.') => new AppError('NOT_LOGGED_IN', message);
