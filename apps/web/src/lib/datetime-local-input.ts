import { z } from 'zod';
import { zurichLocalToIso } from './datetime-local';

// Kept apart from datetime-local.ts: screens that only show dates do not load zod.

/**
 * A form's `<input type="datetime-local">` (Zurich wall-clock time) as the ISO instant the
 * contract's schemas take; `label` starts the German message.
 */
export function localDateTimeInput(label: string) {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, { error: `${label}: Bitte Datum und Zeit angeben.` })
    .transform((local) => zurichLocalToIso(local) ?? local);
}

/** The same, where an empty input means "none" (null). */
export function optionalLocalDateTimeInput(label: string) {
  return z.union([z.literal(''), localDateTimeInput(label)]).transform((iso) => iso || null);
}
