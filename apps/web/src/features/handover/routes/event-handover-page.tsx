import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { loadBoardQueries, positiveId, type ScreenLoader } from '@/lib/loaders';
import { handoverListQueryOptions } from '../api/get-handover-list';
import { handoverSubjectQueryOptions, useHandoverSubject } from '../api/get-handover-subject';
import { HandoverScreen } from '../components/handover-screen';

/** `/admin/events/{id}/handover`: the places of an event handed over (at the meeting point, in the bus). */
export default function EventHandoverPage() {
  const eventId = positiveId(useParams().id);
  const subject = useHandoverSubject('event', eventId ?? 0, eventId !== null);
  if (eventId === null) {
    return (
      <>
        <PageHeader title="Platzausgabe" />
        <ErrorAlert message="Diese Veranstaltung gibt es nicht." />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={subject.data ? `Platzausgabe ${subject.data.title}` : 'Platzausgabe'}
        intro={subject.data ? `${formatDateTime(subject.data.start)} Uhr` : undefined}
      />
      <p className="mb-3">
        <Link to={paths.eventAdmin.href(eventId)}>← Zur Veranstaltung</Link>
      </p>
      <HandoverScreen kind="event" id={eventId} />
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient, { params }) => {
  const id = positiveId(params.id);
  return id
    ? [
        queryClient.ensureQueryData(handoverListQueryOptions('event', id)),
        queryClient.ensureQueryData(handoverSubjectQueryOptions('event', id)),
      ]
    : [];
});
