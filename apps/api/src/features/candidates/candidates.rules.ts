import type { CandidateDuplicate, CandidateStatus } from '@club/contract';
import { AppError } from '../../lib/app-error.ts';

export type CandidateDecision = 'ACCEPT' | 'REJECT';

/**
 * The one transition of a candidate's status: PENDING → ACCEPTED | REJECTED.
 * Both results are final; anything else is refused with 409 ALREADY_DECIDED.
 */
export function nextCandidateStatus(current: CandidateStatus, decision: CandidateDecision): CandidateStatus {
  if (current !== 'PENDING') {
    const was = current === 'ACCEPTED' ? 'aufgenommen' : 'abgelehnt';
    throw new AppError('ALREADY_DECIDED', `Über diesen Antrag wurde bereits entschieden: er wurde ${was}.`);
  }
  return decision === 'ACCEPT' ? 'ACCEPTED' : 'REJECTED';
}

/** Only open applications may be edited. */
export function assertEditable(current: CandidateStatus): void {
  if (current !== 'PENDING') {
    throw new AppError('ALREADY_DECIDED', 'Über diesen Antrag wurde bereits entschieden; er kann nicht mehr geändert werden.');
  }
}

interface Person {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: Date | null;
}

/** Members and other open applications that may be the applicant (any order, unfiltered). */
export interface DuplicateCandidates {
  members: readonly Person[];
  candidates: readonly Person[];
}

const fold = (text: string) => text.trim().normalize('NFC').toLocaleLowerCase('de-CH');
const sameDay = (a: Date | null, b: Date | null) => a !== null && b !== null && a.getTime() === b.getTime();

/** Why `other` may be the applicant: the same e-mail address, or the same name and birth date (case-insensitive); null if neither. */
export function duplicateReason(applicant: Omit<Person, 'id'>, other: Omit<Person, 'id'>): CandidateDuplicate['reason'] | null {
  if (fold(applicant.email) === fold(other.email)) return 'EMAIL';
  if (
    fold(applicant.firstName) === fold(other.firstName) &&
    fold(applicant.lastName) === fold(other.lastName) &&
    sameDay(applicant.dateOfBirth, other.dateOfBirth)
  ) {
    return 'NAME_AND_BIRTH_DATE';
  }
  return null;
}

/**
 * Every member and other open application that may be the applicant (`applicant.id` itself is
 * skipped): members first, then applications, the oldest first within each.
 */
export function findDuplicates(applicant: Person, found: DuplicateCandidates): CandidateDuplicate[] {
  const of = (kind: CandidateDuplicate['kind'], people: readonly Person[]) =>
    [...people]
      .filter((p) => kind === 'MEMBER' || p.id !== applicant.id)
      .sort((a, b) => a.id - b.id)
      .flatMap((p) => {
        const reason = duplicateReason(applicant, p);
        return reason ? [{ kind, id: p.id, name: `${p.firstName} ${p.lastName}`, reason }] : [];
      });
  return [...of('MEMBER', found.members), ...of('CANDIDATE', found.candidates)];
}
