import type { Candidate, CandidateAdminInput } from '@club/contract';

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
