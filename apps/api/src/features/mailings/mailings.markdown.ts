import escapeHtml from 'escape-html';
import { Marked, type Tokens } from 'marked';
import removeMarkdown from 'remove-markdown';

/**
 * The board's Markdown as the two parts of a mail: HTML (`marked`; raw HTML in the text is shown
 * as text, links only to http, https and mailto) and plain text (`remove-markdown`, the calendar
 * feed's library; a link keeps its address in brackets, since a mail reader cannot click a mark).
 */

const SAFE_LINK = /^(https?:|mailto:)/i;

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(token: Tokens.Link) {
      const label = this.parser.parseInline(token.tokens);
      if (!SAFE_LINK.test(token.href)) return label;
      return `<a href="${escapeHtml(token.href)}">${label}</a>`;
    },
    image(token: Tokens.Image) {
      // Mails show no remote images (trackers); the description stays.
      return escapeHtml(token.text);
    },
  },
});

/** The Markdown as an HTML fragment for a mail. */
export function markdownToHtml(markdown: string): string {
  return (marked.parse(markdown, { async: false }) as string).trim();
}

/** The Markdown as plain text: marks gone, paragraphs and link addresses kept. */
export function markdownToText(markdown: string): string {
  const withAddresses = markdown.replace(
    /(?<!!)\[([^\]\n]+)\]\(([^\s()]*(?:\([^\s()]*\)[^\s()]*)*)\)/g,
    (_m, label: string, href: string) => (label === href || !SAFE_LINK.test(href) ? label : `${label} (${href})`),
  );
  return removeMarkdown(withAddresses, { gfm: true, useImgAltText: true, stripListLeaders: false })
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
