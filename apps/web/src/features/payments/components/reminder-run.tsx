import { useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { formatNumber } from '@/lib/format';
import type { ReminderRunResult } from '@club/contract';
import { useRunReminders } from '../api/run-reminders';

/** "Mahnlauf": each overdue open invoice gets its next reminder, after a confirmation. */
export function ReminderRun({ overdueCount }: { overdueCount: number }) {
  const run = useRunReminders();
  const toast = useToast();
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
        onConfirm={() =>
          run.mutate(undefined, {
            onSuccess: (result) => {
              setAsking(false);
              toast.success(reminderSummary(result));
            },
          })
        }
      >
        <p className="mb-0">
          Jede überfällige offene Rechnung erhält ihre nächste Mahnstufe (Zahlungserinnerung, 2. Mahnung, 3. Mahnung; höchstens eine Stufe
          alle 14 Tage) per E-Mail mit PDF und neuer Zahlungsfrist.
          {overdueCount > 0 ? ` Zurzeit sind ${formatNumber(overdueCount)} Rechnungen im Filter überfällig.` : ''}
        </p>
      </ConfirmDialog>
      {run.isSuccess ? <ReminderResult result={run.data} /> : null}
    </>
  );
}

/** "Mahnlauf abgeschlossen: 3 Rechnungen gemahnt." (the toast, and the result's first line) */
function reminderSummary(result: ReminderRunResult): string {
  if (result.reminded === 0) return 'Mahnlauf abgeschlossen: keine Rechnung war zu mahnen.';
  return `Mahnlauf abgeschlossen: ${result.reminded === 1 ? '1 Rechnung' : `${formatNumber(result.reminded)} Rechnungen`} gemahnt.`;
}

/** What the run did, level by level (stays until the next run; the toast said it aloud). */
function ReminderResult({ result }: { result: ReminderRunResult }) {
  const levels = [
    ['Zahlungserinnerungen', result.levels['1']],
    ['2. Mahnungen', result.levels['2']],
    ['3. Mahnungen', result.levels['3']],
  ] as const;
  return (
    <div className="alert alert-success w-100 mt-2 mb-0">
      <p className="fw-semibold mb-1">{reminderSummary(result)}</p>
      {result.reminded > 0 ? (
        <ul className="mb-0">
          {levels
            .filter(([, count]) => count > 0)
            .map(([label, count]) => (
              <li key={label}>
                {label}: {formatNumber(count)}
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
}
