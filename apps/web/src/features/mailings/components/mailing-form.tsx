import {
  MAILING_GROUP_KIND_LABELS,
  MAILING_GROUP_KINDS,
  MAILING_SUBJECT_MAX,
  MAILING_TEXT_MAX,
  type MailingGroupOptions,
} from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { PdfFileField, UploadProgress } from '@/components/ui/pdf-upload';
import { applyServerFieldErrors } from '@/lib/forms';
import { useMailingPreview } from '../api/preview-mailing';
import { useSendMailing } from '../api/send-mailing';
import {
  formFieldOf,
  GROUP_ID_LABELS,
  groupOf,
  MAILING_FIELDS,
  mailingFormSchema,
  recipientsText,
  type MailingFormData,
  type MailingFormInput,
} from '../lib/mailing-form';

const ID = 'mailing';

function optionsOf(groups: MailingGroupOptions, kind: string) {
  switch (kind) {
    case 'SEASON':
      return groups.seasons;
    case 'CATEGORY':
      return groups.categories;
    case 'EVENT':
      return groups.events;
    case 'GAME':
      return groups.games;
    default:
      return [];
  }
}

/** The count of the chosen group, as the board chooses it («An 123 Empfänger»). */
function RecipientCount({ kind, groupId }: { kind: string; groupId: string }) {
  const group = groupOf(kind, groupId);
  const preview = useMailingPreview(group);
  let content = <span className="text-body-secondary">Wählen Sie eine Gruppe, um die Zahl der Empfänger zu sehen.</span>;
  if (group && preview.isError) content = <span className="text-danger">Die Empfänger konnten nicht gezählt werden.</span>;
  else if (group && preview.isPending) content = <LoadingSpinner label="Empfänger werden gezählt…" />;
  else if (group && preview.data) content = <strong>{recipientsText(preview.data.recipients)}</strong>;
  return (
    <p className="mb-0" role="status" aria-live="polite" id={`${ID}-count`}>
      {content}
    </p>
  );
}

/** The board's mail to a group: choose the group, see how many get it, write, confirm. */
export function MailingForm({ groups }: { groups: MailingGroupOptions }) {
  const send = useSendMailing();
  const [progress, setProgress] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<MailingFormData | null>(null);
  const form = useForm<MailingFormInput, unknown, MailingFormData>({
    resolver: zodResolver(mailingFormSchema),
    defaultValues: { kind: '', groupId: '', subject: '', text: '' },
  });
  const [kind, groupId] = useWatch({ control: form.control, name: ['kind', 'groupId'] });
  const chosenGroup = groupOf(kind, groupId);
  const preview = useMailingPreview(chosenGroup);
  const idLabel = kind && kind !== 'BOARD' ? GROUP_ID_LABELS[kind] : null;

  const onSubmit = form.handleSubmit((values) => {
    setDone(null);
    send.reset();
    setConfirming(values);
  });

  const confirm = async () => {
    const values = confirming;
    const group = values ? groupOf(values.kind, values.groupId) : null;
    if (!values || !group) return;
    setProgress(0);
    try {
      const mailing = await send.mutateAsync({
        body: { subject: values.subject, text: values.text, group },
        file: values.file?.[0],
        onProgress: setProgress,
      });
      setConfirming(null);
      setDone(`Die Mail «${mailing.subject}» ist unterwegs: ${recipientsText(mailing.recipients)} (${mailing.groupLabel}).`);
      form.reset();
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, MAILING_FIELDS, { rename: formFieldOf })) setConfirming(null);
    }
  };

  return (
    <section className="card shadow-sm mb-4" aria-labelledby={`${ID}-heading`}>
      <div className="card-body">
        <h2 id={`${ID}-heading`} className="h4">
          Neue Mail
        </h2>
        {done ? (
          <div className="alert alert-success" role="status">
            {done}
          </div>
        ) : null}
        <FormProvider {...form}>
          <form noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${ID}-heading`}>
            <div className="row g-3">
              <div className="col-md-5">
                <FormField<MailingFormInput> name="kind" label="Gruppe" idPrefix={ID} required className="mb-0">
                  <option value="">Bitte wählen…</option>
                  {MAILING_GROUP_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {MAILING_GROUP_KIND_LABELS[k]}
                    </option>
                  ))}
                </FormField>
              </div>
              {idLabel ? (
                <div className="col-md-7">
                  <FormField<MailingFormInput> key={kind} name="groupId" label={idLabel.label} idPrefix={ID} required className="mb-0">
                    <option value="">Bitte wählen…</option>
                    {optionsOf(groups, kind).map((o) => (
                      <option key={o.id} value={String(o.id)}>
                        {o.label}
                      </option>
                    ))}
                  </FormField>
                </div>
              ) : null}
              <div className="col-12">
                <RecipientCount kind={kind} groupId={groupId} />
              </div>
              <div className="col-12">
                <FormField<MailingFormInput>
                  name="subject"
                  label="Betreff"
                  idPrefix={ID}
                  required
                  maxLength={MAILING_SUBJECT_MAX}
                  className="mb-0"
                />
              </div>
              <div className="col-12">
                <FormField<MailingFormInput>
                  name="text"
                  label="Text"
                  idPrefix={ID}
                  required
                  textarea
                  maxLength={MAILING_TEXT_MAX}
                  className="mb-0"
                  help={
                    <>
                      Markdown: <code>**fett**</code>, <code>*kursiv*</code>, <code>- Aufzählung</code>, <code>[Link](https://…)</code>. Die
                      Anrede «Grüezi Vorname» und der Hinweis, warum das Mitglied die Mail erhält, kommen automatisch dazu; Antworten gehen
                      an Sie.
                    </>
                  }
                />
              </div>
              <div className="col-12">
                <PdfFileField idPrefix={ID} label="PDF-Anhang (freiwillig)" required={false} />
              </div>
            </div>
            <Button type="submit" className="mt-3" disabled={send.isPending}>
              Mail senden…
            </Button>
          </form>
        </FormProvider>
      </div>
      <ConfirmDialog
        show={confirming !== null}
        title="Mail senden?"
        confirmLabel="Jetzt senden"
        variant="primary"
        pending={send.isPending}
        error={send.error}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setConfirming(null);
          send.reset();
        }}
      >
        {confirming ? (
          <>
            <p>
              Die Mail «{confirming.subject}» geht an <strong>{preview.data?.label ?? 'die gewählte Gruppe'}</strong>:{' '}
              <strong>{preview.data ? recipientsText(preview.data.recipients) : 'Empfänger werden gezählt…'}</strong>, an jedes Mitglied
              einzeln.
            </p>
            {confirming.file?.[0] ? <p className="mb-0">Mit Anhang: {confirming.file[0].name}</p> : null}
            {send.isPending && confirming.file?.[0] ? <UploadProgress share={progress} /> : null}
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
