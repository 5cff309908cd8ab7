import { useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatNumber } from '@/lib/format';
import { useRunReminders, type ReminderRunResult } from '../api/run-reminders';

/** German names of the counts a reminder run may answer with; others are shown as they come. */
const COUNT_LABEL: Record<string, string> = {
  sent: 'Versandt',
  reminded: 'Gemahnt',
  created: 'Erstellt',
  level1: 'Zahlungserinnerungen',
  level2: '2. Mahnungen',
  level3: '3. Mahnungen',
  skipped: 'Übersprungen',
  existing: 'Schon gemahnt',
};

/** "Mahnlauf": each overdue open invoice gets its next reminder, after a confirmation. */
export function ReminderRun({ overdueCount }: { overdueCount: number }) {
  const run = useRunReminders();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline-danger" onClick={() => setAsking(true)} disabled={run.isPending}>
        {run.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
        Mahnlauf
      </button>
      <ConfirmDialog
        show={asking}
        title="Mahnlauf starten?"
        confirmLabel="Mahnungen versenden"
        variant="primary"
        pending={run.isPending}
        error={run.error}
        onCancel={() => {
          setAsking(false);
          run.reset();
        }}
        onConfirm={() => run.mutate(undefined, { onSuccess: () => setAsking(false) })}
      >
        <p className="mb-0">
          Jede überfällige offene Rechnung erhält ihre nächste Mahnstufe (Zahlungserinnerung, 2. Mahnung, 3. Mahnung; höchstens eine Stufe alle 14 Tage) per E-Mail mit PDF und neuer Zahlungsfrist.
          {overdueCount > 0 ? ` Zurzeit sind ${formatNumber(overdueCount)} Rechnungen im Filter überfällig.` : ''}
        </p>
      </ConfirmDialog>
      {run.isSuccess ? <ReminderResult result={run.data} /> : null}
    </>
  );
}

function ReminderResult({ result }: { result: ReminderRunResult }) {
  const entries = Object.entries(result).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
  return (
    <div className="alert alert-success w-100 mt-2 mb-0" role="status">
      <p className="fw-semibold mb-1">Mahnlauf abgeschlossen.</p>
      {entries.length ? (
        <ul className="mb-0">
          {entries.map(([key, value]) => (
            <li key={key}>
              {COUNT_LABEL[key] ?? key}: {formatNumber(value)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
