import type { Membership } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatDate, todayInZurich } from '@/lib/format';
import { isApiError } from '@/lib/api-client';
import { useAddMembership } from '../api/add-membership';
import { useSeasons } from '../api/get-seasons';
import { useUpdateMembership } from '../api/update-membership';
import { SaveCancelButtons } from './save-cancel-buttons';
import { SavedNote, SectionCard } from './section-card';

function isCurrent(m: Membership, today: string): boolean {
  return m.validFrom <= today && today <= m.validTo;
}

function EndForm({ memberId, membership, onSaved, onCancel }: { memberId: number; membership: Membership; onSaved: () => void; onCancel: () => void }) {
  const update = useUpdateMembership(memberId);
  const today = todayInZurich();
  const initial = today < membership.validFrom ? membership.validFrom : today > membership.validTo ? membership.validTo : today;
  const [validTo, setValidTo] = useState(initial);
  const id = `end-${membership.id}`;
  const fieldError = isApiError(update.error) ? update.error.fields.validTo : undefined;
  return (
    <form
      className="mt-2"
      noValidate
      aria-label={`Mitgliedschaft ${membership.seasonName} beenden`}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ membershipId: membership.id, validTo }, { onSuccess: onSaved });
      }}
    >
      {update.isError && !fieldError ? <ErrorAlert error={update.error} /> : null}
      <Form.Group controlId={id} className="mb-2">
        <Form.Label>Letzter Tag der Mitgliedschaft</Form.Label>
        <Form.Control
          type="date"
          value={validTo}
          min={membership.validFrom}
          max={membership.validTo}
          required
          isInvalid={Boolean(fieldError)}
          aria-describedby={fieldError ? `${id}-error` : `${id}-help`}
          onChange={(event) => setValidTo(event.target.value)}
        />
        <Form.Text id={`${id}-help`}>
          Zwischen {formatDate(membership.validFrom)} und {formatDate(membership.validTo)}.
        </Form.Text>
        {fieldError ? (
          <Form.Control.Feedback type="invalid" id={`${id}-error`}>
            {fieldError}
          </Form.Control.Feedback>
        ) : null}
      </Form.Group>
      <SaveCancelButtons pending={update.isPending} onCancel={onCancel} label="Ende speichern" size="sm" />
    </form>
  );
}

function AddForm({ memberId, memberships }: { memberId: number; memberships: readonly Membership[] }) {
  const seasons = useSeasons();
  const add = useAddMembership(memberId);
  const [seasonId, setSeasonId] = useState('');
  if (seasons.isPending) return <LoadingSpinner size="sm" label="Saisons werden geladen…" />;
  if (seasons.isError) return <ErrorAlert error={seasons.error} title="Die Saisons konnten nicht geladen werden." />;
  const open = seasons.data.filter((s) => !memberships.some((m) => m.seasonId === s.id));
  if (open.length === 0) return <p className="small text-body-secondary mb-0">Für jede erfasste Saison besteht bereits eine Mitgliedschaft.</p>;
  const fieldError = isApiError(add.error) ? add.error.fields.seasonId : undefined;
  return (
    <form
      noValidate
      aria-label="Mitgliedschaft hinzufügen"
      onSubmit={(event) => {
        event.preventDefault();
        if (seasonId) add.mutate(Number(seasonId), { onSuccess: () => setSeasonId('') });
      }}
    >
      {add.isError && !fieldError ? <ErrorAlert error={add.error} /> : null}
      <Form.Group controlId="add-membership-season" className="mb-2">
        <Form.Label>Saison</Form.Label>
        <div className="d-flex flex-wrap gap-2">
          <Form.Select
            value={seasonId}
            onChange={(event) => setSeasonId(event.target.value)}
            isInvalid={Boolean(fieldError)}
            aria-describedby={fieldError ? 'add-membership-error' : undefined}
            className="w-auto flex-grow-1"
          >
            <option value="">Bitte wählen…</option>
            {open.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({formatDate(s.validFrom)} – {formatDate(s.validTo)})
              </option>
            ))}
          </Form.Select>
          <Button type="submit" disabled={!seasonId || add.isPending}>
            {add.isPending ? <LoadingSpinner size="sm" label="Wird hinzugefügt…" /> : null} Hinzufügen
          </Button>
        </div>
        {fieldError ? (
          <div className="invalid-feedback d-block" id="add-membership-error">
            {fieldError}
          </div>
        ) : null}
      </Form.Group>
    </form>
  );
}

/** The membership's parking permit (billed by the season's parking fee run). */
function ParkingSwitch({ memberId, membership }: { memberId: number; membership: Membership }) {
  const update = useUpdateMembership(memberId);
  const id = `parking-${membership.id}`;
  return (
    <span className="d-flex align-items-center gap-1">
      <Form.Check
        type="switch"
        id={id}
        label="Parkkarte"
        checked={membership.parkingPermit}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ membershipId: membership.id, validTo: membership.validTo, parkingPermit: event.target.checked })}
      />
      {update.isError ? (
        <span className="text-danger small" role="alert">
          {isApiError(update.error) ? update.error.message : 'Nicht gespeichert.'}
        </span>
      ) : null}
    </span>
  );
}

/** Memberships (newest first, the current one marked): end one, add one for a season. */
export function MembershipsCard({ memberId, memberships }: { memberId: number; memberships: readonly Membership[] }) {
  const [editing, setEditing] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);
  const today = todayInZurich();
  const sorted = [...memberships].sort((a, b) => b.validFrom.localeCompare(a.validFrom));
  return (
    <SectionCard id="memberships" title="Mitgliedschaften">
      {saved ? <SavedNote text="Mitgliedschaft gespeichert." /> : null}
      {sorted.length === 0 ? (
        <p>Keine Mitgliedschaften.</p>
      ) : (
        <ul className="list-group list-group-flush mb-3">
          {sorted.map((m) => {
            const current = isCurrent(m, today);
            return (
              <li key={m.id} className={`list-group-item px-0${current ? ' current-marker px-2 rounded' : ''}`} aria-current={current ? 'true' : undefined}>
                <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
                  <span>
                    <span className="fw-semibold">Saison {m.seasonName}</span>
                    <br />
                    <span className="small">
                      {formatDate(m.validFrom)} – {formatDate(m.validTo)}
                    </span>
                  </span>
                  <span className="d-flex flex-wrap align-items-center gap-2">
                    {current ? <span className="badge text-bg-primary">Aktuelle Mitgliedschaft</span> : null}
                    <ParkingSwitch memberId={memberId} membership={m} />
                    {editing === m.id || m.validTo < today ? null : (
                      <Button size="sm" variant="outline-primary" onClick={() => (setEditing(m.id), setSaved(false))} aria-label={`Mitgliedschaft ${m.seasonName} beenden`}>
                        Beenden
                      </Button>
                    )}
                  </span>
                </div>
                {editing === m.id ? (
                  <EndForm memberId={memberId} membership={m} onSaved={() => (setEditing(null), setSaved(true))} onCancel={() => setEditing(null)} />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <h3 className="h6">Mitgliedschaft hinzufügen</h3>
      <AddForm memberId={memberId} memberships={memberships} />
    </SectionCard>
  );
}
