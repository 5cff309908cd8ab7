import {
  creditDecisionKindSchema,
  type CreditDecisionKind,
  francsToRappen,
  parseChf,
  rappenToFrancs,
  toMoney,
  type InvoiceOverviewItem,
  type UnmatchedCredit,
} from '@club/contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorAlert } from '@/components/ui/error-alert';
import { CancelButton } from '@/components/ui/form-field';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatChf, formatMoney } from '@/lib/format';
import { useBookCredit, useDecideCredit } from '../api/book-credit';
import { invoicesQueryOptions } from '../api/get-invoices';
import { DECISION_LABEL, formatBankAmount, openAmount } from '../lib/labels';

/** What a dialog about a listed credit is told when it is done: the sentence for the undo notice. */
export type CreditDone = (credit: UnmatchedCredit, what: string) => void;

function CreditSummary({ credit }: { credit: UnmatchedCredit }) {
  return (
    <p>
      Gutschrift über <strong>{formatBankAmount(credit.amount)}</strong>
      {credit.debtorName ? ` von ${credit.debtorName}` : ''}
      {credit.message ? ` («${credit.message}»)` : ''}.
    </p>
  );
}

/** Searches the open invoices by number, name, reference or amount; each hit has a button. */
function OpenInvoiceSearch({
  pickLabel,
  exclude = [],
  onPick,
}: {
  pickLabel: (invoice: InvoiceOverviewItem) => string;
  exclude?: readonly number[];
  onPick: (invoice: InvoiceOverviewItem) => void;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const term = useDeferredValue(q.trim());
  const found = useQuery({ ...invoicesQueryOptions({ status: 'OPEN', q: term, page: 1 }), enabled: term.length >= 2 });
  const hits = (found.data?.invoices ?? []).filter((invoice) => !exclude.includes(invoice.id));
  return (
    <div className="mb-3">
      <label htmlFor={`${id}-q`} className="form-label">
        Offene Rechnung suchen
      </label>
      <input
        id={`${id}-q`}
        type="search"
        className="form-control"
        value={q}
        maxLength={100}
        aria-describedby={`${id}-help`}
        onChange={(e) => setQ(e.target.value)}
      />
      <div id={`${id}-help`} className="form-text">
        Rechnungsnummer, Name, Referenz oder Betrag (z. B. 50.00).
      </div>
      <div aria-live="polite" className="mt-2">
        {term.length < 2 ? null : found.isPending ? (
          <LoadingSpinner size="sm" label="Rechnungen werden gesucht…" />
        ) : found.isError ? (
          <ErrorAlert error={found.error} title="Die Suche ist fehlgeschlagen." />
        ) : hits.length === 0 ? (
          <p className="small mb-0">Keine offene Rechnung gefunden.</p>
        ) : (
          <ul className="list-group" aria-label="Gefundene offene Rechnungen">
            {hits.map((invoice) => (
              <li key={invoice.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
                <span className="me-auto text-break">
                  <strong>{invoice.number}</strong> {invoice.memberName}, offen {formatMoney(openAmount(invoice))}
                </span>
                <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onPick(invoice)}>
                  {pickLabel(invoice)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Books the whole credit on an open invoice the board finds by search. */
export function BookCreditDialog({ credit, onClose, onDone }: { credit: UnmatchedCredit; onClose: () => void; onDone: CreditDone }) {
  const book = useBookCredit();
  const id = useId();
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel="Schliessen">
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          Gutschrift einer Rechnung zuordnen
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <CreditSummary credit={credit} />
        <OpenInvoiceSearch
          pickLabel={(invoice) => `Auf ${invoice.number} buchen`}
          onPick={(invoice) =>
            book.mutate(
              { paymentId: credit.id, invoiceId: invoice.id },
              {
                onSuccess: (booked) =>
                  onDone(
                    credit,
                    `auf Rechnung ${invoice.number} (${invoice.memberName}) verbucht${booked.note ? ` (${booked.note})` : ''}`,
                  ),
              },
            )
          }
        />
        {book.isPending ? <LoadingSpinner size="sm" label="Wird verbucht…" /> : null}
        {book.isError ? <ErrorAlert error={book.error} title="Die Gutschrift wurde nicht verbucht." /> : null}
      </Modal.Body>
      <Modal.Footer>
        <CancelButton onCancel={onClose} />
      </Modal.Footer>
    </Modal>
  );
}

interface Part {
  invoice: InvoiceOverviewItem;
  /** francs, as typed */
  amount: string;
}

/** A part as typed (`12.50`, `12,50`, `1'234.50`) in Rappen; NaN while it is no amount. */
const toRappen = (francs: string) => parseChf(francs) ?? Number.NaN;

/** The parts so far: each invoice with its amount to type, and «Entfernen». */
function PartList({ id, parts, onParts }: { id: string; parts: Part[]; onParts: (update: (list: Part[]) => Part[]) => void }) {
  return (
    <ul className="list-unstyled d-grid gap-2" aria-label="Aufteilung">
      {parts.map((part, i) => (
        <li key={part.invoice.id} className="d-flex flex-wrap align-items-end gap-2">
          <label htmlFor={`${id}-part-${part.invoice.id}`} className="form-label mb-0 flex-grow-1 text-break">
            <strong>{part.invoice.number}</strong> {part.invoice.memberName}, offen {formatMoney(openAmount(part.invoice))}: Betrag in CHF
            <input
              id={`${id}-part-${part.invoice.id}`}
              className="form-control mt-1"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              value={part.amount}
              onChange={(e) => onParts((list) => list.map((p, k) => (k === i ? { ...p, amount: e.target.value } : p)))}
            />
          </label>
          <button type="button" className="btn btn-outline-secondary" onClick={() => onParts((list) => list.filter((_, k) => k !== i))}>
            Entfernen<span className="visually-hidden"> ({part.invoice.number})</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Splits a credit across several open invoices; the parts must add up to the credit. */
export function SplitCreditDialog({ credit, onClose, onDone }: { credit: UnmatchedCredit; onClose: () => void; onDone: CreditDone }) {
  const book = useBookCredit();
  const id = useId();
  const [parts, setParts] = useState<Part[]>([]);
  const creditRappen = francsToRappen(credit.amount.amount);
  const sumRappen = parts.reduce((n, p) => n + (Number.isFinite(toRappen(p.amount)) ? toRappen(p.amount) : 0), 0);
  const rest = creditRappen - sumRappen;
  const valid = parts.length >= 2 && rest === 0 && parts.every((p) => toRappen(p.amount) > 0);

  const add = (invoice: InvoiceOverviewItem) => {
    const share = Math.min(francsToRappen(openAmount(invoice)), Math.max(rest, 0));
    setParts((list) => [...list, { invoice, amount: rappenToFrancs(share).toFixed(2) }]);
  };

  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby={`${id}-title`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          book.mutate(
            {
              paymentId: credit.id,
              allocations: parts.map((p) => ({
                invoiceId: p.invoice.id,
                amount: toMoney(toRappen(p.amount)),
              })),
            },
            { onSuccess: () => onDone(credit, `auf ${parts.map((p) => p.invoice.number).join(', ')} aufgeteilt`) },
          );
        }}
      >
        <Modal.Header closeButton closeLabel="Schliessen">
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            Gutschrift aufteilen
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <CreditSummary credit={credit} />
          {parts.length > 0 ? <PartList id={id} parts={parts} onParts={setParts} /> : null}
          <p aria-live="polite" className={rest === 0 ? 'text-success' : 'text-body'}>
            Zugeteilt {formatChf(sumRappen)} von {formatChf(creditRappen)}
            {rest > 0 ? `, noch ${formatChf(rest)} zuzuteilen.` : rest < 0 ? `, ${formatChf(-rest)} zu viel.` : '.'}
          </p>
          <OpenInvoiceSearch
            pickLabel={(invoice) => `${invoice.number} hinzufügen`}
            exclude={parts.map((p) => p.invoice.id)}
            onPick={add}
          />
          {book.isError ? <ErrorAlert error={book.error} title="Die Gutschrift wurde nicht aufgeteilt." /> : null}
        </Modal.Body>
        <Modal.Footer>
          <CancelButton onCancel={onClose} />
          <Button type="submit" variant="primary" disabled={!valid || book.isPending}>
            {book.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
            Aufgeteilt verbuchen
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

/** The decisions to choose from, one required. */
function DecisionKinds({
  id,
  kind,
  missing,
  onKind,
}: {
  id: string;
  kind: string;
  missing: boolean;
  onKind: (kind: CreditDecisionKind) => void;
}) {
  return (
    <fieldset className="mb-3" aria-describedby={missing ? `${id}-missing` : undefined}>
      <legend className="form-label fs-6">Entscheid</legend>
      {creditDecisionKindSchema.options.map((option) => (
        <div key={option} className="form-check">
          <input
            id={`${id}-${option}`}
            className={`form-check-input${missing ? ' is-invalid' : ''}`}
            type="radio"
            name={`${id}-kind`}
            value={option}
            checked={kind === option}
            onChange={() => onKind(option)}
          />
          <label htmlFor={`${id}-${option}`} className="form-check-label">
            {DECISION_LABEL[option]}
          </label>
        </div>
      ))}
      {missing ? (
        <div id={`${id}-missing`} className="invalid-feedback d-block">
          Bitte wählen Sie einen Entscheid.
        </div>
      ) : null}
    </fieldset>
  );
}

/** Closes a credit without booking it: refunded, not the club's, donation or duplicate, with a note. */
export function DecideCreditDialog({ credit, onClose, onDone }: { credit: UnmatchedCredit; onClose: () => void; onDone: CreditDone }) {
  const decide = useDecideCredit();
  const id = useId();
  const [kind, setKind] = useState<string>('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = creditDecisionKindSchema.safeParse(kind);
          if (!parsed.success) {
            setMissing(true);
            return;
          }
          decide.mutate(
            { paymentId: credit.id, kind: parsed.data, note },
            { onSuccess: () => onDone(credit, `als «${DECISION_LABEL[parsed.data]}» abgeschlossen`) },
          );
        }}
      >
        <Modal.Header closeButton closeLabel="Schliessen">
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            Ohne Buchung abschliessen
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <CreditSummary credit={credit} />
          <DecisionKinds
            id={id}
            kind={kind}
            missing={missing}
            onKind={(option) => {
              setKind(option);
              setMissing(false);
            }}
          />
          <label htmlFor={`${id}-note`} className="form-label">
            Notiz
          </label>
          <textarea
            id={`${id}-note`}
            className="form-control"
            rows={3}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          {decide.isError ? <ErrorAlert error={decide.error} title="Der Entscheid wurde nicht gespeichert." /> : null}
        </Modal.Body>
        <Modal.Footer>
          <CancelButton onCancel={onClose} />
          <Button type="submit" variant="primary" disabled={decide.isPending}>
            {decide.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
            Abschliessen
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
