import type { Candidate, Season } from '@club/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { CategorySelect } from '@/components/ui/category-select';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { isApiError } from '@/lib/api-client';
import { useSeasons } from '@/lib/seasons';
import { useDecideCandidate, type Decision } from '../api/decide-candidate';
import { laterRenewedSeasons } from '../lib/accept';
import { DuplicateList } from './duplicate-hint';

const texts: Record<Decision, { title: string; confirm: string; variant: 'success' | 'danger' }> = {
  accept: { title: 'Antrag annehmen?', confirm: 'Annehmen', variant: 'success' },
  reject: { title: 'Antrag ablehnen?', confirm: 'Ablehnen', variant: 'danger' },
};

function body(decision: Decision, name: string, current: Season | undefined): string {
  if (decision === 'reject') return `${name} erhält eine freundliche Absage per E-Mail. Das kann nicht rückgängig gemacht werden.`;
  const season = current ? `die Saison ${current.name}` : 'die aktuelle Saison';
  return `${name} wird Mitglied für ${season} und erhält eine Willkommensmail mit dem Link zum Login. Das kann nicht rückgängig gemacht werden.`;
}

/** The field refusals of an accept that the dialog shows beside its choices (it stays open for them). */
function choiceErrors(error: unknown): { categoryId?: string; laterSeasonIds?: string } {
  if (!isApiError(error)) return {};
  return { categoryId: error.fields.categoryId, laterSeasonIds: error.fields.laterSeasonIds };
}

/** What accepting chooses: the category in the current season and the later seasons whose renewal has run. */
function AcceptChoices({
  candidate,
  seasons,
  current,
  later,
  categoryId,
  onCategory,
  skipped,
  onToggle,
  pending,
  errors,
}: {
  candidate: Candidate;
  seasons: ReturnType<typeof useSeasons>;
  current: Season | undefined;
  later: readonly Season[];
  categoryId: number | null;
  onCategory: (id: number | null) => void;
  skipped: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  pending: boolean;
  errors: ReturnType<typeof choiceErrors>;
}) {
  return (
    <>
      {seasons.isPending ? <LoadingSpinner size="sm" label="Saisons werden geladen…" /> : null}
      {seasons.isError ? <ErrorAlert error={seasons.error} title="Die Saisons konnten nicht geladen werden." /> : null}
      {current ? (
        <CategorySelect
          className="mb-3"
          seasonId={current.id}
          id="accept-category"
          label={`Kategorie in der Saison ${current.name}`}
          value={categoryId}
          preferredName={candidate.requestedCategory || undefined}
          onChange={onCategory}
          disabled={pending}
          error={errors.categoryId}
          help={
            candidate.requestedCategory
              ? `Gewünscht im Antrag: ${candidate.requestedCategory}. Der Mitgliederbeitrag richtet sich nach der Kategorie.`
              : 'Der Mitgliederbeitrag richtet sich nach der Kategorie.'
          }
        />
      ) : null}
      {later.map((s) => (
        <Form.Check
          key={s.id}
          id={`accept-later-${s.id}`}
          className="mb-3"
          checked={!skipped.has(s.id)}
          disabled={pending}
          onChange={(event) => onToggle(s.id, event.target.checked)}
          label={`Auch in die Saison ${s.name} aufnehmen (ihre Verlängerung ist schon gelaufen; die Rechnung erstellt der Beitragslauf dieser Saison)`}
        />
      ))}
      {errors.laterSeasonIds ? <ErrorAlert message={errors.laterSeasonIds} /> : null}
    </>
  );
}

/** The possible duplicates, and the box the board ticks to accept all the same. */
function DuplicateConfirm({
  name,
  duplicates,
  checked,
  onChecked,
}: {
  name: string;
  duplicates: Candidate['duplicates'];
  checked: boolean;
  onChecked: (checked: boolean) => void;
}) {
  return (
    <>
      <div className="alert alert-warning">
        <p className="fw-semibold mb-1">Diese Person ist vielleicht schon bekannt:</p>
        <DuplicateList duplicates={duplicates} />
      </div>
      <div className="form-check">
        <input
          id="confirm-duplicates"
          type="checkbox"
          className="form-check-input"
          checked={checked}
          onChange={(e) => onChecked(e.target.checked)}
        />
        <label htmlFor="confirm-duplicates" className="form-check-label">
          Ich habe geprüft: {name} ist eine andere Person und wird trotzdem als neues Mitglied aufgenommen.
        </label>
      </div>
    </>
  );
}

