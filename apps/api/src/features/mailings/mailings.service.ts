import {
  pdfFileName,
  type Mailing,
  type MailingAttachment,
  type MailingGroup,
  type MailingGroupOptions,
  type MailingPreview,
  type MailingTest,
} from '@club/contract';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { withTx, type Ctx } from '../../lib/ctx.ts';
import { addDays, formatZurichDate, toIsoDate, zurichToday } from '../../lib/dates.ts';
import { enqueueMail, enqueueMails, type AttachmentRenderers, type Mail } from '../../lib/outbox.ts';
import { checkPdfUpload } from '../../lib/pdf.ts';
import { mailingMail, renderBody, type GroupNames } from './mailings.mails.ts';
import {
  countGroupMembers,
  findAttachment,
  findAttachmentFile,
  findCategory,
  findEvent,
  findGame,
  findGroupMembers,
  findGroupOptions,
  findSeason,
  findSeasonCovering,
  findSender,
  insertAttachment,
  deleteUnusedAttachments,
  insertMailing,
  listMailings as listMailingRows,
} from './mailings.repository.ts';

/** What the mails need from the site's configuration. */
export interface MailingSettings {
  clubName: string;
}

const gameName = (game: { opponent: string; start: Date }) => `Spiel gegen ${game.opponent} vom ${formatZurichDate(game.start)}`;

/** The group's names for the list and the mails; 404 when its season, category, event or game does not exist. */
async function resolveGroup(ctx: Ctx, group: MailingGroup): Promise<GroupNames & { id: number | undefined }> {
  const id = 'id' in group ? group.id : undefined;
  switch (group.kind) {
    case 'SEASON': {
      const season = id === undefined ? null : await findSeason(ctx.db, id);
      if (!season) throw notFound('Diese Saison gibt es nicht.');
      return { kind: group.kind, id, label: `Saison ${season.name}`, reason: `in der Saison ${season.name} Mitglied sind` };
    }
    case 'CATEGORY': {
      const category = id === undefined ? null : await findCategory(ctx.db, id);
      if (!category) throw notFound('Diese Mitgliederkategorie gibt es nicht.');
      return {
        kind: group.kind,
        id,
        label: `Saison ${category.season.name}, Kategorie «${category.name}»`,
        reason: `in der Saison ${category.season.name} Mitglied der Kategorie «${category.name}» sind`,
      };
    }
    case 'EVENT': {
      const event = id === undefined ? null : await findEvent(ctx.db, id);
      if (!event) throw notFound('Diese Veranstaltung gibt es nicht.');
      const name = `«${event.title}» vom ${formatZurichDate(event.start)}`;
      return { kind: group.kind, id, label: `Veranstaltung ${name}`, reason: `für die Veranstaltung ${name} angemeldet sind` };
    }
    case 'GAME': {
      const game = id === undefined ? null : await findGame(ctx.db, id);
      if (!game) throw notFound('Dieses Spiel gibt es nicht.');
      return { kind: group.kind, id, label: gameName(game), reason: `Tickets für das ${gameName(game)} reserviert haben` };
    }
    case 'BOARD':
      return { kind: group.kind, id: undefined, label: 'Vorstand', reason: 'dem Vorstand angehören' };
  }
}

/**
 * How many members a mail to the group would reach, the group's name, and with subject and text
 * the mail as they get it (greeting the board member who asks, answers going to them).
 */
export async function previewMailing(
  ctx: Ctx,
  input: { group: MailingGroup; subject?: string | undefined; text?: string | undefined },
  settings: MailingSettings,
): Promise<MailingPreview> {
  const names = await resolveGroup(ctx, input.group);
  const recipients = await countGroupMembers(ctx.db, names.kind, names.id);
  let mail: MailingPreview['mail'] = null;
  if (input.subject !== undefined && input.text !== undefined) {
    const sender = await findActingSender(ctx);
    mail = mailingMail({
      firstName: sender?.firstName ?? 'Vorname',
      subject: input.subject,
      body: renderBody(input.text),
      reason: names.reason,
      senderName: senderNameOf(sender),
      clubName: settings.clubName,
    });
  }
  return { group: { kind: names.kind, id: names.id ?? null }, label: names.label, recipients, mail };
}

const senderNameOf = (sender: { firstName: string; lastName: string } | null) =>
  sender ? `${sender.firstName} ${sender.lastName}` : 'Vorstand';

function findActingSender(ctx: Ctx) {
  const id = ctx.actor?.memberId;
  return id === undefined || id === null ? Promise.resolve(null) : findSender(ctx.db, id);
}

