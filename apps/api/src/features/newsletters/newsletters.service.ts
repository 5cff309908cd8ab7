import { newsletterFileName, type Newsletter, type NewsletterUploaded, type NewsletterUploadFields } from '@club/contract';
import { notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { toIsoDate, zurichToday } from '../../lib/dates.ts';
import { checkPdfUpload } from '../../lib/pdf.ts';
import { currentSeasonGroup, sendMailing } from '../mailings/mailings.service.ts';
import { newsletterNoticeMail } from './newsletters.mails.ts';
import {
  deleteNewsletterRow,
  findDueAnnouncements,
  findNewsletter,
  findNewsletterFile,
  insertNewsletter,
  listNewsletters as listNewsletterRows,
  lockDueAnnouncement,
  markAnnounced,
  type NewsletterRow,
} from './newsletters.repository.ts';

/** What the notice mail needs from the site's configuration. */
export interface NewsletterSettings {
  clubName: string;
  /** Address of the newsletter page, e.g. https://fanclub.example.ch/newsletter. */
  newsletterUrl: string;
}

const NOT_FOUND = 'Diesen Newsletter gibt es nicht.';

function toNewsletter(row: NewsletterRow, today: Date): Newsletter {
  return {
    id: row.id,
    title: row.title,
    publicationDate: toIsoDate(row.publicationDate),
    size: row.size,
    upcoming: row.publicationDate.getTime() > today.getTime(),
  };
}

const deCh = (isoDate: string) => isoDate.split('-').reverse().join('.');

const isBoard = (ctx: Ctx) => ctx.actor?.roles.includes('MEMBER_OF_THE_BOARD') ?? false;

/** The list, newest first (without the PDFs): members see the published ones, the board the coming ones too. */
export async function listNewsletters(ctx: Ctx): Promise<Newsletter[]> {
  const today = zurichToday(ctx.now);
  return (await listNewsletterRows(ctx.db, isBoard(ctx) ? undefined : today)).map((row) => toNewsletter(row, today));
}

/** The PDF of one newsletter and the name to save it under (a coming one only for the board). */
export async function getNewsletterFile(ctx: Ctx, id: number): Promise<{ fileName: string; content: Buffer }> {
  const row = await findNewsletterFile(ctx.db, id);
  if (!row || (!isBoard(ctx) && row.publicationDate.getTime() > zurichToday(ctx.now).getTime())) throw notFound(NOT_FOUND);
  return { fileName: row.fileName, content: row.content };
}

/**
 * Writes a newsletter's notice as a mailing to the active members (the season covering the day),
 * from the board member who uploaded it, and marks the newsletter announced, in the caller's
 * transaction: so the notice is written exactly once. Returns how many members get it.
 */
async function announce(
  ctx: Ctx,
  newsletter: { id: number; title: string; publicationDate: string; uploadedById: number | null },
  settings: NewsletterSettings,
): Promise<number> {
  const group = await currentSeasonGroup(ctx);
  let recipients = 0;
  if (group) {
    const notice = newsletterNoticeMail({
      title: newsletter.title,
      publicationDate: deCh(newsletter.publicationDate),
      clubName: settings.clubName,
      newsletterUrl: settings.newsletterUrl,
    });
    const mailing = await sendMailing(
      ctx,
      { ...notice, group },
      { clubName: settings.clubName, senderId: newsletter.uploadedById, refuseEmpty: false },
    );
    recipients = mailing.recipients;
  }
  await markAnnounced(ctx.db, newsletter.id, ctx.now);
  return recipients;
}

/**
 * The timer's part (`ops/nightly.ts`, every minute): announces each newsletter whose publication
 * day has come and whose notice is still due, each in its own transaction under the row's lock.
 */
export async function announceDueNewsletters(ctx: Ctx, settings: NewsletterSettings): Promise<{ id: number; notified: number }[]> {
  const done: { id: number; notified: number }[] = [];
  for (const id of await findDueAnnouncements(ctx.db, zurichToday(ctx.now))) {
    const notified = await withTx(ctx, async (tx) => {
      const row = await lockDueAnnouncement(tx.db, id);
      if (!row) return null;
      return announce(tx, { ...row, publicationDate: toIsoDate(row.publicationDate) }, settings);
    });
    if (notified !== null) done.push({ id, notified });
  }
  return done;
}

/**
 * The board's upload: checks the content is a PDF, stores it and, when asked, writes the
 * notice to every active member into the outbox (as a mailing), all in one transaction; a
 * newsletter published on a later day is announced on that day (`announceDueNewsletters`).
 */
export async function uploadNewsletter(
  ctx: Ctx,
  input: { fields: NewsletterUploadFields; content: Buffer | undefined; settings: NewsletterSettings },
): Promise<NewsletterUploaded> {
  const { fields, content, settings } = input;
  checkPdfUpload(content);
  return withTx(ctx, async (tx) => {
    const uploadedById = tx.actor?.memberId ?? null;
    const row = await insertNewsletter(tx.db, {
      title: fields.title,
      publicationDate: fields.publicationDate,
      fileName: newsletterFileName(fields.title, fields.publicationDate),
      content,
      createdAt: tx.now,
      notify: fields.notify,
      uploadedById,
    });
    const today = zurichToday(tx.now);
    const upcoming = row.publicationDate.getTime() > today.getTime();
    // A coming newsletter is announced by the timer on its publication date.
    const notified =
      fields.notify && !upcoming
        ? await announce(tx, { id: row.id, title: row.title, publicationDate: fields.publicationDate, uploadedById }, settings)
        : 0;
    await writeAudit(tx, {
      action: 'newsletter.uploaded',
      entity: 'newsletter',
      entityId: row.id,
      data: { title: row.title, publicationDate: fields.publicationDate, size: row.size, notified },
    });
    return { ...toNewsletter(row, today), notified, announcedOn: fields.notify && upcoming ? fields.publicationDate : null };
  });
}

export async function deleteNewsletter(ctx: Ctx, id: number): Promise<void> {
  await withTx(ctx, async (tx) => {
    const row = await findNewsletter(tx.db, id);
    if (!row || !(await deleteNewsletterRow(tx.db, id))) throw notFound(NOT_FOUND);
    await writeAudit(tx, {
      action: 'newsletter.deleted',
      entity: 'newsletter',
      entityId: id,
      data: { title: row.title, publicationDate: toIsoDate(row.publicationDate) },
    });
  });
}
