import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type TestContext } from 'vitest';
import type { ReceivedMail } from './smtp.ts';

/** The script that reads a mail with Python's standard `email` package (no other module needed). */
const SCRIPT = fileURLToPath(new URL('./read_mail.py', import.meta.url));

export interface PythonAddress {
  /** The display name, decoded (umlauts as text); '' when there is none. */
  name: string;
  address: string;
}

/** A node of the MIME tree as Python sees it. */
export interface PythonPart {
  contentType: string;
  charset?: string;
  transferEncoding?: string;
  disposition?: string;
  filename?: string;
  parts?: PythonPart[];
}

export interface PythonAttachment {
  /** The file name as Python decodes it (RFC 2231 or encoded words). */
  filename: string | null;
  contentType: string;
  disposition: string | null;
  /** Bytes of the decoded payload. */
  size: number;
  /** sha256 of the decoded payload, hex. */
  sha256: string;
  /** The first 8 bytes of the decoded payload, one character per byte (e.g. `%PDF-1.3`). */
  head: string;
  /** The decoded payload, only when asked for (`readWithPythonEmail(raw, { content: true })`). */
  content?: Buffer;
}

type HeaderKey = 'subject' | 'from' | 'to' | 'replyTo' | 'date' | 'messageId' | 'mimeVersion' | 'contentType';

/** What `email.message_from_bytes(raw, policy=email.policy.default)` makes of a mail. */
export interface PythonMail {
  /** The headers decoded (encoded words undone, folding removed); null when absent. */
  headers: Record<HeaderKey, string | null>;
  /** How often each of those headers occurs. */
  headerCounts: Record<HeaderKey, number>;
  /** The Date header read by `email.utils.parsedate_to_datetime`, ISO 8601; null when absent or unreadable. */
  date: string | null;
  dateError: string | null;
  /** The addresses read by `email.utils.getaddresses`. */
  from: PythonAddress[];
  to: PythonAddress[];
  replyTo: PythonAddress[];
  /** Every defect Python noted, of the message, of each part and of each header; [] for a well-formed mail. */
  defects: { part: string; defect: string }[];
  structure: PythonPart;
  /** The text/plain body (`get_content()`, CRLF made \n), null when there is none. */
  text: string | null;
  /** The text/html body (`get_content()`, CRLF made \n), null when there is none. */
  html: string | null;
  attachments: PythonAttachment[];
}

let availability: string | null | undefined;

/** Why Python's email package cannot be used here (python3 missing or too old); null when it can. */
export function pythonEmailUnavailable(): string | null {
  if (availability !== undefined) return availability;
  const run = spawnSync('python3', ['-c', 'import sys, email.policy, email.utils; sys.exit(0 if sys.version_info >= (3, 8) else 3)'], {
    encoding: 'utf8',
  });
  if (run.error)
    availability = `python3 is not installed or not on PATH (${(run.error as NodeJS.ErrnoException).code ?? run.error.message})`;
  else if (run.status === 3) availability = 'python3 is older than 3.8';
  else if (run.status !== 0) availability = `python3 cannot load the email package: ${run.stderr.trim()}`;
  else availability = null;
  return availability;
}

/**
 * For a test that reads mails with Python: without python3 it fails under CI (CI=true) and is
 * reported as skipped, with the reason, elsewhere. Call it before the first read, after the
 * assertions that do not need Python.
 */
export function needPythonEmail(ctx: TestContext): void {
  const missing = pythonEmailUnavailable();
  if (!missing) return;
  if (process.env.CI === 'true') throw new Error(`CI needs Python's email package to read the mails: ${missing}`);
  ctx.skip(`not checked with Python's email package: ${missing}`);
}

/**
 * Reads a raw mail with Python's standard `email` package (python3 and read_mail.py, the mail on
 * stdin). `content`: the attachments also carry their decoded payload.
 */
