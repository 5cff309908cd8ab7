import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { eventQueryOptions, eventCalendarHref, useEvent } from '../api/get-event';
import { EventDescription } from '../components/event-description';
import { EventFacts } from '../components/event-facts';
import { PlacesBadge } from '../components/places-badge';
import { SubscriptionPanel } from '../components/subscription-panel';
import { eventWhen } from '../lib/events';
import { positiveId, loadQueries, type ScreenLoader } from '@/lib/loaders';

export default function EventPage() {
  const { id } = useParams();
  const eventId = positiveId(id) ?? 0;
  const valid = eventId > 0;
  const event = useEvent(valid ? eventId : 0, valid);

  if (!valid || event.isError) {
    return (
      <>
        <PageHeader title="Veranstaltung" />
        <ErrorAlert error={valid ? event.error : undefined} message={valid ? undefined : 'Diese Veranstaltung gibt es nicht.'} />
        <Link to={paths.events.href()}>Zu allen Veranstaltungen</Link>
      </>
    );
  }
  if (event.isPending || !event.data) {
    return (
      <>
        <PageHeader title="Veranstaltung" />
        <PageSpinner label="Veranstaltung wird geladen…" />
      </>
    );
  }

  const e = event.data;
  const over = e.ended;
  return (
    <>
      <PageHeader title={e.title} intro={eventWhen(e)} />
      <p className="mb-3">
        <Link to={paths.events.href()}>← Alle Veranstaltungen</Link>
      </p>
      <div className="row g-4">
        <div className="col-lg-7">
          <Card className="shadow-sm">
            <Card.Body>
              <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
                <h2 className="h4 mb-0">Angaben</h2>
                {over ? null : <PlacesBadge event={e} />}
              </div>
              <EventFacts event={e} />
              <a className="btn btn-outline-primary btn-sm mt-3" href={eventCalendarHref(e.id)} download>
                In den Kalender
              </a>
              <hr />
              <EventDescription markdown={e.description} />
            </Card.Body>
          </Card>
        </div>
        <div className="col-lg-5">
          <Card className="shadow-sm">
            <Card.Body>
              <h2 id="subscription-heading" className="h4">
                Anmeldung
              </h2>
              {over ? <p className="mb-0">Diese Veranstaltung ist vorbei.</p> : <SubscriptionPanel key={e.id} event={e} />}
            </Card.Body>
          </Card>
        </div>
      </div>
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadQueries((queryClient, { params }) => {
  const id = positiveId(params.id);
  return id ? [queryClient.ensureQueryData(eventQueryOptions(id))] : [];
});
