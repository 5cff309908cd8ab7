import type { RenewalResult, Season } from '@club/contract';
import type { ComponentProps, ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatMoney, formatNumber } from '@/lib/format';
import { useMembershipFeePreview } from '../api/membership-fee-preview';
import { useRenewMemberships } from '../api/renew-memberships';
import { useRunFees } from '../api/run-fees';
import { feeRunBlocker } from '../lib/runs';
import { CategoriesCard } from './categories-card';
import { RunButton } from './run-button';
import { TicketBillingCard } from './ticket-billing-card';

const invoicesText = (n: number) => `${formatNumber(n)} ${n === 1 ? 'Rechnung' : 'Rechnungen'}`;

/** Renewal and the fee runs of one season (the one chosen on the screen, named in every confirmation). */
export function SeasonRuns({ season, previousName }: { season: Season; previousName: string | undefined }) {
  const renew = useRenewMemberships();
  const fees = useRunFees();
  return (
    <section aria-labelledby="runs-heading" className="mt-3">
      <h2 id="runs-heading" className="h4">
        Saison {season.name}: Verlängerung und Rechnungsläufe
      </h2>
      <div className="row g-3">
        <div className="col-lg-4">
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h3" className="h6">
                Mitgliedschaften verlängern
              </Card.Title>
              <p className="small">
                {season.memberCount === 0
                  ? 'Diese Saison hat noch keine Mitgliedschaften.'
                  : `${formatNumber(season.memberCount)} Mitglieder haben eine Mitgliedschaft in dieser Saison, ${formatNumber(season.parkingPermitCount)} davon mit Parkkarte.`}
              </p>
              <RunButton
                season={season}
                label="Mitgliedschaften verlängern"
                noun="Mitgliedschaften"
                disabled={!previousName}
                disabledReason={previousName ? undefined : 'Es gibt keine vorherige Saison.'}
                confirmText={
                  <p className="mb-0">
                    Alle Mitglieder, deren Mitgliedschaft am Ende der Saison {previousName} noch galt, erhalten eine Mitgliedschaft für{' '}
                    {season.name} (Parkkarten und Kategorien werden übernommen; wer das Höchstalter seiner Kategorie überschreitet, kommt in
                    die Standardkategorie). Bereits verlängerte Mitglieder bleiben unverändert.
                  </p>
                }
                run={() => renew.mutateAsync(season.id)}
                details={movedList}
              />
            </Card.Body>
          </Card>
        </div>
        <MembershipFeeRunCard season={season} run={() => fees.mutateAsync({ seasonId: season.id, kind: 'membershipfees' })} />
        <FeeRunCard
          season={season}
          title="Parkkarten"
          summary={
            season.parkingFees.eligible === 0 && season.parkingFees.issued === 0 ? (
              'Noch keine Rechnungen.'
            ) : (
              <>
                {formatNumber(season.parkingFees.issued)} Rechnungen erstellt, {formatNumber(season.parkingFees.paid)} bezahlt; noch zu
                verrechnen: {formatNumber(season.parkingFees.toBill)} Parkkarten à {formatMoney(season.parkingFee)}.
              </>
            )
          }
          blocker={feeRunBlocker('parking', season.parkingFees, season.parkingFee.amount)}
          confirmText={
            <p className="mb-0">
              {formatNumber(season.parkingFees.toBill)} Mitglieder mit Parkkarte erhalten eine Rechnung über{' '}
              {formatMoney(season.parkingFee)}: <strong>{invoicesText(season.parkingFees.toBill)}</strong> über{' '}
              <strong>{formatMoney(season.parkingFees.toBill * season.parkingFee.amount)}</strong>. Jede Rechnung wird mit PDF per E-Mail
              verschickt.
            </p>
          }
          run={() => fees.mutateAsync({ seasonId: season.id, kind: 'parkingfees' })}
        />
        <TicketBillingCard season={season} />
      </div>
      <CategoriesCard season={season} />
    </section>
  );
}

/** Who moved to the default category on renewal (a junior who came of age), under the run's result. */
function movedList(result: RenewalResult) {
  if (result.movedToDefault.length === 0) return null;
  return (
    <>
      <span className="d-block mt-2">In die Standardkategorie gewechselt:</span>
      <ul className="mb-0">
        {result.movedToDefault.map((m) => (
          <li key={m.memberId}>
            {m.firstName} {m.lastName}: {m.from} → {m.to}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The membership fee run: each member pays the fee of their category (free categories get no
 * invoice). The server's preview (the run's own rule) gives the number of invoices and the total,
 * per category, for the card and the confirmation.
 */
function MembershipFeeRunCard({ season, run }: { season: Season; run: ComponentProps<typeof RunButton>['run'] }) {
  const preview = useMembershipFeePreview(season.id);
  const counts = season.membershipFees;
  const p = preview.data;
  return (
    <FeeRunCard
      season={season}
      title="Mitgliederbeiträge"
      summary={
        counts.eligible === 0 && counts.issued === 0 ? (
          'Noch keine Rechnungen.'
        ) : (
          <>
            {formatNumber(counts.issued)} Rechnungen erstellt, {formatNumber(counts.paid)} bezahlt; noch zu verrechnen:{' '}
            {p ? (
              <>
                {invoicesText(p.invoices)} über {formatMoney(p.amount)} (zum Beitrag der Kategorie).
              </>
            ) : (
              `${formatNumber(counts.toBill)} Mitglieder zum Beitrag ihrer Kategorie.`
            )}
          </>
        )
      }
      blocker={feeRunBlocker('membership', counts)}
      ready={Boolean(p)}
      confirmText={
        <>
          {preview.isPending ? <LoadingSpinner size="sm" label="Summe wird berechnet…" /> : null}
          {preview.isError ? <ErrorAlert error={preview.error} title="Die Summe konnte nicht berechnet werden." /> : null}
          {p ? (
            <>
              <p className="mb-2" data-testid="membership-fee-total">
                <strong>{invoicesText(p.invoices)}</strong> über <strong>{formatMoney(p.amount)}</strong>
              </p>
              <ul className="mb-2">
                {p.categories.map((c) => (
                  <li key={c.categoryId}>
                    {c.name}: {formatNumber(c.invoices)} × {formatMoney(c.fee)} = {formatMoney(c.amount)}
                  </li>
                ))}
              </ul>
              <p className="mb-0">
                Mitglieder in Kategorien ohne Beitrag erhalten keine Rechnung. Jede Rechnung wird mit PDF per E-Mail verschickt.
              </p>
            </>
          ) : null}
        </>
      }
      run={run}
    />
  );
}

/** One fee run's card: what is billed and paid, and the run with its confirmation. */
function FeeRunCard(props: {
  season: Season;
  title: string;
  summary: ReactNode;
  /** why there is nothing to run (the button is disabled and says so), or null */
  blocker: string | null;
  confirmText: ReactNode;
  ready?: boolean;
  run: ComponentProps<typeof RunButton>['run'];
}) {
  return (
    <div className="col-lg-4">
      <Card className="h-100">
        <Card.Body>
          <Card.Title as="h3" className="h6">
            {props.title}
          </Card.Title>
          <p className="small">{props.summary}</p>
          <RunButton
            season={props.season}
            label={`${props.title} verrechnen`}
            noun="Rechnungen"
            disabled={props.blocker !== null}
            disabledReason={props.blocker ?? undefined}
            confirmText={props.confirmText}
            ready={props.ready}
            run={props.run}
          />
        </Card.Body>
      </Card>
    </div>
  );
}
