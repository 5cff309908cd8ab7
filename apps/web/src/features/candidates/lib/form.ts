import type { Candidate, CandidateAdminInput } from '@club/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/** Countries offered in the form (ISO codes); the list starts with the usual ones. */
export const COUNTRIES: readonly { code: string; name: string }[] = [
  { code: 'CH', name: 'Schweiz' },
  { code: 'LI', name: 'Liechtenstein' },
  { code: 'DE', name: 'Deutschland' },
  { code: 'AT', name: 'Österreich' },
  { code: 'FR', name: 'Frankreich' },
  { code: 'IT', name: 'Italien' },
];

/** An empty form: every text field '' (so inputs stay controlled), country CH. */
export function emptyCandidateForm(): CandidateAdminInput {
  return {
    firstName: '',
    lastName: '',
    email: '',
    dateOfBirth: '',
    address: { street: '', houseNumber: '', addressLine2: '', postalCode: '', city: '', country: 'CH' },
    mobile: '',
    landLine: '',
    remarks: '',
  };
}

/** A stored application as form values (for the board's edit form). */
export function candidateFormValues(c: Candidate): CandidateAdminInput {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    dateOfBirth: c.dateOfBirth,
    address: { ...c.address },
    mobile: c.mobile,
    landLine: c.landLine,
    remarks: c.remarks,
    applicationDate: c.applicationDate,
  };
}

/**
 * Puts the server's German field messages beside the fields (`address.city` is a field
 * path as react-hook-form names it). Returns true when at least one field took a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known: readonly string[]): boolean {
  if (!isApiError(error)) return false;
  let first = true;
  for (const [field, message] of Object.entries(error.fields)) {
    if (!known.includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}

/** Every field path of the form, as the server names them in `error.fields`. */
export const CANDIDATE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'dateOfBirth',
  'address.street',
  'address.houseNumber',
  'address.addressLine2',
  'address.postalCode',
  'address.city',
  'address.country',
  'mobile',
  'landLine',
  'remarks',
  'applicationDate',
] as const;
