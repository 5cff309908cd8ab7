import type { ClubEvent } from '@club/contract';
import { formatDateTime } from '@/lib/format';
import { eventWhen, placesText, priceText } from '../lib/events';

/** When, where, price, deadline and places of an event, as a definition list. */
export function EventFacts({ event }: { event: Pick<ClubEvent, 'start' | 'end' | 'location' | 'price' | 'registrationDeadline' | 'capacity' | 'maxPlacesPerMember'> }) {
  const rows: [string, string][] = [
    ['Wann', eventWhen(event)],
    ...(event.location ? ([['Wo', event.location]] as [string, string][]) : []),
    ['Preis', priceText(event.price)],
    ['Anmeldeschluss', `${formatDateTime(event.registrationDeadline)} Uhr`],
    ['Plätze', event.capacity === null ? 'Unbeschränkt' : placesText(event.capacity)],
    ['Pro Mitglied', `Höchstens ${placesText(event.maxPlacesPerMember)}`],
  ];
  return (
    <dl className="row mb-0 event-facts">
      {rows.map(([term, value]) => (
        <div className="col-12 d-flex flex-wrap gap-2 mb-1" key={term}>
          <dt className="fw-semibold" style={{ minWidth: '9rem' }}>
            {term}
          </dt>
          <dd className="mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
