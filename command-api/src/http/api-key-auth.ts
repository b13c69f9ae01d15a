/**
 * The public API's authentication: an API key in `X-API-Key`, `Authorization: Bearer <key>` or, as
 * TRM's clients send it, HTTP Basic with the key as user name (or password), base64-encoded as
 * RFC 7617 says or, as some clients send it, the key itself after `Basic`. The key's scope is
 * checked, then its rate limit (429 with Retry-After and the IETF RateLimit headers), then the use
 * is recorded. Routes that allow it (the sanctions drop-ins) take callers without any credential
 * when the operator opened them, counted per client address by their own limit; a credential that
 * is sent but refused is always a 401, never an anonymous answer.
 */
import type { RequestHandler, Response } from 'express';
import { apiKeyMessages, apiKeyScopes, type ApiKeyScope } from '@walletscreen/contracts';
import type { RateLimiter } from '@walletscreen/platform/rate-limit/rate-limiter';
import type { AuthenticatedUser } from './auth';
import type { AuthMiddleware } from './route';
import { Forbidden, TooManyRequests, Unauthorized } from '@walletscreen/domain/errors';

/** What the middleware needs of a key. */
export interface PresentedApiKey {
  keyId: string;
  scopes: readonly ApiKeyScope[];
}

/** Whether a credential looks like one of our API keys (`wsk_…`), so a session token is not mistaken for one. */
export const looksLikeApiKey = (text: string) => text.startsWith('wsk_');

export interface ApiKeyAuthenticator {
  authenticateApiKey(key: string): Promise<{ user: AuthenticatedUser; key: PresentedApiKey }>;
  recordApiKeyUse(userId: string, keyId: string): void;
}

type CredentialHeaders = { 'x-api-key'?: string | string[]; authorization?: string };

/** Whether the request sends any credential at all (a key header or an Authorization header, even an empty one). */
export const sendsCredential = (headers: CredentialHeaders) => headers['x-api-key'] !== undefined || headers.authorization !== undefined;

/** The key a request presents, or undefined. */
export function presentedKey(headers: CredentialHeaders): string | undefined {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const authorization = headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(authorization);
  if (!basic) return undefined;
  // The key itself after `Basic`, unencoded (as user name, alone or followed by `:` and anything).
  const [rawUser] = basic[1]!.split(':');
  if (rawUser && looksLikeApiKey(rawUser)) return rawUser;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(basic[1]!)) return undefined;
  const [user, password] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
  if (user && looksLikeApiKey(user)) return user;
  if (password && looksLikeApiKey(password)) return password;
  return undefined;
}

/** The key that authenticated the request (set by requireApiKey). */
export function currentApiKey(res: Response): PresentedApiKey {
  const key = res.locals.apiKey as PresentedApiKey | undefined;
  if (!key) throw new Error('route is missing the API key middleware');
  return key;
}

/** Sets the RateLimit-Policy and RateLimit headers (draft-ietf-httpapi-ratelimit-headers). */
function rateLimitHeaders(res: Response, limiter: RateLimiter, outcome: { remaining: number; resetMs: number }) {
  const { name, limit, windowSeconds } = limiter.policy;
  res.setHeader('RateLimit-Policy', `"${name}";q=${limit};w=${windowSeconds}`);
  res.setHeader('RateLimit', `"${name}";r=${outcome.remaining};t=${Math.max(0, Math.ceil(outcome.resetMs / 1000))}`);
}

export interface ApiKeyAuthDeps {
  auth: ApiKeyAuthenticator;
  limiter: RateLimiter;
  /** Present when the operator opened the routes that allow it to callers without a key: their limit, per client address. */
  anonymousLimiter?: RateLimiter;
}

export function requireApiKey(deps: ApiKeyAuthDeps, scope: ApiKeyScope, options: { anonymous?: true } = {}): RequestHandler {
  return (req, res, next) => {
    void (async () => {
      if (options.anonymous && deps.anonymousLimiter && !sendsCredential(req.headers)) {
        const outcome = await deps.anonymousLimiter.consume(req.ip ?? 'unknown');
        rateLimitHeaders(res, deps.anonymousLimiter, outcome);
        if (!outcome.allowed) throw new TooManyRequests(apiKeyMessages.anonymousRateLimited, Math.max(1, Math.ceil(outcome.resetMs / 1000)));
        return;
      }
      const presented = presentedKey(req.headers);
      if (!presented) throw new Unauthorized(sendsCredential(req.headers) ? apiKeyMessages.unreadableCredential : apiKeyMessages.missingKey);
      if (!looksLikeApiKey(presented)) throw new Unauthorized(apiKeyMessages.invalidKey);
      const { user, key } = await deps.auth.authenticateApiKey(presented);
      if (!key.scopes.includes(scope)) throw new Forbidden(apiKeyMessages.missingScope(scope));
      const outcome = await deps.limiter.consume(key.keyId);
      rateLimitHeaders(res, deps.limiter, outcome);
      if (!outcome.allowed) throw new TooManyRequests(apiKeyMessages.rateLimited, Math.max(1, Math.ceil(outcome.resetMs / 1000)));
      res.locals.user = { userId: user.userId, email: user.email, role: user.role } satisfies AuthenticatedUser;
      res.locals.apiKey = key;
      deps.auth.recordApiKeyUse(user.userId, key.keyId);
    })().then(() => next(), next);
  };
}

/** The authentication of routes declared with `auth: { apiKey: scope }` (a group's `MountOptions.auth`). */
export function apiKeyAuth(deps: ApiKeyAuthDeps): AuthMiddleware {
  return (kind) => {
    const scope = typeof kind === 'object' ? apiKeyScopes.find((s) => s === kind.apiKey) : undefined;
    if (!scope)
      throw new Error(`apiKeyAuth checks API key scopes (${apiKeyScopes.join(', ')}), not ${JSON.stringify(kind)}: give the group the session middleware`);
    return requireApiKey(deps, scope, typeof kind === 'object' && kind.anonymous ? { anonymous: true } : {});
  };
}
