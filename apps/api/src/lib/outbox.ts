import type NodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type NodemailerMail from 'nodemailer/lib/mailer/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { Db } from '../db/client.ts';
import { isDiskFull } from '../db/errors.ts';
import { DiskFullWatch } from './disk-full.ts';
import type { DbOrTx } from './ctx.ts';
import type { Logger } from './logger.ts';
import {
  claimDueMails,
  findPendingMailsAfter,
  insertMail,
  insertMails,
  markMailSent,
  scheduleMailRetry,
  type OutboxInsert,
  type OutboxRow,
} from './outbox.repository.ts';
import { onFirstUse } from './on-first-use.ts';

// Only with SMTP_URL: without it mails stay in the outbox and are logged.
const nodemailer = onFirstUse<typeof NodemailerModule>('nodemailer');

/**
 * An attachment described as data, made when the mail is sent: a fee run writes thousands of
 * mails in one transaction without rendering a PDF for each. `reminderLevel` asks for the
 * reminder's version of the invoice.
 */
export type MailAttachmentRef =
  | { kind: 'invoice'; invoiceId: number; reminderLevel?: number }
  /** The PDF the board attached to a mailing (mail to a group). */
  | { kind: 'mailing'; attachmentId: number };

/** One renderer per kind of attachment; the site hands the outbox their union (`attachmentRenderers`). */
export type AttachmentRenderers = {
  [K in MailAttachmentRef['kind']]: (ref: Extract<MailAttachmentRef, { kind: K }>) => Promise<RenderedAttachment>;
};

/** A rendered attachment, as nodemailer takes it. */
export interface RenderedAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * A rendered attachment as nodemailer takes it, its file name given as the `name` parameter of
 * Content-Type and the `filename` parameter of Content-Disposition; nodemailer encodes a name that
 * is not plain ASCII per RFC 2231 (`filename*=utf-8''…`). nodemailer's own `filename` option would
 * also write `name="=?UTF-8?Q?…?="`, an encoded word inside a quoted string, which RFC 2047
 * (section 5) forbids and standard readers report as a defect.
 */
function mimeAttachment(attachment: RenderedAttachment): NodemailerMail.Attachment {
  const quoted = `"${attachment.filename.replace(/[\\"]/g, '\\$&')}"`;
  return {
    content: attachment.content,
    filename: false,
    contentType: `${attachment.contentType}; name=${quoted}`,
    // nodemailer takes a whole header value here; its types name only the bare disposition.
    contentDisposition: `attachment; filename=${quoted}` as 'attachment',
  };
}

/** Turns an attachment description into the file; throws when it cannot (the mail is retried). */
export type AttachmentRenderer = (ref: MailAttachmentRef) => Promise<RenderedAttachment>;

/** The renderer that hands each attachment to the renderer of its kind. */
export function attachmentRenderers(renderers: AttachmentRenderers): AttachmentRenderer {
  return (ref) => {
    switch (ref.kind) {
      case 'invoice':
        return renderers.invoice(ref);
      case 'mailing':
        return renderers.mailing(ref);
    }
  };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go (the contact form: the sender); absent: to the site's From address. */
  replyTo?: string;
  attachments?: MailAttachmentRef[];
  /** The mailing (mail to a group) this mail is one of. */
  mailingId?: number;
  /** Not sent before this instant (mails spread at a bounded rate). */
  notBefore?: Date;
  /** The member import whose login invitation this is (the import counts its waiting ones). */
  memberImportId?: number;
}

/** Writes a mail into the outbox, inside the caller's transaction; the worker sends it after commit. */
export async function enqueueMail(db: DbOrTx, mail: Mail): Promise<void> {
  await insertMail(db, outboxRowOf(mail));
}

function outboxRowOf(m: Mail): OutboxInsert {
  return {
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html ?? null,
    replyTo: m.replyTo ?? null,
    attachments: m.attachments ?? [],
    mailingId: m.mailingId ?? null,
    notBefore: m.notBefore ?? null,
    memberImportId: m.memberImportId ?? null,
  };
}

