import type { CandidateDuplicate } from '@club/contract';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

function target(d: CandidateDuplicate): { href: string; text: string } {
  return d.kind === 'MEMBER'
    ? { href: paths.memberAdmin.href(d.id), text: `Mitglied ${d.name}` }
    : { href: paths.adminCandidateEdit.href(d.id), text: `offener Antrag von ${d.name}` };
}

const reasons: Record<CandidateDuplicate['reason'], string> = {
  EMAIL: 'gleiche E-Mail-Adresse',
  NAME_AND_BIRTH_DATE: 'gleicher Name und Geburtsdatum',
};

/** Short form for the list: a badge. */
export function DuplicateBadge({ duplicate }: { duplicate: CandidateDuplicate }) {
  return (
    <span className="badge text-bg-danger-subtle border border-danger-subtle text-danger-emphasis">
      {duplicate.kind === 'CANDIDATE'
        ? 'Doppelter Antrag?'
        : duplicate.reason === 'EMAIL'
          ? 'E-Mail bereits Mitglied'
          : 'Bereits Mitglied?'}
    </span>
  );
}

/** The possible duplicates, each linked, with why it may be the same person. */
export function DuplicateList({ duplicates }: { duplicates: readonly CandidateDuplicate[] }) {
  return (
    <ul className="mb-0">
      {duplicates.map((d) => {
        const { href, text } = target(d);
        return (
          <li key={`${d.kind}-${d.id}`}>
            <Link to={href}>{text}</Link> ({reasons[d.reason]})
          </li>
        );
      })}
    </ul>
  );
}

/** Long form for the detail: the board decides, nothing is merged. */
export function DuplicateAlert({ duplicates }: { duplicates: readonly CandidateDuplicate[] }) {
  return (
    <div className="alert alert-warning" role="note">
      <p className="fw-semibold mb-1">{duplicates.length === 1 ? 'Mögliches Duplikat' : 'Mögliche Duplikate'}</p>
      <p className="mb-1">Diese Person ist vielleicht schon bekannt:</p>
      <DuplicateList duplicates={duplicates} />
      <p className="mt-2 mb-0">
        Bitte prüfen Sie, ob es sich um dieselbe Person handelt. Das Annehmen verlangt dann eine ausdrückliche Bestätigung.
      </p>
    </div>
  );
}
