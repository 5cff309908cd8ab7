import { AppError } from './app-error.ts';

/**
 * A lock wait that timed out, a deadlock or an exhausted connection pool, as "busy, please
 * try again" (503 BUSY with the German message given); null for any other error. Never a 500
 * for a rush of requests (DESIGN.md §4, §6).
 */
export function asBusy(error: unknown, message: string): AppError | null {
  if (error instanceof AppError) return null;
  const e = error as { code?: unknown; meta?: { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown } } }; cause?: { code?: unknown; originalCode?: unknown }; message?: unknown };
  const codes = [e.code, e.meta?.code, e.cause?.code, e.cause?.originalCode, e.meta?.driverAdapterError?.cause?.originalCode];
  const text = typeof e.message === 'string' ? e.message : '';
  if (
    codes.some((c) => c === '55P03' || c === '40P01' || c === 'P2028' || c === 'P2024') ||
    /lock timeout|timeout exceeded when trying to connect|Unable to start a transaction/i.test(text)
  ) {
    return new AppError('BUSY', message);
  }
  return null;
}
