import type { AdminEvent } from '@club/contract';
import { placesText } from '../lib/events';

/** `5 / 12 Plätze vergeben · 2 auf der Warteliste (4 Plätze)`. */
export function AdminEventSummary({ event }: { event: AdminEvent }) {
  return (
    <span data-testid="admin-places">
      {event.capacity === null
        ? `${placesText(event.placesTaken)} vergeben (unbeschränkt)`
        : `${event.placesTaken} / ${placesText(event.capacity)} vergeben`}
      {event.waitingCount > 0 ? ` · ${event.waitingCount} auf der Warteliste (${placesText(event.placesWaiting)})` : ''}
    </span>
  );
}
