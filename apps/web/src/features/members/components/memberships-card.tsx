import { membershipAddBodySchema, membershipUpdateBodySchema, type Membership } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/ui/error-alert';
import { DateField } from '@/components/ui/date-field';
import { FormField, SaveCancelButtons } from '@/components/ui/form-field';
import { applyServerFieldErrors } from '@/lib/forms';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { formatDate, todayInZurich } from '@/lib/format';
import { isApiError } from '@/lib/api-client';
import { useAddMembership } from '../api/add-membership';
import { useSeasons } from '@/lib/seasons';
import { useUpdateMembership } from '../api/update-membership';
import { SectionCard } from '@/components/ui/section-card';
import { CategorySelect } from '@/components/ui/category-select';
import { useToast } from '@/components/ui/toast';

function isCurrent(m: Membership, today: string): boolean {
  return m.validFrom <= today && today <= m.validTo;
}

const endSchema = membershipUpdateBodySchema.pick({ validTo: true });
type EndValues = z.input<typeof endSchema>;

function EndForm({
  memberId,
  membership,
  onSaved,
  onCancel,
}: {
  memberId: number;
  membership: Membership;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const update = useUpdateMembership(memberId);
  const today = todayInZurich();
  const initial = today < membership.validFrom ? membership.validFrom : today > membership.validTo ? membership.validTo : today;
  const form = useForm<EndValues>({ resolver: zodResolver(endSchema), defaultValues: { validTo: initial } });
  const id = `end-${membership.id}`;
  const onSubmit = form.handleSubmit(({ validTo }) => {
    update.mutate(
      { membershipId: membership.id, validTo },
      { onSuccess: onSaved, onError: (error) => applyServerFieldErrors(error, form.setError, ['validTo']) },
    );
  });
  const fieldError = isApiError(update.error) ? update.error.fields.validTo : undefined;
  return (
    <FormProvider {...form}>
      <form
        className="mt-2"
        noValidate
        aria-label={`Mitgliedschaft ${membership.seasonName} beenden`}
        onSubmit={(event) => void onSubmit(event)}
      >
        {update.isError && !fieldError ? <ErrorAlert error={update.error} /> : null}
        <DateField<EndValues>
          className="mb-2"
          name="validTo"
          label="Letzter Tag der Mitgliedschaft"
          idPrefix={id}
          min={membership.validFrom}
          max={membership.validTo}
          help={`Zwischen ${formatDate(membership.validFrom)} und ${formatDate(membership.validTo)}.`}
        />
        <SaveCancelButtons pending={update.isPending} onCancel={onCancel} label="Ende speichern" size="sm" />
      </form>
    </FormProvider>
  );
}

/** The season is chosen in a list (its id as text), then checked by the contract. */
const addSchema = membershipAddBodySchema.extend({
  seasonId: z
    .string()
    .min(1, { error: 'Saison: Bitte eine Saison wählen.' })
    .transform(Number)
    .pipe(membershipAddBodySchema.shape.seasonId),
});
type AddValues = z.input<typeof addSchema>;

function AddForm({ memberId, memberships }: { memberId: number; memberships: readonly Membership[] }) {
  const seasons = useSeasons();
  const add = useAddMembership(memberId);
  // The category chosen for a season; another season starts at its default (null).
  const [choice, setChoice] = useState<{ seasonId: string; categoryId: number } | null>(null);
  const toast = useToast();
  const form = useForm<AddValues, unknown, z.output<typeof addSchema>>({
    resolver: zodResolver(addSchema),
    defaultValues: { seasonId: '' },
  });
  const seasonId = useWatch({ control: form.control, name: 'seasonId' });
  const categoryId = choice && choice.seasonId === seasonId ? choice.categoryId : null;
  if (seasons.isPending) return <LoadingSpinner size="sm" label="Saisons werden geladen…" />;
  if (seasons.isError) return <ErrorAlert error={seasons.error} title="Die Saisons konnten nicht geladen werden." />;
  const open = seasons.data.filter((s) => !memberships.some((m) => m.seasonId === s.id));
  if (open.length === 0)
    return <p className="small text-body-secondary mb-0">Für jede erfasste Saison besteht bereits eine Mitgliedschaft.</p>;
  const fieldError = isApiError(add.error) ? (add.error.fields.seasonId ?? add.error.fields.categoryId) : undefined;
  const onSubmit = form.handleSubmit((values) => {
    add.mutate(categoryId === null ? { seasonId: values.seasonId } : { seasonId: values.seasonId, categoryId }, {
      onSuccess: () => {
        form.reset({ seasonId: '' });
        setChoice(null);
        const season = seasons.data?.find((s) => s.id === values.seasonId);
        toast.success(season ? `Mitgliedschaft ${season.name} hinzugefügt.` : 'Mitgliedschaft hinzugefügt.');
      },
      onError: (error) => applyServerFieldErrors(error, form.setError, ['seasonId']),
    });
  });
  return (
    <FormProvider {...form}>
      <form noValidate aria-label="Mitgliedschaft hinzufügen" onSubmit={(event) => void onSubmit(event)}>
        {add.isError && !fieldError ? <ErrorAlert error={add.error} /> : null}
        <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
          <FormField<AddValues> className="flex-grow-1 mb-3" name="seasonId" label="Saison" idPrefix="add-membership">
            <option value="">Bitte wählen…</option>
            {open.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({formatDate(s.validFrom)} – {formatDate(s.validTo)})
              </option>
            ))}
          </FormField>
          {seasonId ? (
            <CategorySelect
              className="flex-grow-1 mb-3"
              seasonId={Number(seasonId)}
              id="add-membership-category"
              label="Kategorie"
              value={categoryId}
              onChange={(id) => setChoice({ seasonId, categoryId: id })}
              error={isApiError(add.error) ? add.error.fields.categoryId : undefined}
            />
          ) : null}
          <Button type="submit" className="mb-3" disabled={!seasonId || add.isPending}>
            {add.isPending ? <LoadingSpinner size="sm" label="Wird hinzugefügt…" /> : null} Hinzufügen
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The membership's category (its fee is what the season's fee run bills): another one of the season. */
function CategoryChoice({ memberId, membership }: { memberId: number; membership: Membership }) {
  const update = useUpdateMembership(memberId);
  const refusal = isApiError(update.error)
    ? (update.error.fields.categoryId ?? update.error.message)
    : update.isError
      ? 'Nicht gespeichert.'
      : undefined;
  return (
    <CategorySelect
      className="mt-2 membership-category"
      seasonId={membership.seasonId}
      id={`category-${membership.id}`}
      label={`Kategorie ${membership.seasonName}`}
      value={membership.categoryId}
      disabled={update.isPending}
      error={refusal}
      onChange={(categoryId) => update.mutate({ membershipId: membership.id, validTo: membership.validTo, categoryId })}
    />
  );
}

