import type { ClubEvent } from '@club/contract';
import Badge from 'react-bootstrap/Badge';
import { placesLeftLabel } from '../lib/events';

/** Places left at a glance: red when full, yellow when few are left. */
export function PlacesBadge({ event }: { event: Pick<ClubEvent, 'placesLeft' | 'waitingCount'> }) {
  const { text, tone } = placesLeftLabel(event);
  return (
    <Badge bg={tone} text={tone === 'warning' ? 'dark' : undefined} className="fw-semibold" data-testid="places-left">
      {text}
    </Badge>
  );
}
