import { formatEventStart, places } from './events.rules.ts';

/**
 * German mail texts of events: pure functions, plain text only (a title the board typed is
 * never interpreted as HTML).
 */

export interface MailText {
  subject: string;
  text: string;
}

interface MailEvent {
  id: number;
  title: string;
  start: Date;
  location: string;
}

function signature(clubName: string): string {
  return `Sportliche Grüsse\nDer Vorstand des ${clubName}`;
}

function where(event: MailEvent): string {
  return event.location ? `${formatEventStart(event.start)} Uhr, ${event.location}` : `${formatEventStart(event.start)} Uhr`;
}

/** To a waiting member whose places were freed. */
export function movedUpMail(input: { firstName: string; event: MailEvent; amount: number; clubName: string; publicUrl: string }): MailText {
  return {
    subject: `Sie sind nachgerückt: ${input.event.title}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `Gute Nachricht: Für «${input.event.title}» (${where(input.event)}) sind Plätze frei geworden. Sie sind von der Warteliste nachgerückt und für ${places(input.amount)} fest angemeldet.`,
      '',
      `Falls Sie doch nicht teilnehmen können, melden Sie sich bitte bis zum Anmeldeschluss ab, damit andere nachrücken können: ${input.publicUrl}/events/${input.event.id}`,
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** To every subscriber of an event the board cancelled. */
export function eventCancelledMail(input: { firstName: string; event: MailEvent; clubName: string }): MailText {
  return {
    subject: `Abgesagt: ${input.event.title}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `Leider müssen wir «${input.event.title}» (${where(input.event)}) absagen. Ihre Anmeldung ist damit hinfällig.`,
      '',
      'Wir bedauern die Absage und hoffen, Sie bald an einem anderen Anlass des Vereins zu sehen.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}
