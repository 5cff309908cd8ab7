import type { PaymentSuggestion, UnmatchedCredit } from '@club/contract';
import { useId } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { useToast } from '@/components/ui/toast';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { useBookCredit } from '../api/book-credit';
import { useUnmatchedCredits } from '../api/get-unmatched-credits';
import { formatBankAmount } from '../lib/labels';

/**
 * Credits of the club's account that came without a usable reference (members paying by
 * e-banking without the QR reference): each with the open invoices that fit, best first; one
 * click books it on the chosen invoice.
 */
export function UnmatchedCredits() {
  const credits = useUnmatchedCredits();
  const book = useBookCredit();
  const toast = useToast();
  const id = useId();

  return (
    <section aria-labelledby={`${id}-heading`} className="card mb-4" data-testid="unmatched-credits">
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          Gutschriften ohne passende Referenz
          {credits.data && credits.data.total > 0 ? (
            <span className="badge text-bg-warning ms-2">{formatNumber(credits.data.total)}</span>
          ) : null}
        </h2>
        {credits.isPending ? (
          <LoadingSpinner label="Gutschriften werden geladen…" />
        ) : credits.isError ? (
          <ErrorAlert error={credits.error} title="Die Gutschriften konnten nicht geladen werden." />
        ) : credits.data.credits.length === 0 ? (
          <p className="mb-0">Keine offenen Gutschriften: jede eingelesene Zahlung ist einer Rechnung zugeordnet.</p>
        ) : (
          <>
            <p className="small text-body-secondary">
              Vorschläge nach Rechnungsnummer in der Mitteilung, Betrag und Name. Ein Klick verbucht die Gutschrift auf der gewählten
              Rechnung.
              {credits.data.total > credits.data.credits.length
                ? ` Gezeigt werden die ältesten ${formatNumber(credits.data.credits.length)} von ${formatNumber(credits.data.total)}.`
                : ''}
            </p>
            <div aria-live="polite">
              {book.isError ? <ErrorAlert error={book.error} title="Die Gutschrift wurde nicht verbucht." /> : null}
            </div>
            <ul className="list-group">
              {credits.data.credits.map((credit) => (
                <CreditItem
                  key={credit.id}
                  credit={credit}
                  pendingInvoiceId={book.isPending && book.variables.paymentId === credit.id ? book.variables.invoiceId : null}
                  disabled={book.isPending}
                  onBook={(invoiceId) =>
                    book.mutate(
                      { paymentId: credit.id, invoiceId },
                      {
                        onSuccess: (booked) =>
                          toast.success(
                            `Gutschrift auf Rechnung ${booked.invoice.number} (${booked.invoice.memberName}) verbucht${booked.note ? `: ${booked.note}` : '.'}`,
                          ),
                      },
                    )
                  }
                />
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

function CreditItem({
  credit,
  pendingInvoiceId,
  disabled,
  onBook,
}: {
  credit: UnmatchedCredit;
  pendingInvoiceId: number | null;
  disabled: boolean;
  onBook: (invoiceId: number) => void;
}) {
  const headingId = useId();
  return (
    <li className="list-group-item" aria-labelledby={headingId}>
      <div id={headingId} className="d-flex flex-wrap column-gap-3">
        <span className="fw-semibold text-nowrap">{formatBankAmount(credit.amount)}</span>
        <span>{credit.bookingDate ? formatDate(credit.bookingDate) : 'ohne Datum'}</span>
        <span className="text-break">{credit.debtorName || 'Auftraggeber unbekannt'}</span>
      </div>
      {credit.message || credit.reference ? (
        <div className="small text-break text-body-secondary">
          {[credit.message, credit.reference ? `Referenz ${credit.reference}` : ''].filter(Boolean).join(' · ')}
        </div>
      ) : null}
      {credit.suggestions.length === 0 ? (
        <div className="small mt-1">Keine passende offene Rechnung gefunden: bitte von Hand klären.</div>
      ) : (
        <ul className="list-unstyled mt-2 mb-0 d-grid gap-2">
          {credit.suggestions.map((suggestion) => (
            <SuggestionRow
              key={suggestion.invoice.id}
              suggestion={suggestion}
              pending={pendingInvoiceId === suggestion.invoice.id}
              disabled={disabled}
              onBook={() => onBook(suggestion.invoice.id)}
            />
          ))}
        </ul>
      )}
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
