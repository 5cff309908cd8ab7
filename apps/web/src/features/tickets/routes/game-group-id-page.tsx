import type { AdminGame } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { gameGroupQueryOptions, useDeleteGameGroup, useGameGroup } from '../api/admin-game-groups';
import { useDeleteGame } from '../api/admin-games';
import { AdminGameCard } from '../components/admin-game-card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { GameFormDialog } from '../components/game-form-dialog';
import { GameGroupForm } from '../components/game-group-form';
import { isGameOver, matchup } from '../lib/games';
import '../tickets.css';
import { loadBoardQueries, positiveId, type ScreenLoader } from '@/lib/loaders';

type GameGroup = NonNullable<ReturnType<typeof useGameGroup>['data']>;

export default function GameGroupIdPage() {
  const { id } = useParams();
  const groupId = positiveId(id) ?? 0;
  const valid = groupId > 0;
  const group = useGameGroup(valid ? groupId : 0);
  const toast = useToast();

  if (!valid || group.isError) {
    return (
      <>
        <PageHeader title="Spielegruppe" />
        <ErrorAlert error={valid ? group.error : undefined} message={valid ? undefined : 'Diese Spielegruppe gibt es nicht.'} />
        <Link to={paths.gameGroup.href()}>Zu allen Spielegruppen</Link>
      </>
    );
  }
  if (group.isPending) {
    return (
      <>
        <PageHeader title="Spielegruppe" />
        <PageSpinner />
      </>
    );
  }

  const g = group.data;
  return (
    <>
      <PageHeader title={g.name} intro="Preis, Kontingent, Zustelloptionen und Spiele dieser Spielegruppe bearbeiten." />
      <p>
        <Link to={paths.gameGroup.href()}>← Alle Spielegruppen</Link>
      </p>

      <Card className="mb-4 shadow-sm">
        <Card.Body>
          <h2 className="h5">Einstellungen</h2>
          <GameGroupForm
            key={`${g.id}-${g.name}-${g.availableTicketsPerGame}-${g.freeTicketAmount}`}
            group={g}
            onSaved={(saved) => toast.success(`Spielegruppe «${saved.name}» gespeichert.`)}
          />
        </Card.Body>
      </Card>

      <GamesSection group={g} />
      <DeleteGroupSection group={g} />
    </>
  );
}

/** The group's games, the upcoming ones first and the past ones folded away, with adding, editing and deleting. */
function GamesSection({ group }: { group: GameGroup }) {
  const [editing, setEditing] = useState<AdminGame | 'new' | null>(null);
  const [deletingGame, setDeletingGame] = useState<AdminGame | null>(null);
  // Games that have begun fold away under «Vergangene Spiele», the latest first.
  const now = new Date();
  const upcoming = group.games.filter((game) => !isGameOver(game.start, now));
  const past = group.games.filter((game) => isGameOver(game.start, now)).reverse();
  const gameCard = (game: AdminGame) => (
    <AdminGameCard
      key={game.id}
      game={game}
      quota={group.availableTicketsPerGame}
      onEdit={() => setEditing(game)}
      onDelete={() => setDeletingGame(game)}
    />
  );
  return (
    <section aria-labelledby="games-heading" className="mb-4">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="games-heading" className="h4 mb-0">
          Spiele
        </h2>
        <Button onClick={() => setEditing('new')}>Spiel hinzufügen</Button>
      </div>
      {group.games.length === 0 ? <p>Diese Spielegruppe hat noch keine Spiele.</p> : null}
      {upcoming.map(gameCard)}
      {past.length > 0 ? (
        <details className="past-games mt-3" data-testid="past-games">
          <summary className="h5">Vergangene Spiele ({past.length})</summary>
          <div className="mt-3">{past.map(gameCard)}</div>
        </details>
      ) : null}

      {editing !== null ? (
        <GameFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          gameGroupId={group.id}
          game={editing === 'new' ? undefined : editing}
          show
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteGameDialog game={deletingGame} onClose={() => setDeletingGame(null)} />
    </section>
  );
}

/** «Spiel löschen» for the game given (closed while it is null). */
function DeleteGameDialog({ game, onClose }: { game: AdminGame | null; onClose: () => void }) {
  const deleteGame = useDeleteGame();
  const toast = useToast();
  return (
    <ConfirmDialog
      show={game !== null}
      title="Spiel löschen"
      confirmLabel="Spiel löschen"
      pending={deleteGame.isPending}
      error={deleteGame.error}
      onCancel={() => {
        deleteGame.reset();
        onClose();
      }}
      onConfirm={() =>
        game &&
        deleteGame.mutate(game.id, {
          onSuccess: () => {
            toast.success(`Spiel ${matchup(game).title} gelöscht.`);
            onClose();
          },
        })
      }
    >
      <p className="mb-0">
        Soll das Spiel {game ? matchup(game).title : ''} vom {formatDateTime(game?.start)} Uhr gelöscht werden?
      </p>
    </ConfirmDialog>
  );
}

/** «Spielegruppe löschen» at the end of the page, asked before, back to all groups after. */
function DeleteGroupSection({ group }: { group: GameGroup }) {
  const navigate = useNavigate();
  const deleteGroup = useDeleteGameGroup();
  const toast = useToast();
  const [deletingGroup, setDeletingGroup] = useState(false);
  return (
    <section aria-labelledby="danger-heading" className="border-top pt-3">
      <h2 id="danger-heading" className="h6">
        Spielegruppe löschen
      </h2>
      <p className="small mb-2">Löscht die Gruppe mit ihren Spielen. Solange Reservationen bestehen, ist das nicht möglich.</p>
      <Button
        variant="outline-danger"
        onClick={() => {
          deleteGroup.reset();
          setDeletingGroup(true);
        }}
      >
        Spielegruppe löschen
      </Button>
      <ConfirmDialog
        show={deletingGroup}
        title="Spielegruppe löschen"
        confirmLabel="Spielegruppe löschen"
        pending={deleteGroup.isPending}
        error={deleteGroup.error}
        onCancel={() => setDeletingGroup(false)}
        onConfirm={() =>
          deleteGroup.mutate(group.id, {
            onSuccess: () => {
              toast.success(`Spielegruppe «${group.name}» gelöscht.`);
              void navigate(paths.gameGroup.href());
            },
          })
        }
      >
        <p className="mb-0">Soll die Spielegruppe «{group.name}» mit allen ihren Spielen gelöscht werden?</p>
      </ConfirmDialog>
    </section>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient, { params }) => {
  const id = positiveId(params.id);
  return id ? [queryClient.ensureQueryData(gameGroupQueryOptions(id))] : [];
});
