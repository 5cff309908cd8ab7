import type { Season } from '@club/contract';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
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
import { useSearchParams } from 'react-router-dom';
import { chosenSeason, previousSeason, SEASON_PARAM } from '../lib/runs';

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
          defaults={{
            membershipFee: newest?.membershipFee.amount ?? 0,
            parkingFee: newest?.parkingFee.amount ?? 0,
            reminderFee: newest?.reminderFee.amount ?? 0,
          }}
          submitLabel="Saison eröffnen"
          pending={create.isPending}
          onSubmit={async ({ year, membershipFee, parkingFee, reminderFee }) => {
            const season = await create.mutateAsync({
              validFrom: `${year}-05-01`,
              membershipFee: { currency: 'CHF', amount: membershipFee },
              parkingFee: { currency: 'CHF', amount: parkingFee },
              reminderFee: { currency: 'CHF', amount: reminderFee },
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
      defaults={{
        membershipFee: season.membershipFee.amount,
        parkingFee: season.parkingFee.amount,
        reminderFee: season.reminderFee.amount,
      }}
      submitLabel="Beiträge speichern"
      pending={update.isPending}
      onSubmit={async ({ membershipFee, parkingFee, reminderFee }) => {
        await update.mutateAsync({
          id: season.id,
          membershipFee: { currency: 'CHF', amount: membershipFee },
          parkingFee: { currency: 'CHF', amount: parkingFee },
          reminderFee: { currency: 'CHF', amount: reminderFee },
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
  // The season the runs apply to lives in the address (?season=<id>): a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const setSelected = (id: number) =>
    setParams(
      (prev) => {
        const nextParams = new URLSearchParams(prev);
        nextParams.set(SEASON_PARAM, String(id));
        return nextParams;
      },
      { replace: true },
    );

  const header = (
    <PageHeader
      title="Saisons"
      intro="Saisons eröffnen, Mitgliedschaften verlängern und die Rechnungsläufe für Mitgliederbeiträge, Parkkarten, Tickets und Veranstaltungen starten."
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
  const chosen = chosenSeason(list, params.get(SEASON_PARAM));
  const previous = chosen ? previousSeason(list, chosen) : undefined;

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
        <SeasonsTable seasons={list} chosenId={chosen?.id} onSelect={setSelected} />
      )}
      {chosen ? (
        <>
          <RunSeasonPicker seasons={list} chosen={chosen} onSelect={setSelected} />
          <SeasonRuns key={chosen.id} season={chosen} previousName={previous?.name} />
        </>
      ) : null}
    </>
  );
}

/** The seasons, newest first, each with its fees (editable in place), members and paid fees. */
function SeasonsTable({
  seasons,
  chosenId,
  onSelect,
}: {
  seasons: readonly Season[];
  chosenId: number | undefined;
  onSelect: (id: number) => void;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <div className="table-responsive">
      <table className="table align-middle">
        <caption className="visually-hidden">Saisons, neueste zuerst</caption>
        <thead>
          <tr>
            <th scope="col">Saison</th>
            <th scope="col" className="d-none d-md-table-cell">
              Zeitraum
            </th>
            <th scope="col" className="text-end d-none d-sm-table-cell">
              Mitgliederbeitrag
            </th>
            <th scope="col" className="text-end d-none d-sm-table-cell">
              Parkkarte
            </th>
            <th scope="col" className="text-end">
              Mitglieder
            </th>
            <th scope="col" className="text-end d-none d-md-table-cell">
              Beiträge bezahlt
            </th>
            <th scope="col">
              <span className="visually-hidden">Aktionen</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {seasons.map((s) => (
            <SeasonRow
              key={s.id}
              season={s}
              selected={chosenId === s.id}
              editing={editing === s.id}
              onEdit={() => setEditing(s.id)}
              onEdited={() => setEditing(null)}
              onSelect={() => onSelect(s.id)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Which season the renewal and the billing runs below apply to. */
function RunSeasonPicker({ seasons, chosen, onSelect }: { seasons: readonly Season[]; chosen: Season; onSelect: (id: number) => void }) {
  return (
    <Form.Group controlId="runs-season" className="mt-4 run-season-picker">
      <Form.Label className="fw-semibold">Saison für Verlängerung und Rechnungsläufe</Form.Label>
      <Form.Select value={chosen.id} onChange={(event) => onSelect(Number(event.target.value))}>
        {seasons.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} ({formatDate(s.validFrom)} – {formatDate(s.validTo)}){s.current ? ', aktuell' : ''}
          </option>
        ))}
      </Form.Select>
      <Form.Text>Jeder Lauf unten gilt für diese Saison; die Bestätigung nennt sie noch einmal.</Form.Text>
    </Form.Group>
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
        <th scope="row">
          <span className="text-nowrap">{s.name}</span> {s.current ? <span className="badge text-bg-primary">Aktuell</span> : null}
        </th>
        <td className="text-nowrap d-none d-md-table-cell">
          {formatDate(s.validFrom)} – {formatDate(s.validTo)}
        </td>
        <td className="text-end text-nowrap d-none d-sm-table-cell">{formatMoney(s.membershipFee)}</td>
        <td className="text-end text-nowrap d-none d-sm-table-cell">{formatMoney(s.parkingFee)}</td>
        <td className="text-end">{formatNumber(s.memberCount)}</td>
        <td className="text-end text-nowrap d-none d-md-table-cell">
          {formatNumber(s.membershipFees.paid)} / {formatNumber(s.membershipFees.issued)}
        </td>
        <td>
          <div className="d-flex flex-wrap justify-content-end gap-1">
            <Button size="sm" variant="outline-primary" onClick={onEdit} aria-label={`Beiträge der Saison ${s.name} ändern`}>
              Beiträge
            </Button>
            <Button
              size="sm"
              variant={selected ? 'primary' : 'outline-secondary'}
              onClick={onSelect}
              aria-label={`Läufe der Saison ${s.name} zeigen`}
              aria-pressed={selected}
            >
              Läufe
            </Button>
          </div>
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
