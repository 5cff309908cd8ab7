import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { loadBoardQueries, positiveId, type ScreenLoader } from '@/lib/loaders';
import { handoverListQueryOptions } from '../api/get-handover-list';
import { handoverSubjectQueryOptions, useHandoverSubject } from '../api/get-handover-subject';
import { HandoverScreen } from '../components/handover-screen';

/** `/admin/games/{id}/handover`: the tickets of a game handed over at the stand. */
export default function GameHandoverPage() {
  const gameId = positiveId(useParams().id);
  const subject = useHandoverSubject('game', gameId ?? 0, gameId !== null);
  if (gameId === null) {
    return (
      <>
        <PageHeader title="Ticketausgabe" />
        <ErrorAlert message="Dieses Spiel gibt es nicht." />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={subject.data ? `Ticketausgabe ${subject.data.title}` : 'Ticketausgabe'}
        intro={subject.data ? `${formatDateTime(subject.data.start)} Uhr` : undefined}
      />
      <p className="mb-3">
        <Link to={paths.gameGroup.href()}>← Spielegruppen</Link>
      </p>
      <HandoverScreen kind="game" id={gameId} />
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient, { params }) => {
  const id = positiveId(params.id);
  return id
    ? [
        queryClient.ensureQueryData(handoverListQueryOptions('game', id)),
        queryClient.ensureQueryData(handoverSubjectQueryOptions('game', id)),
      ]
    : [];
});