/** What the board chooses in the dialog: the category, the later seasons left out, the duplicates checked. */
function useChoices() {
  const [checked, setChecked] = useState(false);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number, on: boolean) =>
    setSkipped((prev) => {
      const next = new Set(prev);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });
  const reset = () => {
    setChecked(false);
    setCategoryId(null);
    setSkipped(new Set());
  };
  return { checked, setChecked, categoryId, setCategoryId, skipped, toggle, reset };
}

/** «Entscheid»: «Annehmen» and «Ablehnen», with a refusal that came outside the dialog. */
function DecisionButtons({ error, pending, onAsk }: { error: unknown; pending: boolean; onAsk: (decision: Decision) => void }) {
  return (
    <div className="card-body">
      <h2 id="decision-heading" className="h4">
        Entscheid
      </h2>
      <p>Nach dem Entscheid ist der Antrag abgeschlossen und kann nicht mehr geändert werden.</p>
      {error ? <ErrorAlert error={error} /> : null}
      <div className="d-flex flex-wrap gap-2">
        <Button variant="success" onClick={() => onAsk('accept')} disabled={pending}>
          Annehmen
        </Button>
        <Button variant="outline-danger" onClick={() => onAsk('reject')} disabled={pending}>
          Ablehnen
        </Button>
      </div>
    </div>
  );
}

/**
 * Accept or reject an open application, each after a confirmation. Accepting chooses the
 * membership category of the current season (its default preselected) and, when next season's
 * renewal has run already, adds the membership to that season too (checked by default).
 */
export function DecisionPanel({ candidate, onDecided }: { candidate: Candidate; onDecided: (c: Candidate) => void }) {
  const decide = useDecideCandidate();
  const seasons = useSeasons();
  const [asking, setAsking] = useState<Decision | null>(null);
  const { checked, setChecked, categoryId, setCategoryId, skipped, toggle, reset } = useChoices();
  const name = `${candidate.firstName} ${candidate.lastName}`;
  const duplicates = candidate.duplicates;
  const mustConfirm = asking === 'accept' && duplicates.length > 0;
  const current = seasons.data?.find((s) => s.current);
  const later = laterRenewedSeasons(seasons.data ?? [], current);
  const errors = asking === 'accept' ? choiceErrors(decide.error) : {};

  const ask = (decision: Decision) => {
    decide.reset();
    reset();
    setAsking(decision);
  };
  const confirm = async (decision: Decision) => {
    // mutateAsync: the panel unmounts as soon as the application shows as decided.
    try {
      onDecided(
        await decide.mutateAsync({
          id: candidate.id,
          decision,
          confirmDuplicates: mustConfirm && checked,
          ...(categoryId === null ? {} : { categoryId }),
          laterSeasonIds: later.filter((s) => !skipped.has(s.id)).map((s) => s.id),
        }),
      );
    } catch (error) {
      const own = choiceErrors(error);
      if (!own.categoryId && !own.laterSeasonIds) setAsking(null);
    }
  };
  const text = asking ? texts[asking] : null;

  return (
    <section className="card shadow-sm" aria-labelledby="decision-heading">
      <DecisionButtons error={decide.isError && !asking ? decide.error : null} pending={decide.isPending} onAsk={ask} />
      <ConfirmDialog
        show={asking !== null}
        title={text?.title ?? ''}
        confirmLabel={text?.confirm ?? ''}
        variant={text?.variant}
        pending={decide.isPending}
        confirmDisabled={(mustConfirm && !checked) || (asking === 'accept' && seasons.isPending)}
        onConfirm={() => (asking ? void confirm(asking) : undefined)}
        onCancel={() => setAsking(null)}
      >
        {asking ? <p className={asking === 'accept' ? undefined : 'mb-0'}>{body(asking, name, current)}</p> : null}
        {asking === 'accept' ? (
          <AcceptChoices
            candidate={candidate}
            seasons={seasons}
            current={current}
            later={later}
            categoryId={categoryId}
            onCategory={setCategoryId}
            skipped={skipped}
            onToggle={toggle}
            pending={decide.isPending}
            errors={errors}
          />
        ) : null}
        {mustConfirm ? <DuplicateConfirm name={name} duplicates={duplicates} checked={checked} onChecked={setChecked} /> : null}
      </ConfirmDialog>
    </section>
  );
}
