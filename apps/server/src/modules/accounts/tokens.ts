import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { Code } from '@mall/shared';
import { AppError } from '../../lib/errors.ts';

export interface AccessClaims {
  memberId: string;
  sessionId: string;
}

const ISSUER = 'buyer-mall';

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.memberId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    // Rounded up: the token lives at least ttlSeconds (floor could cut almost a second off).
    .setExpirationTime(Math.ceil(Date.now() / 1000) + ttlSeconds)
    .sign(key);
}

/**
 * Tokens this process has verified, per key: a signed token's claims never change, so its signature
 * (an HMAC through WebCrypto, a noticeable share of a small request's CPU) is checked once; its expiry
 * is compared on every use, and the caller still reads the session every time (a revoked session or a
 * disabled member is refused at once). Emptied when full.
 */
const verifiedByKey = new WeakMap<Uint8Array, Map<string, AccessClaims & { exp: number }>>();
const VERIFIED_MAX = 10_000;

/** Expired → 104 (refresh and replay); anything else wrong → 105 (sign in again). */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims> {
  let verified = verifiedByKey.get(key);
  if (!verified) verifiedByKey.set(key, (verified = new Map()));
  const known = verified.get(token);
  if (known) {
    // As jose decides it: expired once its second has come.
    if (known.exp > Math.floor(Date.now() / 1000)) return { memberId: known.memberId, sessionId: known.sessionId };
    verified.delete(token);
    throw new AppError(Code.ACCESS_TOKEN_EXPIRED);
  }
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
      throw new Error('claims');
    }
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(token, { memberId: payload.sub, sessionId: payload.sid, exp: payload.exp });
    return { memberId: payload.sub, sessionId: payload.sid };
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new AppError(Code.ACCESS_TOKEN_EXPIRED);
    throw new AppError(Code.SESSION_OVER);
  }
}

/** 256 random bits; only its hash is stored. */
export function newRefreshToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
