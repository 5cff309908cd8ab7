import type { Membership } from '@club/contract';
import { formatDate, todayInZurich } from '@/lib/format';
import { isCurrentMembership, sortMemberships } from '../lib/membership';

export function MembershipList({ memberships }: { memberships: readonly Membership[] }) {
  const today = todayInZurich();
  const sorted = sortMemberships(memberships);
  return (
    <section aria-labelledby="memberships-heading" className="card shadow-sm h-100">
      <div className="card-body">
        <h2 id="memberships-heading" className="h4 card-title">
          Mitgliedschaften
        </h2>
        {sorted.length === 0 ? (
          <p className="mb-0">Keine Mitgliedschaften.</p>
        ) : (
          <ul className="list-group list-group-flush">
            {sorted.map((membership) => {
              const current = isCurrentMembership(membership, today);
              return (
                <li
                  key={membership.id}
                  className={`list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2 px-0${current ? ' current-marker px-2 rounded' : ''}`}
                  aria-current={current ? 'true' : undefined}
                >
                  <span>
                    <span className="fw-semibold">Saison {membership.seasonName}</span>
                    <br />
                    <span className="small">
                      {formatDate(membership.validFrom)} – {formatDate(membership.validTo)} · {membership.categoryName}
                    </span>
                  </span>
                  {current ? <span className="badge text-bg-primary">Aktuelle Mitgliedschaft</span> : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
