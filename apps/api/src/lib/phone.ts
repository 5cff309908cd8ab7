import type * as LibPhoneNumber from 'libphonenumber-js/max';
import { onFirstUse } from './on-first-use.ts';

// Its full metadata (several MB in memory) only once a phone number is read.
const phoneNumbers = onFirstUse<typeof LibPhoneNumber>('libphonenumber-js/max');

/**
 * Phone numbers in one form, `+41 79 123 45 67`: libphonenumber-js reads what members and
 * imports typed (`079 123 45 67`, `0041 79…`, `791234567` from a number cell), Swiss when no
 * country code is given.
 */

/** The international form, or null when it is no valid number. */
export function normalisePhone(raw: string): string | null {
  const parsed = phoneNumbers().parsePhoneNumberFromString(raw.trim().replace(/^00/, '+'), 'CH');
  return parsed?.isValid() ? parsed.formatInternational() : null;
}

/** For lists: the international form, or the text as it was typed when it is no valid number ('' for none). */
export function displayPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  return normalisePhone(raw) ?? raw.trim();
}
