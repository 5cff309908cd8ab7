import {
  MAILING_GROUP_KIND_LABELS,
  MAILING_GROUP_KINDS,
  MAILING_SUBJECT_MAX,
  MAILING_TEXT_MAX,
  type MailingDatedOption,
  type MailingGroupOptions,
  type MailingPreview,
} from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { FormProvider, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormField } from '@/components/ui/form-field';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { PdfFileField, UploadProgress } from '@/components/ui/pdf-upload';
import { applyServerFieldErrors } from '@/lib/forms';
import { useMailingPreview, useMailPreview } from '../api/preview-mailing';
import { useSendMailing } from '../api/send-mailing';
import { useSendTestMailing } from '../api/send-test-mailing';
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

/** The second select's options; events and games in two groups, the upcoming ones first. */
function GroupOptions({ groups, kind }: { groups: MailingGroupOptions; kind: string }) {
  const option = (o: { id: number; label: string }) => (
    <option key={o.id} value={String(o.id)}>
      {o.label}
    </option>
  );
  const dated = (options: MailingDatedOption[], noun: string) => {
    const upcoming = options.filter((o) => !o.past);
    const past = options.filter((o) => o.past);
    return (
      <>
        {upcoming.length > 0 ? <optgroup label={`Kommende ${noun}`}>{upcoming.map(option)}</optgroup> : null}
        {past.length > 0 ? <optgroup label={`Vergangene ${noun}`}>{past.map(option)}</optgroup> : null}
      </>
    );
  };
  switch (kind) {
    case 'SEASON':
      return groups.seasons.map(option);
    case 'CATEGORY':
      return groups.categories.map(option);
    case 'EVENT':
      return dated(groups.events, 'Veranstaltungen');
    case 'GAME':
      return dated(groups.games, 'Spiele');
    default:
      return null;
  }
}

