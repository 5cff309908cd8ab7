import type { Game } from '@club/contract';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useGameDraw } from '../api/game-draw';
import { ticketCount } from '../lib/games';

type Draw = NonNullable<ReturnType<typeof useGameDraw>['data']>;

/** The order the draw gave: place, member number, tickets, lots and whether drawn or waiting; the member's own line marked. */
function DrawOrder({ draw }: { draw: Draw }) {
  const ownNumber = useSession().user?.memberNumber;
  return (
    <div className="table-responsive scroll-region" tabIndex={0} role="region" aria-label="Reihenfolge der Auslosung">
      <table className="table table-sm align-middle small draw-order">
        <caption>Reihenfolge der Auslosung</caption>
        <thead>
          <tr>
            <th scope="col">Platz</th>
            <th scope="col">Mitglied Nr.</th>
            <th scope="col" className="text-end">
              Tickets
            </th>
            <th scope="col" className="text-end">
              Lose
            </th>
            <th scope="col">Ergebnis</th>
          </tr>
        </thead>
        <tbody>
          {draw.order.map((number, i) => {
            const entry = draw.entries.find((e) => e.memberNumber === number);
            const own = number === ownNumber;
            return (
              <tr key={number} className={own ? 'table-active' : undefined} data-testid={own ? 'own-draw-line' : undefined}>
                <td>{i + 1}</td>
                <td>
                  {number}
                  {own ? <span className="visually-hidden"> (Sie)</span> : null}
                </td>
                <td className="text-end">{entry?.amount}</td>
                <td className="text-end">{entry?.weight}</td>
                <td>{draw.served.includes(number) ? 'ausgelost' : 'Warteliste'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {ownNumber !== undefined && draw.order.includes(ownNumber) ? <p className="small mb-2">Ihre Anfrage ist hervorgehoben.</p> : null}
    </div>
  );
}

/** «So funktioniert die Auslosung»: the rules, the seed's fingerprint, after the draw the seed, the order and how to recompute it. */
function DrawDetails({ game, draw }: { game: Game; draw: Draw }) {
  return (
    <details className="draw-details">
      <summary>So funktioniert die Auslosung</summary>
      <p className="small mt-2">
        Jede Anfrage erhält Lose: eines als Grundlage, eines mehr für jede abgeschlossene Saison als Mitglied (höchstens zehn) und zwei mehr
        für jede der letzten drei Auslosungen, bei der Sie leer ausgingen. Gezogen wird, bis das Kontingent vergeben ist; jede Anfrage ganz
        oder gar nicht, die übrigen kommen in dieser Reihenfolge auf die Warteliste. Damit niemand nachträglich etwas ändern kann, steht der
        Fingerabdruck der Zufallszahl schon vor der Auslosung hier; danach jeder Schritt.
      </p>
      <dl className="small draw-facts">
        <dt>Verfahren</dt>
        <dd>{draw.algorithm}</dd>
        <dt>SHA-256 des Seeds</dt>
        <dd className="text-break font-monospace">{draw.seedHash ?? 'wird mit dem Verkaufsstart veröffentlicht'}</dd>
        {draw.seed ? (
          <>
            <dt>Seed</dt>
            <dd className="text-break font-monospace">{draw.seed}</dd>
          </>
        ) : null}
      </dl>
      {draw.order.length ? <DrawOrder draw={draw} /> : null}
      {draw.entriesForMembersOnly ? (
        <p className="small mb-2">Die Anfragen und die Reihenfolge der Auslosung sehen angemeldete Mitglieder.</p>
      ) : null}
      {draw.seed ? (
        <p className="small text-body-secondary mb-0">
          Nachprüfen:{' '}
          <code>
            pnpm verify-draw -- --game {game.id} --url {window.location.origin} --cookie &apos;sid=…&apos;
          </code>
        </p>
      ) : null}
    </details>
  );
}

/**
 * A draw game's facts in a fan's words: when the draw runs and how many tickets are asked for
 * against the quota. How the draw works, with what anyone needs to recompute it (the seed's
 * fingerprint, after the draw the seed, every entry and the order, `pnpm verify-draw`), stays
 * in a collapsed «So funktioniert die Auslosung».
 */
export function DrawPanel({ game }: { game: Game }) {
  const draw = useGameDraw(game.id);
  return (
    <section aria-labelledby="draw-heading" className="mt-4">
      <h2 id="draw-heading" className="h5">
        Auslosung
      </h2>
      {game.drawnAt ? (
        <p>Ausgelost am {formatDateTime(game.drawnAt)} Uhr.</p>
      ) : (
        <p data-testid="draw-requested">
          Die Tickets werden am {formatDateTime(game.drawAt)} Uhr ausgelost: {ticketCount(game.ticketsRequested ?? 0)} angefragt
          {draw.data ? ` für ${ticketCount(draw.data.quota)} im Kontingent` : ''}.
        </p>
      )}
      {draw.isPending ? <LoadingSpinner label="Auslosung wird geladen…" /> : null}
      {draw.isError ? <ErrorAlert error={draw.error} /> : null}
      {draw.data ? <DrawDetails game={game} draw={draw.data} /> : null}
    </section>
  );
}