export interface MailingInput {
  subject: string;
  /** Markdown. */
  text: string;
  group: MailingGroup;
  attachmentId?: number | undefined;
}

/**
 * Writes the mailing and one outbox row per member of the group, in one transaction (or the
 * caller's): the request only inserts rows, the outbox worker sends. Each mail greets the member,
 * answers go to the sender (the acting board member, or `senderId`: the newsletter's uploader when
 * the timer announces it), and a notice at the end says why the member gets it.
 */
export async function sendMailing(
  ctx: Ctx,
  input: MailingInput,
  options: MailingSettings & { senderId?: number | null; refuseEmpty?: boolean },
): Promise<Mailing> {
  return withTx(
    ctx,
    async (tx) => {
      const names = await resolveGroup(tx, input.group);
      const senderId = options.senderId !== undefined ? options.senderId : (tx.actor?.memberId ?? null);
      const sender = senderId === null ? null : await findSender(tx.db, senderId);
      const attachment = input.attachmentId === undefined ? null : await findAttachment(tx.db, input.attachmentId);
      if (input.attachmentId !== undefined && !attachment)
        throw notFound('Diesen Anhang gibt es nicht: Bitte die PDF-Datei nochmals hochladen.');
      const members = await findGroupMembers(tx.db, names.kind, names.id);
      if (members.length === 0 && options.refuseEmpty !== false) {
        throw new AppError('CONFLICT', `An «${names.label}» geht keine Mail: Die Gruppe hat keine Mitglieder mit E-Mail-Adresse.`);
      }
      const senderName = senderNameOf(sender);
      const replyTo = sender?.email || null;
      const mailing = await insertMailing(tx.db, {
        subject: input.subject,
        text: input.text,
        groupKind: names.kind,
        groupId: names.id ?? null,
        groupLabel: names.label,
        senderId: sender?.id ?? null,
        senderName,
        replyTo,
        recipients: members.length,
        attachmentId: attachment?.id ?? null,
        createdAt: tx.now,
      });
      const body = renderBody(input.text);
      const mails: Mail[] = members.map((member) => ({
        to: member.email,
        ...mailingMail({
          firstName: member.firstName,
          subject: input.subject,
          body,
          reason: names.reason,
          senderName,
          clubName: options.clubName,
        }),
        ...(replyTo ? { replyTo } : {}),
        ...(attachment ? { attachments: [{ kind: 'mailing' as const, attachmentId: attachment.id }] } : {}),
        mailingId: mailing.id,
      }));
      await enqueueMails(tx.db, mails);
      await writeAudit(tx, {
        action: 'mailing.sent',
        entity: 'mailing',
        entityId: mailing.id,
        data: { subject: input.subject, group: names.label, recipients: members.length, attachmentId: attachment?.id ?? null },
      });
      return {
        id: mailing.id,
        subject: input.subject,
        groupKind: names.kind,
        groupLabel: names.label,
        senderName,
        createdAt: tx.now.toISOString(),
        attachmentName: attachment?.fileName ?? null,
        recipients: members.length,
        sent: 0,
        failed: 0,
      };
    },
    { timeoutMs: 60_000 },
  );
}

/**
 * The mail of a mailing sent only to the board member writing it, as a member of the group gets
 * it (greeting them by their own name): through the outbox like every mail, audited, with no
 * mailing row (it is in no list). 404 for an unknown group or attachment, as the mailing itself.
 */
export async function sendTestMailing(ctx: Ctx, input: MailingInput, settings: MailingSettings): Promise<MailingTest> {
  return withTx(ctx, async (tx) => {
    const names = await resolveGroup(tx, input.group);
    const sender = await findActingSender(tx);
    if (!sender?.email) throw new AppError('CONFLICT', 'Für eine Testmail braucht Ihr Konto eine E-Mail-Adresse.');
    const attachment = input.attachmentId === undefined ? null : await findAttachment(tx.db, input.attachmentId);
    if (input.attachmentId !== undefined && !attachment)
      throw notFound('Diesen Anhang gibt es nicht: Bitte die PDF-Datei nochmals hochladen.');
    await enqueueMail(tx.db, {
      to: sender.email,
      ...mailingMail({
        firstName: sender.firstName,
        subject: input.subject,
        body: renderBody(input.text),
        reason: names.reason,
        senderName: senderNameOf(sender),
        clubName: settings.clubName,
      }),
      replyTo: sender.email,
      ...(attachment ? { attachments: [{ kind: 'mailing' as const, attachmentId: attachment.id }] } : {}),
    });
    await writeAudit(tx, {
      action: 'mailing.tested',
      entity: 'member',
      entityId: sender.id,
      data: { subject: input.subject, group: names.label, to: sender.email, attachmentId: attachment?.id ?? null },
    });
    return { to: sender.email };
  });
}

