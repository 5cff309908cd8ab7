import type { MemberSearchHit, PageInfo } from '@club/contract';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';

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

/** "Seite 2 von 7" with previous and next. */
export function MemberPager({ page, onPage }: { page: PageInfo; onPage: (page: number) => void }) {
  if (page.totalPages <= 1) return null;
  return (
    <nav aria-label="Seiten der Trefferliste" className="d-flex flex-wrap align-items-center gap-2 mt-3">
      <button type="button" className="btn btn-outline-primary" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
        ‹ Zurück
      </button>
      <span aria-live="polite">
        Seite {formatNumber(page.page)} von {formatNumber(page.totalPages)}
      </span>
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={page.page >= page.totalPages}
        onClick={() => onPage(page.page + 1)}
      >
        Weiter ›
      </button>
    </nav>
  );
}
