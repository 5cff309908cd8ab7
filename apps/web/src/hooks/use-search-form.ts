import { searchQuery } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

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
