import escapeHtml from 'escape-html';
import type { Response } from 'express';

/**
 * The few server-rendered pages of the login (provider pages, invitation, "no member"):
 * plain HTML in the site's colours, no script, styles from one small stylesheet. Shared by
 * the login (auth) and the embedded identity provider (idp); text is escaped by escape-html.
 */

/** A template tag whose interpolations are escaped unless they are already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** The club's shield, drawn inline (decorative: the club name stands beside it). */
const LOGO = new Html(
  '<svg class="logo" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="40" height="40" aria-hidden="true" focusable="false">' +
    '<path d="M32 3 L57 11 V30 C57 45 46 55 32 61 C18 55 7 45 7 30 V11 Z" fill="#0b2d5b" stroke="#ffffff" stroke-width="3"/>' +
    '<path d="M7 36 C18 31 24 41 32 36 C40 31 46 41 57 36" fill="none" stroke="#7fb2e5" stroke-width="3"/>' +
    '<text x="32" y="30" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="19" fill="#ffffff">FL</text>' +
    '<circle cx="32" cy="47" r="3" fill="#e4002b"/></svg>',
);

export interface PageOptions {
  clubName: string;
  /** Shown in the tab, after the club name. */
  title: string;
  /** Path of the stylesheet (served by the router that renders the page). */
  stylesheet: string;
  body: Html;
}

export function page({ clubName, title, stylesheet, body }: PageOptions): string {
  return html`<!DOCTYPE html>
    <html lang="de">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="theme-color" content="#0b2d5b" />
        <title>${title} – ${clubName}</title>
        <link rel="stylesheet" href="${stylesheet}" />
      </head>
      <body>
        <header class="site-header">
          <a class="brand" href="/">${LOGO}<span>${clubName}</span></a>
        </header>
        <main class="content">
          <div class="card">${body}</div>
        </main>
        <footer class="site-footer"><a href="/">Zur Startseite</a></footer>
      </body>
    </html> `.value;
}

/** Sends a page with no caching (they carry per-visitor state). */
export function sendPage(res: Response, status: number, markup: string): void {
  res.status(status).set('Cache-Control', 'no-store').type('html').send(markup);
}

/** Colours of the SPA (Bootstrap 5 with the club's blue), contrast AA throughout. */
export const STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
html{font-size:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:#f3f5f8;color:#212529;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
a{color:#0b4f9c}
a:hover,a:focus{color:#0b2d5b}
a:focus-visible{outline:3px solid #7fb2e5;outline-offset:2px}
.site-header{background:#0b2d5b;padding:.6rem 1rem}
.brand{display:inline-flex;align-items:center;gap:.6rem;color:#fff;text-decoration:none;font-weight:600;font-size:1.15rem}
.brand:hover,.brand:focus{color:#fff;text-decoration:underline}
.content{flex:1;display:flex;justify-content:center;align-items:flex-start;padding:2rem 1rem}
.card{width:100%;max-width:26rem;background:#fff;border:1px solid #d5dbe3;border-radius:.5rem;padding:1.5rem;
  box-shadow:0 .125rem .25rem rgba(0,0,0,.075)}
h1{font-size:1.5rem;margin:0 0 1rem;color:#0b2d5b;overflow-wrap:break-word;hyphens:auto}
p{margin:0 0 1rem}
.field{margin-bottom:1rem}
label{display:block;font-weight:600;margin-bottom:.3rem}
input[type=text],input[type=password]{display:block;width:100%;padding:.5rem .75rem;font-size:1rem;
  border:1px solid #8a96a3;border-radius:.375rem;background:#fff;color:#212529}
input:focus{outline:3px solid #7fb2e5;outline-offset:1px;border-color:#0b4f9c}
.hint{font-size:.875rem;color:#4f5b67;margin-top:.25rem}
.button{display:inline-block;width:100%;padding:.6rem 1rem;font-size:1rem;font-weight:600;text-align:center;
  border:0;border-radius:.375rem;background:#0b4f9c;color:#fff;cursor:pointer;text-decoration:none}
.button:hover,.button:focus{background:#0b2d5b;color:#fff}
.button:focus{outline:3px solid #7fb2e5;outline-offset:2px}
.secondary{display:block;margin-top:1rem;text-align:center}
.alert{padding:.75rem 1rem;margin-bottom:1rem;border-radius:.375rem;border:1px solid}
.alert-error{background:#f8d7da;border-color:#f1aeb5;color:#58151c}
.alert-success{background:#d1e7dd;border-color:#a3cfbb;color:#0a3622}
.site-footer{padding:1rem;text-align:center;font-size:.875rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.95rem}
.steps{padding-left:1.25rem;margin:0 0 1rem}
.steps li{margin-bottom:.75rem}
.qr{margin:.5rem 0;width:12rem;max-width:100%}
.qr svg{display:block;width:100%;height:auto}
.secret{display:block;margin-top:.25rem;padding:.4rem .6rem;background:#f3f5f8;border-radius:.25rem;overflow-wrap:anywhere}
.codes{display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:.4rem;list-style:none;padding:0;margin:0 0 1rem}
.codes code{display:block;padding:.3rem .5rem;background:#f3f5f8;border-radius:.25rem;text-align:center}
`;
