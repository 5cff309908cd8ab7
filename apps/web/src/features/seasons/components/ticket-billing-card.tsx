import type { Season } from '@club/contract';
import Card from 'react-bootstrap/Card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatMoney, formatCount, formatNumber } from '@/lib/format';
import { useRunTicketBilling, useTicketBilling } from '../api/ticket-billing';
import { RunButton } from './run-button';

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
                Zu verrechnen: {formatCount(s.toBill.reservations, 'Reservation', 'Reservationen')} (
                {formatCount(s.toBill.tickets, 'Ticket', 'Tickets')}) und {formatCount(s.toBill.subscriptions, 'Anmeldung', 'Anmeldungen')}{' '}
                ({formatCount(s.toBill.places, 'Platz', 'Plätze')}), total <strong>{formatMoney(s.toBill.amount)}</strong>.
              </p>
              {s.notYetDue.reservations + s.notYetDue.subscriptions > 0 ? (
                <p className="small text-body-secondary mb-1">
                  Noch nicht fällig (Verkauf oder Anmeldung noch offen):{' '}
                  {formatCount(s.notYetDue.reservations, 'Reservation', 'Reservationen')},{' '}
                  {formatCount(s.notYetDue.subscriptions, 'Anmeldung', 'Anmeldungen')}.
                </p>
              ) : null}
              <p className="small">
                {formatCount(s.invoices.issued, 'Rechnung', 'Rechnungen')} erstellt über {formatMoney(s.invoices.billed)},{' '}
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
                    {formatCount(s.toBill.reservations, 'Reservation', 'Reservationen')} und{' '}
                    {formatCount(s.toBill.subscriptions, 'Anmeldung', 'Anmeldungen')} werden verrechnet, total{' '}
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
