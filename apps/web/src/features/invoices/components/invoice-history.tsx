import type { HistoryBankLine, InvoiceHistoryEntry, InvoiceOrigin } from '@club/contract';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { DECISION_LABEL, METHOD_LABEL, OUTCOME_LABEL, formatBankAmount } from '../lib/labels';

const ORIGIN_LABEL: Record<InvoiceOrigin, string> = {
  MEMBERSHIP_FEE_RUN: 'durch den Rechnungslauf Mitgliederbeiträge',
  PARKING_FEE_RUN: 'durch den Rechnungslauf Parkkarten',
  TICKET_BILLING_RUN: 'durch den Verrechnungslauf Tickets und Veranstaltungen',
  APPLICATION_ACCEPTED: 'bei der Aufnahme des Mitglieds (Mitgliedschaftsantrag angenommen)',
};

/** What the board can undo from the history: a booking of a credit or a decision on one (the bank line's id). */
export interface HistoryUndo {
  paymentId: number;
  /** what the question names */
  what: string;
}

const by = (actor: string | null) => (actor ? ` von ${actor}` : '');

function BankLineFacts({ line }: { line: HistoryBankLine }) {
  return (
    <>
      Gutschrift {formatBankAmount(line.amount)}
      {line.debtorName ? ` von ${line.debtorName}` : ''}
      {line.message ? ` («${line.message}»)` : ''}
      {line.split ? ', aufgeteilt auf mehrere Rechnungen' : ''} · Bankdatei {line.fileName ? `«${line.fileName}»` : 'ohne Namen'},
      eingelesen am {formatDateTime(line.importedAt)}
    </>
  );
}

/** The title and the lines below it of one entry. */
function describe(entry: InvoiceHistoryEntry): { title: string; details: ReactNode[] } {
  switch (entry.kind) {
    case 'CREATED':
      return {
        title: 'Rechnung erstellt',
        details: [`${entry.origin ? ORIGIN_LABEL[entry.origin] : 'Wie die Rechnung entstand, ist nicht aufgezeichnet'}${by(entry.actor)}`],
      };
    case 'MAILED':
      return {
        title: entry.reminderLevel ? 'Mahnung per E-Mail' : 'Rechnung per E-Mail',
        details: [
          `an ${entry.to}: «${entry.subject}»`,
          entry.sentAt ? `versandt am ${formatDateTime(entry.sentAt)}` : 'wartet auf den Versand',
        ],
      };
    case 'REMINDED':
      return {
        title: `${entry.levelTitle} vom ${formatDate(entry.reminderDate)}`,
        details: [
          `neue Frist ${formatDate(entry.dueDate)}, verlangt ${formatMoney(entry.openAmount)}`,
          entry.fee.amount > 0 ? `Mahngebühr ${formatMoney(entry.fee)} als Position hinzugefügt` : null,
          entry.actor ? `Mahnlauf${by(entry.actor)}` : null,
        ],
      };
    case 'PAYMENT':
      return {
        title: `Zahlung ${formatMoney(entry.amount)}${entry.date ? ` am ${formatDate(entry.date)}` : ''}`,
        details:
          entry.how === 'MANUAL'
            ? [
                `von Hand erfasst${by(entry.actor)}, Zahlungsart ${entry.method ? METHOD_LABEL[entry.method] : 'Bank'}`,
                entry.note ? `Notiz: «${entry.note}»` : null,
              ]
            : [
                entry.how === 'REFERENCE'
                  ? `aus der Bankdatei über die Referenz verbucht${entry.actor ? ` (eingelesen von ${entry.actor})` : ''}`
                  : `Gutschrift ohne passende Referenz, vom Vorstand zugeordnet${by(entry.actor)}`,
                entry.bankLine ? <BankLineFacts line={entry.bankLine} /> : null,
              ],
      };
    case 'BANK_LINE':
      return {
        title: `Gutschrift ${formatBankAmount(entry.bankLine.amount)} nicht verbucht`,
        details: [OUTCOME_LABEL[entry.outcome], entry.note || null, <BankLineFacts key="line" line={entry.bankLine} />],
      };
    case 'DECISION':
      return {
        title: `Gutschrift ${formatBankAmount(entry.amount)} ohne Buchung abgeschlossen: ${DECISION_LABEL[entry.decision]}`,
        details: [entry.note ? `Notiz: «${entry.note}»` : null, entry.actor ? `Entscheid${by(entry.actor)}` : null],
      };
    case 'UNDONE':
      return {
        title:
          entry.decision === 'BOOKED'
            ? `Buchung einer Gutschrift über ${formatMoney(entry.amount)} rückgängig gemacht`
            : `Entscheid «${DECISION_LABEL[entry.decision]}» rückgängig gemacht`,
        details: [entry.actor ? `von ${entry.actor}` : null],
      };
    case 'CANCELLED':
      return { title: 'Rechnung storniert', details: [entry.actor ? `von ${entry.actor}` : null] };
  }
}

/** What an entry lets the board undo, if anything (the site's own undo of bookings and decisions). */
function undoOf(entry: InvoiceHistoryEntry): HistoryUndo | null {
  if (entry.kind === 'PAYMENT' && entry.undoPaymentId !== null)
    return { paymentId: entry.undoPaymentId, what: `die Buchung der Gutschrift über ${formatMoney(entry.amount)}` };
  if (entry.kind === 'DECISION' && entry.undoable)
    return { paymentId: entry.paymentId, what: `den Entscheid «${DECISION_LABEL[entry.decision]}»` };
  return null;
}

/** The invoice's history, oldest first, each entry with its time, what happened and who did it. */
export function InvoiceHistory({ entries, onUndo }: { entries: readonly InvoiceHistoryEntry[]; onUndo: (undo: HistoryUndo) => void }) {
  return (
    <ol className="list-unstyled mb-0 invoice-history">
      {entries.map((entry, i) => {
        const { title, details } = describe(entry);
        const undo = undoOf(entry);
        return (
          <li key={`${entry.kind}-${entry.at}-${i}`} className="invoice-history-entry" data-kind={entry.kind} data-testid="history-entry">
            <p className="small text-body-secondary mb-0">{formatDateTime(entry.at)}</p>
            <p className="fw-semibold mb-0">{title}</p>
            {details.filter(Boolean).map((d, k) => (
              <p key={k} className="small mb-0 text-break">
                {d}
              </p>
            ))}
            {undo ? (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary mt-1"
                aria-label={`Rückgängig machen: ${undo.what}`}
                onClick={() => onUndo(undo)}
              >
                Rückgängig machen
              </button>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
