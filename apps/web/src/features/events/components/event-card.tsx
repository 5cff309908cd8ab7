import type { ClubEvent } from '@club/contract';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { eventWhen, priceText, statusText, withPlaces } from '../lib/events';
import { PlacesBadge } from './places-badge';

/** One event in the list: title (link), when, where, price, places left and the member's own status. */
export function EventCard({ event, past }: { event: ClubEvent; past: boolean }) {
  const own = event.subscription;
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body className="d-flex flex-column gap-2">
        <h3 className="h5 mb-0">
          <Link to={paths.event.href(event.id)} className="stretched-link text-decoration-none">
            {event.title}
          </Link>
        </h3>
        <p className="mb-0">{eventWhen(event)}</p>
        {event.location ? <p className="mb-0 text-body-secondary">{event.location}</p> : null}
        <div className="d-flex flex-wrap gap-2 mt-auto pt-2">
          <Badge bg="light" text="dark" className="border">
            {priceText(event.price)}
          </Badge>
          {past ? null : <PlacesBadge event={event} />}
          {own ? (
            <Badge bg={own.status === 'CONFIRMED' ? 'primary' : 'secondary'} data-testid="own-status">
              {statusText(own.status)} {withPlaces(own.amount)}
            </Badge>
          ) : null}
        </div>
      </Card.Body>
    </Card>
  );
}
