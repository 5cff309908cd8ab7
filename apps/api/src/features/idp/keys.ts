import { createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { DbOrTx } from '../../lib/ctx.ts';
import { findAppSecret, insertAppSecretIfAbsent } from './idp.repository.ts';

const SIGNING_KEYS = 'oidc-signing-keys';

/**
 * The provider's RS256 signing keys: generated once and kept in table app_secrets, so
 * every instance and every restart signs with the same key. When several instances start
 * at once, the first insert wins and all read that one back.
 */
export async function loadSigningKeys(db: DbOrTx): Promise<JWK[]> {
  const existing = await readKeys(db);
  if (existing) return existing;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  await insertAppSecretIfAbsent(db, SIGNING_KEYS, { keys: [jwk] });
  const stored = await readKeys(db);
  if (!stored) throw new Error('OIDC signing keys could not be stored');
  return stored;
}

async function readKeys(db: DbOrTx): Promise<JWK[] | null> {
  const value = await findAppSecret(db, SIGNING_KEYS);
  const keys = (value as { keys?: JWK[] } | undefined)?.keys;
  return keys?.length ? keys : null;
}

/**
 * A secret for one purpose derived from SESSION_SECRET (HMAC-SHA256 with a label), so
 * one configured secret yields independent keys for cookies, the client secret, etc.
 */
export function deriveSecret(sessionSecret: string, purpose: string): string {
  return createHmac('sha256', sessionSecret).update(`club-site:${purpose}`).digest('base64url');
}
