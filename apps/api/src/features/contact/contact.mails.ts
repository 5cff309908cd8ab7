/** The mail of a contact message: plain text, whatever the sender typed is never HTML. */

export interface MailText {
  subject: string;
  text: string;
}

/** To the recipient's hidden address; answers go to the sender through Reply-To. */
export function contactMessageMail(input: {
  recipientLabel: string;
  senderName: string;
  senderEmail: string;
  /** "Mitglied Nr. 12, Martina Muster" when the sender was logged in. */
  member: string | null;
  receivedAt: string;
  message: string;
  clubName: string;
}): MailText {
  const from = input.senderName ? `${input.senderName} <${input.senderEmail}>` : input.senderEmail;
  return {
    subject: `Kontaktformular: Nachricht von ${input.senderName || input.senderEmail}`,
    text: [
      `Nachricht über das Kontaktformular der Website des ${input.clubName} an «${input.recipientLabel}»`,
      '',
      `Von: ${from}`,
      ...(input.member ? [`Angemeldet als: ${input.member}`] : []),
      `Eingegangen: ${input.receivedAt}`,
      '',
      input.message,
      '',
      '--',
      `Mit «Antworten» geht Ihre Antwort an ${input.senderEmail}. Die Absenderadresse hat die Website nicht geprüft.`,
    ].join('\n'),
  };
}