/** The season covering the day (Zurich) of `ctx.now`, as a mailing group; null when none does. */
export async function currentSeasonGroup(ctx: Ctx): Promise<MailingGroup | null> {
  const season = await findSeasonCovering(ctx.db, zurichToday(ctx.now));
  return season ? { kind: 'SEASON', id: season.id } : null;
}

/** The latest 100 mailings, newest first, with their sent and failed mails counted. */
export async function listMailings(ctx: Ctx): Promise<Mailing[]> {
  return (await listMailingRows(ctx.db, 100)).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Stores the PDF the board attaches to a mailing it is about to send. */
export async function uploadMailingAttachment(
  ctx: Ctx,
  input: { content: Buffer | undefined; originalName: string | undefined },
): Promise<MailingAttachment> {
  checkPdfUpload(input.content);
  const content = input.content;
  const title = (input.originalName ?? '').replace(/\.pdf$/i, '');
  return withTx(ctx, async (tx) => {
    const row = await insertAttachment(tx.db, {
      fileName: pdfFileName(title, toIsoDate(zurichToday(tx.now)), 'Anhang'),
      content,
      createdById: tx.actor?.memberId ?? null,
      createdAt: tx.now,
    });
    await writeAudit(tx, {
      action: 'mailingAttachment.uploaded',
      entity: 'mailingAttachment',
      entityId: row.id,
      data: { fileName: row.fileName, size: row.size },
    });
    return row;
  });
}

/** How long an uploaded attachment waits for its mailing before the nightly run deletes it. */
export const UNUSED_ATTACHMENT_HOURS = 24;

/**
 * The nightly clean-up: attachments uploaded more than a day ago that no mailing uses (a form left
 * after the upload) are deleted; returns how many. Any instance may run it: a mailing sent meanwhile
 * holds its attachment through the foreign key.
 */
export function deleteUnusedMailingAttachments(ctx: Ctx): Promise<number> {
  return deleteUnusedAttachments(ctx.db, new Date(ctx.now.getTime() - UNUSED_ATTACHMENT_HOURS * 3_600_000));
}

/**
 * The form's choices: every season and category, the events and games from a year ago on, the
 * upcoming ones first (the next first), then the past ones (the latest first), marked `past`.
 * An event is past once it has ended, a game once it has started.
 */
export async function listMailingGroupOptions(ctx: Ctx): Promise<MailingGroupOptions> {
  const rows = await findGroupOptions(ctx.db, addDays(ctx.now, -365));
  const now = ctx.now.getTime();
  return {
    seasons: rows.seasons.map((s) => ({ id: s.id, label: `Saison ${s.name}` })),
    categories: rows.categories.map((c) => ({ id: c.id, label: `${c.name} (Saison ${c.season.name})` })),
    events: upcomingFirst(rows.events, (e) => e.end.getTime() < now).map(({ row: e, past }) => ({
      id: e.id,
      label: `${e.title} (${formatZurichDate(e.start)})`,
      past,
    })),
    games: upcomingFirst(rows.games, (g) => g.start.getTime() < now).map(({ row: g, past }) => ({
      id: g.id,
      label: `${formatZurichDate(g.start)} ${g.homeGame ? 'Heimspiel' : 'Auswärtsspiel'} gegen ${g.opponent}`,
      past,
    })),
  };
}

/** Rows in time order → the upcoming ones as they are, then the past ones the latest first. */
function upcomingFirst<R>(rows: readonly R[], isPast: (row: R) => boolean): { row: R; past: boolean }[] {
  const marked = rows.map((row) => ({ row, past: isPast(row) }));
  return [...marked.filter((r) => !r.past), ...marked.filter((r) => r.past).reverse()];
}

/** The outbox's maker of a mailing's attachment (app.ts hands it to the worker). */
export function mailingAttachmentRenderer(db: Ctx['db']): AttachmentRenderers['mailing'] {
  return async (ref) => {
    const file = await findAttachmentFile(db, ref.attachmentId);
    if (!file) throw new Error(`mailing attachment ${ref.attachmentId} not found`);
    return { filename: file.fileName, content: file.content, contentType: 'application/pdf' };
  };
}
