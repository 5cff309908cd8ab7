/**
 * German mail texts of the login: pure functions, plain text only. Each link is on a line of
 * its own (mail programs make it clickable; the outbox log shows it outside production).
 */

export interface MailText {
  subject: string;
  text: string;
}

function signature(clubName: string): string {
  return `Sportliche Grüsse\nDer Vorstand des ${clubName}`;
}

/** The forgotten-password link (from the login page, or sent by the board). */
export function passwordResetMail(input: {
  firstName: string;
  clubName: string;
  username: string;
  url: string;
  validMinutes: number;
}): MailText {
  return {
    subject: `Neues Passwort für Ihr Login beim ${input.clubName}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `Für Ihr Login beim ${input.clubName} (Benutzername: ${input.username}) wurde ein neues Passwort angefordert.`,
      'Über diesen Link wählen Sie es:',
      '',
      input.url,
      '',
      `Der Link ist ${input.validMinutes} Minuten gültig und kann einmal verwendet werden. Danach sind Sie auf allen Geräten abgemeldet.`,
      'Falls Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren: Ihr bisheriges Passwort gilt weiter.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** A new invitation from the board (the first one's link expired or got lost). */
export function invitationMail(input: { firstName: string; clubName: string; username: string; url: string; validDays: number }): MailText {
  return {
    subject: `Ihre Einladung zum Login beim ${input.clubName}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `Der Vorstand schickt Ihnen eine neue Einladung für den Mitgliederbereich des ${input.clubName}.`,
      'Bitte legen Sie über diesen Link Ihr Passwort fest:',
      '',
      input.url,
      '',
      `Der Link ist ${input.validDays} Tage gültig und kann einmal verwendet werden. Frühere Einladungslinks gelten nicht mehr.`,
      `Ihr Benutzername: ${input.username}`,
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** To a member the board brought along from the club's former list (a member import). */
export function importInvitationMail(input: {
  firstName: string;
  clubName: string;
  username: string;
  url: string;
  validDays: number;
}): MailText {
  return {
    subject: `Ihr Login für den Mitgliederbereich des ${input.clubName}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `Der ${input.clubName} führt seine Mitglieder neu auf seiner Website. Ihre Angaben hat der Vorstand übernommen.`,
      'Bitte legen Sie über diesen Link Ihr Passwort für den Mitgliederbereich fest:',
      '',
      input.url,
      '',
      `Der Link ist ${input.validDays} Tage gültig und kann einmal verwendet werden.`,
      `Ihr Benutzername: ${input.username}`,
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** To the member whose second factor a board member switched off. */
export function twoFactorResetMail(input: { firstName: string; clubName: string; byName: string; loginRequired: boolean }): MailText {
  return {
    subject: `Zwei-Faktor-Anmeldung zurückgesetzt beim ${input.clubName}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `${input.byName} (Vorstand) hat die Zwei-Faktor-Anmeldung Ihres Logins beim ${input.clubName} zurückgesetzt. Ihre bisherige Authenticator-App und Ihre Wiederherstellungscodes gelten nicht mehr.`,
      input.loginRequired
        ? 'Bei der nächsten Anmeldung richten Sie sie mit Ihrer App neu ein.'
        : 'Sie können sie unter «Mein Konto» neu einrichten.',
      '',
      'Falls Sie das nicht veranlasst haben, melden Sie sich bitte sofort beim Vorstand.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** To the member whose second factor locked itself after too many wrong codes in a row. */
export function secondFactorLockedMail(input: { firstName: string; clubName: string; wrongCodes: number; forgotUrl: string }): MailText {
  return {
    subject: `Zwei-Faktor-Anmeldung gesperrt beim ${input.clubName}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `Bei der Anmeldung mit Ihrem Login beim ${input.clubName} wurden ${input.wrongCodes} falsche Codes Ihrer Zwei-Faktor-Anmeldung nacheinander eingegeben. Zu Ihrem Schutz ist sie jetzt gesperrt: Auch ein richtiger Code wird nicht mehr angenommen.`,
      'Wer Codes eingibt, kennt Ihr Passwort. Bitte wählen Sie darum über diesen Link ein neues Passwort; damit ist die Sperre aufgehoben:',
      '',
      input.forgotUrl,
      '',
      'Alternativ kann ein anderes Vorstandsmitglied Ihre Zwei-Faktor-Anmeldung zurücksetzen.',
      'Falls Sie die Codes nicht selbst eingegeben haben, melden Sie sich bitte beim Vorstand.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}
