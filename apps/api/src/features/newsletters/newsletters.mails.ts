/** German mail texts of newsletters: pure functions, plain text only. */

export interface MailText {
  subject: string;
  text: string;
}

/** To an active member, when the board uploads a newsletter and ticks "benachrichtigen". */
export function newsletterNoticeMail(input: {
  firstName: string;
  title: string;
  publicationDate: string;
  clubName: string;
  newsletterUrl: string;
}): MailText {
  return {
    subject: `Neuer Newsletter: ${input.title}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `Der Newsletter «${input.title}» vom ${input.publicationDate} ist erschienen.`,
      '',
      'Sie finden ihn als PDF auf der Website des Vereins (nach der Anmeldung):',
      input.newsletterUrl,
      '',
      'Sportliche Grüsse',
      `Der Vorstand des ${input.clubName}`,
    ].join('\n'),
  };
}
