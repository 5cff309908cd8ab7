import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm; its enum is a const enum that this build
 * cannot import, a test checks the hash prefix) with the OWASP baseline: 19 MiB, 2 passes,
 * 1 lane. The parameters travel inside each hash, so raising them later still verifies old ones.
 */
const OPTIONS = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** false for a wrong password and for anything that is not a hash we can read. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password and always fails: used for unknown
 * usernames and accounts without a password, so the answer time gives nothing away.
 */
export async function verifyDummyPassword(plain: string): Promise<false> {
  dummyHash ??= hashPassword('kein-konto-vorhanden');
  await verifyPassword(await dummyHash, plain);
  return false;
}
