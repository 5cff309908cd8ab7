import type { AdminMember, MemberLogin } from '@club/contract';
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { useToast } from '@/components/ui/toast';
import { formatDate, formatDateTime, formatTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { useSendInvitation } from '../api/send-invitation';
import { useSendPasswordReset } from '../api/send-password-reset';

/** The login's state in one German phrase. */
function stateText(login: MemberLogin): string {
  switch (login.state) {
    case 'NONE':
      return 'Kein Login: noch kein Passwort gewählt, keine offene Einladung.';
    case 'INVITED':
      return `Eingeladen, der Link gilt bis ${formatDateTime(login.invitationExpiresAt)}.`;
    case 'INVITATION_EXPIRED':
      return `Die Einladung ist am ${formatDateTime(login.invitationExpiresAt)} abgelaufen, ohne dass ein Passwort gewählt wurde.`;
    case 'ACTIVE':
      return login.lastLoginAt ? `Aktiv, letzte Anmeldung ${formatDateTime(login.lastLoginAt)}.` : 'Aktiv, noch nie angemeldet.';
    case 'EXTERNAL':
      return 'Das Login verwaltet der Anmeldedienst des Vereins.';
  }
}

/** One action of the card: a button, asked again in the one confirm dialog. */
function LoginAction<T>(props: {
  label: string;
  title: string;
  confirmLabel: string;
  variant?: 'primary' | 'danger';
  mutation: { mutate: (v: undefined, o: { onSuccess: (data: T) => void }) => void; isPending: boolean; error: unknown; reset: () => void };
  onDone: (data: T) => void;
  children: ReactNode;
}) {
  const { label, title, confirmLabel, variant = 'primary', mutation, onDone, children } = props;
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button size="sm" variant={variant === 'danger' ? 'outline-danger' : 'outline-primary'} onClick={() => setAsking(true)}>
        {label}
      </Button>
      <ConfirmDialog
        show={asking}
        title={title}
        confirmLabel={confirmLabel}
        variant={variant}
        pending={mutation.isPending}
        error={mutation.error}
        onCancel={() => (setAsking(false), mutation.reset())}
        onConfirm={() => mutation.mutate(undefined, { onSuccess: (data) => (setAsking(false), onDone(data)) })}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}

/** State, user name, second factor and lock of the login. */
function LoginFacts({ login, embedded }: { login: MemberLogin; embedded: boolean }) {
  return (
    <dl className="row mb-3">
      <dt className="col-sm-5">Stand</dt>
      <dd className="col-sm-7">{stateText(login)}</dd>
      {login.username ? (
        <>
          <dt className="col-sm-5">Benutzername</dt>
          <dd className="col-sm-7">{login.username}</dd>
        </>
      ) : null}
      {embedded ? (
        <>
          <dt className="col-sm-5">Zwei-Faktor-Anmeldung</dt>
          <dd className="col-sm-7">{login.twoFactor ? 'eingeschaltet' : 'aus'}</dd>
        </>
      ) : null}
      {login.lockedUntil ? (
        <>
          <dt className="col-sm-5">Gesperrt</dt>
          <dd className="col-sm-7 mb-0">bis {formatTime(login.lockedUntil)} Uhr (zu viele Fehlversuche)</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * «Login»: how the member logs in (no login, invited until, active with the last login, second
 * factor, locked) and the board's help: a new invitation, a password reset, a lost second factor.
 */
export function LoginCard({ member }: { member: AdminMember }) {
  const { login } = member;
  const session = useSession();
  const invite = useSendInvitation(member.id);
  const reset = useSendPasswordReset(member.id);
  const twoFactor = useResetTwoFactor(member.id);
  const toast = useToast();
  const embedded = login.state !== 'EXTERNAL';
  const self = session.user?.id === member.id;
  return (
    <SectionCard id="login" title="Login">
      <LoginFacts login={login} embedded={embedded} />
      {embedded ? (
        <div className="d-flex flex-wrap gap-2">
          {login.state === 'ACTIVE' ? (
            <LoginAction
              label="Passwort zurücksetzen"
              title="Passwort zurücksetzen?"
              confirmLabel="Link senden"
              mutation={reset}
              onDone={() => toast.success(`Link gesendet an ${member.email}; er gilt eine Stunde.`)}
            >
              <p className="mb-0">
                {member.firstName} {member.lastName} erhält an {member.email} einen Link, über den ein neues Passwort gewählt wird (eine
                Stunde gültig). Bis dahin gilt das bisherige Passwort.
              </p>
            </LoginAction>
          ) : (
            <LoginAction
              label="Einladung erneut senden"
              title="Einladung erneut senden?"
              confirmLabel="Einladung senden"
              mutation={invite}
              onDone={(sent) => toast.success(`Einladung gesendet an ${member.email}; sie gilt bis ${formatDate(sent.expiresAt)}.`)}
            >
              <p className="mb-0">
                {member.firstName} {member.lastName} erhält an {member.email} einen neuen Link, um ein Passwort zu wählen (14 Tage gültig).
                Frühere Einladungslinks gelten dann nicht mehr.
              </p>
            </LoginAction>
          )}
          {login.twoFactor && !self ? (
            <LoginAction
              label="Zwei-Faktor-Anmeldung zurücksetzen"
              title="Zwei-Faktor-Anmeldung zurücksetzen?"
              confirmLabel="Zurücksetzen"
              variant="danger"
              mutation={twoFactor}
              onDone={() => toast.success('Zwei-Faktor-Anmeldung zurückgesetzt; das Mitglied ist per E-Mail benachrichtigt.')}
            >
              <p className="mb-0">
                Nur, wenn das Mitglied sein Telefon und seine Wiederherstellungscodes verloren hat: Die bisherige App und die Codes gelten
                nicht mehr. Das Mitglied erhält eine E-Mail und richtet die Zwei-Faktor-Anmeldung danach neu ein.
              </p>
            </LoginAction>
          ) : null}
        </div>
      ) : null}
    </SectionCard>
  );
}
