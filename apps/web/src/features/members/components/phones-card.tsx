import { phonesUpdateBodySchema, type AdminMember, type PhonesUpdateBody } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { useUpdatePhones } from '../api/update-phones';
import { applyServerFieldErrors } from '@/lib/forms';
import { FormField } from '@/components/ui/form-field';
import { SavedNote, SectionCard } from './section-card';

type FormInput = z.input<typeof phonesUpdateBodySchema>;
type FormOutput = z.output<typeof phonesUpdateBodySchema>;

function PhonesForm({ member, onSaved, onCancel }: { member: AdminMember; onSaved: () => void; onCancel: () => void }) {
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
        <FormField<FormInput> name="landLine" label="Festnetz" idPrefix="phones" type="tel" inputMode="tel" maxLength={30} help="Leer lassen, um die Nummer zu entfernen." />
        <FormField<FormInput> name="mobile" label="Mobile" idPrefix="phones" type="tel" inputMode="tel" maxLength={30} />
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <LoadingSpinner size="sm" label="Wird gespeichert…" /> : null} Speichern
          </Button>
          <Button type="button" variant="outline-dark" onClick={onCancel} disabled={update.isPending}>
            Abbrechen
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

function PhoneNumber({ value }: { value: string | null }) {
  return value ? <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a> : <span className="text-body-secondary">keine Angabe</span>;
}

export function PhonesCard({ member }: { member: AdminMember }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <SectionCard
      id="phones"
      title="Telefon"
      action={
        editing ? null : (
          <Button size="sm" variant="outline-primary" onClick={() => (setEditing(true), setSaved(false))}>
            Telefonnummern bearbeiten
          </Button>
        )
      }
    >
      {editing ? (
        <PhonesForm member={member} onSaved={() => (setEditing(false), setSaved(true))} onCancel={() => setEditing(false)} />
      ) : (
        <>
          {saved ? <SavedNote /> : null}
          <dl className="row mb-0">
            <dt className="col-sm-5">Festnetz</dt>
            <dd className="col-sm-7">
              <PhoneNumber value={member.landLine} />
            </dd>
            <dt className="col-sm-5">Mobile</dt>
            <dd className="col-sm-7 mb-0">
              <PhoneNumber value={member.mobile} />
            </dd>
          </dl>
        </>
      )}
    </SectionCard>
  );
}
