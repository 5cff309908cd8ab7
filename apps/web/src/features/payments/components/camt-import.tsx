import { CAMT054_MAX_BYTES, type CamtImportResult, type CamtLine, type CamtLineOutcome } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FilePicker } from '@/components/ui/file-picker';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { useImportCamt054 } from '../api/import-camt054';
import { formatBankAmount, OUTCOME_LABEL } from '../lib/labels';

/** The lists the treasurer must look at come first; what went through is folded away. */
const LIST_ORDER: CamtLineOutcome[] = [
  'CONFLICT',
  'AMOUNT_DIFFERS',
  'UNKNOWN_REFERENCE',
  'ALREADY_PAID',
  'NOT_A_PAYMENT',
  'ALREADY_IMPORTED',
  'MATCHED',
];
const FOLDED: ReadonlySet<CamtLineOutcome> = new Set(['MATCHED', 'ALREADY_IMPORTED']);

const MAX_MB = CAMT054_MAX_BYTES / (1024 * 1024);

/** One XML file of at most the size the import takes. */
const camtFormSchema = z.object({
  file: z
    .custom<FileList>((v) => typeof FileList !== 'undefined' && v instanceof FileList, { error: 'Datei: Bitte die Datei der Bank wählen.' })
    .refine((files) => files.length === 1, { error: 'Datei: Bitte die Datei der Bank wählen.' })
    .refine((files) => (files[0]?.size ?? 0) <= CAMT054_MAX_BYTES, { error: `Datei: Höchstens ${MAX_MB} MB.` })
    .transform((files) => files[0] as File),
});

/** Reads the bank's file (camt.054 notification or camt.053 statement, sent as it is) and shows what became of each line. */
export function CamtImport() {
  const importFile = useImportCamt054();
  const id = useId();
  const form = useForm<z.input<typeof camtFormSchema>, unknown, z.output<typeof camtFormSchema>>({ resolver: zodResolver(camtFormSchema) });
  const files = useWatch({ control: form.control, name: 'file' });
  const fileError = form.formState.errors.file?.message;
  const onSubmit = form.handleSubmit(({ file }) => importFile.mutate(file));

  return (
    <section aria-labelledby={`${id}-heading`} className="card mb-4">
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          Zahlungen der Bank einlesen (camt.054 oder camt.053)
        </h2>
        <form className="d-flex flex-wrap align-items-end gap-2" noValidate onSubmit={(event) => void onSubmit(event)}>
          <div className="flex-grow-1">
            <label htmlFor={`${id}-file`} className="form-label">
              Datei der Bank (XML: Gutschriftsanzeige camt.054 oder Kontoauszug camt.053)
            </label>
            <FilePicker
              id={`${id}-file`}
              accept=".xml,application/xml,text/xml"
              chosen={files?.[0]?.name}
              invalid={Boolean(fileError)}
              aria-describedby={fileError ? `${id}-file-error` : undefined}
              {...form.register('file', { onChange: () => importFile.reset() })}
            />
            {fileError ? (
              <div id={`${id}-file-error`} className="invalid-feedback d-block">
                {fileError}
              </div>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary" disabled={!files?.length || importFile.isPending}>
            {importFile.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
            Einlesen
          </button>
        </form>
        <div aria-live="polite">
          {importFile.isPending ? <p className="mt-3 mb-0">Die Datei wird eingelesen…</p> : null}
          {importFile.isError ? (
            <div className="mt-3">
              <ErrorAlert error={importFile.error} title="Die Datei wurde nicht eingelesen." />
            </div>
          ) : null}
          {importFile.isSuccess ? <CamtResult result={importFile.data} /> : null}
        </div>
      </div>
    </section>
  );
}

function CamtResult({ result }: { result: CamtImportResult }) {
  const counts: [string, number][] = [
    ['Buchungen gelesen', result.entries],
    ['Transaktionen', result.transactions],
    ['Verbucht und bezahlt', result.matched],
    ['Betrag weicht ab', result.amountsDiffer],
    ['Unbekannte Referenz', result.unknownReferences],
    ['Schon bezahlt', result.alreadyPaid],
    ['Schon eingelesen', result.alreadyImported],
    ['Nicht verbucht', result.notPayments],
    ['Widersprüche', result.conflicts],
  ];
  return (
    <div className="mt-3" data-testid="camt-result">
      <div className={`alert ${result.matched > 0 ? 'alert-success' : 'alert-info'}`} role="status">
        Datei {result.msgId} ({result.version}) eingelesen: {formatNumber(result.matched)}{' '}
        {result.matched === 1 ? 'Rechnung' : 'Rechnungen'} bezahlt, {formatMoney(result.bookedAmount)} verbucht.
      </div>
      <dl className="row row-cols-2 row-cols-md-4 g-2 small mb-3">
        {counts.map(([label, value]) => (
          <div key={label} className="col">
            <dt className="fw-normal text-body-secondary">{label}</dt>
            <dd className="fs-6 fw-semibold mb-0">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {LIST_ORDER.map((outcome) => {
        const lines = result.lines.filter((l) => l.outcome === outcome);
        if (lines.length === 0) return null;
        const heading = `${OUTCOME_LABEL[outcome]} (${formatNumber(lines.length)})`;
        return FOLDED.has(outcome) ? (
          <details key={outcome} className="mb-2">
            <summary>{heading}</summary>
            <CamtLines lines={lines} />
          </details>
        ) : (
          <div key={outcome} className="mb-3">
            <h3 className="h6">{heading}</h3>
            <CamtLines lines={lines} />
          </div>
        );
      })}
    </div>
  );
}

function CamtLines({ lines }: { lines: readonly CamtLine[] }) {
  return (
    <ul className="list-group camt-lines" tabIndex={0} aria-label="Zeilen der Datei">
      {lines.map((line, i) => (
        <li key={i} className="list-group-item small">
          <div className="d-flex flex-wrap justify-content-between column-gap-3">
            <span className="fw-semibold text-nowrap">
              {line.creditDebit === 'DBIT' ? '−' : ''}
              {formatBankAmount(line.amount)}
            </span>
            <span>{line.bookingDate ? formatDate(line.bookingDate) : 'ohne Datum'}</span>
            <span className="text-break">
              {line.invoice
                ? `Rechnung ${line.invoice.number}, ${line.invoice.memberName}`
                : line.debtorName || (line.creditDebit === 'DBIT' ? 'Belastung' : 'Auftraggeber unbekannt')}
            </span>
          </div>
          {line.reference ? <div className="text-break font-monospace">Referenz {line.reference}</div> : null}
          {line.note ? <div>{line.note}</div> : null}
        </li>
      ))}
    </ul>
  );
}
