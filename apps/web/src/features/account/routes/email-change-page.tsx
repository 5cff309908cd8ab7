import { EMAIL_CHANGE_VALID_HOURS, emailChangeBodySchema, type EmailChangeBody, type EmailChangeRequested } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner, PageSpinner } from '@/components/ui/loading-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { useRequestEmailChange } from '../api/request-email-change';
import { FormField, SubmitCancelLink } from '@/components/ui/form-field';
import { applyServerFieldErrors } from '@/lib/forms';
import { useMemberOnly } from '../lib/use-member-only';

const TITLE = 'E-Mail-Adresse ändern';

/** Opened from the link in the mail (`?token=…`): confirms the new address; works without a login. */
function ConfirmEmail({ token }: { token: string }) {
  const session = useSession();
  const confirm = useConfirmEmailChange();
  return (
    <>
      <PageHeader title="Neue E-Mail-Adresse bestätigen" />
      {confirm.isSuccess ? (
        <div className="alert alert-success" role="status">
          <p className="mb-0">
            Vielen Dank. Ihre E-Mail-Adresse lautet jetzt <strong className="text-break">{confirm.data.email}</strong>.
          </p>
          <p className="mb-0 mt-2">
            {session.loggedIn ? <Link to={paths.account.href()}>Zu meinem Konto</Link> : <Link to={paths.home.href()}>Zur Startseite</Link>}
          </p>
        </div>
      ) : (
        <>
          <p>Bitte bestätigen Sie, dass Sie die neue E-Mail-Adresse für Ihr Mitgliedskonto verwenden möchten.</p>
          {confirm.isError ? (
            <ErrorAlert error={confirm.error} title="Die E-Mail-Adresse wurde nicht geändert.">
              {isApiError(confirm.error) && (confirm.error.status === 404 || confirm.error.status === 409) ? (
                <Link to={paths.emailChange.href()}>Änderung erneut anfordern</Link>
              ) : null}
            </ErrorAlert>
          ) : null}
          <Button type="button" variant="primary" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
            {confirm.isPending ? <LoadingSpinner size="sm" label="Wird bestätigt…" /> : null} Neue E-Mail-Adresse bestätigen
          </Button>
        </>
      )}
    </>
  );
}

function Requested({ result, currentEmail }: { result: EmailChangeRequested; currentEmail: string }) {
  return (
    <div className="alert alert-success" role="status">
      <p className="mb-2">
        Wir haben einen Bestätigungslink an <strong className="text-break">{result.pendingEmail}</strong> gesendet. Bitte öffnen Sie ihn bis{' '}
        {formatDateTime(result.expiresAt)} Uhr.
      </p>
      <p className="mb-2">
        Bis dahin bleibt <span className="text-break">{currentEmail}</span> Ihre E-Mail-Adresse; dorthin haben wir einen Hinweis auf die
        Änderung geschickt.
      </p>
      <Link to={paths.account.href()}>Zurück zu meinem Konto</Link>
    </div>
  );
}

function RequestEmailChange() {
  const session = useMemberOnly(paths.emailChange.href());
  const request = useRequestEmailChange();
  const [submitError, setSubmitError] = useState<unknown>(null);
  const form = useForm<EmailChangeBody, unknown, EmailChangeBody>({
    resolver: zodResolver(emailChangeBodySchema),
    defaultValues: { email: '' },
  });
  const intro = `Die neue Adresse erhält einen Bestätigungslink (${EMAIL_CHANGE_VALID_HOURS} Stunden gültig) und gilt, sobald Sie ihn geöffnet haben.`;

  if (!session.user) {
    return (
      <>
        <PageHeader title={TITLE} intro={intro} />
        {session.status === 'error' ? (
          <ErrorAlert message="Ihre Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut." />
        ) : (
          <PageSpinner />
        )}
      </>
    );
  }
  const member = session.user;
  const onSubmit = form.handleSubmit((values) => {
    setSubmitError(null);
    request.mutate(values.email, {
      onError: (error) => {
        setSubmitError(error);
        applyServerFieldErrors(error, form.setError, ['email']);
      },
    });
  });

  return (
    <>
      <PageHeader title={TITLE} intro={intro} />
      {request.isSuccess ? (
        <Requested result={request.data} currentEmail={member.email} />
      ) : (
        <div className="row">
          <div className="col-lg-7">
            <p>
              Aktuelle E-Mail-Adresse: <strong className="text-break">{member.email}</strong>
            </p>
            {member.pendingEmail ? (
              <p className="alert alert-info">
                Die Änderung auf <span className="text-break">{member.pendingEmail}</span> wartet noch auf Ihre Bestätigung. Eine neue
                Anfrage ersetzt sie.
              </p>
            ) : null}
            <FormProvider {...form}>
              <form onSubmit={onSubmit} noValidate aria-label="Änderung der E-Mail-Adresse">
                {submitError ? <ErrorAlert error={submitError} title="Die Änderung wurde nicht angefordert." /> : null}
                <FormField<EmailChangeBody>
                  name="email"
                  label="Neue E-Mail-Adresse"
                  idPrefix="email-change"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                />
                <SubmitCancelLink
                  label="Bestätigungslink senden"
                  pending={request.isPending}
                  pendingLabel="Wird gesendet…"
                  cancelTo={paths.account.href()}
                />
              </form>
            </FormProvider>
          </div>
        </div>
      )}
    </>
  );
}

export default function EmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ConfirmEmail token={token} /> : <RequestEmailChange />;
}
