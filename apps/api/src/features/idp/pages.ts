import { Html, html, page } from '../../http/html.ts';
import { MIN_PASSWORD_LENGTH } from './invitations.ts';

/** Stylesheet of the provider's pages, served by the idp router. */
export const IDP_STYLESHEET = '/idp/assets/login.css';

export const WRONG_CREDENTIALS = 'Benutzername oder Passwort ist falsch.';
export const TOO_MANY_ATTEMPTS = 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.';

/** A fixed attribute inside a template (not escaped). */
const raw = (markup: string) => new Html(markup);

function alert(message: string | undefined, kind: 'error' | 'success' = 'error'): Html | string {
  return message ? html`<div class="alert alert-${kind}" role="alert">${message}</div>` : '';
}

function idpPage(clubName: string, title: string, body: Html): string {
  return page({ clubName, title, stylesheet: IDP_STYLESHEET, body });
}

export function loginPage(options: { clubName: string; action: string; abortHref: string; username?: string; error?: string }): string {
  const { clubName, action, abortHref, username, error } = options;
  return idpPage(
    clubName,
    'Anmelden',
    html`<h1>Anmelden</h1>
      <p>Melden Sie sich mit Ihrem Login des ${clubName} an.</p>
      ${alert(error)}
      <form method="post" action="${action}" novalidate>
        <div class="field">
          <label for="username">Benutzername</label>
          <input
            type="text"
            id="username"
            name="username"
            value="${username ?? ''}"
            autocomplete="username"
            autocapitalize="none"
            spellcheck="false"
            required${username ? '' : raw(' autofocus')}
          />
        </div>
        <div class="field">
          <label for="password">Passwort</label>
          <input
            type="password"
            id="password"
            name="password"
            autocomplete="current-password"
            required${username ? raw(' autofocus') : ''}
          />
        </div>
        <button type="submit" class="button">Anmelden</button>
      </form>
      <a class="secondary" href="${abortHref}">Abbrechen</a>`,
  );
}

export function messagePage(options: { clubName: string; title: string; message: string; link?: { href: string; label: string } }): string {
  const { clubName, title, message, link } = options;
  return idpPage(
    clubName,
    title,
    html`<h1>${title}</h1>
      <p>${message}</p>
      ${link ? html`<a class="button" href="${link.href}">${link.label}</a>` : ''}`,
  );
}

export function invitationFormPage(options: {
  clubName: string;
  action: string;
  firstName: string;
  username: string;
  error?: { field: 'password' | 'confirmation'; message: string };
}): string {
  const { clubName, action, firstName, username, error } = options;
  const passwordError = error?.field === 'password' ? error.message : undefined;
  const confirmationError = error?.field === 'confirmation' ? error.message : undefined;
  return idpPage(
    clubName,
    'Passwort festlegen',
    html`<h1>Passwort festlegen</h1>
      <p>Willkommen, ${firstName}! Wählen Sie ein Passwort für Ihr Login <strong>${username}</strong>.</p>
      ${alert(error?.message)}
      <form method="post" action="${action}" novalidate>
        <input type="text" name="username" value="${username}" autocomplete="username" aria-label="Benutzername" readonly hidden />
        <div class="field">
          <label for="password">Neues Passwort</label>
          <input
            type="password"
            id="password"
            name="password"
            autocomplete="new-password"
            minlength="${MIN_PASSWORD_LENGTH}"
            required
            aria-describedby="password-hint"
            ${passwordError ? raw(' aria-invalid="true"') : ''}
          />
          <div class="hint" id="password-hint">Mindestens ${MIN_PASSWORD_LENGTH} Zeichen.</div>
        </div>
        <div class="field">
          <label for="confirmation">Passwort bestätigen</label>
          <input
            type="password"
            id="confirmation"
            name="confirmation"
            autocomplete="new-password"
            required${confirmationError ? raw(' aria-invalid="true"') : ''}
          />
        </div>
        <button type="submit" class="button">Passwort speichern</button>
      </form>`,
  );
}
