import type { Money, RenewalResult, Season } from '@club/contract';
import type { ComponentProps } from 'react';
import Card from 'react-bootstrap/Card';
import { formatMoney, formatNumber } from '@/lib/format';
import { useRenewMemberships } from '../api/renew-memberships';
import { useRunFees } from '../api/run-fees';
import { CategoriesCard } from './categories-card';
import { RunButton } from './run-button';
import { TicketBillingCard } from './ticket-billing-card';

/** Renewal and the two fee runs of one season. */
export function SeasonRuns({ season, previousName }: { season: Season; previousName: string | undefined }) {
  const renew = useRenewMemberships();
  const fees = useRunFees();
  return (
    <section aria-labelledby="runs-heading" className="mt-4">
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
                {formatNumber(season.memberCount)} Mitglieder haben eine Mitgliedschaft in dieser Saison,{' '}
                {formatNumber(season.parkingPermitCount)} davon mit Parkkarte.
              </p>
              <RunButton
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
        <FeeRunCard
          title="Mitgliederbeiträge"
          counts={season.membershipFees}
          billed="Mitglieder"
          recipients="Mitglieder"
          noFee="Kein Mitgliederbeitrag festgelegt."
          allBilled="Alle Mitglieder sind verrechnet."
          run={() => fees.mutateAsync({ seasonId: season.id, kind: 'membershipfees' })}
        />
        <FeeRunCard
          title="Parkgebühren"
          counts={season.parkingFees}
          fee={season.parkingFee}
          billed="Parkkarten"
          recipients="Mitglieder mit Parkkarte"
          noFee="Keine Parkgebühr festgelegt."
          allBilled="Alle Parkkarten sind verrechnet."
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
 * One fee run (membership or parking fees): what is billed and paid, and the run with its
 * confirmation. Without `fee` (membership fees) each member pays the fee of the category.
 */
function FeeRunCard(props: {
  title: string;
  counts: Season['membershipFees'];
  fee?: Money;
  /** What is counted («Mitglieder», «Parkkarten»). */
  billed: string;
  /** Who gets an invoice, in the confirmation. */
  recipients: string;
  noFee: string;
  allBilled: string;
  run: ComponentProps<typeof RunButton>['run'];
}) {
  const { title, counts, fee, billed } = props;
  return (
    <div className="col-lg-4">
      <Card className="h-100">
        <Card.Body>
          <Card.Title as="h3" className="h6">
            {title}
          </Card.Title>
          <p className="small">
            {formatNumber(counts.issued)} Rechnungen erstellt, {formatNumber(counts.paid)} bezahlt; noch zu verrechnen:{' '}
            {formatNumber(counts.toBill)} {billed} {fee ? `à ${formatMoney(fee)}` : 'zum Beitrag ihrer Kategorie'}.
          </p>
          <RunButton
            label={`${title} verrechnen`}
            noun="Rechnungen"
            disabled={counts.toBill === 0 || fee?.amount === 0}
            disabledReason={fee?.amount === 0 ? props.noFee : counts.toBill === 0 ? props.allBilled : undefined}
            confirmText={
              <p className="mb-0">
                {fee ? (
                  <>
                    {formatNumber(counts.toBill)} {props.recipients} erhalten eine Rechnung über {formatMoney(fee)}, total{' '}
                    <strong>{formatMoney(counts.toBill * fee.amount)}</strong>.
                  </>
                ) : (
                  <>
                    {formatNumber(counts.toBill)} {props.recipients} erhalten eine Rechnung über den Beitrag ihrer Kategorie (Mitglieder in
                    Kategorien ohne Beitrag erhalten keine).
                  </>
                )}{' '}
                Jede Rechnung wird mit PDF per E-Mail verschickt.
              </p>
            }
            run={props.run}
          />
        </Card.Body>
      </Card>
    </div>
  );
}
