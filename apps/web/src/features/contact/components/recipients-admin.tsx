import { contactRecipientsInputSchema, type ContactRecipientAdmin, type ContactRecipientType } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { PageSpinner } from '@/components/ui/loading-spinner';
import { applyServerFieldErrors } from '@/lib/forms';
import { useAdminRecipients, useSaveRecipients } from '../api/admin-recipients';

const ID = 'recipients';
const formSchema = z.object({ recipients: contactRecipientsInputSchema });
type FormInput = z.input<typeof formSchema>;
type FormData = z.output<typeof formSchema>;

const roleNames: Record<ContactRecipientType, string> = {
  PRAESIDENT: 'Präsident/in',
  TICKETS: 'Tickets',
  KASSIER: 'Kassier/in',
  VORSTAND: 'Gesamter Vorstand',
};

function RecipientsForm({ initial }: { initial: ContactRecipientAdmin[] }) {
  const save = useSaveRecipients();
  const toast = useToast();
  const form = useForm<FormInput, unknown, FormData>({ resolver: zodResolver(formSchema), defaultValues: { recipients: initial } });
  useEffect(() => form.reset({ recipients: initial }), [initial, form]);
  const known = initial.flatMap((_r, i) => [`recipients.${i}.label`, `recipients.${i}.email`]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values.recipients);
      toast.success('Die Empfänger sind gespeichert.');
    } catch (error) {
      applyServerFieldErrors(error, form.setError, known, { rename: (p) => `recipients.${p}` });
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Empfänger des Kontaktformulars">
        {save.isError ? <ErrorAlert error={save.error} title="Die Empfänger wurden nicht gespeichert." /> : null}
        {initial.map((r, i) => (
          <fieldset key={r.type} className="border-bottom pb-2 mb-3">
            <legend className="h6">{roleNames[r.type]}</legend>
            <div className="row">
              <div className="col-md-5">
                <FormField<FormInput>
                  name={`recipients.${i}.label`}
                  label="Bezeichnung im Formular"
                  idPrefix={ID}
                  required
                  maxLength={80}
                />
              </div>
              <div className="col-md-7">
                <FormField<FormInput>
                  name={`recipients.${i}.email`}
                  label="E-Mail-Adresse (bleibt geheim)"
                  idPrefix={ID}
                  type="email"
                  inputMode="email"
                  maxLength={254}
                />
              </div>
            </div>
          </fieldset>
        ))}
        <p className="small text-body-secondary">Ohne E-Mail-Adresse erscheint der Empfänger nicht im Formular.</p>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" /> : null}
          Empfänger speichern
        </Button>
      </form>
    </FormProvider>
  );
}

/** The board's section of the contact page: who receives the messages (labels and hidden addresses). */
export function RecipientsAdmin() {
  const recipients = useAdminRecipients(true);
  return (
    <section className="card shadow-sm mt-5" aria-labelledby="recipients-heading">
      <div className="card-body">
        <h2 id="recipients-heading" className="h4">
          Empfänger verwalten
        </h2>
        <p className="small text-body-secondary">Nur für den Vorstand sichtbar. Die Adressen erscheinen nie auf der Website.</p>
        {recipients.isPending ? (
          <PageSpinner label="Empfänger werden geladen…" />
        ) : recipients.isError ? (
          <ErrorAlert error={recipients.error} />
        ) : (
          <RecipientsForm initial={recipients.data} />
        )}
      </div>
    </section>
  );
}
