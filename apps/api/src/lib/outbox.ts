import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { Db } from '../db/client.ts';
import type { DbOrTx } from './ctx.ts';
import type { Logger } from './logger.ts';

/**
 * An attachment described as data, made when the mail is sent: a fee run writes thousands of
 * mails in one transaction without rendering a PDF for each. `reminderLevel` asks for the
 * reminder's version of the invoice.
 */
export type MailAttachmentRef = { kind: 'invoice'; invoiceId: number; reminderLevel?: number };

/** A rendered attachment, as nodemailer takes it. */
export interface RenderedAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Turns an attachment description into the file; throws when it cannot (the mail is retried). */
export type AttachmentRenderer = (ref: MailAttachmentRef) => Promise<RenderedAttachment>;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go (the contact form: the sender); absent: to the site's From address. */
  replyTo?: string;
  attachments?: MailAttachmentRef[];
}

/** Writes a mail into the outbox, inside the caller's transaction; the worker sends it after commit. */
export async function enqueueMail(db: DbOrTx, mail: Mail): Promise<void> {
  await db.mailOutbox.create({
    data: { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, replyTo: mail.replyTo ?? null, attachments: mail.attachments ?? [] },
  });
}

/** Many mails in one statement per 1,000 (fee runs), inside the caller's transaction. */
export async function enqueueMails(db: DbOrTx, mails: readonly Mail[]): Promise<void> {
  for (let i = 0; i < mails.length; i += 1000) {
    await db.mailOutbox.createMany({
      data: mails.slice(i, i + 1000).map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null, replyTo: m.replyTo ?? null, attachments: m.attachments ?? [] })),
    });
  }
}

/** Seconds to wait before attempt n+1 after n failures: 5 s doubling, at most one hour. */
export function retryDelaySeconds(failures: number): number {
  return Math.min(5 * 2 ** Math.max(0, failures - 1), 3600);
}

/** A claimed mail is leased for this long; a crashed sender's mails come back after it. */
const LEASE_SECONDS = 300;

interface OutboxRow {
  id: bigint;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  attempts: number;
  attachments: unknown;
}

export interface OutboxWorkerOptions {
  db: Db;
  log: Logger;
  smtpUrl: string | undefined;
  from: string;
  /** Poll interval; default 1 s. */
  intervalMs?: number;
  batchSize?: number;
  /** Makes the attachments a mail describes (without: a mail with attachments is not sent). */
  renderAttachment?: AttachmentRenderer;
}

export interface OutboxWorker {
  /** One pass: claims due mails and sends them; returns how many were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Sends the outbox through SMTP. Several instances may run: due rows are claimed with
 * FOR UPDATE SKIP LOCKED and leased, so each mail goes to one sender. Failures are retried
 * with backoff until the SMTP server accepts the mail. Without SMTP_URL mails stay in the
 * outbox and are only logged.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, log, smtpUrl, from } = options;
  const batchSize = options.batchSize ?? 20;
  // A small pool of SMTP connections, reused across mails; after a failure a fresh one is
  // used (a failed pool waits before it connects again).
  const newTransport = (url: string) => nodemailer.createTransport({ url, pool: true, maxConnections: 2 } satisfies SMTPPool.Options, { from });
  let transport: Transporter | undefined = smtpUrl ? newTransport(smtpUrl) : undefined;
  let lastLoggedId = 0n;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function claim(): Promise<OutboxRow[]> {
    return db.$queryRaw<OutboxRow[]>`
      UPDATE "mail_outbox" SET "nextAttemptAt" = now() + make_interval(secs => ${LEASE_SECONDS}), "attempts" = "attempts" + 1
       WHERE "id" IN (SELECT "id" FROM "mail_outbox"
                       WHERE "status" = 'PENDING' AND "nextAttemptAt" <= now()
                       ORDER BY "id" LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
      RETURNING "id", "to", "subject", "text", "html", "replyTo", "attempts", "attachments"`;
  }

  async function logOnly(): Promise<number> {
    const rows = await db.mailOutbox.findMany({
      where: { status: 'PENDING', id: { gt: lastLoggedId } },
      orderBy: { id: 'asc' },
      take: batchSize,
      select: { id: true, to: true, subject: true },
    });
    for (const row of rows) {
      log.info({ mailId: row.id.toString(), to: row.to, subject: row.subject }, 'mail kept in outbox (no SMTP_URL)');
      lastLoggedId = row.id;
    }
    return 0;
  }

  async function renderAttachments(raw: unknown): Promise<RenderedAttachment[]> {
    const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const refs = Array.isArray(parsed) ? (parsed as MailAttachmentRef[]) : [];
    if (refs.length === 0) return [];
    if (!options.renderAttachment) throw new Error('mail has attachments but no attachment renderer is configured');
    const render = options.renderAttachment;
    return Promise.all(refs.map((ref) => render(ref)));
  }

  async function send(): Promise<number> {
    if (!transport || !smtpUrl) return logOnly();
    let sent = 0;
    for (const row of await claim()) {
      try {
        const attachments = await renderAttachments(row.attachments);
        await transport.sendMail({
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          ...(row.replyTo ? { replyTo: row.replyTo } : {}),
          ...(attachments.length ? { attachments } : {}),
        });
        await db.mailOutbox.update({ where: { id: row.id }, data: { status: 'SENT', sentAt: new Date(), lastError: null } });
        sent += 1;
      } catch (error) {
        transport.close();
        transport = newTransport(smtpUrl);
        const delay = retryDelaySeconds(row.attempts);
        log.warn({ mailId: row.id.toString(), attempts: row.attempts, retryInSeconds: delay, err: error }, 'mail not sent, will retry');
        await db.mailOutbox.update({
          where: { id: row.id },
          data: { nextAttemptAt: new Date(Date.now() + delay * 1000), lastError: String((error as Error).message ?? error).slice(0, 500) },
        });
      }
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    running ??= send().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => {
    if (stopped) return;
    runOnce().catch((err: unknown) => log.warn({ err }, 'outbox pass failed'));
  }, options.intervalMs ?? 1000);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => 0);
      transport?.close();
    },
  };
}
