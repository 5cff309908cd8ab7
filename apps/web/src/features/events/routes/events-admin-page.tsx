import type { AdminEvent } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { adminEventsQueryOptions, useAdminEvents } from '../api/get-admin-events';
import { AdminEventSummary } from '../components/admin-event-summary';
import { DeleteEventDialog } from '../components/delete-event-dialog';
import { EventFormDialog } from '../components/event-form-dialog';
import { eventWhen } from '../lib/events';
import { loadBoardQueries, type ScreenLoader } from '@/lib/loaders';

export default function EventsAdminPage() {
  const events = useAdminEvents();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminEvent | null>(null);
  const [deleting, setDeleting] = useState<AdminEvent | null>(null);

  return (
    <>
      <PageHeader title="Veranstaltungen verwalten" intro="Veranstaltungen erfassen, bearbeiten und die Anmeldungen einsehen.">
        <Button className="mt-3" onClick={() => setCreating(true)}>
          Neue Veranstaltung
        </Button>
      </PageHeader>
      {events.isPending ? <PageSpinner label="Veranstaltungen werden geladen…" /> : null}
      {events.isError ? <ErrorAlert error={events.error} /> : null}
      {events.data && events.data.length === 0 ? <p className="lead">Noch keine Veranstaltungen erfasst.</p> : null}
      {events.data?.map((event) => {
        const headingId = `admin-event-${event.id}`;
        const over = event.ended;
        return (
          <Card as="article" key={event.id} className="mb-3 shadow-sm" aria-labelledby={headingId}>
            <Card.Body className="d-flex flex-wrap justify-content-between align-items-start gap-2">
              <div>
                <h2 id={headingId} className="h5 mb-1">
                  <Link to={paths.eventAdmin.href(event.id)}>{event.title}</Link>
                  {over ? <span className="badge text-bg-secondary ms-2 fs-6 fw-normal">Vorbei</span> : null}
                </h2>
                <p className="mb-1">{eventWhen(event)}</p>
                <p className="mb-0 small">
                  <AdminEventSummary event={event} />
                </p>
              </div>
              <div className="d-flex gap-2">
                <Button variant="outline-primary" size="sm" onClick={() => setEditing(event)}>
                  Bearbeiten<span className="visually-hidden"> ({event.title})</span>
                </Button>
                <Button variant="outline-danger" size="sm" onClick={() => setDeleting(event)}>
                  Löschen<span className="visually-hidden"> ({event.title})</span>
                </Button>
              </div>
            </Card.Body>
          </Card>
        );
      })}
      <EventFormDialog
        show={creating}
        onClose={() => setCreating(false)}
        onSaved={(saved) => void navigate(paths.eventAdmin.href(saved.id))}
      />
      {editing ? <EventFormDialog key={editing.id} event={editing} show onClose={() => setEditing(null)} /> : null}
      <DeleteEventDialog event={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient) => [queryClient.ensureQueryData(adminEventsQueryOptions())]);
