import Form from 'react-bootstrap/Form';
import { categoryChoiceLabel, useCategories } from '@/lib/seasons';
import { ErrorAlert } from './error-alert';
import { LoadingSpinner } from './loading-spinner';

interface CategorySelectProps {
  /** the season whose membership categories are offered */
  seasonId: number;
  id: string;
  label: string;
  /** the chosen category; null: the one named `preferredName`, else the season's default (preselected) */
  value: number | null;
  /** a category to preselect by name (the one an applicant asked for) */
  preferredName?: string | undefined;
  onChange: (categoryId: number) => void;
  disabled?: boolean;
  /** the server's refusal of the choice (e.g. too old for the category), shown under the select */
  error?: string | undefined;
  help?: string;
  className?: string;
}

/**
 * The membership categories of a season as a select (each with its fee and age rule), the default
 * preselected: the accept dialog of an application and a member's memberships use it.
 */
export function CategorySelect({
  seasonId,
  id,
  label,
  value,
  preferredName,
  onChange,
  disabled,
  error,
  help,
  className,
}: CategorySelectProps) {
  const categories = useCategories(seasonId);
  if (categories.isPending) return <LoadingSpinner size="sm" label="Kategorien werden geladen…" />;
  if (categories.isError) return <ErrorAlert error={categories.error} title="Die Kategorien konnten nicht geladen werden." />;
  const chosen =
    value ??
    (preferredName ? categories.data.find((c) => c.name === preferredName)?.id : undefined) ??
    categories.data.find((c) => c.isDefault)?.id ??
    '';
  const describedBy = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={chosen}
        disabled={disabled}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {categories.data.map((c) => (
          <option key={c.id} value={c.id}>
            {categoryChoiceLabel(c)}
          </option>
        ))}
      </Form.Select>
      {help ? (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      ) : null}
    </Form.Group>
  );
}
