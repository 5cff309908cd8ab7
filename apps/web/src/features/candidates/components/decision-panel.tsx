import type { Candidate } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useDecideCandidate, type Decision } from '../api/decide-candidate';
import { DuplicateList } from './duplicate-hint';

const texts: Record<Decision, { title: string; body: (name: string) => string; confirm: string; variant: 'success' | 'danger' }> = {
  accept: {
    title: 'Antrag annehmen?',
    body: (name) =>
      `${name} wird Mitglied für die aktuelle Saison und erhält eine Willkommensmail mit dem Link zum Login. Das kann nicht rückgängig gemacht werden.`,
    confirm: 'Annehmen',
    variant: 'success',
  },
  reject: {
    title: 'Antrag ablehnen?',
    body: (name) => `${name} erhält eine freundliche Absage per E-Mail. Das kann nicht rückgängig gemacht werden.`,
    confirm: 'Ablehnen',
    variant: 'danger',
  },
};

/** Accept or reject an open application, each after a confirmation. */
export function DecisionPanel({ candidate, onDecided }: { candidate: Candidate; onDecided: (c: Candidate) => void }) {
  const decide = useDecideCandidate();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [checked, setChecked] = useState(false);
  const name = `${candidate.firstName} ${candidate.lastName}`;
  const duplicates = candidate.duplicates;
  const mustConfirm = asking === 'accept' && duplicates.length > 0;

  const ask = (decision: Decision) => {
    setChecked(false);
    setAsking(decision);
  };
  const confirm = async (decision: Decision) => {
    // mutateAsync: the panel unmounts as soon as the application shows as decided.
    try {
      onDecided(await decide.mutateAsync({ id: candidate.id, decision, confirmDuplicates: mustConfirm && checked }));
    } catch {
      setAsking(null);
    }
  };
  const text = asking ? texts[asking] : null;

  return (
    <section className="card shadow-sm" aria-labelledby="decision-heading">
      <div className="card-body">
        <h2 id="decision-heading" className="h4">
          Entscheid
        </h2>
        <p>Nach dem Entscheid ist der Antrag abgeschlossen und kann nicht mehr geändert werden.</p>
        {decide.isError ? <ErrorAlert error={decide.error} /> : null}
        <div className="d-flex flex-wrap gap-2">
          <Button variant="success" onClick={() => ask('accept')} disabled={decide.isPending}>
            Annehmen
          </Button>
          <Button variant="outline-danger" onClick={() => ask('reject')} disabled={decide.isPending}>
            Ablehnen
          </Button>
        </div>
      </div>
      <ConfirmDialog
        show={asking !== null}
        title={text?.title ?? ''}
        confirmLabel={text?.confirm ?? ''}
        variant={text?.variant}
        pending={decide.isPending}
        confirmDisabled={mustConfirm && !checked}
        onConfirm={() => (asking ? void confirm(asking) : undefined)}
        onCancel={() => setAsking(null)}
      >
        {text ? <p className={mustConfirm ? undefined : 'mb-0'}>{text.body(name)}</p> : null}
        {mustConfirm ? (
          <>
            <div className="alert alert-warning">
              <p className="fw-semibold mb-1">Diese Person ist vielleicht schon bekannt:</p>
              <DuplicateList duplicates={duplicates} />
            </div>
            <div className="form-check">
              <input
                id="confirm-duplicates"
                type="checkbox"
                className="form-check-input"
                checked={checked}
                onChange={(e) => setChecked(e.target.checked)}
              />
              <label htmlFor="confirm-duplicates" className="form-check-label">
                Ich habe geprüft: {name} ist eine andere Person und wird trotzdem als neues Mitglied aufgenommen.
              </label>
            </div>
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
