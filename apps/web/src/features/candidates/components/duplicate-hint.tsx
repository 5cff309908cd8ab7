import type { CandidateDuplicate } from '@club/contract';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

function target(d: CandidateDuplicate): { href: string; text: string } {
  return d.kind === 'MEMBER'
    ? { href: paths.memberAdmin.href(d.id), text: `dem Mitglied ${d.name}` }
    : { href: paths.adminCandidateEdit.href(d.id), text: `dem offenen Antrag von ${d.name}` };
}

/** Short form for the list: a badge. */
export function DuplicateBadge({ duplicate }: { duplicate: CandidateDuplicate }) {
  return (
    <span className="badge text-bg-danger-subtle border border-danger-subtle text-danger-emphasis">
      {duplicate.kind === 'MEMBER' ? 'E-Mail bereits Mitglied' : 'Doppelter Antrag?'}
    </span>
  );
}

/** Long form for the detail: the board decides, nothing is merged. */
export function DuplicateAlert({ duplicate }: { duplicate: CandidateDuplicate }) {
  const { href, text } = target(duplicate);
  return (
    <div className="alert alert-warning" role="note">
      <p className="fw-semibold mb-1">Mögliches Duplikat</p>
      <p className="mb-0">
        Die E-Mail-Adresse gehört bereits <Link to={href}>{text}</Link>. Bitte prüfen Sie, ob es sich um dieselbe Person handelt, bevor Sie
        den Antrag annehmen.
      </p>
    </div>
  );
}