export function readWithPythonEmail(raw: string | Buffer, options: { content?: boolean } = {}): PythonMail {
  const missing = pythonEmailUnavailable();
  if (missing) throw new Error(`cannot read the mail with Python's email package: ${missing}`);
  const input = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
  const run = spawnSync('python3', [SCRIPT, ...(options.content ? ['--content'] : [])], {
    input,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 30_000,
  });
  if (run.error) throw new Error(`python3 ${SCRIPT} did not run: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`python3 ${SCRIPT} failed (exit ${run.status}): ${run.stderr.toString('utf8')}`);
  const read = JSON.parse(run.stdout.toString('utf8')) as PythonMail;
  // Text travels with CRLF line breaks (MIME's canonical form); the tests compare with \n.
  if (read.text !== null) read.text = read.text.replace(/\r\n/g, '\n');
  if (read.html !== null) read.html = read.html.replace(/\r\n/g, '\n');
  for (const a of read.attachments as (PythonAttachment & { content?: unknown })[])
    if (typeof a.content === 'string') a.content = Buffer.from(a.content, 'base64');
  return read;
}

/** Every part of the tree, depth first, the root included. */
export function partsOf(part: PythonPart): PythonPart[] {
  return [part, ...(part.parts ?? []).flatMap(partsOf)];
}

/** An HTML tag as written in markup (`<p>`, `</a>`, `<br/>`, `<a href="…">`); an address in angle brackets is none. */
const HTML_TAG = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i;

/**
 * Reads a mail with Python's email package and asserts what every mail of the site must be: no
 * defect anywhere, MIME-Version 1.0, a Date that parses and is within a day of now, a Message-ID,
 * a From with a domain, a non-empty Subject (the same text as our parser's when a received mail is
 * given), a text/plain alternative to any text/html part, and no HTML tags in the text/plain part.
 * Returns what Python read, for the assertions of the test.
 */
export function expectWellFormedMail(mail: ReceivedMail | string | Buffer): PythonMail {
  const raw = typeof mail === 'string' || Buffer.isBuffer(mail) ? mail : mail.raw;
  const py = readWithPythonEmail(raw);
  expect(py.defects, "defects Python's email package found").toEqual([]);
  for (const key of ['subject', 'from', 'to', 'date', 'messageId', 'mimeVersion'] as const)
    expect(py.headerCounts[key], `${key} header once`).toBe(1);
  expect(py.headers.mimeVersion).toBe('1.0');

  expect(py.dateError, 'Date header parses').toBeNull();
  expect(py.date, 'Date header parses').not.toBeNull();
  const date = Date.parse(py.date!);
  expect(Math.abs(date - Date.now()), `Date ${py.headers.date} within a day of now`).toBeLessThan(24 * 3600 * 1000);

  expect(py.headers.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
  expect(py.from, 'one From address').toHaveLength(1);
  expect(py.from[0]!.address).toMatch(/^[^@\s]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i);
  expect(py.to.length, 'a To address').toBeGreaterThan(0);
  for (const a of [...py.to, ...py.replyTo]) expect(a.address).toMatch(/^[^@\s]+@[^@\s]+$/);

  expect(py.headers.subject?.trim(), 'a Subject').toBeTruthy();
  if (typeof mail !== 'string' && !Buffer.isBuffer(mail)) expect(py.headers.subject, 'Subject as our parser reads it').toBe(mail.subject);

  const parts = partsOf(py.structure);
  const leaves = parts.filter((p) => !p.parts);
  const html = leaves.filter((p) => p.contentType === 'text/html' && p.disposition !== 'attachment');
  if (html.length > 0) {
    const alternative = parts.find((p) => p.contentType === 'multipart/alternative');
    expect(alternative, 'HTML comes in a multipart/alternative').toBeDefined();
    expect(alternative!.parts!.map((p) => p.contentType)).toEqual(['text/plain', 'text/html']);
    expect(py.html, 'the HTML part decodes').not.toBeNull();
  }
  expect(py.text, 'a text/plain part').not.toBeNull();
  expect(py.text!.trim()).not.toBe('');
  expect(HTML_TAG.exec(py.text!)?.[0], 'an HTML tag in the text/plain part').toBeUndefined();
  for (const p of leaves.filter((l) => l.contentType.startsWith('text/')))
    expect(p.charset, `${p.contentType} has a charset`).toBeDefined();
  return py;
}

/** The web links of a text, in order (a full stop or comma after one is the sentence's). */
export function linksOf(text: string): string[] {
  return (text.match(/https?:\/\/[^\s<>"')]+/g) ?? []).map((link) => link.replace(/[.,;:!?]+$/, ''));
}

/** The links of the HTML part's anchors (`href`), entities undone. */
export function hrefsOf(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/**
 * The web links of the text/plain part; when there is a text/html part too, asserts that its
 * anchors lead to the same links (a reader of either part follows the same link).
 */
export function expectSameLinks(py: PythonMail): string[] {
  const links = linksOf(py.text ?? '');
  if (py.html !== null) {
    const hrefs = hrefsOf(py.html).filter((h) => /^https?:/.test(h));
    expect([...new Set(hrefs)].sort(), 'links of the HTML part').toEqual([...new Set(links)].sort());
  }
  return links;
}
