import { html, page } from '../../http/html.ts';

/** Stylesheet of the login's own pages, served by the auth router. */
export const AUTH_STYLESHEET = '/oauth/assets/login.css';

export interface PageLink {
  href: string;
  label: string;
}

/** A page with a title, a message and links (the first one as a button). */
export function messagePage(
  clubName: string,
  title: string,
  message: string,
  links: PageLink[] = [{ href: '/', label: 'Zur Startseite' }],
): string {
  return page({
    clubName,
    title,
    stylesheet: AUTH_STYLESHEET,
    body: html`<h1>${title}</h1>
      <p>${message}</p>
      ${links.map((link, i) => html`<a class="${i === 0 ? 'button' : 'secondary'}" href="${link.href}">${link.label}</a>`)}`,
  });
}

export function loginAgain(returnTo: string): PageLink {
  return { href: `/oauth/login?returnTo=${encodeURIComponent(returnTo)}`, label: 'Erneut anmelden' };
}
