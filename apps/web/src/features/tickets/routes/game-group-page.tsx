import type { GameGroup } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatDateTime, formatMoney } from '@/lib/format';
import { gameGroupsQueryOptions, useGameGroups } from '../api/admin-game-groups';
import { GameGroupForm } from '../components/game-group-form';
import { matchup, salesText } from '../lib/games';
import '../tickets.css';
import { loadBoardQueries, type ScreenLoader } from '@/lib/loaders';

function GroupCard({ group }: { group: GameGroup }) {
  const headingId = `group-${group.id}`;
  return (
    <Card as="article" className="mb-4 shadow-sm" aria-labelledby={headingId}>
      <Card.Body>
        <h2 id={headingId} className="h5">
          <Link to={paths.gameGroupId.href(group.id)}>{group.name}</Link>
        </h2>
        <p className="mb-2">
          {formatMoney(group.defaultPricePerTicket)} pro Ticket · {group.availableTicketsPerGame} Tickets pro Spiel · höchstens{' '}
          {group.freeTicketAmount} pro Mitglied
        </p>
        <p className="small text-body-secondary">
          Zustellung: {group.deliveryOptions.length ? group.deliveryOptions.map((o) => o.name).join(', ') : 'keine Zustelloption gewählt'}
        </p>
        {group.games.length === 0 ? (
          <p className="mb-0">Noch keine Spiele.</p>
        ) : (
          <div className="table-responsive scroll-region" tabIndex={0} role="region" aria-label={`Spiele von ${group.name}`}>
            <table className="table table-sm align-middle mb-0">
              <caption className="visually-hidden">Spiele von {group.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Datum</th>
                  <th scope="col">Spiel</th>
                  <th scope="col" className="text-end">
                    Reserviert
                  </th>
                  <th scope="col">Verkauf</th>
                </tr>
              </thead>
              <tbody>
                {group.games.map((game) => (
                  <tr key={game.id}>
                    <td className="text-nowrap">{formatDateTime(game.start)}</td>
                    <td>{matchup(game).title}</td>
                    <td className="text-end text-nowrap">
                      {game.reserved} / {group.availableTicketsPerGame}
                    </td>
                    <td className="small">{salesText(game)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

export default function GameGroupPage() {
  const groups = useGameGroups();
  const navigate = useNavigate();
  const toast = useToast();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader title="Spielegruppen" intro="Spielegruppen mit Ticketpreis, Kontingent pro Spiel und Zustelloptionen verwalten." />
      {creating ? (
        <Card className="mb-4 shadow-sm">
          <Card.Body>
            <h2 className="h5">Neue Spielegruppe</h2>
            <GameGroupForm
              onSaved={(group) => {
                toast.success(`Spielegruppe «${group.name}» angelegt.`);
                void navigate(paths.gameGroupId.href(group.id));
              }}
              onCancel={() => setCreating(false)}
            />
          </Card.Body>
        </Card>
      ) : (
        <Button className="mb-4" onClick={() => setCreating(true)}>
          Neue Spielegruppe
        </Button>
      )}
      {groups.isPending ? <PageSpinner /> : null}
      {groups.isError ? <ErrorAlert error={groups.error} /> : null}
      {groups.data && groups.data.length === 0 ? <p>Noch keine Spielegruppen erfasst.</p> : null}
      {groups.data?.map((group) => (
        <GroupCard key={group.id} group={group} />
      ))}
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient) => [queryClient.ensureQueryData(gameGroupsQueryOptions())]);