/** The mail as the group's members get it: who, the subject and the rendered text in a frame of its own. */
function MailPreview({ preview }: { preview: MailingPreview }) {
  if (!preview.mail) return null;
  return (
    <section className="border rounded p-3 mt-3 bg-body-tertiary" aria-labelledby={`${ID}-preview-heading`}>
      <h3 id={`${ID}-preview-heading`} className="h5">
        Vorschau
      </h3>
      <dl className="row mb-2">
        <dt className="col-sm-2">An</dt>
        <dd className="col-sm-10 mb-1">
          {recipientsText(preview.recipients)} ({preview.label})
        </dd>
        <dt className="col-sm-2">Betreff</dt>
        <dd className="col-sm-10 mb-1">{preview.mail.subject}</dd>
      </dl>
      <p className="small text-body-secondary mb-2">So sieht die Mail aus; jedes Mitglied wird mit seinem Vornamen angesprochen.</p>
      {/* The mail's own HTML document, in a frame without scripts or same-origin access. */}
      <iframe
        title="Vorschau der Mail"
        sandbox=""
        srcDoc={preview.mail.html}
        className="w-100 border rounded bg-white"
        style={{ height: '22rem' }}
      />
    </section>
  );
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

/** The form's actions: preview, test mail, the question before sending and the sending itself, with what they answered. */
function useMailingActions(form: UseFormReturn<MailingFormInput, unknown, MailingFormData>, currentValues: string) {
  const send = useSendMailing();
  const testMail = useSendTestMailing();
  const mailPreview = useMailPreview();
  const [progress, setProgress] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<MailingFormData | null>(null);
  // The form's values the preview was made of: a preview of other values is not shown.
  const [previewedValues, setPreviewedValues] = useState<string | null>(null);
  const previewIsCurrent = previewedValues === currentValues;

  const onSubmit = form.handleSubmit((values) => {
    setDone(null);
    send.reset();
    setConfirming(values);
  });

  const showPreview = form.handleSubmit((values) => {
    const group = groupOf(values.kind, values.groupId);
    if (!group) return;
    setPreviewedValues(currentValues);
    mailPreview.mutate({ group, subject: values.subject, text: values.text });
  });

  const sendTest = form.handleSubmit(async (values) => {
    const group = groupOf(values.kind, values.groupId);
    if (!group) return;
    setDone(null);
    try {
      const { to } = await testMail.mutateAsync({ body: { subject: values.subject, text: values.text, group }, file: values.file?.[0] });
      setDone(`Die Testmail ist unterwegs an Ihre Adresse ${to}.`);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, MAILING_FIELDS, { rename: formFieldOf });
    }
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

  const cancelConfirm = () => {
    setConfirming(null);
    send.reset();
  };

  return {
    send,
    testMail,
    mailPreview,
    previewIsCurrent,
    progress,
    done,
    confirming,
    onSubmit,
    showPreview,
    sendTest,
    confirm,
    cancelConfirm,
  };
}

/** The fields: the group (kind, then which one), its count, subject, text and the attachment. */
function MailingFields({ groups, kind, groupId }: { groups: MailingGroupOptions; kind: MailingFormInput['kind']; groupId: string }) {
  const idLabel = kind && kind !== 'BOARD' ? GROUP_ID_LABELS[kind] : null;
  return (
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
            <GroupOptions groups={groups} kind={kind} />
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
              Markdown: <code>**fett**</code>, <code>*kursiv*</code>, <code>- Aufzählung</code>, <code>[Link](https://…)</code>. Die Anrede
              «Grüezi Vorname» und der Hinweis, warum das Mitglied die Mail erhält, kommen automatisch dazu; Antworten gehen an Sie.
            </>
          }
        />
      </div>
      <div className="col-12">
        <PdfFileField idPrefix={ID} label="PDF-Anhang (freiwillig)" required={false} />
      </div>
    </div>
  );
}

/** «Mail senden?»: the subject, the group and its count, the attachment and its upload. */
function SendMailingDialog({
  confirming,
  preview,
  actions,
}: {
  confirming: MailingFormData | null;
  preview: MailingPreview | undefined;
  actions: ReturnType<typeof useMailingActions>;
}) {
  const { send, progress } = actions;
  return (
    <ConfirmDialog
      show={confirming !== null}
      title="Mail senden?"
      confirmLabel="Jetzt senden"
      variant="primary"
      pending={send.isPending}
      error={send.error}
      onConfirm={() => void actions.confirm()}
      onCancel={actions.cancelConfirm}
    >
      {confirming ? (
        <>
          <p>
            Die Mail «{confirming.subject}» geht an <strong>{preview?.label ?? 'die gewählte Gruppe'}</strong>:{' '}
            <strong>{preview ? recipientsText(preview.recipients) : 'Empfänger werden gezählt…'}</strong>, an jedes Mitglied einzeln.
          </p>
          {confirming.file?.[0] ? <p className="mb-0">Mit Anhang: {confirming.file[0].name}</p> : null}
          {send.isPending && confirming.file?.[0] ? <UploadProgress share={progress} /> : null}
        </>
      ) : null}
    </ConfirmDialog>
  );
}

/** The board's mail to a group: choose the group, see how many get it, write, confirm. */
export function MailingForm({ groups }: { groups: MailingGroupOptions }) {
  const form = useForm<MailingFormInput, unknown, MailingFormData>({
    resolver: zodResolver(mailingFormSchema),
    defaultValues: { kind: '', groupId: '', subject: '', text: '' },
  });
  const [kind, groupId, subject, text] = useWatch({ control: form.control, name: ['kind', 'groupId', 'subject', 'text'] });
  const preview = useMailingPreview(groupOf(kind, groupId));
  const actions = useMailingActions(form, JSON.stringify([kind, groupId, subject, text]));
  const { testMail, mailPreview, done } = actions;

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
          <form noValidate onSubmit={(e) => void actions.onSubmit(e)} aria-labelledby={`${ID}-heading`}>
            <MailingFields groups={groups} kind={kind} groupId={groupId} />
            <div className="d-flex flex-wrap gap-2 mt-3">
              <Button type="button" variant="outline-secondary" disabled={mailPreview.isPending} onClick={() => void actions.showPreview()}>
                Vorschau
              </Button>
              <Button type="button" variant="outline-primary" disabled={testMail.isPending} onClick={() => void actions.sendTest()}>
                Testmail an mich
              </Button>
              <Button type="submit" disabled={actions.send.isPending}>
                Mail senden…
              </Button>
            </div>
            <div className="mt-3" aria-live="polite">
              {testMail.isError ? <ErrorAlert error={testMail.error} title="Die Testmail konnte nicht gesendet werden." /> : null}
              {mailPreview.isError ? <ErrorAlert error={mailPreview.error} title="Die Vorschau konnte nicht erstellt werden." /> : null}
            </div>
            {mailPreview.data && actions.previewIsCurrent ? <MailPreview preview={mailPreview.data} /> : null}
          </form>
        </FormProvider>
      </div>
      <SendMailingDialog confirming={actions.confirming} preview={preview.data} actions={actions} />
    </section>
  );
}
