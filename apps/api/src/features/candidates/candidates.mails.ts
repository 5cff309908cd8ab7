/**
 * German mail texts of membership applications: pure functions, plain text only (whatever
 * an applicant typed is never interpreted as HTML).
 */

export interface MailText {
  subject: string;
  text: string;
}

function greeting(firstName: string): string {
  return `Grüezi ${firstName}`;
}

function signature(clubName: string): string {
  return `Sportliche Grüsse\nDer Vorstand des ${clubName}`;
}

/** To the applicant, right after the form was sent. */
export function applicationReceivedMail(input: { firstName: string; clubName: string; applicationDate: string }): MailText {
  return {
    subject: `Ihr Mitgliedschaftsantrag beim ${input.clubName}`,
    text: [
      `${greeting(input.firstName)}`,
      '',
      `Vielen Dank für Ihren Antrag auf Mitgliedschaft beim ${input.clubName}. Wir haben ihn am ${input.applicationDate} erhalten.`,
      '',
      'Der Vorstand prüft Ihren Antrag und meldet sich so bald wie möglich per E-Mail bei Ihnen.',
      '',
      'Falls Sie diesen Antrag nicht gestellt haben, können Sie diese E-Mail einfach ignorieren.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** To the new member: with an invitation link (embedded login) or the hint to use the club's login. */
export function welcomeMail(input: {
  firstName: string;
  clubName: string;
  username: string;
  seasonName: string;
  siteUrl: string;
  invitationUrl?: string | undefined;
  invitationValidDays: number;
  /** the membership-fee invoice attached to the mail */
  invoiceNumber?: string | undefined;
}): MailText {
  const login = input.invitationUrl
    ? [
        'Bitte legen Sie über diesen Link Ihr Passwort fest:',
        '',
        input.invitationUrl,
        '',
        `Der Link ist ${input.invitationValidDays} Tage gültig und kann einmal verwendet werden.`,
        `Ihr Benutzername: ${input.username}`,
      ]
    : [
        `Melden Sie sich auf ${input.siteUrl} mit dem Login des Vereins an, und zwar mit dieser E-Mail-Adresse.`,
        'Ihr Konto wird bei der ersten Anmeldung mit Ihrer Mitgliedschaft verbunden.',
      ];
  return {
    subject: `Willkommen beim ${input.clubName}`,
    text: [
      `${greeting(input.firstName)}`,
      '',
      `Herzlich willkommen! Der Vorstand hat Ihren Antrag angenommen: Sie sind ab sofort Mitglied des ${input.clubName} für die Saison ${input.seasonName}.`,
      '',
      ...login,
      '',
      ...(input.invoiceNumber
        ? [`Im Anhang finden Sie die Rechnung ${input.invoiceNumber} für den Mitgliederbeitrag der Saison ${input.seasonName}.`, '']
        : []),
      'Im Mitgliederbereich finden Sie Tickets aus unserem Stadionkontingent, Veranstaltungen, Newsletter und Ihre Angaben.',
      '',
      'Wir freuen uns auf viele gemeinsame Spiele!',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** To the applicant when the board declines the application. */
export function rejectionMail(input: { firstName: string; clubName: string }): MailText {
  return {
    subject: `Ihr Mitgliedschaftsantrag beim ${input.clubName}`,
    text: [
      `${greeting(input.firstName)}`,
      '',
      `Vielen Dank für Ihr Interesse am ${input.clubName} und für Ihren Antrag auf Mitgliedschaft.`,
      '',
      'Leider können wir Ihren Antrag zurzeit nicht annehmen. Wir bitten Sie um Verständnis.',
      '',
      'Bei Fragen erreichen Sie den Vorstand jederzeit über das Kontaktformular auf unserer Website.',
      'Wir wünschen Ihnen weiterhin viel Freude am Eishockey.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}
