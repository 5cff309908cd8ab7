import { Controller, useForm, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField, type MemberImport, type MemberImportUpdateBody } from '@club/contract';
import { CategorySelect } from '@/components/ui/category-select';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SectionCard } from '@/components/ui/section-card';
import { isApiError } from '@/lib/api-client';
import { useSeasons } from '@/lib/seasons';
import { useUpdateMemberImport } from '../api/member-imports';

interface SettingsValues {
  /** per column (by position): the field, '' for none */
  fields: string[];
  seasonId: string;
  categoryId: number | null;
  invite: boolean;
  duplicates: 'UPDATE' | 'SKIP';
}

/** The board's choices as the PUT body (the mapping by column heading). */
export function settingsBody(data: MemberImport, values: SettingsValues): MemberImportUpdateBody {
  return {
    mapping: Object.fromEntries(data.columns.map((c, i) => [c, (values.fields[i] || null) as ImportField | null])),
    seasonId: values.seasonId ? Number(values.seasonId) : null,
    categoryId: values.seasonId ? values.categoryId : null,
    invite: values.invite,
    duplicates: values.duplicates,
  };
}

/** A select per column of the file: which field it holds, or none. */
function ColumnMapping({
  columns,
  register,
  fieldErrors,
}: {
  columns: readonly string[];
  register: UseFormRegister<SettingsValues>;
  fieldErrors: Readonly<Record<string, string>> | undefined;
}) {
  return (
    <div className="row g-2 mb-3">
      {columns.map((column, i) => (
        <Form.Group key={column} className="col-12 col-md-6 col-lg-4" controlId={`import-column-${i}`}>
          <Form.Label className="mb-0 small fw-semibold">Spalte «{column}»</Form.Label>
          <Form.Select size="sm" isInvalid={Boolean(fieldErrors?.[`mapping.${column}`])} {...register(`fields.${i}`)}>
            <option value="">– nicht übernehmen –</option>
            {IMPORT_FIELDS.map((f) => (
              <option key={f} value={f}>
                {IMPORT_FIELD_LABELS[f]}
              </option>
            ))}
          </Form.Select>
          {fieldErrors?.[`mapping.${column}`] ? (
            <Form.Control.Feedback type="invalid">{fieldErrors[`mapping.${column}`]}</Form.Control.Feedback>
          ) : null}
        </Form.Group>
      ))}
    </div>
  );
}

/** The season of the memberships, and the category for rows that name none. */
function SeasonChoice({ register, control }: { register: UseFormRegister<SettingsValues>; control: Control<SettingsValues> }) {
  const seasons = useSeasons();
  const seasonId = useWatch({ control, name: 'seasonId' });
  return (
    <div className="row g-3 mb-3">
      <Form.Group className="col-12 col-md-6" controlId="import-season">
        <Form.Label>Saison der Mitgliedschaften</Form.Label>
        {seasons.isPending ? (
          <LoadingSpinner size="sm" label="Saisons werden geladen…" />
        ) : (
          <Form.Select {...register('seasonId')}>
            <option value="">– keine Saison –</option>
            {(seasons.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Form.Select>
        )}
      </Form.Group>
      {seasonId ? (
        <Controller
          control={control}
          name="categoryId"
          render={({ field }) => (
            <CategorySelect
              className="col-12 col-md-6"
              seasonId={Number(seasonId)}
              id="import-category"
              label="Kategorie, wenn die Zeile keine nennt"
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      ) : null}
    </div>
  );
}

/** Step 2: a select per column to correct the proposed mapping; season, default category, invitations, duplicates. */
export function ImportSettingsForm({ data }: { data: MemberImport }) {
  const update = useUpdateMemberImport(data.id);
  const { register, handleSubmit, control } = useForm<SettingsValues>({
    values: {
      fields: data.columns.map((c) => data.mapping[c] ?? ''),
      seasonId: data.seasonId ? String(data.seasonId) : '',
      categoryId: data.categoryId,
      invite: data.invite,
      duplicates: data.duplicates,
    },
  });
  const fieldErrors = isApiError(update.error) ? update.error.fields : undefined;

  return (
    <SectionCard id="import-settings" title="2. Spalten zuordnen">
      <Form noValidate onSubmit={(event) => void handleSubmit((values) => update.mutate(settingsBody(data, values)))(event)}>
        <p>Für jede Spalte der Datei: welches Feld sie enthält. Spalten ohne Feld werden nicht übernommen.</p>
        <ColumnMapping columns={data.columns} register={register} fieldErrors={fieldErrors} />
        <SeasonChoice register={register} control={control} />
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold">Zeilen, die einem bestehenden Mitglied entsprechen</legend>
          <Form.Check
            type="radio"
            id="import-duplicates-skip"
            value="SKIP"
            label="überspringen (Mitglied bleibt, wie es ist)"
            {...register('duplicates')}
          />
          <Form.Check
            type="radio"
            id="import-duplicates-update"
            value="UPDATE"
            label="Mitglied mit den Angaben der Datei aktualisieren"
            {...register('duplicates')}
          />
        </fieldset>
        <Form.Check
          className="mb-3"
          id="import-invite"
          label="Neuen Mitgliedern mit E-Mail eine Login-Einladung senden (verteilt über die Zeit)"
          {...register('invite')}
        />
        {update.isError ? <ErrorAlert error={update.error} title="Die Zuordnung wurde nicht übernommen." /> : null}
        <Button type="submit" variant="outline-primary" disabled={update.isPending}>
          {update.isPending ? 'Zeilen werden geprüft…' : 'Zuordnung übernehmen und Vorschau aktualisieren'}
        </Button>
      </Form>
    </SectionCard>
  );
}
