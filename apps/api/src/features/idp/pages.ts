import { Html, html, page } from '../../http/html.ts';
import { MIN_PASSWORD_LENGTH } from './invitations.ts';
import { FORGOT_PASSWORD_PATH } from './link-tokens.ts';

/** Stylesheet of the provider's pages, served by the idp router. */
export const IDP_STYLESHEET = '/idp/assets/login.css';
/** The forgotten-password form (linked from the login page). */
export { FORGOT_PASSWORD_PATH };

export const WRONG_CREDENTIALS = 'Benutzername oder Passwort ist falsch.';
export const TOO_MANY_ATTEMPTS = 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.';
export const SECOND_FACTOR_LOCKED =
  'Ihre Zwei-Faktor-Anmeldung ist nach zu vielen falschen Codes gesperrt. Wir haben Ihnen eine E-Mail geschickt: Mit einem neuen Passwort über «Passwort vergessen?» heben Sie die Sperre auf, oder ein anderes Vorstandsmitglied setzt sie zurück.';
export const WRONG_CODE = 'Dieser Code stimmt nicht oder wurde schon verwendet. Bitte geben Sie den aktuellen Code aus Ihrer App ein.';
/** The one answer of the forgotten-password form, whether or not an account exists. */
export const RESET_REQUESTED =
  'Wenn wir ein Konto finden, erhalten Sie eine E-Mail mit einem Link, über den Sie ein neues Passwort wählen. Der Link gilt eine Stunde. Bitte schauen Sie auch im Spam-Ordner nach.';

/** A fixed attribute inside a template (not escaped). */
const raw = (markup: string) => new Html(markup);

function alert(message: string | undefined, kind: 'error' | 'success' = 'error'): Html | string {
  return message ? html`<div class="alert alert-${kind}" role="alert">${message}</div>` : '';
}

function idpPage(clubName: string, title: string, body: Html): string {
  return page({ clubName, title, stylesheet: IDP_STYLESHEET, body });
}

const LOGIN_LINK = '/oauth/login';

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
      <a class="secondary" href="${FORGOT_PASSWORD_PATH}">Passwort vergessen?</a>
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

/** The code field of the second factor (a code of the app, or a recovery code). */
function codeField(options: { label: string; hint: string; error: boolean }): Html {
  return html`<div class="field">
    <label for="code">${options.label}</label>
    <input
      type="text"
      id="code"
      name="code"
      autocomplete="one-time-code"
      autocapitalize="none"
      spellcheck="false"
      maxlength="40"
      required
      autofocus
      aria-describedby="code-hint"
      ${options.error ? raw(' aria-invalid="true"') : ''}
    />
    <div class="hint" id="code-hint">${options.hint}</div>
  </div>`;
}

/** After the password: a code of the authenticator app (or a recovery code). */
export function secondFactorPage(options: { clubName: string; action: string; abortHref: string; error?: string }): string {
  const { clubName, action, abortHref, error } = options;
  return idpPage(
    clubName,
    'Bestätigungscode',
    html`<h1>Bestätigungscode</h1>
      <p>Ihr Login ist mit einer zweiten Stufe geschützt. Geben Sie den Code aus Ihrer Authenticator-App ein.</p>
      ${alert(error)}
      <form method="post" action="${action}" novalidate>
        ${codeField({
          label: 'Code',
          hint: 'Sechs Ziffern aus der App. Ohne Telefon: einer Ihrer Wiederherstellungscodes.',
          error: Boolean(error),
        })}
        <button type="submit" class="button">Bestätigen</button>
      </form>
      <a class="secondary" href="${abortHref}">Abbrechen</a>`,
  );
}

/**
 * The second factor is locked (too many wrong codes): no code field, since no code passes until the lock is lifted;
 * the way out instead (a new password by mail lifts it, or another board member resets it).
 */
export function secondFactorLockedPage(options: { clubName: string; abortHref: string }): string {
  const { clubName, abortHref } = options;
  return idpPage(
    clubName,
    'Zwei-Faktor-Anmeldung gesperrt',
    html`<h1>Zwei-Faktor-Anmeldung gesperrt</h1>
      ${alert(SECOND_FACTOR_LOCKED)}
      <a class="button" href="${FORGOT_PASSWORD_PATH}">Passwort vergessen?</a>
      <a class="secondary" href="${abortHref}">Abbrechen</a>`,
  );
}

