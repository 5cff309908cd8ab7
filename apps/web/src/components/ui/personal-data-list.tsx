import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format';
import { NotGiven } from './not-given';

interface PersonalDataListProps {
  member: { firstName: string; lastName: string; memberNumber: number; username: string; email: string };
  dateOfBirth: string | null;
  /** Shown below the e-mail address (a pending change, a link). */
  emailNote?: ReactNode;
  /** Further rows (`dt` and `dd`) after the date of birth. */
  children?: ReactNode;
}

/** A member's name, number, username, e-mail and date of birth as a description list. */
export function PersonalDataList({ member, dateOfBirth, emailNote, children }: PersonalDataListProps) {
  return (
    <dl className="row mb-0">
      <dt className="col-sm-5">Name</dt>
      <dd className="col-sm-7">
        {member.firstName} {member.lastName}
      </dd>
      <dt className="col-sm-5">Mitgliedernummer</dt>
      <dd className="col-sm-7">{member.memberNumber}</dd>
      <dt className="col-sm-5">Benutzername</dt>
      <dd className="col-sm-7">{member.username}</dd>
      <dt className="col-sm-5">E-Mail</dt>
      <dd className="col-sm-7 text-break">
        {member.email}
        {emailNote}
      </dd>
      <dt className="col-sm-5">Geburtsdatum</dt>
      <dd className="col-sm-7">{dateOfBirth ? formatDate(dateOfBirth) : <NotGiven />}</dd>
      {children}
    </dl>
  );
}
