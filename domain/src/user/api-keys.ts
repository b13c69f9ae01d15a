/**
 * API keys on the user's account: created (stored as a hash), used (recorded at most once a
 * minute), revoked; suspended by a block of the account (as its sessions end), and re-enabled by an
 * admin once it is unblocked. Pure deciders over the user's state, called from decideUser; the
 * key's id, hash and the time come in with the command.
 */
import { accountMessages, adminMessages, apiKeyMessages, API_KEYS_MAX, type ApiKey } from '@walletscreen/contracts';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import type { Actor, ApiKeyCreatedData, UserEvent } from './events';
import type { RegisteredUser, StoredApiKey, UserState } from './state';

/** A use is recorded at most once in this many milliseconds per key. */
export const API_KEY_USE_RECORD_MS = 60_000;

function registered(state: UserState): RegisteredUser {
  if (state.status !== 'registered') throw new NotFound('no such user');
  return state;
}

export function apiKeyStatus(key: StoredApiKey, now: string): ApiKey['status'] {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt !== null && key.expiresAt <= now) return 'expired';
  if (key.suspendedAt) return 'suspended';
  return 'active';
}

/** The user's keys in this status at `at`, by key id. */
const keysIn = (user: RegisteredUser, status: ApiKey['status'], at: string) =>
  Object.values(user.apiKeys ?? {})
    .filter((k) => apiKeyStatus(k, at) === status)
    .map((k) => k.keyId)
    .sort();

/**
 * What a block does to the account's keys, as it ends its sessions: every key working at `at` is
 * suspended (nothing when none is). Called with the block, and with an unblock (a key still working
 * then was under a block recorded before keys were suspended with it).
 */
export function suspendWorkingApiKeys(user: RegisteredUser, at: string): UserEvent[] {
  const keyIds = keysIn(user, 'active', at);
  return keyIds.length > 0 ? [{ type: 'ApiKeysSuspended', data: { userId: user.userId, keyIds, at } }] : [];
}

/** The keys a block suspended that are not re-enabled or revoked since (one expired since included: it is counted until then). */
export const suspendedApiKeys = (user: RegisteredUser): StoredApiKey[] => Object.values(user.apiKeys ?? {}).filter((k) => k.suspendedAt && !k.revokedAt);

/**
 * An admin re-enables the keys a block suspended, once the account is unblocked (nothing when there
 * are none; one expired since stays expired), within the most keys an account may have working.
 */
export function decideReenableApiKeys(data: { by: Actor }, state: UserState, at: string): UserEvent[] {
  if (state.status !== 'registered') throw new NotFound(adminMessages.customerNotFound);
  if (state.role === 'blocked') throw new Conflict(adminMessages.apiKeysReenableWhileBlocked);
  const suspended = suspendedApiKeys(state);
  if (suspended.length === 0) return [];
  const working = keysIn(state, 'active', at).length;
  const reviving = suspended.filter((k) => apiKeyStatus(k, at) === 'suspended').length;
  if (working + reviving > API_KEYS_MAX) throw new Conflict(adminMessages.apiKeysReenableTooMany(working, reviving, API_KEYS_MAX));
  const keyIds = suspended.map((k) => k.keyId).sort();
  return [{ type: 'ApiKeysReenabled', data: { userId: state.userId, keyIds, by: data.by, at } }];
}

export function decideCreateApiKey(data: Omit<ApiKeyCreatedData, 'userId' | 'at'>, state: UserState, at: string): UserEvent[] {
  const user = registered(state);
  if (user.role === 'blocked') throw new Forbidden(accountMessages.blocked);
  const existing = user.apiKeys?.[data.keyId];
  if (existing) {
    // The same command retried: nothing new. Another key with this id: refused.
    if (existing.keyHash === data.keyHash) return [];
    throw new Conflict('A key with this id exists');
  }
  if (data.expiresAt !== null && data.expiresAt <= at) throw new Invalid(apiKeyMessages.expiryPast, { expires_at: apiKeyMessages.expiryPast });
  const active = Object.values(user.apiKeys ?? {}).filter((k) => apiKeyStatus(k, at) === 'active').length;
  if (active >= API_KEYS_MAX) throw new Conflict(apiKeyMessages.tooMany);
  return [{ type: 'ApiKeyCreated', data: { userId: user.userId, ...data, at } }];
}

export function decideRevokeApiKey(data: { keyId: string; by: Actor }, state: UserState, at: string): UserEvent[] {
  const user = registered(state);
  const key = user.apiKeys?.[data.keyId];
  if (!key) throw new NotFound(apiKeyMessages.notFound);
  if (key.revokedAt) return [];
  return [{ type: 'ApiKeyRevoked', data: { userId: user.userId, keyId: key.keyId, by: data.by, at } }];
}

/**
 * Records a use unless one was recorded in the last minute (or the key is no longer active).
 * `recentSince`: the moment API_KEY_USE_RECORD_MS before the command's, given with it (a use
 * recorded after it is recent).
 */
export function decideRecordApiKeyUse(data: { keyId: string; recentSince: string }, state: UserState, at: string): UserEvent[] {
  if (state.status !== 'registered') return [];
  const key = state.apiKeys?.[data.keyId];
  if (!key || apiKeyStatus(key, at) !== 'active') return [];
  if (key.lastUsedAt !== null && key.lastUsedAt > data.recentSince) return [];
  return [{ type: 'ApiKeyUsed', data: { userId: state.userId, keyId: key.keyId, at } }];
}

/** The key as the API shows it (never its hash). */
export function apiKeyView(key: StoredApiKey, now: string): ApiKey {
  return {
    id: key.keyId,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    created_at: key.createdAt,
    last_used_at: key.lastUsedAt,
    expires_at: key.expiresAt,
    revoked_at: key.revokedAt,
    suspended_at: key.suspendedAt,
    status: apiKeyStatus(key, now),
  };
}
