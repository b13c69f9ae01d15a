/**
 * The public API's authentication: an API key in `X-API-Key`, `Authorization: Bearer <key>` or, as
 * TRM's clients send it, HTTP Basic with the key as user name. The key's scope is checked, then its
 * rate limit (429 with Retry-After and the IETF RateLimit headers), then the use is recorded.
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

/** The key a request presents, or undefined. */
export function presentedKey(headers: { 'x-api-key'?: string | string[]; authorization?: string }): string | undefined {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const authorization = headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization);
  if (basic) {
    const [user, password] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
    if (user && looksLikeApiKey(user)) return user;
    if (password && looksLikeApiKey(password)) return password;
  }
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

export function requireApiKey(deps: { auth: ApiKeyAuthenticator; limiter: RateLimiter }, scope: ApiKeyScope): RequestHandler {
  return (req, res, next) => {
    void (async () => {
      const presented = presentedKey(req.headers);
      if (!presented) throw new Unauthorized(apiKeyMessages.missingKey);
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
export function apiKeyAuth(deps: { auth: ApiKeyAuthenticator; limiter: RateLimiter }): AuthMiddleware {
  return (kind) => {
    const scope = typeof kind === 'object' ? apiKeyScopes.find((s) => s === kind.apiKey) : undefined;
    if (!scope)
      throw new Error(`apiKeyAuth checks API key scopes (${apiKeyScopes.join(', ')}), not ${JSON.stringify(kind)}: give the group the session middleware`);
    return requireApiKey(deps, scope);
  };
}
