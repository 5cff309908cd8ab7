import { phonesBodySchema, type PhonesBody } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerFieldErrors } from '@/lib/forms';
import { ErrorAlert } from './error-alert';
import { FormField, SaveCancelButtons } from './form-field';

type FormInput = z.input<typeof phonesBodySchema>;
type FormOutput = z.output<typeof phonesBodySchema>;

/** What the form needs of a mutation that saves the numbers (TanStack Query's `useMutation` result). */
export interface PhonesMutation {
  mutate: (values: PhonesBody, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * Landline and mobile, as the board and the member edit them (the contract's rules; empty
 * removes a number); the server's German messages stand beside the fields.
 */
export function PhonesForm({
  landLine,
  mobile,
  idPrefix,
  mutation,
  onSaved,
  onCancel,
}: {
  landLine: string | null;
  mobile: string | null;
  idPrefix: string;
  mutation: PhonesMutation;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [submitError, setSubmitError] = useState<unknown>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(phonesBodySchema),
    defaultValues: { landLine: landLine ?? '', mobile: mobile ?? '' },
  });
  const onSubmit = form.handleSubmit((values: PhonesBody) => {
    setSubmitError(null);
    mutation.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => {
        setSubmitError(error);
        applyServerFieldErrors(error, form.setError, ['landLine', 'mobile']);
      },
    });
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Telefonnummern bearbeiten">
        {submitError ? <ErrorAlert error={submitError} title="Die Telefonnummern wurden nicht gespeichert." /> : null}
        <FormField<FormInput>
          name="landLine"
          label="Festnetz"
          idPrefix={idPrefix}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={30}
          help="Leer lassen, um die Nummer zu entfernen."
        />
        <FormField<FormInput>
          name="mobile"
          label="Mobile"
          idPrefix={idPrefix}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={30}
        />
        <SaveCancelButtons pending={mutation.isPending} onCancel={onCancel} />
      </form>
    </FormProvider>
  );
}
