import { categoryBodySchema, categoryMaxAge, feeAmount, type Category, type Season, readFrancs } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormError, FormField, SaveCancelButtons } from '@/components/ui/form-field';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { useToast } from '@/components/ui/toast';
import { formatMoney, formatNumber } from '@/lib/format';
import { applyServerFieldErrors, numberFromText } from '@/lib/forms';
import { moneyToText } from '@/lib/money';
import { useCategories } from '@/lib/seasons';
import { useDeleteCategory, useSaveCategory } from '../api/categories';

/** The contract's category with its inputs as typed: the fee and the age rule as text (no age: empty). */
const categoryFormSchema = categoryBodySchema.pick({ name: true }).extend({
  fee: z.string().transform(readFrancs).pipe(feeAmount),
  maxAge: z
    .string()
    .transform((v) => (v.trim() === '' ? null : numberFromText(v)))
    .pipe(categoryMaxAge.nullable()),
});
type CategoryFormInput = z.input<typeof categoryFormSchema>;
type CategoryFormOutput = z.output<typeof categoryFormSchema>;

const known = ['name', 'fee', 'maxAge'];
const rename = (path: string) => path.replace(/\.amount$/, '');

export function ageRuleText(maxAge: number | null): string {
  return maxAge === null ? 'jedes Alter' : `bis ${maxAge} Jahre am 1. Mai`;
}

function CategoryForm({
  seasonId,
  category,
  onDone,
}: {
  seasonId: number;
  /** absent: a new category */
  category?: Category;
  onDone: () => void;
}) {
  const save = useSaveCategory();
  const toast = useToast();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<CategoryFormInput, unknown, CategoryFormOutput>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: {
      name: category?.name ?? '',
      fee: category ? moneyToText(category.fee.amount) : '',
      maxAge: category?.maxAge === null || category?.maxAge === undefined ? '' : String(category.maxAge),
    },
  });
  const idPrefix = category ? `category-${category.id}` : `category-new-${seasonId}`;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const body = { name: values.name, fee: { currency: 'CHF' as const, amount: values.fee }, maxAge: values.maxAge };
    try {
      await save.mutateAsync({ seasonId, ...(category ? { categoryId: category.id } : {}), body });
      toast.success(`Kategorie ${values.name} gespeichert.`);
      onDone();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, known, { rename })) setError(e);
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={category ? `Kategorie ${category.name} ändern` : 'Neue Kategorie'} className="mt-2">
        <div className="row g-2">
          <FormField<CategoryFormInput> className="col-sm-5" name="name" label="Name" idPrefix={idPrefix} maxLength={60} required />
          <FormField<CategoryFormInput>
            className="col-6 col-sm-3"
            name="fee"
            label="Beitrag (CHF)"
            idPrefix={idPrefix}
            inputMode="decimal"
            required
            help="0 = keine Rechnung"
          />
          {category?.isDefault ? null : (
            <FormField<CategoryFormInput>
              className="col-6 col-sm-4"
              name="maxAge"
              label="Höchstalter am 1. Mai"
              idPrefix={idPrefix}
              inputMode="numeric"
              help="leer = jedes Alter"
            />
          )}
        </div>
        {error ? <FormError error={error} title="Nicht gespeichert." /> : null}
        <SaveCancelButtons pending={save.isPending} onCancel={onDone} size="sm" className="mt-2" />
      </form>
    </FormProvider>
  );
}

function CategoryItem({ seasonId, category }: { seasonId: number; category: Category }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCategory();
  const toast = useToast();
  return (
    <ListGroup.Item>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <div>
          <strong>{category.name}</strong>
          {category.isDefault ? <span className="badge text-bg-secondary ms-2">Standard</span> : null}
          <div className="small">
            {category.fee.amount === 0 ? 'kein Beitrag' : formatMoney(category.fee)} · {ageRuleText(category.maxAge)} ·{' '}
            {formatNumber(category.memberCount)} {category.memberCount === 1 ? 'Mitglied' : 'Mitglieder'}
          </div>
        </div>
        {editing ? null : (
          <div className="d-flex gap-2">
            <Button size="sm" variant="outline-primary" onClick={() => setEditing(true)} aria-label={`Kategorie ${category.name} ändern`}>
              Ändern
            </Button>
            {category.isDefault ? null : (
              <Button
                size="sm"
                variant="outline-danger"
                onClick={() => setDeleting(true)}
                disabled={category.memberCount > 0}
                aria-label={`Kategorie ${category.name} löschen`}
                title={category.memberCount > 0 ? 'Die Kategorie hat Mitglieder und kann nicht gelöscht werden.' : undefined}
              >
                Löschen
              </Button>
            )}
          </div>
        )}
      </div>
      {editing ? <CategoryForm seasonId={seasonId} category={category} onDone={() => setEditing(false)} /> : null}
      <ConfirmDialog
        show={deleting}
        title={`Kategorie ${category.name} löschen`}
        confirmLabel="Löschen"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(
            { seasonId, categoryId: category.id },
            { onSuccess: () => (setDeleting(false), toast.success(`Kategorie ${category.name} gelöscht.`)) },
          )
        }
        onCancel={() => {
          remove.reset();
          setDeleting(false);
        }}
      >
        <p className="mb-0">Die Kategorie «{category.name}» hat keine Mitglieder und wird gelöscht.</p>
      </ConfirmDialog>
    </ListGroup.Item>
  );
}

/** The membership categories of a season: each with its fee and age rule; the board adds, changes and deletes them. */
export function CategoriesCard({ season }: { season: Season }) {
  const categories = useCategories(season.id);
  const [adding, setAdding] = useState(false);
  return (
    <Card className="mt-3">
      <Card.Body>
        <Card.Title as="h3" className="h6">
          Mitgliederkategorien {season.name}
        </Card.Title>
        <p className="small">
          Jede Mitgliedschaft hat eine Kategorie; der Beitragslauf verrechnet deren Beitrag (0: keine Rechnung). Beim Verlängern bleibt die
          Kategorie; wer das Höchstalter überschreitet, kommt in die Standardkategorie.
        </p>
        {categories.isPending ? <LoadingSpinner label="Kategorien werden geladen…" /> : null}
        {categories.isError ? <ErrorAlert error={categories.error} title="Die Kategorien konnten nicht geladen werden." /> : null}
        {categories.data ? (
          <ListGroup className="mb-3">
            {categories.data.map((c) => (
              <CategoryItem key={c.id} seasonId={season.id} category={c} />
            ))}
          </ListGroup>
        ) : null}
        {adding ? (
          <CategoryForm seasonId={season.id} onDone={() => setAdding(false)} />
        ) : (
          <Button size="sm" variant="outline-primary" onClick={() => setAdding(true)}>
            Kategorie hinzufügen
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}