/** Many mails in one statement per 1,000 (fee runs), inside the caller's transaction. */
export async function enqueueMails(db: DbOrTx, mails: readonly Mail[]): Promise<void> {
  for (let i = 0; i < mails.length; i += 1000) {
    await insertMails(db, mails.slice(i, i + 1000).map(outboxRowOf));
  }
}

/** Seconds to wait before attempt n+1 after n failures: 5 s doubling, at most one hour. */
export function retryDelaySeconds(failures: number): number {
  return Math.min(5 * 2 ** Math.max(0, failures - 1), 3600);
}

/** A claimed mail is leased for this long; a crashed sender's mails come back after it. */
const LEASE_SECONDS = 300;

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
  /**
   * Without SMTP: the log line of each mail also names the links in it (invitation, confirmation,
   * password reset), so a demo's operator can follow them. Never in production: they are secrets.
   */
  logLinks?: boolean;
  /** The site's full-disk state; a worker of its own keeps one of its own. */
  diskFull?: DiskFullWatch;
}

/** The web links of a mail text, in order (a full stop or comma after one is the sentence's). */
export function linksIn(text: string): string[] {
  return (text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((link) => link.replace(/[.,;:!?]+$/, ''));
}

export interface OutboxWorker {
  /** One pass: claims due mails and sends them; returns how many were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** A mail's attachments as stored (`[{kind, …}]`, JSON), made into files by the renderer the site configured. */
async function renderAttachments(raw: unknown, render: OutboxWorkerOptions['renderAttachment']): Promise<RenderedAttachment[]> {
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const refs = Array.isArray(parsed) ? (parsed as MailAttachmentRef[]) : [];
  if (refs.length === 0) return [];
  if (!render) throw new Error('mail has attachments but no attachment renderer is configured');
  return Promise.all(refs.map((ref) => render(ref)));
}

/** One claimed mail handed to the SMTP transport, its attachments rendered. */
async function deliver(transport: Transporter, row: OutboxRow, options: OutboxWorkerOptions): Promise<void> {
  const attachments = await renderAttachments(row.attachments, options.renderAttachment);
  await transport.sendMail({
    from: options.from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    ...(row.html ? { html: row.html } : {}),
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    ...(attachments.length ? { attachments: attachments.map(mimeAttachment) } : {}),
  });
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
  const diskFull = options.diskFull ?? new DiskFullWatch();
  // A small pool of SMTP connections, reused across mails; after a failure a fresh one is
  // used (a failed pool waits before it connects again).
  const newTransport = (url: string) =>
    nodemailer().createTransport({ url, pool: true, maxConnections: 2 } satisfies SMTPPool.Options, { from });
  let transport: Transporter | undefined = smtpUrl ? newTransport(smtpUrl) : undefined;
  let lastLoggedId = 0n;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function claim(): Promise<OutboxRow[]> {
    return claimDueMails(db, batchSize, LEASE_SECONDS);
  }

  async function logOnly(): Promise<number> {
    const rows = await findPendingMailsAfter(db, lastLoggedId, batchSize);
    for (const row of rows) {
      const links = options.logLinks ? linksIn(row.text) : [];
      log.info(
        { mailId: row.id.toString(), to: row.to, subject: row.subject, ...(links.length ? { links } : {}) },
        'mail kept in outbox (no SMTP_URL)',
      );
      lastLoggedId = row.id;
    }
    return 0;
  }

  async function send(): Promise<number> {
    if (!transport || !smtpUrl) return logOnly();
    let sent = 0;
    for (const row of await claim()) {
      try {
        await deliver(transport, row, options);
        await markMailSent(db, row.id, new Date());
        sent += 1;
      } catch (error) {
        transport.close();
        transport = newTransport(smtpUrl);
        const delay = retryDelaySeconds(row.attempts);
        log.warn({ mailId: row.id.toString(), attempts: row.attempts, retryInSeconds: delay, err: error }, 'mail not sent, will retry');
        await scheduleMailRetry(db, row.id, new Date(Date.now() + delay * 1000), String((error as Error).message ?? error).slice(0, 500));
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
    runOnce().catch((err: unknown) => (isDiskFull(err) ? diskFull.note(log, err) : log.warn({ err }, 'outbox pass failed')));
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
