import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { Link } from 'react-router-dom';
import type { MemberImport } from '@club/contract';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { formatCount, formatNumber } from '@/lib/format';
import { useCommitMemberImport } from '../api/member-imports';

/** Step 4: «Importieren» (error rows left out only when the board ticks it), then the counts. */
export function ImportCommitCard({ data }: { data: MemberImport }) {
  const commit = useCommitMemberImport(data.id);
  const [skipErrors, setSkipErrors] = useState(false);
  const result = commit.data ?? data.result;

  if (result) {
    return (
      <SectionCard id="import-commit" title="Importiert">
        <Alert variant="success" className="mb-2">
          Import abgeschlossen: {formatCount(result.created, 'neues Mitglied', 'neue Mitglieder')}, {formatNumber(result.updated)}{' '}
          aktualisiert, {formatNumber(result.skipped)} übersprungen, {formatCount(result.invited, 'Einladung', 'Einladungen')}.
        </Alert>
        {data.invitationsWaiting > 0 ? (
          <p>
            {formatCount(data.invitationsWaiting, 'Einladung wartet', 'Einladungen warten')} noch auf den Versand (höchstens eine bestimmte
            Zahl pro Minute).
          </p>
        ) : null}
        <Link className="btn btn-primary" to={paths.members.href()}>
          Zu den Mitgliedern
        </Link>
      </SectionCard>
    );
  }
  const blocked = data.counts.error > 0 && !skipErrors;
  return (
    <SectionCard id="import-commit" title="4. Importieren">
      <p>
        Übernommen werden {formatCount(data.counts.new, 'neues Mitglied', 'neue Mitglieder')} und{' '}
        {formatCount(data.counts.update, 'Aktualisierung', 'Aktualisierungen')}, alle zusammen oder keine.
      </p>
      {data.counts.error > 0 ? (
        <Form.Check
          className="mb-3"
          id="import-skip-errors"
          checked={skipErrors}
          onChange={(event) => setSkipErrors(event.target.checked)}
          label={
            data.counts.error === 1
              ? 'Die Zeile mit Fehlern auslassen'
              : `Die ${formatNumber(data.counts.error)} Zeilen mit Fehlern auslassen`
          }
        />
      ) : null}
      {commit.isPending ? (
        <div className="mb-3" aria-live="polite">
          <ProgressBar animated now={100} aria-label="Mitglieder werden übernommen" />
          <p className="small mt-1 mb-0">Mitglieder werden übernommen…</p>
        </div>
      ) : null}
      {commit.isError ? <ErrorAlert error={commit.error} title="Der Import wurde nicht übernommen." /> : null}
      <Button disabled={blocked || commit.isPending} onClick={() => commit.mutate({ skipErrors })}>
        Importieren
      </Button>
    </SectionCard>
  );
}
