import { searchQuery } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';

/** Countries offered in address forms (ISO codes), the usual ones first. */
export const COUNTRIES: readonly { code: string; name: string }[] = [
  { code: 'CH', name: 'Schweiz' },
  { code: 'LI', name: 'Liechtenstein' },
  { code: 'DE', name: 'Deutschland' },
  { code: 'AT', name: 'Österreich' },
  { code: 'FR', name: 'Frankreich' },
  { code: 'IT', name: 'Italien' },
];

interface ServerFieldErrorOptions {
  /** Maps a server path (`deliveryAddress.street`) to the form's (`address.street`). */
  rename?: (serverPath: string) => string;
}

/**
 * Puts the server's German field messages (`error.fields`) beside the form's fields and
 * moves the focus to the first of them. Returns true when at least one message found its field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
  { rename = (p) => p }: ServerFieldErrorOptions = {},
): boolean {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const [serverPath, message] of Object.entries(error.fields)) {
    const path = rename(serverPath);
    if (!known.includes(path)) continue;
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/**
 * A number typed into a text input (`12`, `12.50`, `12,50`), for a form schema to hand on to the
 * contract's number rule: '' becomes NaN (refused there as "Bitte eine Zahl angeben").
 */
export function numberFromText(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.replace(',', '.'));
}

/** Typing waits this long before it searches. */
const DEBOUNCE_MS = 300;

const searchFormSchema = z.object({ q: searchQuery });
type SearchFormInput = z.input<typeof searchFormSchema>;

/**
 * The search box of a paged list whose text lives in the address (`?q=`): the field follows the
 * address (back and forward), typing searches after a pause (`onSearch`, to be stable), submitting
 * searches at once (`onSubmit`, by default `onSearch`). Checked by the contract's `searchQuery`.
 */
export function useSearchForm(current: string, onSearch: (q: string) => void, onSubmit: (q: string) => void = onSearch) {
  const form = useForm<SearchFormInput>({ resolver: zodResolver(searchFormSchema), values: { q: current } });
  const text = useWatch({ control: form.control, name: 'q' }) ?? '';
  useEffect(() => {
    if (text === current) return;
    const timer = window.setTimeout(() => onSearch(text), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, current, onSearch]);
  const submit = form.handleSubmit(() => onSubmit(form.getValues('q') ?? ''));
  return { field: form.register('q'), submit, error: form.formState.errors.q?.message };
}
