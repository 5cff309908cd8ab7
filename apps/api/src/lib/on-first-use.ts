import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded when it is first needed, not when the process starts. For the large ones
 * that only a few requests use (Excel and PDF writers, the fonts' engine, the bank files'
 * XML parser, the password dictionaries, the phone metadata of the member import, the QR code of
 * the second factor's enrolment, the SMTP client): loaded at start, each one's code and data stayed in
 * every process's memory for its whole life, whether it ever wrote a file or not
 * (docs/decisions.md, «Memory of a server process»). Loaded synchronously (CommonJS), so the
 * functions that use them keep their signatures.
 */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
