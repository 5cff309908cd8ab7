import type { ClubEvent } from '@club/contract';
import { formatDateTime } from '@/lib/format';
import { eventWhen, placesText, priceText } from '../lib/events';

/** When, where, price, deadline and places of an event, as a definition list. */
export function EventFacts({
  event,
}: {
  event: Pick<ClubEvent, 'start' | 'end' | 'location' | 'price' | 'registrationDeadline' | 'capacity' | 'maxPlacesPerMember'>;
}) {
  const rows: [string, string][] = [
    ['Wann', eventWhen(event)],
    ...(event.location ? ([['Wo', event.location]] as [string, string][]) : []),
    ['Preis', priceText(event.price)],
    ['Anmeldung bis', `${formatDateTime(event.registrationDeadline)} Uhr`],
    ['Plätze', event.capacity === null ? 'Unbeschränkt' : placesText(event.capacity)],
    ['Pro Mitglied', `Höchstens ${placesText(event.maxPlacesPerMember)}`],
  ];
  return (
    <dl className="row mb-0 event-facts">
      {rows.map(([term, value]) => (
        <div className="col-12 d-flex gap-2 mb-1" key={term}>
          <dt className="fw-semibold text-break" style={{ flex: '0 0 7.5rem' }}>
            {term}
          </dt>
          <dd className="mb-0 flex-grow-1" style={{ minWidth: 0 }}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
