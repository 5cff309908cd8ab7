import { candidateStatusLabels, candidateStatusSchema, type Candidate, type CandidateStatus } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { candidatesQueryOptions, useCandidates } from '../api/get-candidates';
import { DuplicateBadge } from '../components/duplicate-hint';
import { NewCandidateForm } from '../components/new-candidate-form';
import { StatusBadge } from '../components/status-badge';
import { loadBoardQueries, type ScreenLoader } from '@/lib/loaders';

function CandidateItem({ candidate: c }: { candidate: Candidate }) {
  return (
    <li className="list-group-item p-0">
      <Link to={paths.adminCandidateEdit.href(c.id)} className="list-group-item-action d-block px-3 py-2 text-reset text-decoration-none">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
          <div className="min-w-0">
            <span className="fw-semibold text-primary text-decoration-underline">
              {c.firstName} {c.lastName}
            </span>
            <br />
            <span className="small text-break">{c.email}</span>
          </div>
          <div className="text-sm-end small">
            <span>Eingegangen {formatDate(c.applicationDate)}</span>
            <div className="d-flex flex-wrap gap-1 justify-content-sm-end mt-1">
              <StatusBadge status={c.status} />
              {c.source === 'PAPER' ? <span className="badge text-bg-light border">Papier</span> : null}
              {c.duplicateOf ? <DuplicateBadge duplicate={c.duplicateOf} /> : null}
            </div>
          </div>
        </div>
      </Link>
    </li>
  );
}

function parseStatus(raw: string | null): CandidateStatus | undefined {
  const parsed = candidateStatusSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

const emptyText: Record<CandidateStatus | 'ALL', string> = {
  ALL: 'Es sind noch keine Anträge eingegangen.',
  PENDING: 'Keine offenen Anträge – alles erledigt.',
  ACCEPTED: 'Noch keine aufgenommenen Anträge.',
  REJECTED: 'Keine abgelehnten Anträge.',
};

export default function AdminCandidatesPage() {
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const [creating, setCreating] = useState(false);
  const candidates = useCandidates(status);
  const open = candidates.data?.filter((c) => c.status === 'PENDING').length ?? 0;

  return (
    <>
      <PageHeader title="Mitgliedschaftsanträge" intro="Eingegangene Anträge prüfen, annehmen oder ablehnen." />
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
        <Form.Group controlId="candidate-status-filter" style={{ minWidth: '12rem' }}>
          <Form.Label>Status</Form.Label>
          <Form.Select
            value={status ?? ''}
            onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {}, { replace: true })}
          >
            <option value="">Alle</option>
            {candidateStatusSchema.options.map((s) => (
              <option key={s} value={s}>
                {candidateStatusLabels[s]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {creating ? null : (
          <Button variant="outline-primary" onClick={() => setCreating(true)}>
            Papierantrag erfassen
          </Button>
        )}
      </div>
      {creating ? <NewCandidateForm onCancel={() => setCreating(false)} /> : null}

      {candidates.isPending ? (
        <PageSpinner label="Anträge werden geladen…" />
      ) : candidates.isError ? (
        <ErrorAlert error={candidates.error}>
          <Button variant="outline-danger" size="sm" onClick={() => void candidates.refetch()}>
            Erneut versuchen
          </Button>
        </ErrorAlert>
      ) : candidates.data.length === 0 ? (
        <p className="text-body-secondary">{emptyText[status ?? 'ALL']}</p>
      ) : (
        <section aria-labelledby="candidate-list-heading">
          <h2 id="candidate-list-heading" className="h5">
            {candidates.data.length} {candidates.data.length === 1 ? 'Antrag' : 'Anträge'}
            {status === undefined && open > 0 ? `, davon ${open} offen` : ''}
          </h2>
          <ul className="list-group shadow-sm">
            {candidates.data.map((c) => (
              <CandidateItem key={c.id} candidate={c} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient, { search }) => [
  queryClient.ensureQueryData(candidatesQueryOptions(parseStatus(search.get('status')))),
]);
