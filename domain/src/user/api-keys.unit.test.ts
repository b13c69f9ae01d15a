import { apiKeyMessages, API_KEYS_MAX } from '@walletscreen/contracts';
import { deciderSpec } from '../../testing/decider-spec';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { API_KEY_USE_RECORD_MS } from './api-keys';
import { userDecider, type UserCommand } from './decide';
import type { UserEvent } from './events';
import { evolveUser, initialUserState } from './state';

const given = deciderSpec(userDecider);
const now = '2026-11-24T10:00:00.000Z';
const later = (seconds: number) => new Date(Date.parse(now) + seconds * 1000).toISOString();
const userId = '00000000-0000-8000-8000-000000000001';
const admin = { userId: '00000000-0000-8000-8000-0000000000ad', email: 'admin@ws.example' };
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ana@bank.example', username: 'Bank', passwordHash: 'h1', role: 'user', bonusChecks: 20, at: now },
};
const blocked: UserEvent = { type: 'UserRoleChanged', data: { userId, role: 'blocked', previousRole: 'user', by: admin, reason: 'r', at: now } };
const key = (keyId: string, expiresAt: string | null = null) => ({
  keyId,
  name: `key ${keyId}`,
  prefix: `wsk_${keyId}`,
  keyHash: `hash-${keyId}`,
  scopes: ['screen' as const, 'read' as const],
  expiresAt,
});
const create = (keyId: string, at = now, expiresAt: string | null = null): UserCommand => ({
  type: 'CreateApiKey',
  data: key(keyId, expiresAt),
  metadata: { now: at },
});
const created = (keyId: string, at = now, expiresAt: string | null = null): UserEvent => ({
  type: 'ApiKeyCreated',
  data: { userId, ...key(keyId, expiresAt), at },
});
const use = (keyId: string, at: string): UserCommand => ({
  type: 'RecordApiKeyUse',
  data: { keyId, recentSince: new Date(Date.parse(at) - API_KEY_USE_RECORD_MS).toISOString() },
  metadata: { now: at },
});
const used = (keyId: string, at: string): UserEvent => ({ type: 'ApiKeyUsed', data: { userId, keyId, at } });
const revoke = (keyId: string, at = now): UserCommand => ({
  type: 'RevokeApiKey',
  data: { keyId, by: { userId, email: 'ana@bank.example' } },
  metadata: { now: at },
});

describe('CreateApiKey', () => {
  it('records the key by its hash', () =>
    given([registered])
      .when(create('aaaaaaaaaaaa'))
      .then([created('aaaaaaaaaaaa')]));
  it('is a no-op when the same command is retried', () =>
    given([registered, created('aaaaaaaaaaaa')])
      .when(create('aaaaaaaaaaaa'))
      .then([]));
  it('refuses another key with the id of an existing one', () =>
    given([registered, created('aaaaaaaaaaaa')])
      .when({ type: 'CreateApiKey', data: { ...key('aaaaaaaaaaaa'), keyHash: 'another-hash' }, metadata: { now } })
      .thenThrows(Conflict, 'A key with this id exists'));
  it('refuses an expiry in the past', () =>
    given([registered])
      .when(create('aaaaaaaaaaaa', now, later(-1)))
      .thenThrows(Invalid, apiKeyMessages.expiryPast));
  it('is refused to a blocked user and an unknown one', () => {
    given([registered, blocked]).when(create('aaaaaaaaaaaa')).thenThrows(Forbidden);
    given([]).when(create('aaaaaaaaaaaa')).thenThrows(NotFound);
  });
  it(`refuses a key beyond ${API_KEYS_MAX} active ones, and counts revoked and expired keys out`, () => {
    const full = Array.from({ length: API_KEYS_MAX }, (_, i) => created(i.toString(16).padStart(12, '0')));
    given([registered, ...full])
      .when(create('ffffffffffff'))
      .thenThrows(Conflict, apiKeyMessages.tooMany);
    const oneRevoked: UserEvent = { type: 'ApiKeyRevoked', data: { userId, keyId: '000000000000', by: admin, at: now } };
    given([registered, ...full, oneRevoked])
      .when(create('ffffffffffff'))
      .then([created('ffffffffffff')]);
    const withExpiring = [...full.slice(1), created('eeeeeeeeeeee', now, later(60))];
    given([registered, ...withExpiring])
      .when(create('ffffffffffff', later(61)))
      .then([created('ffffffffffff', later(61))]);
  });
});

describe('RecordApiKeyUse', () => {
  it('records the first use, then at most one a minute', () => {
    given([registered, created('aaaaaaaaaaaa')])
      .when(use('aaaaaaaaaaaa', later(5)))
      .then([used('aaaaaaaaaaaa', later(5))]);
    given([registered, created('aaaaaaaaaaaa'), used('aaaaaaaaaaaa', later(5))])
      .when(use('aaaaaaaaaaaa', later(64)))
      .then([]);
    given([registered, created('aaaaaaaaaaaa'), used('aaaaaaaaaaaa', later(5))])
      .when(use('aaaaaaaaaaaa', later(65)))
      .then([used('aaaaaaaaaaaa', later(65))]);
  });
  it('records nothing for a revoked, expired or unknown key', () => {
    given([registered, created('aaaaaaaaaaaa'), { type: 'ApiKeyRevoked', data: { userId, keyId: 'aaaaaaaaaaaa', by: admin, at: now } }])
      .when(use('aaaaaaaaaaaa', later(5)))
      .then([]);
    given([registered, created('aaaaaaaaaaaa', now, later(10))])
      .when(use('aaaaaaaaaaaa', later(10)))
      .then([]);
    given([registered])
      .when(use('bbbbbbbbbbbb', later(5)))
      .then([]);
    given([])
      .when(use('aaaaaaaaaaaa', later(5)))
      .then([]);
  });
});

describe('RevokeApiKey', () => {
  it('revokes once; a second revocation changes nothing', () => {
    const revoked: UserEvent = { type: 'ApiKeyRevoked', data: { userId, keyId: 'aaaaaaaaaaaa', by: { userId, email: 'ana@bank.example' }, at: now } };
    given([registered, created('aaaaaaaaaaaa')])
      .when(revoke('aaaaaaaaaaaa'))
      .then([revoked]);
    given([registered, created('aaaaaaaaaaaa'), revoked])
      .when(revoke('aaaaaaaaaaaa'))
      .then([]);
  });
  it('refuses an unknown key', () => given([registered]).when(revoke('aaaaaaaaaaaa')).thenThrows(NotFound, apiKeyMessages.notFound));
  it('is refused for an unknown user', () => given([]).when(revoke('aaaaaaaaaaaa')).thenThrows(NotFound));
});

describe('the keys in the user’s state', () => {
  it('keeps each key by its hash, with its last recorded use and its revocation', () => {
    const state = [
      registered,
      created('aaaaaaaaaaaa'),
      used('aaaaaaaaaaaa', later(5)),
      { type: 'ApiKeyRevoked', data: { userId, keyId: 'aaaaaaaaaaaa', by: admin, at: later(9) } } as UserEvent,
    ].reduce(evolveUser, initialUserState);
    expect(state).toMatchObject({
      apiKeys: {
        aaaaaaaaaaaa: { keyId: 'aaaaaaaaaaaa', keyHash: 'hash-aaaaaaaaaaaa', createdAt: now, expiresAt: null, lastUsedAt: later(5), revokedAt: later(9) },
      },
    });
  });
});
