import type { MemberEventSubscription, MemberMail, TicketReservation } from '@club/contract';
import { MEMBER_MAILS_SHOWN } from '@club/contract';
import { Link } from 'react-router-dom';
import { BillingStatus } from '@/components/ui/billing-status';
import { SectionCard } from '@/components/ui/section-card';
import { paths } from '@/config/paths';
import { formatCount, formatDateTime } from '@/lib/format';

const TICKET_STATUS: Record<TicketReservation['status'], { text: string; badge: string }> = {
  CONFIRMED: { text: 'Tickets reserviert', badge: 'text-bg-primary' },
  REQUESTED: { text: 'Anfrage für die Auslosung', badge: 'text-bg-info' },
  WAITING: { text: 'Warteliste', badge: 'text-bg-warning' },
};

const teams = (r: TicketReservation) => (r.homeGame ? `ZSC – ${r.opponent}` : `${r.opponent} – ZSC`);

/** The member's ticket reservations, the latest game first: game, tickets, state and where the money stands. */
export function ReservationsCard({ reservations }: { reservations: readonly TicketReservation[] }) {
  const sorted = [...reservations].sort((a, b) => b.gameBegin.localeCompare(a.gameBegin));
  return (
    <SectionCard id="reservations" title="Ticketreservationen">
      {sorted.length === 0 ? (
        <p className="mb-0">Keine Ticketreservationen.</p>
      ) : (
        <ul className="list-group list-group-flush">
          {sorted.map((r) => (
            <li key={r.id} className="list-group-item px-0" data-testid="member-reservation">
              <div className="d-flex flex-wrap justify-content-between gap-2">
                <span>
                  <span className="fw-semibold">{teams(r)}</span> · {r.gameGroupName}
                  <br />
                  <span className="small">
                    {formatDateTime(r.gameBegin)} Uhr · {r.amount} {r.amount === 1 ? 'Ticket' : 'Tickets'} · {r.deliveryOption.name}
                  </span>
                </span>
                <span className="d-flex flex-wrap align-items-center gap-2">
                  <span className={`badge ${TICKET_STATUS[r.status].badge}`}>{TICKET_STATUS[r.status].text}</span>
                  {r.status === 'CONFIRMED' ? (
                    <BillingStatus
                      invoiceStatus={r.invoiceStatus}
                      handedOverAt={r.handedOverAt}
                      free={r.total.amount === 0}
                      paymentMode={r.paymentMode}
                    />
                  ) : null}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function subscriptionStatus(s: MemberEventSubscription): { text: string; badge: string } {
  if (s.eventCancelled) return { text: 'Abgesagt', badge: 'text-bg-secondary' };
  if (s.status === 'CONFIRMED') return { text: 'Angemeldet', badge: 'text-bg-primary' };
  return { text: s.waitingPosition ? `Warteliste (Platz ${s.waitingPosition})` : 'Warteliste', badge: 'text-bg-warning' };
}

/** The member's places at events, the latest first, each linked to the board's event page. */
export function EventSubscriptionsCard({ subscriptions }: { subscriptions: readonly MemberEventSubscription[] }) {
  const sorted = [...subscriptions].sort((a, b) => b.eventStart.localeCompare(a.eventStart));
  return (
    <SectionCard id="member-events" title="Veranstaltungen">
      {sorted.length === 0 ? (
        <p className="mb-0">Keine Anmeldungen.</p>
      ) : (
        <ul className="list-group list-group-flush">
          {sorted.map((s) => {
            const status = subscriptionStatus(s);
            return (
              <li
                key={s.eventId}
                className="list-group-item px-0 d-flex flex-wrap justify-content-between gap-2"
                data-testid="member-subscription"
              >
                <span>
                  <Link to={paths.eventAdmin.href(s.eventId)}>{s.eventTitle}</Link>
                  <br />
                  <span className="small">
                    {formatDateTime(s.eventStart)} Uhr · {formatCount(s.amount, 'Platz', 'Plätze')}
                  </span>
                </span>
                <span className="d-flex flex-wrap align-items-center gap-2">
                  <span className={`badge ${status.badge}`}>{status.text}</span>
                  {s.status === 'CONFIRMED' && !s.eventCancelled ? (
                    <BillingStatus
                      invoiceStatus={s.invoiceStatus}
                      handedOverAt={s.handedOverAt}
                      free={s.total.amount === 0}
                      paymentMode={s.paymentMode}
                    />
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}

const MAIL_STATUS: Record<string, { text: string; badge: string }> = {
  SENT: { text: 'gesendet', badge: 'text-bg-success' },
  PENDING: { text: 'wartet auf Versand', badge: 'text-bg-light border' },
  FAILED: { text: 'nicht zustellbar', badge: 'text-bg-danger' },
};

/** The newest mails the site wrote to the member's current address, newest first. */
export function MailsCard({ mails }: { mails: readonly MemberMail[] }) {
  return (
    <SectionCard id="mails" title="Versandte Mails">
      {mails.length === 0 ? (
        <p className="mb-0">Noch keine Mails an diese Adresse.</p>
      ) : (
        <>
          <ol className="list-unstyled mb-0">
            {mails.map((mail) => {
              const status = MAIL_STATUS[mail.status] ?? { text: mail.status, badge: 'text-bg-light border' };
              return (
                <li key={mail.id} className="border-bottom py-2 d-flex flex-wrap justify-content-between gap-2" data-testid="member-mail">
                  <span>
                    <span className="fw-semibold">{mail.subject}</span>
                    <br />
                    <span className="small">
                      {formatDateTime(mail.createdAt)} Uhr{mail.sentAt ? ` · versandt ${formatDateTime(mail.sentAt)} Uhr` : ''}
                    </span>
                  </span>
                  <span>
                    <span className={`badge ${status.badge}`}>{status.text}</span>
                  </span>
                </li>
              );
            })}
          </ol>
          {mails.length >= MEMBER_MAILS_SHOWN ? (
            <p className="small mt-2 mb-0">Die neuesten {MEMBER_MAILS_SHOWN} Mails an die aktuelle E-Mail-Adresse.</p>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
