/**
 * API keys: what a customer creates on the API keys screen (or POST /api/keys) to call the public
 * API from their own systems. Keys are shown once, stored hashed.
 */
import { z } from 'zod';
import { NOT_BLANK } from '../common/text';

export const apiKeyScopes = ['screen', 'read', 'monitor'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyScopeDescriptions: Record<ApiKeyScope, string> = {
  screen: 'Screen addresses (charges checks) and use the free sanctions endpoints',
  read: 'Read screenings, their reports and history',
  monitor: 'Manage the watchlist, alerts and webhooks',
};

/** Active keys a user may hold at once. */
export const API_KEYS_MAX = 20;
export const API_KEY_NAME_MAX = 100;

export const apiKeyMessages = {
  nameRequired: 'Give the key a name',
  nameTooLong: `A key name may have at most ${API_KEY_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: `Scopes are ${apiKeyScopes.join(', ')}`,
  expiryInvalid: 'Expiry must be a date and time (ISO 8601)',
  expiryPast: 'Expiry must be in the future',
  tooMany: `You already have ${API_KEYS_MAX} active keys. Revoke one you no longer use first.`,
  notFound: 'No such API key',
  missingKey: 'Send an API key in the X-API-Key header (or Authorization: Bearer <key>)',
  /** A credential was sent in a form that carries no API key: refused, never answered as if anonymous. */
  unreadableCredential:
    'No API key could be read from the credentials sent: send the key in X-API-Key, as Authorization: Bearer <key>, or as the HTTP Basic user name',
  invalidKey: 'This API key is not valid',
  revoked: 'This API key was revoked',
  expired: 'This API key has expired',
  suspended: 'This API key was suspended when your account was blocked, and stays so: ask an admin to re-enable it, or create a new key on the API keys page.',
  missingScope: (scope: ApiKeyScope) => `This API key lacks the "${scope}" scope`,
  rateLimited: 'Too many requests for this API key. Wait and retry (see Retry-After).',
  anonymousRateLimited: 'Too many requests without an API key from this address. Wait and retry (see Retry-After), or send an API key.',
} as const;

export const createApiKeyRequestSchema = z.object({
  name: z
    .string({ error: apiKeyMessages.nameRequired })
    .regex(NOT_BLANK, { error: apiKeyMessages.nameRequired })
    .trim()
    .min(1, { error: apiKeyMessages.nameRequired })
    .max(API_KEY_NAME_MAX, { error: apiKeyMessages.nameTooLong }),
  scopes: z
    .array(z.enum(apiKeyScopes, { error: apiKeyMessages.scopeUnknown }), { error: apiKeyMessages.scopesRequired })
    .min(1, { error: apiKeyMessages.scopesRequired })
    .transform((scopes) => apiKeyScopes.filter((s) => scopes.includes(s)))
    .optional()
    .meta({ description: 'Default: all scopes' }),
  expires_at: z.iso.datetime({ offset: true, error: apiKeyMessages.expiryInvalid }).nullable().optional().meta({ description: 'Default: never expires' }),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** `suspended`: a block of the account ended its use; it stays so after an unblock until an admin re-enables it. */
export const apiKeyStatuses = ['active', 'suspended', 'expired', 'revoked'] as const;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the rest is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** When a block of the account suspended it (null: not suspended, or re-enabled since). */
  suspended_at: z.string().nullable(),
  status: z.enum(apiKeyStatuses),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyResponseSchema = apiKeySchema.extend({
  /** The whole key: shown this once. */
  key: z.string(),
});
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
