import type { MemberEventSubscription } from '@club/contract';
import { Link } from 'react-router-dom';
import { BillingStatus } from '@/components/ui/billing-status';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { paths } from '@/config/paths';
import { formatCount, formatDateTime } from '@/lib/format';
import { useEventSubscriptions } from '@/lib/own-event-subscriptions';

function status(s: MemberEventSubscription): { text: string; badge: string } {
  if (s.eventCancelled) return { text: 'Abgesagt', badge: 'text-bg-secondary' };
  if (s.status === 'CONFIRMED') return { text: 'Angemeldet', badge: 'text-bg-primary' };
  return { text: s.waitingPosition ? `Warteliste (Position ${s.waitingPosition})` : 'Warteliste', badge: 'text-bg-warning' };
}

/** The member's event subscriptions (event with its date and places, status): two columns, so a phone shows them whole; changes happen on the event's page. */
export function EventSubscriptionList() {
  const subscriptions = useEventSubscriptions();
  const sorted = [...(subscriptions.data ?? [])].sort((a, b) => b.eventStart.localeCompare(a.eventStart));
  return (
    <section aria-labelledby="event-subscriptions-heading" className="mt-4">
      <h2 id="event-subscriptions-heading" className="h4">
        Veranstaltungen
      </h2>
      {subscriptions.isPending ? <LoadingSpinner label="Anmeldungen werden geladen…" /> : null}
      {subscriptions.isError ? <ErrorAlert error={subscriptions.error} /> : null}
      {subscriptions.data && sorted.length === 0 ? (
        <p>
          Keine Anmeldungen. <Link to={paths.events.href()}>Zu den Veranstaltungen</Link>
        </p>
      ) : null}
      {sorted.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-striped align-middle">
            <thead>
              <tr>
                <th scope="col">Veranstaltung</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((s) => {
                const st = status(s);
                return (
                  <tr key={s.eventId} data-testid="event-subscription">
                    <td>
                      {s.eventCancelled ? s.eventTitle : <Link to={paths.event.href(s.eventId)}>{s.eventTitle}</Link>}
                      <div className="small text-body-secondary">
                        {formatDateTime(s.eventStart)} Uhr · <span className="text-nowrap">{formatCount(s.amount, 'Platz', 'Plätze')}</span>
                      </div>
                    </td>
                    <td>
                      <span className={`badge ${st.badge}`}>{st.text}</span>
                      {s.status === 'CONFIRMED' && !s.eventCancelled ? (
                        <div className="mt-1" data-testid="billing-status">
                          <BillingStatus
                            invoiceStatus={s.invoiceStatus}
                            handedOverAt={s.handedOverAt}
                            free={s.total.amount === 0}
                            paymentMode={s.paymentMode}
                          />
                        </div>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
