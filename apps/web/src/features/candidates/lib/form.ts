import type { Candidate, CandidateAdminInput } from '@club/contract';
import { addressFieldPaths, emptyAddress } from '@/components/ui/address-fields';

/** An empty form: every text field '' (so inputs stay controlled), country CH. */
export function emptyCandidateForm(): CandidateAdminInput {
  return {
    firstName: '',
    lastName: '',
    email: '',
    dateOfBirth: '',
    address: { ...emptyAddress },
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
  ...addressFieldPaths('address'),
  'mobile',
  'landLine',
  'remarks',
  'applicationDate',
];
