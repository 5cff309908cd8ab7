import { hkdfSync } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * The member card's token: a JWT (HS256, `typ` club-card+jwt) over the member number (`sub`) and
 * the season (`season`), valid until the season ends (`exp`). No other personal data: whoever
 * reads the QR code learns a member number. The key is derived from SESSION_SECRET for this one
 * purpose (HKDF-SHA256), so a changed SESSION_SECRET makes every card invalid.
 */

const TYPE = 'club-card+jwt';

export type CardKey = Uint8Array;

export function cardKeyOf(sessionSecret: string): CardKey {
  return new Uint8Array(hkdfSync('sha256', sessionSecret, 'club-site', 'member-card', 32));
}

/** The same member, season and end give the same token (no issue time): a printed card stays valid. */
export function signCard(key: CardKey, card: { memberNumber: number; season: string; expiresAt: Date }): Promise<string> {
  return new SignJWT({ season: card.season })
    .setProtectedHeader({ alg: 'HS256', typ: TYPE })
    .setSubject(String(card.memberNumber))
    .setExpirationTime(Math.floor(card.expiresAt.getTime() / 1000))
    .sign(key);
}

export type CardCheck = { ok: true; memberNumber: number; season: string; expiresAt: Date } | { ok: false; reason: 'EXPIRED' | 'INVALID' };

/** Checks signature, type, algorithm and expiry at `now`; anything else about the token is refused as invalid. */
export async function verifyCard(key: CardKey, token: string, now: Date): Promise<CardCheck> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      typ: TYPE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'season'],
      clockTolerance: 0,
    });
    const memberNumber = Number(payload.sub);
    if (!Number.isSafeInteger(memberNumber) || memberNumber <= 0 || typeof payload.season !== 'string')
      return { ok: false, reason: 'INVALID' };
    return { ok: true, memberNumber, season: payload.season, expiresAt: new Date(payload.exp! * 1000) };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'EXPIRED' };
    if (error instanceof errors.JOSEError || error instanceof TypeError) return { ok: false, reason: 'INVALID' };
    throw error;
  }
}
