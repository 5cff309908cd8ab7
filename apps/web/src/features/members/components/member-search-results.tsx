import type { MemberSearchHit } from '@club/contract';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <span className="badge text-bg-success">Aktiv</span>
  ) : (
    <span className="badge text-bg-secondary">Keine aktuelle Mitgliedschaft</span>
  );
}

/** The hits of one page: name (link), number, username, e-mail, city and status. */
export function MemberSearchResults({ hits }: { hits: readonly MemberSearchHit[] }) {
  return (
    <ul className="list-group member-hits">
      {hits.map((hit) => (
        <li key={hit.id} className="list-group-item">
          <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
            <Link to={paths.memberAdmin.href(hit.id)} className="fw-semibold">
              {hit.lastName}, {hit.firstName}
            </Link>
            <ActiveBadge active={hit.active} />
          </div>
          <div className="small text-body-secondary d-flex flex-wrap column-gap-3">
            <span>Nr. {hit.memberNumber}</span>
            <span>{hit.username}</span>
            <span className="text-break">{hit.email}</span>
            {hit.city ? <span>{hit.city}</span> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
