/** German mail texts of newsletters: pure functions. */

export interface MailText {
  subject: string;
  /** Markdown: the notice goes out as a mailing, which adds the salutation and the club's notice. */
  text: string;
}

/** To the active members, when a newsletter the board uploaded with "benachrichtigen" is published. */
export function newsletterNoticeMail(input: { title: string; publicationDate: string; clubName: string; newsletterUrl: string }): MailText {
  return {
    subject: `Neuer Newsletter: ${input.title}`,
    text: [
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
