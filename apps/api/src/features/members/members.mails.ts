/**
 * German mails of the board's member changes that concern the member's login: pure functions,
 * plain text only.
 */

export interface MailText {
  subject: string;
  text: string;
}

function signature(clubName: string): string {
  return `Sportliche Grüsse\nDer Vorstand des ${clubName}`;
}

/** To a member who was given the board role: logged out everywhere, the next login asks for (or sets up) the second factor. */
export function boardRoleGrantedMail(input: {
  firstName: string;
  clubName: string;
  byName: string;
  secondFactorRequired: boolean;
}): MailText {
  return {
    subject: `Sie sind jetzt im Vorstand des ${input.clubName}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `${input.byName} hat Ihnen die Vorstandsrechte auf der Website des ${input.clubName} gegeben.`,
      'Zu Ihrer Sicherheit wurden Sie dabei auf allen Geräten abgemeldet.',
      input.secondFactorRequired
        ? 'Bei der nächsten Anmeldung richten Sie die Zwei-Faktor-Anmeldung mit einer Authenticator-App ein (falls noch nicht geschehen) und geben danach bei jeder Anmeldung ihren Code ein.'
        : 'Melden Sie sich einfach wieder an.',
      '',
      'Falls Sie das nicht erwartet haben, melden Sie sich bitte beim Vorstand.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** To a board member's previous address, when another board member changed it. */
export function emailChangedByBoardMail(input: { firstName: string; clubName: string; byName: string; newEmail: string }): MailText {
  return {
    subject: `Ihre E-Mail-Adresse beim ${input.clubName} wurde geändert`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `${input.byName} (Vorstand) hat die E-Mail-Adresse Ihres Mitgliedskontos beim ${input.clubName} geändert. Neue Adresse: ${input.newEmail}`,
      'Mails zu Ihrem Login (neues Passwort, Zwei-Faktor-Anmeldung) gehen ab jetzt dorthin.',
      '',
      'Falls Sie das nicht veranlasst haben, melden Sie sich bitte sofort beim Präsidenten oder einem anderen Vorstandsmitglied.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}
