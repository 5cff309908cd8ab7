import type { PaymentMode } from '@club/contract';
import { itemTotalRappen, paymentSentence } from '../../lib/payment-mode.ts';
import { formatZurichEventStart } from '../../lib/dates.ts';
import { places } from './events.rules.ts';

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
  return event.location ? `${formatZurichEventStart(event.start)} Uhr, ${event.location}` : `${formatZurichEventStart(event.start)} Uhr`;
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
      'Wir bedauern die Absage und hoffen, Sie bald an einer anderen Veranstaltung des Vereins zu sehen.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** What a sign-up mail says about the event and its price. */
interface SignUpMail {
  firstName: string;
  event: MailEvent & { priceRappen: number; paymentMode: PaymentMode };
  amount: number;
  clubName: string;
  publicUrl: string;
  /** The board's reason for a change by hand. */
  reason?: string | undefined;
}

function payment(input: SignUpMail): string {
  const total = itemTotalRappen(input.amount, input.event.priceRappen, 0);
  return paymentSentence(total, input.event.paymentMode, 'nach dem Anmeldeschluss') ?? 'Die Teilnahme ist kostenlos.';
}

function byBoard(reason: string | undefined): string[] {
  return reason ? [`Vermerk des Vorstands: ${reason}`, ''] : [];
}

/** A sign-up (by the member or by the board) or a place on the waiting list. */
export function signUpMail(input: SignUpMail, status: 'CONFIRMED' | 'WAITING'): MailText {
  const confirmed = status === 'CONFIRMED';
  return {
    subject: confirmed ? `Anmeldung bestätigt: ${input.event.title}` : `Auf der Warteliste: ${input.event.title}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      confirmed
        ? `Sie sind für «${input.event.title}» (${where(input.event)}) angemeldet: ${places(input.amount)}.`
        : `Sie stehen für «${input.event.title}» (${where(input.event)}) auf der Warteliste: ${places(input.amount)}. Werden Plätze frei, rücken Sie nach, sobald Ihre ganze Anmeldung Platz hat, und wir schreiben Ihnen.`,
      '',
      ...byBoard(input.reason),
      payment(input),
      '',
      `Ihre Anmeldung: ${input.publicUrl}/events/${input.event.id}`,
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** The board removed a member's sign-up. */
export function removedMail(input: SignUpMail): MailText {
  return {
    subject: `Anmeldung gelöscht: ${input.event.title}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `Der Vorstand hat Ihre Anmeldung für «${input.event.title}» (${where(input.event)}) über ${places(input.amount)} gelöscht.`,
      '',
      ...byBoard(input.reason),
      signature(input.clubName),
    ].join('\n'),
  };
}
