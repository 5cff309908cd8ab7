import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { eventsQueryOptions, useEvents } from '../api/get-events';
import { EventCard } from '../components/event-card';
import { loadQueries, type ScreenLoader } from '@/lib/loaders';

export default function EventsPage() {
  const [params, setParams] = useSearchParams();
  const past = params.get('past') === 'true';
  const events = useEvents(past);

  return (
    <>
      <PageHeader
        title="Veranstaltungen"
        intro="Stammtische, Chlausabend, Carfahrten und mehr: Hier finden Sie alle Veranstaltungen des Vereins und melden sich an."
      >
        {/* The public feed (GET /api/v1/calendar/events.ics) as webcal://: a phone's calendar subscribes to it. */}
        <a href={`webcal://${window.location.host}/api/v1/calendar/events.ics`} className="small">
          Alle Veranstaltungen im Kalender abonnieren
        </a>
      </PageHeader>
      <ToggleButtonGroup
        type="radio"
        name="event-period"
        value={past ? 'past' : 'upcoming'}
        onChange={(value: string) => setParams(value === 'past' ? { past: 'true' } : {}, { replace: true })}
        className="mb-4"
        aria-label="Zeitraum"
      >
        <ToggleButton id="events-upcoming" value="upcoming" variant="outline-primary">
          Bevorstehend
        </ToggleButton>
        <ToggleButton id="events-past" value="past" variant="outline-primary">
          Vergangen
        </ToggleButton>
      </ToggleButtonGroup>
      <h2 className="visually-hidden">{past ? 'Vergangene Veranstaltungen' : 'Bevorstehende Veranstaltungen'}</h2>
      {events.isPending ? <PageSpinner label="Veranstaltungen werden geladen…" /> : null}
      {events.isError ? (
        <ErrorAlert error={events.error}>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void events.refetch()}>
            Erneut versuchen
          </button>
        </ErrorAlert>
      ) : null}
      {events.data && events.data.length === 0 ? (
        <p className="lead">
          {past ? 'Noch keine vergangenen Veranstaltungen.' : 'Zurzeit sind keine Veranstaltungen geplant. Schauen Sie bald wieder vorbei.'}
        </p>
      ) : null}
      {events.data && events.data.length > 0 ? (
        <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3">
          {events.data.map((event) => (
            <div className="col" key={event.id}>
              <EventCard event={event} past={past} />
            </div>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadQueries((queryClient, { search }) => [
  queryClient.ensureQueryData(eventsQueryOptions(search.get('past') === 'true')),
]);
