import { REVIEW_WAITING_DAYS, type PaymentSuggestion, type UnmatchedCredit } from '@club/contract';
import { useId, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { Pager } from '@/components/ui/pager';
import { useToast } from '@/components/ui/toast';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { useBookCredit, useUndoCreditDecision } from '../api/book-credit';
import { useUnmatchedCredits } from '../api/get-unmatched-credits';
import { formatBankAmount, REVIEW_OUTCOME_LABEL } from '../lib/labels';
import { BookCreditDialog, DecideCreditDialog, SplitCreditDialog, type CreditDone } from './credit-dialogs';

type Dialog = { kind: 'search' | 'split' | 'decide'; credit: UnmatchedCredit } | null;

/**
 * The credits listed for review: every credit of the bank files the import did not book cleanly
 * (unknown reference, conflict, paid invoice, amount differs, foreign currency, other account),
 * newest first, until the board decides it: book it on a suggested invoice or one found by search,
 * split it across several, or close it without booking. The last step can be undone.
 */
export function UnmatchedCredits() {
  const [page, setPage] = useState(1);
  const credits = useUnmatchedCredits(page);
  const book = useBookCredit();
  const undo = useUndoCreditDecision();
  const toast = useToast();
  const id = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<{ credit: UnmatchedCredit; what: string } | null>(null);

  const onDone: CreditDone = (credit, what) => {
    setDialog(null);
    undo.reset();
    setDone({ credit, what });
    toast.success(`Gutschrift ${what}.`);
  };
  const totalPages = credits.data?.page.totalPages ?? 1;

  return (
    <section aria-labelledby={`${id}-heading`} className="card mb-4" data-testid="unmatched-credits">
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          Gutschriften zur Prüfung
          {credits.data && credits.data.total > 0 ? (
            <span className="badge text-bg-warning ms-2">{formatNumber(credits.data.total)}</span>
          ) : null}
        </h2>
        {credits.data && credits.data.waitingLongCount > 0 ? <WaitingLong count={credits.data.waitingLongCount} /> : null}
        <div aria-live="polite">
          {done ? <DoneNotice done={done} undo={undo} onUndone={() => setDone(null)} /> : null}
          {undo.isError ? <ErrorAlert error={undo.error} title="Das liess sich nicht rückgängig machen." /> : null}
          {book.isError ? <ErrorAlert error={book.error} title="Die Gutschrift wurde nicht verbucht." /> : null}
        </div>
        {credits.isPending ? (
          <LoadingSpinner label="Gutschriften werden geladen…" />
        ) : credits.isError ? (
          <ErrorAlert error={credits.error} title="Die Gutschriften konnten nicht geladen werden." />
        ) : credits.data.credits.length === 0 ? (
          <p className="mb-0">Keine Gutschriften zur Prüfung: Jede eingelesene Gutschrift ist verbucht oder entschieden.</p>
        ) : (
          <>
            <p className="small text-body-secondary">
              Jede Gutschrift, die das Einlesen nicht verbuchen konnte, bleibt hier, bis Sie sie einer Rechnung zuordnen, aufteilen oder
              ohne Buchung abschliessen. Vorschläge nach Rechnungsnummer in der Mitteilung, Betrag und Name.
            </p>
            <ul className="list-group">
              {credits.data.credits.map((credit) => (
                <CreditItem
                  key={credit.id}
                  credit={credit}
                  pendingInvoiceId={
                    book.isPending && book.variables.paymentId === credit.id && typeof book.variables.invoiceId === 'number'
                      ? book.variables.invoiceId
                      : null
                  }
                  disabled={book.isPending}
                  onOpen={(kind) => setDialog({ kind, credit })}
                  onBook={(invoiceId, invoiceLabel) =>
                    book.mutate(
                      { paymentId: credit.id, invoiceId },
                      {
                        onSuccess: (booked) =>
                          onDone(credit, `auf Rechnung ${invoiceLabel} verbucht${booked.note ? ` (${booked.note})` : ''}`),
                      },
                    )
                  }
                />
              ))}
            </ul>
            <Pager label="Seiten der Gutschriften" page={page} totalPages={totalPages} onPage={setPage} />
          </>
        )}
      </div>
      {dialog?.kind === 'search' ? <BookCreditDialog credit={dialog.credit} onClose={() => setDialog(null)} onDone={onDone} /> : null}
      {dialog?.kind === 'split' ? <SplitCreditDialog credit={dialog.credit} onClose={() => setDialog(null)} onDone={onDone} /> : null}
      {dialog?.kind === 'decide' ? <DecideCreditDialog credit={dialog.credit} onClose={() => setDialog(null)} onDone={onDone} /> : null}
    </section>
  );
}

/** Credits waiting longer than the review's days for the board's decision. */
function WaitingLong({ count }: { count: number }) {
  return (
    <div className="alert alert-warning py-2" data-testid="credits-waiting-long">
      {count === 1 ? 'Eine Gutschrift wartet' : `${formatNumber(count)} Gutschriften warten`} seit mehr als {REVIEW_WAITING_DAYS} Tagen auf
      Ihren Entscheid.
    </div>
  );
}

/** What the last decision did, with «Rückgängig machen». */
function DoneNotice({
  done,
  undo,
  onUndone,
}: {
  done: { credit: UnmatchedCredit; what: string };
  undo: ReturnType<typeof useUndoCreditDecision>;
  onUndone: () => void;
}) {
  const toast = useToast();
  return (
    <div className="alert alert-success d-flex flex-wrap align-items-center gap-2" data-testid="credit-done">
      <span className="me-auto">
        Gutschrift über {formatBankAmount(done.credit.amount)}
        {done.credit.debtorName ? ` von ${done.credit.debtorName}` : ''} {done.what}.
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline-dark"
        disabled={undo.isPending}
        onClick={() =>
          undo.mutate(
            { paymentId: done.credit.id },
            {
              onSuccess: () => {
                toast.success('Rückgängig gemacht: Die Gutschrift ist wieder zur Prüfung aufgeführt.');
                onUndone();
              },
            },
          )
        }
      >
        Rückgängig machen
      </button>
    </div>
  );
}

function CreditItem({
  credit,
  pendingInvoiceId,
  disabled,
  onOpen,
  onBook,
}: {
  credit: UnmatchedCredit;
  pendingInvoiceId: number | null;
  disabled: boolean;
  onOpen: (kind: 'search' | 'split' | 'decide') => void;
  onBook: (invoiceId: number, invoiceLabel: string) => void;
}) {
  const headingId = useId();
  return (
    <li className="list-group-item" aria-labelledby={headingId} data-testid="review-credit">
      <div id={headingId} className="d-flex flex-wrap column-gap-3">
        <span className="fw-semibold text-nowrap">{formatBankAmount(credit.amount)}</span>
        <span>{credit.bookingDate ? formatDate(credit.bookingDate) : 'ohne Datum'}</span>
        <span className="text-break">{credit.debtorName || 'Auftraggeber unbekannt'}</span>
        <span className="badge text-bg-light border align-self-center">{REVIEW_OUTCOME_LABEL[credit.outcome]}</span>
        {credit.waitingLong ? (
          <span className="badge text-bg-warning align-self-center">Wartet seit {formatDate(credit.listedOn)}</span>
        ) : null}
      </div>
      {credit.message || credit.reference ? (
        <div className="small text-break text-body-secondary">
          {[credit.message, credit.reference ? `Referenz ${credit.reference}` : ''].filter(Boolean).join(' · ')}
        </div>
      ) : null}
      {credit.note ? <div className="small text-break">{credit.note}</div> : null}
      {credit.bookable ? (
        credit.suggestions.length === 0 ? (
          <div className="small mt-1">Keine passende offene Rechnung vorgeschlagen: Suchen Sie die Rechnung oder teilen Sie auf.</div>
        ) : (
          <ul className="list-unstyled mt-2 mb-0 d-grid gap-2" aria-label="Vorschläge">
            {credit.suggestions.map((suggestion) => (
              <SuggestionRow
                key={suggestion.invoice.id}
                suggestion={suggestion}
                pending={pendingInvoiceId === suggestion.invoice.id}
                disabled={disabled}
                onBook={() => onBook(suggestion.invoice.id, `${suggestion.invoice.number} (${suggestion.invoice.memberName})`)}
              />
            ))}
          </ul>
        )
      ) : null}
      <div className="d-flex flex-wrap gap-2 mt-2">
        {credit.bookable ? (
          <>
            <button type="button" className="btn btn-sm btn-outline-primary" disabled={disabled} onClick={() => onOpen('search')}>
              Rechnung suchen…
            </button>
            <button type="button" className="btn btn-sm btn-outline-primary" disabled={disabled} onClick={() => onOpen('split')}>
              Aufteilen…
            </button>
          </>
        ) : null}
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={disabled} onClick={() => onOpen('decide')}>
          Ohne Buchung abschliessen…
        </button>
      </div>
    </li>
  );
}

function SuggestionRow({
  suggestion,
  pending,
  disabled,
  onBook,
}: {
  suggestion: PaymentSuggestion;
  pending: boolean;
  disabled: boolean;
  onBook: () => void;
}) {
  const { invoice } = suggestion;
  return (
    <li className="d-flex flex-wrap align-items-center gap-2">
      <button type="button" className="btn btn-sm btn-outline-primary" disabled={disabled} onClick={onBook}>
        {pending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" /> : null}
        Auf Rechnung {invoice.number} buchen
      </button>
      <span className="small">
        {invoice.memberName}, offen {formatMoney(invoice.openAmount)} von {formatMoney(invoice.total)}
        <span className="text-body-secondary"> – {suggestion.reasons.join(', ')}</span>
      </span>
    </li>
  );
}
