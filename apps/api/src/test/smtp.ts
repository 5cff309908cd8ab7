import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The Reply-To header as sent (unfolded); '' when there is none. */
  replyTo: string;
  /** The decoded text body (quoted-printable undone), good enough for assertions. */
  text: string;
}

export interface SmtpPeer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first mail matching, waiting up to timeoutMs. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string): { subject: string; replyTo: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subjectLine = /^subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  // Adjacent encoded words are one text: the space between them is folding, not content.
  const subject = subjectLine
    .replace(/\?=\s+=\?utf-8\?/gi, '?==?utf-8?')
    .replace(/=\?utf-8\?([bq])\?(.*?)\?=/gi, (_m, enc: string, data: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
    .replace(/\?=\s+=\?/g, '');
  const replyTo = /^reply-to: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? '';
  const body = rest.join('\n\n');
  const qp = /content-transfer-encoding: quoted-printable/i.test(raw);
  const b64 = /content-transfer-encoding: base64/i.test(head);
  const text = b64 ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : qp ? decodeQuotedPrintable(body) : body;
  return { subject, replyTo, text };
}

/** A real SMTP server on a free port that keeps what it receives (tests only). */
export async function startSmtpPeer(port = 0, options: { refuseFirst?: number } = {}): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  // A peer that refuses the first mails with a temporary error (451), then accepts.
  let toRefuse = options.refuseFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    // close() would otherwise wait up to 30 s for pooled client connections to leave.
    closeTimeout: 200,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (toRefuse > 0) {
          toRefuse -= 1;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parse(raw),
        });
        arrivals.emit('mail');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    messages,
    waitFor(match, timeoutMs = 15_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      // Checked on each arrival; the timer is only the deadline.
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = messages.find(match);
          if (!mail) return;
          stop();
          resolve(mail);
        };
        const deadline = setTimeout(() => {
          stop();
          reject(new Error(`no matching mail within ${timeoutMs} ms (received: ${messages.map((m) => m.subject).join(' | ')})`));
        }, timeoutMs);
        const stop = () => {
          clearTimeout(deadline);
          arrivals.off('mail', check);
        };
        arrivals.on('mail', check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
