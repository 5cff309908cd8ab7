import type { RetentionCandidate } from '@club/contract';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { useRetention } from '../api/get-retention';

function CandidateList({ members }: { members: RetentionCandidate[] }) {
  return (
    <ul className="mb-2">
      {members.map((m) => (
        <li key={m.id}>
          <Link to={paths.memberAdmin.href(m.id)}>
            {m.firstName} {m.lastName}
          </Link>{' '}
          (Nr. {m.memberNumber}, Mitglied bis {formatDate(m.lastMembershipEnd)})
        </li>
      ))}
    </ul>
  );
}

/**
 * What the next nightly retention run (nDSG) will do: the former members it anonymises, the ones
 * it holds back for an open invoice, the rejected applications it deletes, and the last run.
 */
export function RetentionOverview() {
  const retention = useRetention();
  return (
    <section aria-labelledby="retention-heading" className="card shadow-sm mt-4">
      <div className="card-body">
        <h2 id="retention-heading" className="h5 card-title">
          Datenschutz: Aufbewahrung
        </h2>
        {retention.isPending ? (
          <LoadingSpinner label="Wird geladen…" />
        ) : retention.isError ? (
          <ErrorAlert error={retention.error} title="Die Aufbewahrung konnte nicht geladen werden." />
        ) : (
          <>
            <p>
              Ehemalige Mitglieder werden {retention.data.retentionYears} Jahre nach dem Ende ihrer letzten Mitgliedschaft anonymisiert,
              abgelehnte Anträge nach sechs Monaten gelöscht. Nächster Lauf: {formatDateTime(retention.data.nextRunAt)} Uhr (Mitgliedschaft
              beendet vor dem {formatDate(retention.data.cutoff)}).
            </p>
            {retention.data.members.length === 0 ? (
              <p>Der nächste Lauf anonymisiert niemanden.</p>
            ) : (
              <>
                <p className="mb-1">
                  Der nächste Lauf anonymisiert {formatNumber(retention.data.members.length)}{' '}
                  {retention.data.members.length === 1 ? 'Mitglied' : 'Mitglieder'}:
                </p>
                <CandidateList members={retention.data.members} />
              </>
            )}
            {retention.data.heldBack.length > 0 ? (
              <>
                <p className="mb-1">Zurückgestellt wegen offener Rechnungen:</p>
                <CandidateList members={retention.data.heldBack} />
              </>
            ) : null}
            <p className="mb-1">Abgelehnte Anträge, die gelöscht werden: {formatNumber(retention.data.rejectedApplications)}.</p>
            <p className="mb-0 text-body-secondary small">
              {retention.data.lastRun
                ? `Letzter Lauf am ${formatDate(retention.data.lastRun.day)}: ${formatNumber(retention.data.lastRun.anonymised)} anonymisiert, ${formatNumber(retention.data.lastRun.applicationsDeleted)} Anträge gelöscht.`
                : 'Noch kein Lauf.'}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
