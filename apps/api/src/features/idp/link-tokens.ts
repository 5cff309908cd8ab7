import { createHash, randomBytes } from 'node:crypto';

/** The page where a member asks for a forgotten-password link. */
export const FORGOT_PASSWORD_PATH = '/idp/password/forgot';

/**
 * The secret of a mailed link (invitation, forgotten password): 256 random bits. Only its
 * sha256 is stored; a token that cannot be guessed needs no slow hash.
 */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
