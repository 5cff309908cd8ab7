import { formatIsoDate } from '../../lib/dates.ts';
import { formatChf } from '@club/contract';

/** German mail texts of invoices: pure, plain text; the PDF is attached when the mail is sent. */

export interface MailText {
  subject: string;
  text: string;
}

const signature = (clubName: string) => `Sportliche Grüsse\nDer Kassier des ${clubName}`;

/** A new invoice (fee run, billing run). */
export function invoiceMail(input: {
  firstName: string;
  clubName: string;
  title: string;
  number: string;
  totalRappen: number;
  dueDate: string;
  /** what it bills, after «für»; default «den <title>» */
  purpose?: string;
}): MailText {
  return {
    subject: `${input.title}: Rechnung ${input.number}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      `Im Anhang finden Sie unsere Rechnung ${input.number} für ${input.purpose ?? `den ${input.title}`} über ${formatChf(input.totalRappen)}.`,
      `Bitte bezahlen Sie sie bis zum ${formatIsoDate(input.dueDate)} mit dem QR-Einzahlungsschein auf der Rechnung.`,
      '',
      'Ihre Rechnungen finden Sie auch jederzeit unter «Mein Konto» auf unserer Website.',
      '',
      'Herzlichen Dank für Ihre Treue!',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}

/** A reminder (Zahlungserinnerung, 2. or 3. Mahnung). */
export function reminderMail(input: {
  firstName: string;
  clubName: string;
  levelTitle: string;
  level: number;
  number: string;
  openRappen: number;
  dueDate: string;
}): MailText {
  return {
    subject: `${input.levelTitle}: Rechnung ${input.number}`,
    text: [
      `Grüezi ${input.firstName}`,
      '',
      input.level === 1
        ? `Sicher ist es Ihnen entgangen: Unsere Rechnung ${input.number} ist noch offen.`
        : `Trotz unserer Erinnerung ist unsere Rechnung ${input.number} noch offen.`,
      `Bitte überweisen Sie den offenen Betrag von ${formatChf(input.openRappen)} bis zum ${formatIsoDate(input.dueDate)} mit dem Einzahlungsschein im Anhang.`,
      '',
      'Haben Sie in den letzten Tagen bezahlt, betrachten Sie diese Nachricht bitte als gegenstandslos.',
      '',
      signature(input.clubName),
    ].join('\n'),
  };
}
