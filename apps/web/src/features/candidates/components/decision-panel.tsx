import type { Candidate } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useDecideCandidate, type Decision } from '../api/decide-candidate';

const texts: Record<Decision, { title: string; body: (name: string) => string; confirm: string; variant: string }> = {
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
  const name = `${candidate.firstName} ${candidate.lastName}`;

  const confirm = async (decision: Decision) => {
    // mutateAsync: the panel unmounts as soon as the application shows as decided.
    try {
      onDecided(await decide.mutateAsync({ id: candidate.id, decision }));
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
          <Button variant="success" onClick={() => setAsking('accept')} disabled={decide.isPending}>
            Annehmen
          </Button>
          <Button variant="outline-danger" onClick={() => setAsking('reject')} disabled={decide.isPending}>
            Ablehnen
          </Button>
        </div>
      </div>
      <Modal show={asking !== null} onHide={() => (decide.isPending ? undefined : setAsking(null))} centered aria-labelledby="decision-dialog-title">
        {text && asking ? (
          <>
            <Modal.Header closeButton closeLabel="Schliessen">
              <Modal.Title id="decision-dialog-title" as="h2" className="h5">
                {text.title}
              </Modal.Title>
            </Modal.Header>
            <Modal.Body>{text.body(name)}</Modal.Body>
            <Modal.Footer>
              <Button variant="outline-secondary" onClick={() => setAsking(null)} disabled={decide.isPending}>
                Abbrechen
              </Button>
              <Button variant={text.variant} onClick={() => void confirm(asking)} disabled={decide.isPending}>
                {decide.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
                {text.confirm}
              </Button>
            </Modal.Footer>
          </>
        ) : null}
      </Modal>
    </section>
  );
}
