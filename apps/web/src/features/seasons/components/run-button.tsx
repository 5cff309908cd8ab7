import type { RunResult, Season } from '@club/contract';
import { useEffect, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatDate, formatNumber } from '@/lib/format';

interface RunButtonProps<R extends RunResult> {
  /** the season the run applies to: named in the confirmation's title and first line, and in the result */
  season: Pick<Season, 'name' | 'validFrom' | 'validTo'>;
  /** e.g. "Mitgliederbeiträge verrechnen" */
  label: string;
  /** the question in the confirmation, naming count and total */
  confirmText: ReactNode;
  disabled?: boolean;
  disabledReason?: string;
  /** "Rechnungen" or "Mitgliedschaften" */
  noun: string;
  run: () => Promise<R>;
  /** more of the result than the counts (who moved category on renewal) */
  details?: (result: R) => ReactNode;
  /** false while the confirmation's figures are still loading (its button waits) */
  ready?: boolean;
}

/** A run (fee invoices, renewal): asks first, shows progress while it runs and then its result. */
export function RunButton<R extends RunResult>({
  season,
  label,
  confirmText,
  disabled,
  disabledReason,
  noun,
  run,
  details,
  ready = true,
}: RunButtonProps<R>) {
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [result, setResult] = useState<R | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => window.clearInterval(timer);
  }, [running]);

  async function start() {
    setAsking(false);
    setSeconds(0);
    setRunning(true);
    setResult(null);
    setError(null);
    try {
      setResult(await run());
    } catch (e) {
      setError(e);
    } finally {
      setRunning(false);
    }
  }

  return (
    <div>
      <Button variant="primary" className="text-wrap text-start" disabled={disabled || running} onClick={() => setAsking(true)}>
        {label}
      </Button>
      {disabled && disabledReason ? <p className="small text-body-secondary mt-1 mb-0">{disabledReason}</p> : null}
      {running ? (
        <div className="mt-2" role="status" aria-live="polite">
          <ProgressBar animated now={100} label="" aria-label={`${label}: läuft`} />
          <p className="small mt-1 mb-0">
            {noun} werden erstellt … {seconds > 0 ? `(${seconds} s)` : ''}
          </p>
        </div>
      ) : null}
      {result ? (
        <Alert variant="success" className="mt-2 mb-0" role="status">
          Saison {season.name} – Fertig: {formatNumber(result.created)} {noun} erstellt
          {result.existing ? `, ${formatNumber(result.existing)} bestanden bereits` : ''}.{details?.(result)}
        </Alert>
      ) : null}
      {error ? <ErrorAlert error={error} title="Der Lauf wurde nicht ausgeführt." /> : null}
      <ConfirmDialog
        show={asking}
        title={`${label}: Saison ${season.name}`}
        confirmLabel="Ja, ausführen"
        variant="primary"
        pending={false}
        confirmDisabled={!ready}
        onConfirm={() => void start()}
        onCancel={() => setAsking(false)}
      >
        <p className="mb-2">
          Saison <strong>{season.name}</strong> ({formatDate(season.validFrom)} – {formatDate(season.validTo)})
        </p>
        {confirmText}
      </ConfirmDialog>
    </div>
  );
}
