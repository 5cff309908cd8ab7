import type { Season } from '@club/contract';
import Card from 'react-bootstrap/Card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatMoney, formatNumber } from '@/lib/format';
import { useRunTicketBilling, useTicketBilling } from '../api/ticket-billing';
import { RunButton } from './run-button';

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * The ticket and event billing run of a season: what awaits billing (reservations of games whose
 * sales have closed, places of events whose registration deadline has passed), the run with its
 * confirmation and progress, and the invoices it made.
 */
export function TicketBillingCard({ season }: { season: Season }) {
  const state = useTicketBilling(season.id);
  const run = useRunTicketBilling();
  const s = state.data;
  const nothing = s ? s.toBill.reservations + s.toBill.subscriptions === 0 : true;
  return (
    <div className="col-lg-4">
      <Card className="h-100" data-testid="ticket-billing">
        <Card.Body>
          <Card.Title as="h3" className="h6">
            Tickets und Veranstaltungen
          </Card.Title>
          {state.isPending ? <LoadingSpinner label="Wird geladen…" size="sm" /> : null}
          {state.isError ? <ErrorAlert error={state.error} title="Was zu verrechnen ist, konnte nicht geladen werden." /> : null}
          {s ? (
            <>
              <p className="small mb-1">
                Zu verrechnen: {count(s.toBill.reservations, 'Reservation', 'Reservationen')} (
                {count(s.toBill.tickets, 'Ticket', 'Tickets')}) und {count(s.toBill.subscriptions, 'Anmeldung', 'Anmeldungen')} (
                {count(s.toBill.places, 'Platz', 'Plätze')}), total <strong>{formatMoney(s.toBill.amount)}</strong>.
              </p>
              {s.notYetDue.reservations + s.notYetDue.subscriptions > 0 ? (
                <p className="small text-body-secondary mb-1">
                  Noch nicht fällig (Verkauf oder Anmeldung noch offen): {count(s.notYetDue.reservations, 'Reservation', 'Reservationen')},{' '}
                  {count(s.notYetDue.subscriptions, 'Anmeldung', 'Anmeldungen')}.
                </p>
              ) : null}
              <p className="small">
                {count(s.invoices.issued, 'Rechnung', 'Rechnungen')} erstellt über {formatMoney(s.invoices.billed)},{' '}
                {formatNumber(s.invoices.paid)} bezahlt ({formatMoney(s.invoices.paidAmount)} eingegangen).
              </p>
              <RunButton
                season={season}
                label="Tickets und Veranstaltungen verrechnen"
                noun="Rechnungen"
                disabled={nothing}
                disabledReason={nothing ? 'Nichts zu verrechnen.' : undefined}
                confirmText={
                  <p className="mb-0">
                    {count(s.toBill.reservations, 'Reservation', 'Reservationen')} und{' '}
                    {count(s.toBill.subscriptions, 'Anmeldung', 'Anmeldungen')} werden verrechnet, total{' '}
                    <strong>{formatMoney(s.toBill.amount)}</strong>. Jedes Mitglied erhält eine Rechnung mit PDF per E-Mail; jede
                    Reservation und jeder Platz wird nur einmal verrechnet.
                  </p>
                }
                run={() => run.mutateAsync(season.id)}
              />
            </>
          ) : null}
        </Card.Body>
      </Card>
    </div>
  );
}
