import type { Season } from '@club/contract';
import Card from 'react-bootstrap/Card';
import { formatMoney, formatNumber } from '@/lib/format';
import { useRenewMemberships } from '../api/renew-memberships';
import { useRunFees } from '../api/run-fees';
import { RunButton } from './run-button';

/** Renewal and the two fee runs of one season. */
export function SeasonRuns({ season, previousName }: { season: Season; previousName: string | undefined }) {
  const renew = useRenewMemberships();
  const fees = useRunFees();
  const m = season.membershipFees;
  const p = season.parkingFees;
  const membershipTotal = m.toBill * season.membershipFee.amount;
  const parkingTotal = p.toBill * season.parkingFee.amount;
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
                    {season.name} (Parkkarten werden übernommen). Bereits verlängerte Mitglieder bleiben unverändert.
                  </p>
                }
                run={() => renew.mutateAsync(season.id)}
              />
            </Card.Body>
          </Card>
        </div>
        <div className="col-lg-4">
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h3" className="h6">
                Mitgliederbeiträge
              </Card.Title>
              <p className="small">
                {formatNumber(m.issued)} Rechnungen erstellt, {formatNumber(m.paid)} bezahlt; noch zu verrechnen: {formatNumber(m.toBill)}{' '}
                Mitglieder à {formatMoney(season.membershipFee)}.
              </p>
              <RunButton
                label="Mitgliederbeiträge verrechnen"
                noun="Rechnungen"
                disabled={m.toBill === 0 || season.membershipFee.amount === 0}
                disabledReason={
                  season.membershipFee.amount === 0
                    ? 'Kein Mitgliederbeitrag festgelegt.'
                    : m.toBill === 0
                      ? 'Alle Mitglieder sind verrechnet.'
                      : undefined
                }
                confirmText={
                  <p className="mb-0">
                    {formatNumber(m.toBill)} Mitglieder erhalten eine Rechnung über {formatMoney(season.membershipFee)}, total{' '}
                    <strong>{formatMoney(membershipTotal)}</strong>. Jede Rechnung wird mit PDF per E-Mail verschickt.
                  </p>
                }
                run={() => fees.mutateAsync({ seasonId: season.id, kind: 'membershipfees' })}
              />
            </Card.Body>
          </Card>
        </div>
        <div className="col-lg-4">
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h3" className="h6">
                Parkgebühren
              </Card.Title>
              <p className="small">
                {formatNumber(p.issued)} Rechnungen erstellt, {formatNumber(p.paid)} bezahlt; noch zu verrechnen: {formatNumber(p.toBill)}{' '}
                Parkkarten à {formatMoney(season.parkingFee)}.
              </p>
              <RunButton
                label="Parkgebühren verrechnen"
                noun="Rechnungen"
                disabled={p.toBill === 0 || season.parkingFee.amount === 0}
                disabledReason={
                  season.parkingFee.amount === 0
                    ? 'Keine Parkgebühr festgelegt.'
                    : p.toBill === 0
                      ? 'Alle Parkkarten sind verrechnet.'
                      : undefined
                }
                confirmText={
                  <p className="mb-0">
                    {formatNumber(p.toBill)} Mitglieder mit Parkkarte erhalten eine Rechnung über {formatMoney(season.parkingFee)}, total{' '}
                    <strong>{formatMoney(parkingTotal)}</strong>. Jede Rechnung wird mit PDF per E-Mail verschickt.
                  </p>
                }
                run={() => fees.mutateAsync({ seasonId: season.id, kind: 'parkingfees' })}
              />
            </Card.Body>
          </Card>
        </div>
      </div>
    </section>
  );
}
