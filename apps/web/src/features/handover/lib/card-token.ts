import { decodeJwt } from 'jose';

/**
 * The member number a scanned card names, read without checking the signature (the server
 * checks it): the list can jump to the member at once, also while the network is slow.
 * null for anything that is not a member card's token.
 */
export function memberNumberOf(token: string): number | null {
  try {
    const claims = decodeJwt(token);
    const n = Number(claims.sub);
    return typeof claims.season === 'string' && Number.isSafeInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}
