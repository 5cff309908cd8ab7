import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner, PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useDownloadSubscribers } from '../api/download-subscribers';
import { adminEventQueryOptions, useAdminEvent } from '../api/get-admin-event';
import { eventSubscribersQueryOptions, useEventSubscribers } from '../api/get-event-subscribers';
import { AdminEventSummary } from '../components/admin-event-summary';
import { DeleteEventDialog } from '../components/delete-event-dialog';
import { AddSubscriberButton, SubscriberActions } from '../components/event-list-actions';
import { EventDescription } from '../components/event-description';
import { EventFacts } from '../components/event-facts';
import { EventFormDialog } from '../components/event-form-dialog';
import { statusText } from '../lib/events';
import { loadBoardQueries, positiveId, type ScreenLoader } from '@/lib/loaders';

function fileName(title: string): string {
  const clean = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `anmeldungen-${clean || 'veranstaltung'}.xlsx`;
}

type AdminEvent = NonNullable<ReturnType<typeof useAdminEvent>['data']>;
type Subscriber = NonNullable<ReturnType<typeof useEventSubscribers>['data']>[number];

export default function EventAdminPage() {
  const { id } = useParams();
  const eventId = positiveId(id) ?? 0;
  const valid = eventId > 0;
  const event = useAdminEvent(valid ? eventId : 0, valid);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (!valid || event.isError) {
    return (
      <>
        <PageHeader title="Veranstaltung bearbeiten" />
        <ErrorAlert error={valid ? event.error : undefined} message={valid ? undefined : 'Diese Veranstaltung gibt es nicht.'} />
        <Link to={paths.eventsAdmin.href()}>Zu allen Veranstaltungen</Link>
      </>
    );
  }
  if (event.isPending || !event.data) {
    return (
      <>
        <PageHeader title="Veranstaltung bearbeiten" />
        <PageSpinner label="Veranstaltung wird geladen…" />
      </>
    );
  }
  const e = event.data;

  return (
    <>
      <PageHeader title={e.title} intro={<AdminEventSummary event={e} />} />
      <p className="mb-3">
        <Link to={paths.eventsAdmin.href()}>← Alle Veranstaltungen</Link>
      </p>
      <div className="row g-4">
        <div className="col-lg-5">
          <EventInfoCard event={e} onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} />
        </div>
        <div className="col-lg-7">
          <SubscribersCard event={e} />
        </div>
      </div>
      {editing ? <EventFormDialog event={e} show onClose={() => setEditing(false)} /> : null}
      <DeleteEventDialog
        event={deleting ? e : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(paths.eventsAdmin.href())}
      />
    </>
  );
}

/** «Angaben»: the event's facts and description with the board's buttons. */
function EventInfoCard({ event: e, onEdit, onDelete }: { event: AdminEvent; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h5">Angaben</h2>
        <EventFacts event={e} />
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button variant="outline-primary" size="sm" onClick={onEdit}>
            Bearbeiten
          </Button>
          <Button variant="outline-danger" size="sm" onClick={onDelete}>
            Löschen
          </Button>
          <Link className="btn btn-primary btn-sm" to={paths.eventHandover.href(e.id)}>
            Platzausgabe
          </Link>
          <Link className="btn btn-outline-secondary btn-sm" to={paths.event.href(e.id)}>
            Ansicht für Mitglieder
          </Link>
        </div>
        <hr />
        <EventDescription markdown={e.description} />
      </Card.Body>
    </Card>
  );
}

/** «Angemeldete»: the subscribers with adding one and the Excel list. */
function SubscribersCard({ event: e }: { event: AdminEvent }) {
  const subscribers = useEventSubscribers(e.id, true);
  const download = useDownloadSubscribers();
  const list = subscribers.data ?? [];
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
          <h2 className="h5 mb-0">Angemeldete</h2>
          <div className="d-flex flex-wrap gap-2">
            <AddSubscriberButton event={e} />
            <Button
              variant="success"
              size="sm"
              disabled={download.isPending || list.length === 0}
              onClick={() => download.mutate({ id: e.id, fileName: fileName(e.title) })}
            >
              {download.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
              Excel herunterladen
            </Button>
          </div>
        </div>
        {download.isError ? <ErrorAlert error={download.error} title="Die Liste konnte nicht heruntergeladen werden." /> : null}
        {subscribers.isPending ? <LoadingSpinner label="Angemeldete werden geladen…" /> : null}
        {subscribers.isError ? <ErrorAlert error={subscribers.error} /> : null}
        {subscribers.data && list.length === 0 ? <p className="mb-0">Noch keine Anmeldungen.</p> : null}
        {list.length > 0 ? <SubscribersTable event={e} list={list} /> : null}
      </Card.Body>
    </Card>
  );
}

/** Name, places, status and date of each subscriber, with the actions (under the name on a phone). */
function SubscribersTable({ event: e, list }: { event: AdminEvent; list: Subscriber[] }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm table-striped align-middle mb-0">
        <caption className="visually-hidden">Angemeldete von {e.title}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="text-end">
              Plätze
            </th>
            <th scope="col">Status</th>
            <th scope="col" className="d-none d-md-table-cell">
              Angemeldet am
            </th>
            <th scope="col" className="d-none d-md-table-cell">
              <span className="visually-hidden">Aktionen</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((s) => (
            <tr key={s.member.id}>
              <td>
                <Link to={paths.memberAdmin.href(s.member.id)}>
                  {s.member.lastName} {s.member.firstName}
                </Link>
                <div className="small text-body-secondary d-md-none">{formatDateTime(s.subscriptionTimestamp)}</div>
                {/* On a phone the actions sit under the name: the table stays as wide as the screen. */}
                <div className="d-md-none mt-1">
                  <SubscriberActions eventId={e.id} subscriber={s} />
                </div>
              </td>
              <td className="text-end">{s.amount}</td>
              <td>
                <span className={`badge ${s.status === 'CONFIRMED' ? 'text-bg-primary' : 'text-bg-warning'}`}>{statusText(s.status)}</span>
              </td>
              <td className="text-nowrap d-none d-md-table-cell">{formatDateTime(s.subscriptionTimestamp)}</td>
              <td className="d-none d-md-table-cell">
                <SubscriberActions eventId={e.id} subscriber={s} className="justify-content-end" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient, { params }) => {
  const id = positiveId(params.id);
  return id ? [queryClient.ensureQueryData(adminEventQueryOptions(id)), queryClient.ensureQueryData(eventSubscribersQueryOptions(id))] : [];
});
