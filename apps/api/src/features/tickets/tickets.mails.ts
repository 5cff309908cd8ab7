import { formatZurichDateAtTime } from '../../lib/dates.ts';
import { formatChf, type PaymentMode } from '@club/contract';
import { itemTotalRappen, paymentSentence } from '../../lib/payment-mode.ts';
import { tickets } from './tickets.rules.ts';

/** German mail texts of the ticket sale: pure functions, plain text. */

export interface MailText {
  subject: string;
  text: string;
}

/** What every ticket mail says about the game, the delivery and the payment. */
export interface TicketMailInput {
  firstName: string;
  game: { id: number; opponent: string; homeGame: boolean; start: Date };
  amount: number;
  deliveryOptionName: string;
  pricePerTicketRappen: number;
  /** the delivery option's fee, once per reservation */
  feeRappen: number;
  paymentMode: PaymentMode;
  clubName: string;
  publicUrl: string;
}

export type TicketMailKind = 'reserved' | 'requested' | 'waiting' | 'won' | 'lost' | 'movedUp' | 'removed';

function title(game: TicketMailInput['game']): string {
  return game.homeGame ? `ZSC – ${game.opponent}` : `${game.opponent} – ZSC`;
}

/** Delivery, the total with the delivery fee, and how it is paid. */
function paymentAndDelivery(input: TicketMailInput): string {
  const total = itemTotalRappen(input.amount, input.pricePerTicketRappen, input.feeRappen);
  const parts = `${tickets(input.amount)} à ${formatChf(input.pricePerTicketRappen)}${input.feeRappen > 0 ? ` + Zustellung ${formatChf(input.feeRappen)}` : ''}`;
  const payment = paymentSentence(total, input.paymentMode, 'nach dem Verkaufsschluss mit der Ticketrechnung');
  return `Zustellung: ${input.deliveryOptionName}. ${payment ? `${payment} (${parts})` : 'Die Tickets sind kostenlos.'}`;
}

/** The short mail for each step of a reservation; `detail` adds the waiting place or the board's reason. */
export function ticketMail(kind: TicketMailKind, input: TicketMailInput, detail?: string): MailText {
  const game = `${title(input.game)} vom ${formatZurichDateAtTime(input.game.start)} Uhr`;
  const link = `${input.publicUrl}/tickets/games/${input.game.id}`;
  const lines: Record<TicketMailKind, { subject: string; body: string[] }> = {
    reserved: {
      subject: `Reservation bestätigt: ${title(input.game)}`,
      body: [`Ihre Reservation von ${tickets(input.amount)} für ${game} ist bestätigt.`, paymentAndDelivery(input)],
    },
    requested: {
      subject: `Anfrage erhalten: ${title(input.game)}`,
      body: [
        `Ihre Anfrage für ${tickets(input.amount)} für ${game} nimmt an der Auslosung teil. Bis zur Auslosung können Sie sie ändern oder zurückziehen.`,
        `Falls Sie Tickets erhalten: ${paymentAndDelivery(input)}`,
      ],
    },
    waiting: {
      subject: `Auf der Warteliste: ${title(input.game)}`,
      body: [
        `Sie stehen mit ${tickets(input.amount)} für ${game} auf der Warteliste${detail ? ` (${detail})` : ''}. Werden Tickets frei, erhalten Sie sie, sobald Ihre ganze Anfrage Platz hat, und wir schreiben Ihnen.`,
        `Falls Sie nachrücken: ${paymentAndDelivery(input)}`,
      ],
    },
    won: {
      subject: `Auslosung: Sie haben Tickets für ${title(input.game)}`,
      body: [`Gute Nachricht: In der Auslosung für ${game} haben Sie ${tickets(input.amount)} erhalten.`, paymentAndDelivery(input)],
    },
    lost: {
      subject: `Auslosung: Warteliste für ${title(input.game)}`,
      body: [
        `In der Auslosung für ${game} reichten die Tickets leider nicht für Ihre Anfrage über ${tickets(input.amount)}. Sie stehen auf der Warteliste${detail ? ` (${detail})` : ''}: Gibt jemand Tickets zurück, rücken Sie nach, sobald Ihre ganze Anfrage Platz hat.`,
        'Eine verlorene Auslosung erhöht Ihre Chancen bei den nächsten.',
      ],
    },
    movedUp: {
      subject: `Sie sind nachgerückt: ${title(input.game)}`,
      body: [
        `Gute Nachricht: Für ${game} sind Tickets frei geworden. Sie sind von der Warteliste nachgerückt und haben ${tickets(input.amount)}.${detail ? ` ${detail}` : ''}`,
        paymentAndDelivery(input),
      ],
    },
    removed: {
      subject: `Reservation gelöscht: ${title(input.game)}`,
      body: [`Der Vorstand hat Ihre Reservation über ${tickets(input.amount)} für ${game} gelöscht.${detail ? ` Grund: ${detail}` : ''}`],
    },
  };
  const { subject, body } = lines[kind];
  return {
    subject,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      ...body.flatMap((line) => [line, '']),
      `Ihre Tickets: ${link}`,
      '',
      `Sportliche Grüsse\nDer Vorstand des ${input.clubName}`,
    ].join('\n'),
  };
}
