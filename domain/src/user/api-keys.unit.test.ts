import { apiKeyMessages, API_KEYS_MAX } from '@walletscreen/contracts';
import { deciderSpec } from '../../testing/decider-spec';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { API_KEY_USE_RECORD_MS, apiKeyStatus } from './api-keys';
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

describe('a block and the API keys', () => {
  const block = (at = later(10)): UserCommand => ({ type: 'BlockUser', data: { by: admin, reason: 'r' }, metadata: { now: at } });
  const unblock = (at = later(20)): UserCommand => ({ type: 'UnblockUser', data: { by: admin, reason: 'u' }, metadata: { now: at } });
  const reenable = (at = later(30)): UserCommand => ({ type: 'ReenableApiKeys', data: { by: admin }, metadata: { now: at } });
  const roleChanged = (role: 'blocked' | 'user', previousRole: 'blocked' | 'user', reason: string, at: string): UserEvent => ({
    type: 'UserRoleChanged',
    data: { userId, role, previousRole, by: admin, reason, at },
  });
  const suspended = (keyIds: string[], at = later(10)): UserEvent => ({ type: 'ApiKeysSuspended', data: { userId, keyIds, at } });
  const reenabled = (keyIds: string[], at = later(30)): UserEvent => ({ type: 'ApiKeysReenabled', data: { userId, keyIds, by: admin, at } });
  const revokedEvent = (keyId: string, at = now): UserEvent => ({ type: 'ApiKeyRevoked', data: { userId, keyId, by: admin, at } });
  const statuses = (events: UserEvent[], at: string) => {
    const state = events.reduce(evolveUser, initialUserState);
    if (state.status !== 'registered') throw new Error('not registered');
    return Object.fromEntries(Object.values(state.apiKeys ?? {}).map((k) => [k.keyId, apiKeyStatus(k, at)]));
  };
  // Two working keys, one revoked, one expired.
  const keys = [
    created('aaaaaaaaaaaa'),
    created('bbbbbbbbbbbb'),
    created('cccccccccccc'),
    revokedEvent('cccccccccccc'),
    created('dddddddddddd', now, later(5)),
  ];

  it('suspends every key working then, with the block (none working: nothing more)', () => {
    given([registered, ...keys])
      .when(block())
      .then([roleChanged('blocked', 'user', 'r', later(10)), suspended(['aaaaaaaaaaaa', 'bbbbbbbbbbbb'])]);
    given([registered])
      .when(block())
      .then([roleChanged('blocked', 'user', 'r', later(10))]);
  });

  it('keeps them suspended after the unblock, as the sessions the block ended stay ended', () => {
    const history = [registered, ...keys, roleChanged('blocked', 'user', 'r', later(10)), suspended(['aaaaaaaaaaaa', 'bbbbbbbbbbbb'])];
    given(history)
      .when(unblock())
      .then([roleChanged('user', 'blocked', 'u', later(20))]);
    expect(statuses([...history, roleChanged('user', 'blocked', 'u', later(20))], later(21))).toEqual({
      aaaaaaaaaaaa: 'suspended',
      bbbbbbbbbbbb: 'suspended',
      cccccccccccc: 'revoked',
      dddddddddddd: 'expired',
    });
  });

  it('folds a block recorded before keys were suspended with it as it did: its keys work again after that unblock', () => {
    const recorded = [registered, created('aaaaaaaaaaaa'), roleChanged('blocked', 'user', 'r', later(10)), roleChanged('user', 'blocked', 'u', later(20))];
    expect(statuses(recorded, later(21))).toEqual({ aaaaaaaaaaaa: 'active' });
  });

  it('suspends at the unblock a key still working under a block recorded before keys were suspended with it', () =>
    given([registered, created('aaaaaaaaaaaa'), roleChanged('blocked', 'user', 'r', later(10))])
      .when(unblock())
      .then([suspended(['aaaaaaaaaaaa'], later(20)), roleChanged('user', 'blocked', 'u', later(20))]));

  it('suspends them on any change to blocked (ChangeRole) too', () =>
    given([registered, created('aaaaaaaaaaaa')])
      .when({ type: 'ChangeRole', data: { role: 'blocked', by: null, reason: 'system' }, metadata: { now: later(10) } })
      .then([
        { type: 'UserRoleChanged', data: { userId, role: 'blocked', previousRole: 'user', by: null, reason: 'system', at: later(10) } },
        suspended(['aaaaaaaaaaaa']),
      ]));

  const afterUnblock = [
    registered,
    ...keys,
    roleChanged('blocked', 'user', 'r', later(10)),
    suspended(['aaaaaaaaaaaa', 'bbbbbbbbbbbb']),
    roleChanged('user', 'blocked', 'u', later(20)),
  ];

  it('re-enables them at an admin’s word once unblocked, and then they work; again changes nothing', () => {
    given(afterUnblock)
      .when(reenable())
      .then([reenabled(['aaaaaaaaaaaa', 'bbbbbbbbbbbb'])]);
    expect(statuses([...afterUnblock, reenabled(['aaaaaaaaaaaa', 'bbbbbbbbbbbb'])], later(31))).toMatchObject({
      aaaaaaaaaaaa: 'active',
      bbbbbbbbbbbb: 'active',
    });
    given([...afterUnblock, reenabled(['aaaaaaaaaaaa', 'bbbbbbbbbbbb'])])
      .when(reenable())
      .then([]);
  });

  it('refuses to re-enable them while the account is blocked', () =>
    given([registered, ...keys, roleChanged('blocked', 'user', 'r', later(10)), suspended(['aaaaaaaaaaaa', 'bbbbbbbbbbbb'])])
      .when(reenable())
      .thenThrows(Conflict, /unblock it first/));

  it('leaves a key revoked since revoked, and counts no suspended key toward the most an account may have working', () => {
    given([...afterUnblock, revokedEvent('aaaaaaaaaaaa', later(25))])
      .when(reenable())
      .then([reenabled(['bbbbbbbbbbbb'])]);
    // The customer makes new keys beside the suspended ones, up to the most allowed.
    const full = Array.from({ length: API_KEYS_MAX }, (_, i) => created(`e${String(i).padStart(11, '0')}`, later(22)));
    given([...afterUnblock, ...full.slice(0, -1)])
      .when(create(`e${String(API_KEYS_MAX - 1).padStart(11, '0')}`, later(22)))
      .then([full[API_KEYS_MAX - 1]!]);
    // Then re-enabling would pass it: refused, saying why.
    given([...afterUnblock, ...full])
      .when(reenable())
      .thenThrows(Conflict, `The account has ${API_KEYS_MAX} working API keys: re-enabling its 2 suspended ones would pass the ${API_KEYS_MAX} allowed`);
  });

  it('records no use of a suspended key', () =>
    given(afterUnblock)
      .when(use('aaaaaaaaaaaa', later(40)))
      .then([]));
});
