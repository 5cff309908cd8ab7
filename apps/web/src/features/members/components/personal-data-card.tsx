import { birthDateSchema, memberUpdateBodySchema, type AdminMember, type MemberUpdateBody } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PersonalDataList } from '@/components/ui/personal-data-list';
import { formatDate, formatDateTime, todayInZurich } from '@/lib/format';
import { NotGiven } from '@/components/ui/not-given';
import { useUpdateMember } from '../api/update-member';
import { applyServerFieldErrors } from '@/lib/forms';
import { DateField } from '@/components/ui/date-field';
import { FormField, SaveCancelButtons } from '@/components/ui/form-field';
import { EditableCard, type EditableCardFormProps } from '@/components/ui/editable-card';

/** The date field sends '' when empty: that means "no date of birth". */
const formSchema = memberUpdateBodySchema.extend({
  dateOfBirth: z.union([z.literal(''), birthDateSchema]).transform((v) => (v === '' ? null : v)),
});
type FormInput = z.input<typeof formSchema>;
const FIELDS = ['firstName', 'lastName', 'email', 'dateOfBirth'] as const;

function PersonalForm({ member, onSaved, onCancel }: { member: AdminMember } & EditableCardFormProps) {
  const update = useUpdateMember(member.id);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const form = useForm<FormInput, unknown, MemberUpdateBody>({
    resolver: zodResolver(formSchema),
    defaultValues: { firstName: member.firstName, lastName: member.lastName, email: member.email, dateOfBirth: member.dateOfBirth ?? '' },
  });
  const onSubmit = form.handleSubmit((values) => {
    setSubmitError(null);
    update.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => {
        setSubmitError(error);
        applyServerFieldErrors(error, form.setError, FIELDS);
      },
    });
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Personalien bearbeiten">
        {submitError ? <ErrorAlert error={submitError} title="Die Personalien wurden nicht gespeichert." /> : null}
        <div className="row g-3">
          <FormField<FormInput> className="col-sm-6" name="firstName" label="Vorname" idPrefix="personal" required maxLength={60} />
          <FormField<FormInput> className="col-sm-6" name="lastName" label="Nachname" idPrefix="personal" required maxLength={60} />
          <FormField<FormInput>
            className="col-12"
            name="email"
            label="E-Mail"
            idPrefix="personal"
            type="email"
            inputMode="email"
            required
            maxLength={254}
            help="Gilt sofort, ohne Bestätigungslink."
          />
          <DateField<FormInput>
            className="col-sm-6"
            name="dateOfBirth"
            label="Geburtsdatum"
            idPrefix="personal"
            min="1900-01-01"
            max={todayInZurich()}
          />
        </div>
        <SaveCancelButtons pending={update.isPending} onCancel={onCancel} className="mt-3" />
      </form>
    </FormProvider>
  );
}

export function PersonalDataCard({ member }: { member: AdminMember }) {
  return (
    <EditableCard
      id="personal"
      title="Personalien"
      editLabel="Personalien bearbeiten"
      savedText="Personalien gespeichert."
      form={(close) => <PersonalForm member={member} {...close} />}
    >
      <PersonalDataList
        member={member}
        dateOfBirth={member.dateOfBirth}
        emailNote={
          member.pendingEmail ? (
            <div className="small text-body-secondary">Änderung auf {member.pendingEmail} wartet auf Bestätigung.</div>
          ) : null
        }
      >
        <dt className="col-sm-5">Mitglied seit</dt>
        <dd className="col-sm-7">{member.memberSince ? formatDate(member.memberSince) : <NotGiven />}</dd>
        <dt className="col-sm-5">Login</dt>
        <dd className="col-sm-7">{member.hasLogin ? 'Passwort gesetzt' : 'Noch kein Passwort gewählt'}</dd>
        <dt className="col-sm-5">Erfasst am</dt>
        <dd className="col-sm-7 mb-0">{formatDateTime(member.createdAt)}</dd>
      </PersonalDataList>
    </EditableCard>
  );
}
