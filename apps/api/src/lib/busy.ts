import { isBusy, isUnavailable } from '../db/errors.ts';
import { AppError } from './app-error.ts';

/**
 * A lock wait that timed out, a deadlock or an exhausted connection pool, as "busy, please
 * try again" (503 BUSY with the German message given); null for any other error, and for a
 * database that cannot be reached at all (the error handler answers that as unavailable).
 * Never a 500 for a rush of requests (docs/domain-rules.md «API conventions»).
 */
export function asBusy(error: unknown, message: string): AppError | null {
  if (error instanceof AppError) return null;
  return isBusy(error) && !isUnavailable(error) ? new AppError('BUSY', message) : null;
}
