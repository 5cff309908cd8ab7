import type { Candidate } from '@club/contract';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { candidateQueryOptions, useCandidate } from '../api/get-candidate';
import { CandidateDetails } from '../components/candidate-details';
import { DecisionPanel } from '../components/decision-panel';
import { DuplicateAlert } from '../components/duplicate-hint';
import { EditCandidateForm } from '../components/edit-candidate-form';
import { StatusBadge } from '../components/status-badge';
import { candidateFormValues } from '../lib/form';
import { loadBoardQueries, positiveId, type ScreenLoader } from '@/lib/loaders';

function BackLink() {
  return (
    <p className="mb-3">
      <Link to={paths.adminCandidates.href()}>
        <span aria-hidden="true">← </span>Alle Anträge
      </Link>
    </p>
  );
}

function Decided({ candidate: c }: { candidate: Candidate }) {
  const by = c.decidedBy ? ` von ${c.decidedBy.name}` : '';
  const when = c.decidedAt ? ` am ${formatDateTime(c.decidedAt)}` : '';
  if (c.status === 'ACCEPTED') {
    return (
      <div className="alert alert-success">
        Aufgenommen{when}
        {by}.{' '}
        {c.memberId ? (
          <>
            Mitglied: <Link to={paths.memberAdmin.href(c.memberId)}>{c.memberUsername ?? `Nr. ${c.memberId}`}</Link>
          </>
        ) : null}
      </div>
    );
  }
  return (
    <div className="alert alert-secondary">
      Abgelehnt{when}
      {by}.
    </div>
  );
}

/** What the toast says after the board decided. */
function decidedText(c: Candidate): string {
  return c.status === 'ACCEPTED'
    ? `${c.firstName} ${c.lastName} ist jetzt Mitglied (Benutzername ${c.memberUsername ?? '–'}). Die Willkommensmail ist unterwegs.`
    : `Der Antrag ist abgelehnt. ${c.firstName} ${c.lastName} erhält eine Absage per E-Mail.`;
}

export default function AdminCandidateEditPage() {
  const { id: rawId } = useParams();
  const id = positiveId(rawId) ?? 0;
  const valid = id > 0;
  const query = useCandidate(id);
  const toast = useToast();

  if (!valid || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return (
      <>
        <PageHeader title="Mitgliedschaftsantrag" />
        <BackLink />
        <ErrorAlert message="Diesen Mitgliedschaftsantrag gibt es nicht." />
      </>
    );
  }
  if (query.isPending) {
    return (
      <>
        <PageHeader title="Mitgliedschaftsantrag" />
        <PageSpinner label="Antrag wird geladen…" />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title="Mitgliedschaftsantrag" />
        <BackLink />
        <ErrorAlert error={query.error}>
          <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
            Erneut versuchen
          </Button>
        </ErrorAlert>
      </>
    );
  }

  const c = query.data;
  return (
    <>
      <PageHeader title={`Antrag von ${c.firstName} ${c.lastName}`}>
        <p className="d-flex flex-wrap align-items-center gap-2 mt-2 mb-0">
          <StatusBadge status={c.status} />
          <span>Eingegangen am {formatDate(c.applicationDate)}</span>
          <span className="text-body-secondary">· {c.source === 'PAPER' ? 'Papierantrag' : 'Online-Formular'}</span>
        </p>
      </PageHeader>
      <BackLink />
      {c.duplicates.length > 0 ? <DuplicateAlert duplicates={c.duplicates} /> : null}
      {c.status === 'PENDING' ? (
        <div className="row g-4">
          <div className="col-lg-4 order-lg-2">
            <DecisionPanel candidate={c} onDecided={(decided) => toast.success(decidedText(decided))} />
          </div>
          <div className="col-lg-8 order-lg-1">
            <EditCandidateForm
              key={JSON.stringify(candidateFormValues(c))}
              candidate={c}
              onSaved={() => toast.success('Die Änderungen sind gespeichert.')}
            />
          </div>
        </div>
      ) : (
        <>
          <Decided candidate={c} />
          <div className="row">
            <div className="col-lg-8">
              <CandidateDetails candidate={c} />
            </div>
          </div>
        </>
      )}
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient, { params }) => {
  const id = positiveId(params.id);
  return id ? [queryClient.ensureQueryData(candidateQueryOptions(id))] : [];
});
