import { twoFactorCodeBodySchema, type TwoFactorSetup, type TwoFactorStatus } from '@club/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormField } from '@/components/ui/form-field';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { SavedNote, SectionCard } from '@/components/ui/section-card';
import { applyServerFieldErrors } from '@/lib/forms';
import { formatDate } from '@/lib/format';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';
import { useSetupTwoFactor } from '../api/setup-two-factor';

type CodeInput = z.input<typeof twoFactorCodeBodySchema>;
type CodeOutput = z.output<typeof twoFactorCodeBodySchema>;

/** A code of the app (or a recovery code) sent to one of the calls that want one. */
function CodeForm(props: {
  idPrefix: string;
  label: string;
  help: string;
  submitLabel: string;
  mutation: { mutate: (code: string, options: { onError: (error: unknown) => void }) => void; isPending: boolean };
  onCancel: () => void;
}) {
  const { idPrefix, label, help, submitLabel, mutation, onCancel } = props;
  const [error, setError] = useState<unknown>(null);
  const form = useForm<CodeInput, unknown, CodeOutput>({ resolver: zodResolver(twoFactorCodeBodySchema), defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit(({ code }) => {
    setError(null);
    mutation.mutate(code, {
      onError: (failure) => {
        if (!applyServerFieldErrors(failure, form.setError, ['code'])) setError(failure);
      },
    });
  });
  return (
    <FormProvider {...form}>
      <form noValidate aria-label={submitLabel} onSubmit={(event) => void onSubmit(event)} className="mt-3">
        {error ? <ErrorAlert error={error} /> : null}
        <FormField<CodeInput> name="code" label={label} idPrefix={idPrefix} autoComplete="one-time-code" maxLength={40} help={help} />
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <LoadingSpinner size="sm" label="Wird geprüft…" /> : null} {submitLabel}
          </Button>
          <Button variant="outline-secondary" onClick={onCancel} disabled={mutation.isPending}>
            Abbrechen
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The ten recovery codes, shown once. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="alert alert-warning" role="status">
      <p className="fw-semibold mb-2">Ihre Wiederherstellungscodes</p>
      <p className="small">
        Bewahren Sie diese zehn Codes sicher auf (ausgedruckt oder im Passwortmanager). Ohne Telefon melden Sie sich mit einem davon an;
        jeder gilt einmal. Sie werden nur jetzt angezeigt.
      </p>
      <ul className="list-unstyled row row-cols-2 g-1 font-monospace mb-3" aria-label="Wiederherstellungscodes">
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ul>
      <Button size="sm" variant="outline-dark" onClick={onDone}>
        Ich habe die Codes gesichert
      </Button>
    </div>
  );
}

/** Setting up: the QR code for the app, the key to type by hand, and one code to confirm. */
function Enrolment({ setup, onCodes, onCancel }: { setup: TwoFactorSetup; onCodes: (codes: string[]) => void; onCancel: () => void }) {
  const enable = useEnableTwoFactor();
  return (
    <ol className="ps-3">
      <li className="mb-2">
        Öffnen Sie eine Authenticator-App (z. B. Google Authenticator, Microsoft Authenticator, Aegis oder Ihr Passwortmanager) und scannen
        Sie diesen QR-Code:
        <img
          src={setup.qrCode}
          alt="QR-Code zum Einrichten der Authenticator-App"
          width={176}
          height={176}
          className="d-block my-2 border rounded"
        />
      </li>
      <li className="mb-2">
        Oder geben Sie in der App diesen Schlüssel ein:{' '}
        <code className="d-inline-block text-break">{setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}</code>
      </li>
      <li>
        Geben Sie den Code ein, den die App nun anzeigt.
        <CodeForm
          idPrefix="twofactor-enable"
          label="Code aus der App"
          help="Sechs Ziffern."
          submitLabel="Einrichten"
          mutation={{ mutate: (code, options) => enable.mutate(code, { ...options, onSuccess: onCodes }), isPending: enable.isPending }}
          onCancel={onCancel}
        />
      </li>
    </ol>
  );
}

function EnabledActions({ status, onCodes }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  const [action, setAction] = useState<'renew' | 'disable' | null>(null);
  const [turnedOff, setTurnedOff] = useState(false);
  const renew = useRenewRecoveryCodes();
  const disable = useDisableTwoFactor();
  if (action) {
    const renewing = action === 'renew';
    return (
      <CodeForm
        idPrefix={`twofactor-${action}`}
        label="Aktueller Code"
        help="Sechs Ziffern aus der App oder ein Wiederherstellungscode."
        submitLabel={renewing ? 'Neue Codes erstellen' : 'Ausschalten'}
        mutation={
          renewing
            ? {
                mutate: (code, o) => renew.mutate(code, { ...o, onSuccess: (codes) => (setAction(null), onCodes(codes)) }),
                isPending: renew.isPending,
              }
            : {
                mutate: (code, o) => disable.mutate(code, { ...o, onSuccess: () => (setAction(null), setTurnedOff(true)) }),
                isPending: disable.isPending,
              }
        }
        onCancel={() => setAction(null)}
      />
    );
  }
  return (
    <>
      {turnedOff ? <SavedNote text="Die Zwei-Faktor-Anmeldung ist ausgeschaltet." /> : null}
      <div className="d-flex flex-wrap gap-2">
        <Button size="sm" variant="outline-primary" onClick={() => setAction('renew')}>
          Neue Wiederherstellungscodes
        </Button>
        {status.required ? null : (
          <Button size="sm" variant="outline-danger" onClick={() => setAction('disable')}>
            Ausschalten
          </Button>
        )}
      </div>
    </>
  );
}

/** «Zwei-Faktor-Anmeldung» on the account page (embedded login only). */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (status.isSuccess && !status.data.available) return null;
  const showCodes = (next: string[]) => (setCodes(next), setup.reset());
  return (
    <SectionCard id="twofactor" title="Zwei-Faktor-Anmeldung">
      {status.isPending ? <LoadingSpinner label="Wird geladen…" /> : null}
      {status.isError ? <ErrorAlert error={status.error} title="Der Stand der Zwei-Faktor-Anmeldung konnte nicht geladen werden." /> : null}
      {codes ? <RecoveryCodeList codes={codes} onDone={() => setCodes(null)} /> : null}
      {status.isSuccess && status.data.enabled ? (
        <>
          <p>
            <span className="badge text-bg-success me-2">Eingeschaltet</span>
            seit {formatDate(status.data.enabledAt)}; {status.data.recoveryCodesLeft} von 10 Wiederherstellungscodes übrig.
          </p>
          {status.data.required ? <p className="small text-body-secondary">Für Vorstandsmitglieder ist sie Pflicht.</p> : null}
          {codes ? null : <EnabledActions status={status.data} onCodes={showCodes} />}
        </>
      ) : null}
      {status.isSuccess && !status.data.enabled ? (
        <>
          <p>
            Schützen Sie Ihr Login zusätzlich zum Passwort mit einem Code aus einer Authenticator-App auf Ihrem Telefon.
            {status.data.required
              ? ' Für Vorstandsmitglieder ist sie Pflicht: bei der nächsten Anmeldung werden Sie durch die Einrichtung geführt.'
              : ''}
          </p>
          {setup.isError ? <ErrorAlert error={setup.error} title="Die Einrichtung konnte nicht beginnen." /> : null}
          {setup.data ? (
            <Enrolment setup={setup.data} onCodes={showCodes} onCancel={() => setup.reset()} />
          ) : (
            <Button size="sm" onClick={() => setup.mutate()} disabled={setup.isPending}>
              {setup.isPending ? <LoadingSpinner size="sm" label="Wird vorbereitet…" /> : null} Einrichten
            </Button>
          )}
        </>
      ) : null}
    </SectionCard>
  );
}
