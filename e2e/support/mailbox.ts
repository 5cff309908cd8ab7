import { vi } from 'vitest';
import { site } from './site.ts';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The Reply-To header; '' when there is none. */
  replyTo: string;
  text: string;
}

/** Waits until the SMTP peer of this worker's site (or of a site of its own: `mailboxUrl`) has received a matching mail. */
export function waitForMail(
  match: (m: ReceivedMail) => boolean,
  timeoutMs = 20_000,
  mailboxUrl = site().mailboxUrl,
): Promise<ReceivedMail> {
  return vi.waitFor(
    async () => {
      const mails = (await (await fetch(mailboxUrl)).json()) as ReceivedMail[];
      const found = mails.find(match);
      if (!found) throw new Error(`Keine passende Mail innert ${timeoutMs} ms (erhalten: ${mails.map((m) => m.subject).join(' | ')})`);
      return found;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/** The first link of a mail text that starts with the given prefix. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`Kein Link ${prefix}… in der Mail "${mail.subject}"`);
  return link;
}
