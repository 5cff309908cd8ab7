import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/**
 * Puts the server's German field messages (`error.fields`) beside the form's fields.
 * `rename` maps a server path (`deliveryAddress.street`) to the form's (`address.street`).
 * Returns true when at least one message found its field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
  rename: (serverPath: string) => string = (p) => p,
): boolean {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const [serverPath, message] of Object.entries(error.fields)) {
    const path = rename(serverPath);
    if (known.includes(path)) {
      setError(path as Path<T>, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}
