import Badge from 'react-bootstrap/Badge';
import { ticketsLeftText } from '../lib/games';

/** Tickets left at a glance: red when sold out, yellow when few are left. */
export function TicketsLeftBadge({ left, quotaHint = 10 }: { left: number; quotaHint?: number }) {
  const bg = left <= 0 ? 'danger' : left <= quotaHint ? 'warning' : 'success';
  return (
    <Badge bg={bg} text={bg === 'warning' ? 'dark' : undefined} className="fs-6 fw-semibold" data-testid="tickets-left">
      {ticketsLeftText(left)}
    </Badge>
  );
}
