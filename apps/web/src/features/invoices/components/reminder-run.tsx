import { useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatMoney, formatNumber } from '@/lib/format';
import type { ReminderPreview, ReminderRunResult } from '@club/contract';
import { useReminderPreview } from '../api/preview-reminders';
import { useRunReminders } from '../api/run-reminders';

/** "Mahnlauf": each overdue open invoice gets its next reminder, after a confirmation. */
export function ReminderRun({ overdueCount }: { overdueCount: number }) {
  const run = useRunReminders();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const preview = useReminderPreview(asking);
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
        confirmDisabled={!preview.isSuccess || preview.data.count === 0}
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
        {preview.isPending ? <LoadingSpinner size="sm" label="Empfänger werden ermittelt…" /> : null}
        {preview.isError ? <ErrorAlert error={preview.error} /> : null}
        {preview.isSuccess ? <ReminderRecipients preview={preview.data} /> : null}
      </ConfirmDialog>
      {run.isSuccess ? <ReminderResult result={run.data} /> : null}
    </>
  );
}

/** Whom the run will remind, at which level and for how much, before anything is sent. */
function ReminderRecipients({ preview }: { preview: ReminderPreview }) {
  if (preview.count === 0) return <p className="mt-3 mb-0 fw-semibold">Zurzeit ist keine Rechnung zu mahnen.</p>;
  return (
    <div className="mt-3" data-testid="reminder-preview">
      <p className="fw-semibold mb-2">
        {preview.count === 1 ? '1 Mahnung' : `${formatNumber(preview.count)} Mahnungen`} über total {formatMoney(preview.total)}
        {preview.fees.amount > 0 ? ` (davon Mahngebühren ${formatMoney(preview.fees)})` : ''}:
      </p>
      <ul className="list-unstyled small mb-0 reminder-preview-list">
        {preview.recipients.map((r) => (
          <li key={r.invoiceId} className="border-bottom py-1">
            <span className="fw-semibold">{r.memberName}</span> · Rechnung {r.number} · {r.levelTitle} · {formatMoney(r.amount)}
            {r.fee.amount > 0 ? ` (inkl. Mahngebühr ${formatMoney(r.fee)})` : ''}
          </li>
        ))}
      </ul>
    </div>
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
