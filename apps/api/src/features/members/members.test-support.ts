/** Shared pieces of the member API tests (not a test file itself). */
import { expect } from 'vitest';

/** A field message a member can read: German with the field's label first, not zod's English default. */
export function expectGerman(message: unknown): void {
  expect(message).toEqual(expect.any(String));
  expect(message).not.toMatch(/Invalid|expected|Too (big|small)|Required/);
  expect(message).toMatch(/^[A-ZÄÖÜ][\wäöüÄÖÜ -]*: /);
}

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read whatever the API answered
  body: any;
}

/** One JSON call to the site; `cookie` from loginAs, `raw` sends a body as is. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { cookie?: string | undefined; body?: unknown; raw?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.cookie) headers.cookie = options.cookie;
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body };
}

/** Inputs an attacker might try in a text field. */
export const HOSTILE_TEXTS = [
  "'; DROP TABLE members; --",
  "x' OR '1'='1",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
] as const;

export const validAddress = {
  street: 'Hardturmstrasse',
  houseNumber: '12a',
  addressLine2: 'c/o Muster',
  postalCode: '8005',
  city: 'Zürich',
  country: 'CH',
};