/** The membership's parking permit (billed by the season's parking fee run). */
function ParkingSwitch({ memberId, membership }: { memberId: number; membership: Membership }) {
  const update = useUpdateMembership(memberId);
  const toast = useToast();
  const id = `parking-${membership.id}`;
  return (
    <span className="d-flex align-items-center gap-1">
      <Form.Check
        type="switch"
        id={id}
        label="Parkkarte"
        checked={membership.parkingPermit}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate(
            { membershipId: membership.id, validTo: membership.validTo, parkingPermit: event.target.checked },
            { onSuccess: (saved) => toast.success(`Parkkarte ${membership.seasonName} ${saved.parkingPermit ? 'erteilt' : 'entzogen'}.`) },
          )
        }
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
  const toast = useToast();
  const today = todayInZurich();
  const sorted = [...memberships].sort((a, b) => b.validFrom.localeCompare(a.validFrom));
  return (
    <SectionCard id="memberships" title="Mitgliedschaften">
      {sorted.length === 0 ? (
        <p>Keine Mitgliedschaften.</p>
      ) : (
        <ul className="list-group list-group-flush mb-3">
          {sorted.map((m) => {
            const current = isCurrent(m, today);
            return (
              <li
                key={m.id}
                className={`list-group-item px-0${current ? ' current-marker px-2 rounded' : ''}`}
                aria-current={current ? 'true' : undefined}
              >
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
                      <Button
                        size="sm"
                        variant="outline-primary"
                        onClick={() => setEditing(m.id)}
                        aria-label={`Mitgliedschaft ${m.seasonName} beenden`}
                      >
                        Beenden
                      </Button>
                    )}
                  </span>
                </div>
                <CategoryChoice memberId={memberId} membership={m} />
                {editing === m.id ? (
                  <EndForm
                    memberId={memberId}
                    membership={m}
                    onSaved={() => (setEditing(null), toast.success('Mitgliedschaft gespeichert.'))}
                    onCancel={() => setEditing(null)}
                  />
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
