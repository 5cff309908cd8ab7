import type { MailingGroupKind } from '@club/contract';
import escapeHtml from 'escape-html';
import { markdownToHtml, markdownToText } from './mailings.markdown.ts';

/**
 * The mails of a mailing: the board's text (Markdown) rendered once, then one mail per member
 * with the salutation of the club's other mails and a notice at the end saying why the member
 * gets it. Pure functions.
 */

/** The group's names a mail needs: `«Junior» der Saison 2026/27`, the event's title… */
export interface GroupNames {
  kind: MailingGroupKind;
  /** The list's name of the group ("Saison 2026/27, Kategorie «Junior»"). */
  label: string;
  /** The end of "Sie erhalten diese Mail, weil Sie …". */
  reason: string;
}

export interface RenderedBody {
  text: string;
  html: string;
}

/** The text the board wrote, as plain text and HTML: made once per mailing. */
export function renderBody(markdown: string): RenderedBody {
  return { text: markdownToText(markdown), html: markdownToHtml(markdown) };
}

export interface MailingMail {
  subject: string;
  text: string;
  html: string;
}

/** The mail to one member. */
export function mailingMail(input: {
  firstName: string;
  subject: string;
  body: RenderedBody;
  reason: string;
  senderName: string;
  clubName: string;
}): MailingMail {
  const notice = `Sie erhalten diese Mail vom Vorstand des ${input.clubName}, weil Sie ${input.reason}. Antworten gehen an ${input.senderName}.`;
  return {
    subject: input.subject,
    text: [`Grüezi ${input.firstName}`, '', input.body.text, '', '--', notice].join('\n'),
    html: [
      '<!DOCTYPE html><html lang="de"><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#212529">',
      `<p>Grüezi ${escapeHtml(input.firstName)}</p>`,
      input.body.html,
      `<hr style="border:0;border-top:1px solid #ccc;margin-top:2em"><p style="font-size:0.85em;color:#555">${escapeHtml(notice)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