/** The secret in groups of four, as it is typed into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A board member without a second factor, led through its enrolment before the login ends. */
export function enrolmentPage(options: {
  clubName: string;
  action: string;
  abortHref: string;
  qrSvg: string;
  secret: string;
  error?: string;
}): string {
  const { clubName, action, abortHref, qrSvg, secret, error } = options;
  return idpPage(
    clubName,
    'Zwei-Faktor-Anmeldung einrichten',
    html`<h1>Zwei-Faktor-Anmeldung einrichten</h1>
      <p>
        Der Vorstand sieht die Daten aller Mitglieder. Darum melden Sie sich zusätzlich zum Passwort mit einem Code aus einer
        Authenticator-App an (zum Beispiel Google Authenticator, Microsoft Authenticator, Aegis oder Ihr Passwortmanager).
      </p>
      ${alert(error)}
      <ol class="steps">
        <li>
          Öffnen Sie die App und scannen Sie diesen QR-Code:
          <div class="qr" role="img" aria-label="QR-Code zum Einrichten der Authenticator-App">${raw(qrSvg)}</div>
        </li>
        <li>
          Oder geben Sie in der App diesen Schlüssel ein:
          <code class="secret">${grouped(secret)}</code>
        </li>
        <li>Geben Sie den Code ein, den die App nun anzeigt.</li>
      </ol>
      <form method="post" action="${action}" novalidate>
        ${codeField({ label: 'Code aus der App', hint: 'Sechs Ziffern.', error: Boolean(error) })}
        <button type="submit" class="button">Einrichten</button>
      </form>
      <a class="secondary" href="${abortHref}">Abbrechen</a>`,
  );
}

/** The ten recovery codes, shown once, then on to the site. */
export function recoveryCodesPage(options: { clubName: string; action: string; codes: string[] }): string {
  const { clubName, action, codes } = options;
  return idpPage(
    clubName,
    'Wiederherstellungscodes',
    html`<h1>Wiederherstellungscodes</h1>
      ${alert('Die Zwei-Faktor-Anmeldung ist eingerichtet.', 'success')}
      <p>
        Bewahren Sie diese zehn Codes sicher auf, zum Beispiel ausgedruckt oder in Ihrem Passwortmanager. Ohne Telefon melden Sie sich mit
        einem davon an; jeder Code gilt einmal. Sie werden nur jetzt angezeigt.
      </p>
      <ul class="codes" aria-label="Wiederherstellungscodes">
        ${codes.map((code) => html`<li><code>${code}</code></li>`)}
      </ul>
      <form method="post" action="${action}">
        <button type="submit" class="button">Ich habe die Codes gesichert – weiter</button>
      </form>`,
  );
}

/** Shown again (a reload) after the enrolment: the codes are not stored, only the way on. */
export function enrolledPage(options: { clubName: string; action: string }): string {
  return idpPage(
    options.clubName,
    'Zwei-Faktor-Anmeldung eingerichtet',
    html`<h1>Zwei-Faktor-Anmeldung eingerichtet</h1>
      <p>Ihre Wiederherstellungscodes wurden angezeigt. Neue Codes erhalten Sie jederzeit unter «Mein Konto».</p>
      <form method="post" action="${options.action}">
        <button type="submit" class="button">Weiter</button>
      </form>`,
  );
}

/** The forgotten-password form: a username or an e-mail address. */
export function forgotPasswordPage(options: { clubName: string; typed?: string; error?: string }): string {
  const { clubName, typed, error } = options;
  return idpPage(
    clubName,
    'Passwort vergessen',
    html`<h1>Passwort vergessen</h1>
      <p>
        Geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein. Wir schicken Ihnen einen Link, über den Sie ein neues Passwort wählen.
      </p>
      ${alert(error)}
      <form method="post" action="${FORGOT_PASSWORD_PATH}" novalidate>
        <div class="field">
          <label for="identifier">Benutzername oder E-Mail-Adresse</label>
          <input
            type="text"
            id="identifier"
            name="identifier"
            value="${typed ?? ''}"
            autocomplete="username"
            autocapitalize="none"
            spellcheck="false"
            maxlength="254"
            required
            autofocus${error ? raw(' aria-invalid="true"') : ''}
          />
        </div>
        <button type="submit" class="button">Link anfordern</button>
      </form>
      <a class="secondary" href="${LOGIN_LINK}">Zurück zur Anmeldung</a>`,
  );
}

/** Choosing a password through a mailed link: the invitation's first one, or a new one after «Passwort vergessen». */
export function newPasswordPage(options: {
  clubName: string;
  action: string;
  kind: 'invitation' | 'reset';
  firstName: string;
  username: string;
  error?: { field: 'password' | 'confirmation'; message: string };
}): string {
  const { clubName, action, kind, firstName, username, error } = options;
  const passwordError = error?.field === 'password' ? error.message : undefined;
  const confirmationError = error?.field === 'confirmation' ? error.message : undefined;
  const title = kind === 'invitation' ? 'Passwort festlegen' : 'Neues Passwort wählen';
  const intro =
    kind === 'invitation'
      ? html`Willkommen, ${firstName}! Wählen Sie ein Passwort für Ihr Login <strong>${username}</strong>.`
      : html`Grüezi ${firstName}, wählen Sie ein neues Passwort für Ihr Login <strong>${username}</strong>. Danach sind Sie auf allen
          Geräten abgemeldet.`;
  return idpPage(
    clubName,
    title,
    html`<h1>${title}</h1>
      <p>${intro}</p>
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
            autofocus
            aria-describedby="password-hint"
            ${passwordError ? raw(' aria-invalid="true"') : ''}
          />
          <div class="hint" id="password-hint">Mindestens ${MIN_PASSWORD_LENGTH} Zeichen; am besten mehrere Wörter.</div>
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
