import type { Season } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { formatDate, formatMoney, formatNumber, todayInZurich } from '@/lib/format';
import { useCreateSeason } from '../api/create-season';
import { seasonsQueryOptions, useSeasons } from '@/lib/seasons';
import { useUpdateSeason } from '../api/update-season';
import { FeesForm } from '../components/fees-form';
import { SeasonRuns } from '../components/season-runs';
import { loadBoardQueries, type ScreenLoader } from '@/lib/loaders';

/** Years a new season may start in: the next free ones after the newest season (or this year). */
function freeYears(seasons: readonly Season[]): number[] {
  const taken = new Set(seasons.map((s) => Number(s.validFrom.slice(0, 4))));
  const thisYear = Number(todayInZurich().slice(0, 4));
  const newest = seasons.length ? Math.max(...taken) : thisYear - 1;
  const years = [];
  for (let y = Math.min(newest + 1, thisYear - 1); y <= Math.max(newest + 1, thisYear) + 1; y++) if (!taken.has(y)) years.push(y);
  const next = newest + 1;
  return [next, ...years.filter((y) => y !== next)];
}

function NewSeason({ seasons, onDone }: { seasons: readonly Season[]; onDone: (id: number) => void }) {
  const create = useCreateSeason();
  const toast = useToast();
  const newest = seasons[0];
  return (
    <Card className="mb-4">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Neue Saison
        </Card.Title>
        <p className="small">Eine Saison dauert vom 1. Mai bis 30. April. Die Beiträge sind aus der letzten Saison übernommen.</p>
        <FeesForm
          idPrefix="new-season"
          years={freeYears(seasons)}
          defaults={{ membershipFee: newest?.membershipFee.amount ?? 0, parkingFee: newest?.parkingFee.amount ?? 0 }}
          submitLabel="Saison eröffnen"
          pending={create.isPending}
          onSubmit={async ({ year, membershipFee, parkingFee }) => {
            const season = await create.mutateAsync({
              validFrom: `${year}-05-01`,
              membershipFee: { currency: 'CHF', amount: membershipFee },
              parkingFee: { currency: 'CHF', amount: parkingFee },
            });
            toast.success(`Saison ${season.name} eröffnet.`);
            onDone(season.id);
          }}
          onCancel={() => onDone(0)}
        />
      </Card.Body>
    </Card>
  );
}

function EditFees({ season, onDone }: { season: Season; onDone: () => void }) {
  const update = useUpdateSeason();
  const toast = useToast();
  return (
    <FeesForm
      idPrefix={`season-${season.id}`}
      defaults={{ membershipFee: season.membershipFee.amount, parkingFee: season.parkingFee.amount }}
      submitLabel="Beiträge speichern"
      pending={update.isPending}
      onSubmit={async ({ membershipFee, parkingFee }) => {
        await update.mutateAsync({
          id: season.id,
          membershipFee: { currency: 'CHF', amount: membershipFee },
          parkingFee: { currency: 'CHF', amount: parkingFee },
        });
        toast.success(`Beiträge der Saison ${season.name} gespeichert.`);
        onDone();
      }}
      onCancel={onDone}
    />
  );
}

export default function AdminSeasonsPage() {
  const seasons = useSeasons();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  const header = (
    <PageHeader
      title="Saisons"
      intro="Saisons eröffnen, Mitgliedschaften verlängern und die Rechnungsläufe für Mitgliederbeiträge, Parkgebühren, Tickets und Veranstaltungen starten."
    >
      {!creating && seasons.data ? (
        <Button onClick={() => setCreating(true)} className="mt-2">
          Neue Saison
        </Button>
      ) : null}
    </PageHeader>
  );
  if (seasons.isPending) {
    return (
      <>
        {header}
        <PageSpinner label="Saisons werden geladen…" />
      </>
    );
  }
  if (seasons.isError) {
    return (
      <>
        {header}
        <ErrorAlert error={seasons.error} title="Die Saisons konnten nicht geladen werden." />
      </>
    );
  }
  const list = seasons.data;
  const chosen = list.find((s) => s.id === selected) ?? list.find((s) => s.current) ?? list[0];
  const previous = chosen ? list.find((s) => s.validFrom < chosen.validFrom) : undefined;

  return (
    <>
      {header}
      {creating ? (
        <NewSeason
          seasons={list}
          onDone={(id) => {
            setCreating(false);
            if (id) setSelected(id);
          }}
        />
      ) : null}
      {list.length === 0 ? (
        <p>Noch keine Saison erfasst. Eröffnen Sie die erste mit «Neue Saison».</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle">
            <caption className="visually-hidden">Saisons, neueste zuerst</caption>
            <thead>
              <tr>
                <th scope="col">Saison</th>
                <th scope="col">Zeitraum</th>
                <th scope="col" className="text-end">
                  Mitgliederbeitrag
                </th>
                <th scope="col" className="text-end">
                  Parkgebühr
                </th>
                <th scope="col" className="text-end">
                  Mitglieder
                </th>
                <th scope="col" className="text-end">
                  Beiträge bezahlt
                </th>
                <th scope="col">
                  <span className="visually-hidden">Aktionen</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <SeasonRow
                  key={s.id}
                  season={s}
                  selected={chosen?.id === s.id}
                  editing={editing === s.id}
                  onEdit={() => setEditing(s.id)}
                  onEdited={() => setEditing(null)}
                  onSelect={() => setSelected(s.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {chosen ? <SeasonRuns season={chosen} previousName={previous?.name} /> : null}
    </>
  );
}

function SeasonRow({
  season: s,
  selected,
  editing,
  onEdit,
  onEdited,
  onSelect,
}: {
  season: Season;
  selected: boolean;
  editing: boolean;
  onEdit: () => void;
  onEdited: () => void;
  onSelect: () => void;
}) {
  return (
    <>
      <tr className={selected ? 'table-active' : undefined} aria-current={selected ? 'true' : undefined}>
        <th scope="row" className="text-nowrap">
          {s.name} {s.current ? <span className="badge text-bg-primary ms-1">Aktuell</span> : null}
        </th>
        <td className="text-nowrap">
          {formatDate(s.validFrom)} – {formatDate(s.validTo)}
        </td>
        <td className="text-end text-nowrap">{formatMoney(s.membershipFee)}</td>
        <td className="text-end text-nowrap">{formatMoney(s.parkingFee)}</td>
        <td className="text-end">{formatNumber(s.memberCount)}</td>
        <td className="text-end text-nowrap">
          {formatNumber(s.membershipFees.paid)} / {formatNumber(s.membershipFees.issued)}
        </td>
        <td className="text-nowrap">
          <Button size="sm" variant="outline-primary" className="me-2" onClick={onEdit} aria-label={`Beiträge der Saison ${s.name} ändern`}>
            Beiträge
          </Button>
          <Button
            size="sm"
            variant={selected ? 'primary' : 'outline-secondary'}
            onClick={onSelect}
            aria-label={`Läufe der Saison ${s.name} zeigen`}
          >
            Läufe
          </Button>
        </td>
      </tr>
      {editing ? (
        <tr>
          <td colSpan={7}>
            <EditFees season={s} onDone={onEdited} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The screen's loader (lib/loaders.ts): it opens with its data. */
export const loader: ScreenLoader = loadBoardQueries((queryClient) => [queryClient.ensureQueryData(seasonsQueryOptions())]);
