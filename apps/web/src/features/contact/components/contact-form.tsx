import type { ContactReceipt, ContactRecipient } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { FormProvider, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormField, Honeypot } from '@/components/ui/form-field';
import { applyServerFieldErrors } from '@/lib/forms';
import { useSession } from '@/lib/session';
import { useSendMessage } from '../api/send-message';
import { CONTACT_FIELDS, contactFormSchema, type ContactFormData, type ContactFormInput } from '../lib/form';

const ID = 'contact';

function Received({ receipt, email, onAnother }: { receipt: ContactReceipt; email: string; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card shadow-sm" aria-labelledby="contact-received">
      <div className="card-body p-4">
        <h2 id="contact-received" ref={heading} tabIndex={-1} className="h3">
          Ihre Nachricht ist eingegangen
        </h2>
        <p>
          Vielen Dank! Ihre Nachricht an «{receipt.label}» wird per E-Mail zugestellt. Die Antwort erhalten Sie an{' '}
          <strong className="text-break">{email}</strong>.
        </p>
        <Button variant="outline-primary" onClick={onAnother}>
          Weitere Nachricht schreiben
        </Button>
      </div>
    </section>
  );
}

/** The form, with a member's name and address filled in once the session is known, unless already typed. */
function useContactForm() {
  const { user } = useSession();
  const form = useForm<ContactFormInput, unknown, ContactFormData>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { recipient: '' as ContactFormInput['recipient'], name: '', senderEmail: '', message: '', website: '' },
  });

  // A member's name and address, once the session is known, unless already typed.
  useEffect(() => {
    if (!user) return;
    if (!form.getValues('name')) form.setValue('name', `${user.firstName} ${user.lastName}`);
    if (!form.getValues('senderEmail')) form.setValue('senderEmail', user.email);
  }, [user, form]);
  return form;
}

/** To whom, the sender's name and address, and the message. */
function ContactFields({ recipients }: { recipients: readonly ContactRecipient[] }) {
  return (
    <>
      <FormField<ContactFormInput> name="recipient" label="An" idPrefix={ID} required>
        <option value="">Bitte wählen…</option>
        {recipients.map((r) => (
          <option key={r.type} value={r.type}>
            {r.label}
          </option>
        ))}
      </FormField>
      <div className="row">
        <div className="col-md-6">
          <FormField<ContactFormInput> name="name" label="Ihr Name" idPrefix={ID} required autoComplete="name" maxLength={100} />
        </div>
        <div className="col-md-6">
          <FormField<ContactFormInput>
            name="senderEmail"
            label="Ihre E-Mail-Adresse"
            idPrefix={ID}
            type="email"
            inputMode="email"
            required
            autoComplete="email"
            maxLength={254}
            help="Hierhin geht die Antwort."
          />
        </div>
      </div>
      <FormField<ContactFormInput>
        name="message"
        label="Nachricht"
        idPrefix={ID}
        textarea
        required
        maxLength={5000}
        help="Höchstens 5000 Zeichen."
      />
    </>
  );
}

/** Recipient, name, e-mail (a member's prefilled) and the message; a honeypot for robots. */
export function ContactForm({ recipients }: { recipients: readonly ContactRecipient[] }) {
  const send = useSendMessage();
  const form = useContactForm();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, CONTACT_FIELDS);
    }
  });

  if (send.isSuccess) {
    return (
      <Received
        receipt={send.data}
        email={send.variables.senderEmail}
        onAnother={() => {
          form.reset({ ...form.getValues(), message: '' });
          send.reset();
        }}
      />
    );
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Kontaktformular" className="position-relative">
        {send.isError ? <ErrorAlert error={send.error} title="Die Nachricht wurde nicht gesendet." /> : null}
        <ContactFields recipients={recipients} />
        <Honeypot id={`${ID}-website`} />
        <Button type="submit" variant="primary" disabled={send.isPending}>
          {send.isPending ? (
            <>
              <Spinner as="span" animation="border" size="sm" role="status" aria-hidden="true" className="me-2" />
              Wird gesendet…
            </>
          ) : (
            'Nachricht senden'
          )}
        </Button>
      </form>
    </FormProvider>
  );
}
