/**
 * German mail texts of a member's own account: pure functions, plain text only (nothing a
 * member typed is ever interpreted as HTML).
 */

export interface MailText {
  subject: string;
  text: string;
}

function signature(clubName: string): string {
  return `Sportliche Grüsse\n${clubName}`;
}

/** To the new address: the link that confirms it. */
export function emailConfirmationMail(input: {
  firstName: string;
  clubName: string;
  newEmail: string;
  url: string;
  validHours: number;
}): MailText {
  return {
    subject: `Bitte bestätigen Sie Ihre neue E-Mail-Adresse beim ${input.clubName}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `Sie möchten Ihre E-Mail-Adresse beim ${input.clubName} auf ${input.newEmail} ändern.`,
      'Bitte bestätigen Sie die Änderung über diesen Link:',
      '',
      input.url,
      '',
      `Der Link ist ${input.validHours} Stunden gültig und kann einmal verwendet werden. Erst danach gilt die neue Adresse.`,
      'Falls Sie diese Änderung nicht angefordert haben, können Sie diese E-Mail einfach ignorieren.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** To the old address when a change is requested: a notice, so that nobody changes it unnoticed. */
export function emailChangeRequestedNotice(input: { firstName: string; clubName: string; newEmail: string }): MailText {
  return {
    subject: `Änderung Ihrer E-Mail-Adresse beim ${input.clubName} angefordert`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `Für Ihr Mitgliedskonto beim ${input.clubName} wurde eine Änderung der E-Mail-Adresse auf ${input.newEmail} angefordert.`,
      'Die neue Adresse gilt erst, wenn sie über den Link in der Bestätigungs-E-Mail bestätigt wurde. Bis dahin bleibt diese Adresse gültig.',
      '',
      'Falls Sie diese Änderung nicht angefordert haben, melden Sie sich bitte beim Vorstand.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** To the old address once the new one is confirmed. */
export function emailChangedNotice(input: { firstName: string; clubName: string; newEmail: string }): MailText {
  return {
    subject: `Ihre E-Mail-Adresse beim ${input.clubName} wurde geändert`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `Ihre E-Mail-Adresse beim ${input.clubName} wurde soeben auf ${input.newEmail} geändert. Mitteilungen des Vereins erhalten Sie ab jetzt an diese Adresse.`,
      '',
      'Falls Sie diese Änderung nicht vorgenommen haben, melden Sie sich bitte umgehend beim Vorstand.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}
