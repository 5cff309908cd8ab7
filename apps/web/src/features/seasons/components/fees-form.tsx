import { feeAmount, readFrancs } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/ui/error-alert';
import { CancelButton, FormField } from '@/components/ui/form-field';
import { applyServerFieldErrors } from '@/lib/forms';
import { moneyToText } from '@/lib/money';

/** The fees as typed (`25`, `25.-`, `25,50`). */
const feeText = z.string().transform(readFrancs).pipe(feeAmount);
const feesSchema = z.object({ membershipFee: feeText, parkingFee: feeText, reminderFee: feeText });
const createSchema = feesSchema.extend({ year: z.string().regex(/^\d{4}$/, { error: 'Jahr: Bitte ein Jahr wählen.' }) });
export type FeesValues = z.output<typeof feesSchema>;
type CreateInput = z.input<typeof createSchema>;
type CreateValues = z.output<typeof createSchema>;

const rename = (path: string) => (path === 'validFrom' ? 'year' : path.replace(/\.amount$/, ''));
const known = ['year', 'membershipFee', 'parkingFee', 'reminderFee'];

interface FeesFormProps {
  idPrefix: string;
  /** With years: a new season, the year chosen from them (first preselected). */
  years?: number[];
  defaults: FeesValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: FeesValues & { year?: number }) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The fees of a season in CHF (membership, parking card, and the reminder fee added from the second
 * reminder on; 0 for none); for a new season also its year (the season starts on 1 May).
 */
export function FeesForm({ idPrefix, years, defaults, submitLabel, pending, onSubmit, onCancel }: FeesFormProps) {
  const [error, setError] = useState<unknown>(null);
  const form = useForm<CreateInput, unknown, CreateValues>({
    resolver: zodResolver(years ? createSchema : feesSchema.extend({ year: z.string() })),
    defaultValues: {
      membershipFee: moneyToText(defaults.membershipFee),
      parkingFee: moneyToText(defaults.parkingFee),
      reminderFee: moneyToText(defaults.reminderFee),
      year: years?.[0] ? String(years[0]) : '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit({
        membershipFee: values.membershipFee,
        parkingFee: values.parkingFee,
        reminderFee: values.reminderFee,
        ...(years ? { year: Number(values.year) } : {}),
      });
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, known, { rename })) setError(e);
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={submitLabel}>
        <div className="row g-3 align-items-end">
          {years ? (
            <FormField<CreateInput> className="col-sm-4" name="year" label="Saison ab 1. Mai" idPrefix={idPrefix} required>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}/{String((y + 1) % 100).padStart(2, '0')} (ab 01.05.{y})
                </option>
              ))}
            </FormField>
          ) : null}
          <FormField<CreateInput>
            className="col-sm-4"
            name="membershipFee"
            label="Mitgliederbeitrag (CHF)"
            idPrefix={idPrefix}
            inputMode="decimal"
            required
          />
          <FormField<CreateInput>
            className="col-sm-4"
            name="parkingFee"
            label="Parkkarte (CHF)"
            idPrefix={idPrefix}
            inputMode="decimal"
            required
          />
          <FormField<CreateInput>
            className="col-sm-4"
            name="reminderFee"
            label="Mahngebühr ab der 2. Mahnung (CHF)"
            idPrefix={idPrefix}
            inputMode="decimal"
            help="0 für keine Gebühr."
            required
          />
        </div>
        {error ? <ErrorAlert error={error} title="Nicht gespeichert." /> : null}
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
            {submitLabel}
          </Button>
          <CancelButton onCancel={onCancel} />
        </div>
      </form>
    </FormProvider>
  );
}
