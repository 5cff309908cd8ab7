import { phonesUpdateBodySchema, type AdminMember, type PhonesUpdateBody } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PhoneRows } from '@/components/ui/phone-rows';
import { useUpdatePhones } from '../api/update-phones';
import { applyServerFieldErrors } from '@/lib/forms';
import { FormField, SaveCancelButtons } from '@/components/ui/form-field';
import { EditableCard, type EditableCardFormProps } from '@/components/ui/editable-card';

type FormInput = z.input<typeof phonesUpdateBodySchema>;
type FormOutput = z.output<typeof phonesUpdateBodySchema>;

function PhonesForm({ member, onSaved, onCancel }: { member: AdminMember } & EditableCardFormProps) {
  const update = useUpdatePhones(member.id);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(phonesUpdateBodySchema),
    defaultValues: { landLine: member.landLine ?? '', mobile: member.mobile ?? '' },
  });
  const onSubmit = form.handleSubmit((values: PhonesUpdateBody) => {
    setSubmitError(null);
    update.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => {
        setSubmitError(error);
        applyServerFieldErrors(error, form.setError, ['landLine', 'mobile']);
      },
    });
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Telefonnummern bearbeiten">
        {submitError ? <ErrorAlert error={submitError} title="Die Telefonnummern wurden nicht gespeichert." /> : null}
        <FormField<FormInput>
          name="landLine"
          label="Festnetz"
          idPrefix="phones"
          type="tel"
          inputMode="tel"
          maxLength={30}
          help="Leer lassen, um die Nummer zu entfernen."
        />
        <FormField<FormInput> name="mobile" label="Mobile" idPrefix="phones" type="tel" inputMode="tel" maxLength={30} />
        <SaveCancelButtons pending={update.isPending} onCancel={onCancel} />
      </form>
    </FormProvider>
  );
}

export function PhonesCard({ member }: { member: AdminMember }) {
  return (
    <EditableCard
      id="phones"
      title="Telefon"
      editLabel="Telefonnummern bearbeiten"
      form={(close) => <PhonesForm member={member} {...close} />}
    >
      <dl className="row mb-0">
        <PhoneRows landLine={member.landLine} mobile={member.mobile} />
      </dl>
    </EditableCard>
  );
}
