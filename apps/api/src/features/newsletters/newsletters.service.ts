import { newsletterFileName, type Newsletter, type NewsletterUploaded, type NewsletterUploadFields } from '@club/contract';
import { notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { toIsoDate, zurichToday } from '../../lib/dates.ts';
import { enqueueMail } from '../../lib/outbox.ts';
import { checkPdfUpload } from '../../lib/pdf.ts';
import { newsletterNoticeMail } from './newsletters.mails.ts';
import {
  deleteNewsletterRow,
  findNewsletter,
  findNewsletterFile,
  insertNewsletter,
  listActiveMembers,
  listNewsletters as listNewsletterRows,
  type NewsletterRow,
} from './newsletters.repository.ts';

/** What the notice mail needs from the site's configuration. */
export interface NewsletterSettings {
  clubName: string;
  /** Address of the newsletter page, e.g. https://fanclub.example.ch/newsletter. */
  newsletterUrl: string;
}

const NOT_FOUND = 'Diesen Newsletter gibt es nicht.';

function toNewsletter(row: NewsletterRow): Newsletter {
  return { id: row.id, title: row.title, publicationDate: toIsoDate(row.publicationDate), size: row.size };
}

const deCh = (isoDate: string) => isoDate.split('-').reverse().join('.');

/** Members' list, newest first (without the PDFs). */
export async function listNewsletters(ctx: Ctx): Promise<Newsletter[]> {
  return (await listNewsletterRows(ctx.db)).map(toNewsletter);
}

/** The PDF of one newsletter and the name to save it under. */
export async function getNewsletterFile(ctx: Ctx, id: number): Promise<{ fileName: string; content: Buffer }> {
  const row = await findNewsletterFile(ctx.db, id);
  if (!row) throw notFound(NOT_FOUND);
  return { fileName: row.fileName, content: row.content };
}

/**
 * The board's upload: checks the content is a PDF, stores it and, when asked, writes the
 * notice to every active member into the outbox, all in one transaction.
 */
export async function uploadNewsletter(
  ctx: Ctx,
  input: { fields: NewsletterUploadFields; content: Buffer | undefined; settings: NewsletterSettings },
): Promise<NewsletterUploaded> {
  const { fields, content, settings } = input;
  checkPdfUpload(content);
  return withTx(ctx, async (tx) => {
    const row = await insertNewsletter(tx.db, {
      title: fields.title,
      publicationDate: fields.publicationDate,
      fileName: newsletterFileName(fields.title, fields.publicationDate),
      content,
      createdAt: tx.now,
    });
    let notified = 0;
    if (fields.notify) {
      const members = await listActiveMembers(tx.db, zurichToday(tx.now));
      for (const member of members) {
        const mail = newsletterNoticeMail({
          firstName: member.firstName,
          title: fields.title,
          publicationDate: deCh(fields.publicationDate),
          clubName: settings.clubName,
          newsletterUrl: settings.newsletterUrl,
        });
        await enqueueMail(tx.db, { to: member.email, ...mail });
      }
      notified = members.length;
    }
    await writeAudit(tx, {
      action: 'newsletter.uploaded',
      entity: 'newsletter',
      entityId: row.id,
      data: { title: row.title, publicationDate: fields.publicationDate, size: row.size, notified },
    });
    return { ...toNewsletter(row), notified };
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
