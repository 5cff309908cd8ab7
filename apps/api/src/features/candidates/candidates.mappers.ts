import type { Candidate, CandidateData, CandidateDuplicate } from '@club/contract';
import { fromIsoDate, toIsoDate } from '../../lib/dates.ts';
import type { CandidateFields, CandidateRow } from './candidates.repository.ts';

/** Contract input → table fields (the address is flat in the table). */
export function toCandidateFields(input: CandidateData): CandidateFields {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    dateOfBirth: fromIsoDate(input.dateOfBirth),
    street: input.address.street,
    houseNumber: input.address.houseNumber,
    addressLine2: input.address.addressLine2,
    postalCode: input.address.postalCode,
    city: input.address.city,
    country: input.address.country,
    mobile: input.mobile,
    landLine: input.landLine,
    remarks: input.remarks,
  };
}

export function toCandidate(row: CandidateRow, duplicates: CandidateDuplicate[]): Candidate {
  const open = row.status === 'PENDING';
  return {
    id: row.id,
    applicationDate: toIsoDate(row.applicationDate),
    status: row.status,
    source: row.source,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    dateOfBirth: toIsoDate(row.dateOfBirth),
    address: {
      street: row.street,
      houseNumber: row.houseNumber,
      addressLine2: row.addressLine2,
      postalCode: row.postalCode,
      city: row.city,
      country: row.country,
    },
    mobile: row.mobile,
    landLine: row.landLine,
    remarks: row.remarks,
    requestedCategory: row.requestedCategory,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    decidedBy: row.decidedBy ? { id: row.decidedBy.id, name: `${row.decidedBy.firstName} ${row.decidedBy.lastName}` } : null,
    memberId: row.member?.id ?? null,
    memberUsername: row.member?.username ?? null,
    duplicateOf: open ? (duplicates[0] ?? null) : null,
    duplicates: open ? duplicates : [],
  };
}

/** `2025-05-01` → `01.05.2025` (mail texts). */
export function deChDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

const TRACKED = [
  'applicationDate',
  'firstName',
  'lastName',
  'email',
  'dateOfBirth',
  'street',
  'houseNumber',
  'addressLine2',
  'postalCode',
  'city',
  'country',
  'mobile',
  'landLine',
  'remarks',
] as const;

/** Names of the fields an edit changed (for the audit log; the values stay out of it). */
export function changedFields(before: CandidateRow, after: CandidateRow): string[] {
  const value = (v: string | Date) => (v instanceof Date ? v.toISOString() : v);
  return TRACKED.filter((k) => value(before[k]) !== value(after[k]));
}
