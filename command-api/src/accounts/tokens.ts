import jwt from 'jsonwebtoken';
import { createSecretKey, randomUUID } from 'node:crypto';
import { SESSION_MINUTES, type Role } from '@walletscreen/contracts';

export interface SessionClaims {
  sub: string;
  role: Role;
  /** Issued-at in milliseconds: compared with the moment credentials last changed. */
  iat_ms: number;
  /** The session the token belongs to; absent from tokens issued before sessions were recorded. */
  sid?: string;
}

/** HS256 only, 100-minute sessions (spec §9). */
export function createTokenService(secret: string, clock: () => Date = () => new Date()) {
  // A key object, not the string: given a string, jsonwebtoken first tries (and fails) to read it
  // as a public key on every verify, which costs more than the HMAC itself.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    issue(userId: string, role: Role, sessionId?: string): string {
      const now = clock().getTime();
      // `iat` is set from the service's clock; jsonwebtoken counts `exp` from it.
      return jwt.sign({ role, iat_ms: now, iat: Math.floor(now / 1000), ...(sessionId !== undefined ? { sid: sessionId } : {}) }, key, {
        algorithm: 'HS256',
        subject: userId,
        jwtid: randomUUID(),
        expiresIn: SESSION_MINUTES * 60,
        header: { alg: 'HS256', typ: 'JWT' },
      });
    },
    /** The claims of a valid token; `expired` for a token past its expiry; `invalid` otherwise. */
    verify(token: string): SessionClaims | 'expired' | 'invalid' {
      try {
        const claims = jwt.verify(token, key, { algorithms: ['HS256'], clockTimestamp: Math.floor(clock().getTime() / 1000) });
        if (typeof claims === 'string' || typeof claims.sub !== 'string' || typeof claims.iat_ms !== 'number') return 'invalid';
        if (claims.sid !== undefined && typeof claims.sid !== 'string') return 'invalid';
        return { sub: claims.sub, role: claims.role as Role, iat_ms: claims.iat_ms, ...(typeof claims.sid === 'string' ? { sid: claims.sid } : {}) };
      } catch (error) {
        return error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid';
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
