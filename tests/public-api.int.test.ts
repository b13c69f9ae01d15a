/**
 * API keys and the public API on the embedded server: keys created, listed, scoped, revoked and
 * stopped by a block; per-key rate limits; screenings charged once per Idempotency-Key; the PDF;
 * and the drop-in sanctions endpoints in the shapes Chainalysis' and TRM's free APIs answer.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminMessages, apiKeyMessages, type ApiKey, type CreateApiKeyResponse } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { apiClient } from './support/api-client';
import { ADMIN, expectAppendsNothing, startTestServer, type TestServer } from './support/server';

const SANCTIONED = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
// The same listed address in OFAC's lower-case form of an EVM address, for cross-case matching.
const SANCTIONED_EVM = '0x1da5821544e25c636c1417ba96ade4cf6d2f9b5a';
const CLEAN_EVM = '0x52908400098527886E0F7030069857D2E4169EE7';
let replay: ReplayServer;
let server: TestServer;
let token: string;
let admin: string;
const user = { email: 'integrations@exchange.example', password: 'Integrations-Passphrase-1', username: 'Exchange' };

async function signUp(email: string) {
  const body = { email, password: 'Another-Passphrase-1', username: email.split('@')[0]! };
  await server.api('POST', '/api/auth/register', { body });
  return (await server.api<{ token: string }>('POST', '/api/auth/login', { body })).body.token;
}

async function loadSanctionsList() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  const csv = path.join(dir, 'sdn.csv');
  writeFileSync(
    csv,
    `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${SANCTIONED}; Digital Currency Address - ETH ${SANCTIONED_EVM}."\n`,
  );
  await runSanctionsSync({ eventStore: server.eventStore, file: csv, clock: () => new Date(), logger: createLogger({ level: 'silent' }) });
}

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
  });
  await server.api('POST', '/api/auth/register', { body: user });
  token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
  admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
}, 60_000);
afterAll(async () => {
  await server.destroy();
  await replay.close();
});

const createKey = (body: Record<string, unknown>, as = token) =>
  server.api<CreateApiKeyResponse & { errors?: Record<string, string> }>('POST', '/api/keys', { token: as, body });
const listKeys = async (as = token) => (await server.api<{ items: ApiKey[] }>('GET', '/api/keys', { token: as })).body.items;
const withKey = (key: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  server.api<Record<string, unknown>>(method, url, { ...(body !== undefined ? { body } : {}), headers: { 'X-API-Key': key, ...headers } });
const checksLeft = async (as = token) => (await server.api<{ checks_left: number }>('GET', '/api/profile', { token: as })).body.checks_left;
const streamLength = async () => (await server.eventStore.readStream(`user-${userIdForEmail(user.email)}`)).length;

describe('API keys', () => {
  it('creates a key shown once, lists it by prefix without the key or its hash, and records the creation (hash redacted) in the audit log', async () => {
    const created = await createKey({ name: 'Deposits screening', scopes: ['read', 'screen'] });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^wsk_[0-9a-f]{12}_[A-Za-z0-9_-]{54}$/);
    expect(created.body).toMatchObject({
      name: 'Deposits screening',
      scopes: ['screen', 'read'],
      status: 'active',
      last_used_at: null,
      expires_at: null,
      revoked_at: null,
    });
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);

    const listed = await listKeys();
    expect(listed.find((k) => k.id === created.body.id)).toEqual({ ...created.body, key: undefined, created_at: created.body.created_at });
    expect(JSON.stringify(listed)).not.toContain(created.body.key);

    const stream = await server.eventStore.readStream(`user-${userIdForEmail(user.email)}`);
    const event = stream.find((e) => e.type === 'ApiKeyCreated' && (e.data as { keyId: string }).keyId === created.body.id)!;
    expect(JSON.stringify(event.data)).not.toContain(created.body.key);
    await server.projections.waitFor(event.position);
    const audit = await server.api<{ items: Array<{ type: string; data: Record<string, unknown> }> }>('GET', '/api/admin/audit?type=ApiKeyCreated', {
      token: admin,
    });
    expect(audit.body.items[0]!.data).toMatchObject({ keyId: created.body.id, keyHash: '[REDACTED]', name: 'Deposits screening' });
  });

  it('refuses a bad name, scope or expiry with a clear 400 and records nothing', async () => {
    const before = await streamLength();
    expect((await createKey({ name: '  ' })).body.errors).toEqual({ name: 'Give the key a name' });
    expect((await createKey({ name: 'x', scopes: ['admin'] })).status).toBe(400);
    expect((await createKey({ name: 'x', scopes: [] })).body.errors).toEqual({ scopes: 'Choose at least one scope' });
    expect((await createKey({ name: 'x', expires_at: 'tomorrow' })).body.errors).toEqual({ expires_at: 'Expiry must be a date and time (ISO 8601)' });
    const past = await createKey({ name: 'x', expires_at: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ expires_at: 'Expiry must be in the future' });
    expect((await server.api('DELETE', '/api/keys/000000000000', { token })).status).toBe(404);
    expect((await server.api('DELETE', '/api/keys/not-an-id', { token })).status).toBe(404);
    expect(await streamLength()).toBe(before);
  });

  it('authenticates by X-API-Key, bearer or HTTP Basic, and refuses a missing, malformed or unknown key and a session token', async () => {
    const { key } = (await createKey({ name: 'auth forms' })).body;
    expect((await withKey(key, 'GET', '/api/v1/screenings')).status).toBe(200);
    expect((await server.api('GET', '/api/v1/screenings', { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await server.api('GET', '/api/v1/screenings', { headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` } })).status).toBe(
      200,
    );

    const missing = await server.api<{ error: string }>('GET', '/api/v1/screenings');
    expect(missing.status).toBe(401);
    expect(missing.body.error).toBe('Send an API key in the X-API-Key header (or Authorization: Bearer <key>)');
    expect((await server.api('GET', '/api/v1/screenings', { token })).status).toBe(401);
    expect((await withKey('wsk_nonsense', 'GET', '/api/v1/screenings')).status).toBe(401);
    // Right user and key id, wrong secret.
    const forged = `${key.slice(0, 40)}${key.slice(40).split('').reverse().join('')}`;
    expect((await withKey(forged, 'GET', '/api/v1/screenings')).status).toBe(401);
  });

  it('declares every accepted credential form, and none that is not accepted (no anonymous access unless the operator opens it)', async () => {
    const doc = (await server.api<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>('GET', '/api/openapi.json')).body;
    const keyed = [{ apiKeyHeader: [] }, { apiKeyBearer: [] }, { apiKeyBasic: [] }];
    expect(doc.paths['/api/v1/sanctions/screening']!.post!.security).toEqual(keyed);
    expect(doc.paths['/api/v1/address/{address}']!.get!.security).toEqual(keyed);
    const basic = await server.api('GET', '/api/v1/screenings', { headers: { authorization: `Basic ${(await createKey({ name: 'raw basic' })).body.key}` } });
    expect(basic.status).toBe(200);
  });

  it('checks scopes: a read-only key cannot screen, a screen-only key cannot read', async () => {
    const readOnly = (await createKey({ name: 'reader', scopes: ['read'] })).body.key;
    const screenOnly = (await createKey({ name: 'screener', scopes: ['screen'] })).body.key;
    const refused = await withKey(readOnly, 'POST', '/api/v1/screenings', { address: a.btcWallet });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('This API key lacks the "screen" scope');
    expect((await withKey(readOnly, 'GET', `/api/v1/address/${SANCTIONED}`)).status).toBe(403);
    expect((await withKey(screenOnly, 'GET', '/api/v1/screenings')).status).toBe(403);
  });

  it('updates last used on a call, and a revoked key stops at once', async () => {
    const created = (await createKey({ name: 'to revoke' })).body;
    expect((await withKey(created.key, 'GET', '/api/v1/screenings')).status).toBe(200);
    let used: ApiKey | undefined;
    for (let i = 0; i < 50 && !used?.last_used_at; i++) {
      used = (await listKeys()).find((k) => k.id === created.id);
      if (!used?.last_used_at) await new Promise((r) => setTimeout(r, 20));
    }
    expect(used!.last_used_at).not.toBeNull();

    const revoked = await server.api<ApiKey>('DELETE', `/api/keys/${created.id}`, { token });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: created.id, status: 'revoked' });
    const after = await withKey(created.key, 'GET', '/api/v1/screenings');
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('This API key was revoked');
    // Revoking again changes nothing; another user cannot revoke (or see) it.
    expect((await server.api('DELETE', `/api/keys/${created.id}`, { token })).status).toBe(200);
    const other = await signUp('someone-else@exchange.example');
    expect((await server.api('DELETE', `/api/keys/${created.id}`, { token: other })).status).toBe(404);
    expect(await listKeys(other)).toEqual([]);
  });

  it('an expired key stops at its expiry', async () => {
    const expiresAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const created = (await createKey({ name: 'short-lived', expires_at: expiresAt })).body;
    expect(created.expires_at).toBe(expiresAt);
    expect((await withKey(created.key, 'GET', '/api/v1/screenings')).status).toBe(200);
    server.advance(61 * 60_000);
    try {
      const expired = await withKey(created.key, 'GET', '/api/v1/screenings');
      expect(expired.status).toBe(401);
      expect(expired.body.error).toBe('This API key has expired');
      expect((await listKeys()).find((k) => k.id === created.id)!.status).toBe('expired');
    } finally {
      server.advance(-61 * 60_000);
    }
  });

  it("stops every key of a blocked user at once, and keeps them stopped after the unblock until an admin re-enables them (the customer's new keys work)", async () => {
    const email = 'blocked-integrator@exchange.example';
    const theirs = await signUp(email);
    const { key, id: keyId } = (await createKey({ name: 'theirs' }, theirs)).body;
    const { key: spare } = (await createKey({ name: 'spare' }, theirs)).body;
    expect((await withKey(key, 'GET', '/api/v1/screenings')).status).toBe(200);
    const id = userIdForEmail(email);
    const customer = async () =>
      (await server.api<Array<{ id: string; suspended_api_keys: number }>>('GET', `/api/admin/customers?email=${encodeURIComponent(email)}`, { token: admin }))
        .body[0]!;
    const blocked = await server.api<{ suspended_api_keys: number }>('POST', `/api/admin/block-user/${id}`, { token: admin });
    expect([blocked.status, blocked.body.suspended_api_keys]).toEqual([200, 2]);
    expect((await withKey(key, 'GET', '/api/v1/screenings')).status).toBe(403);
    // Re-enabling while blocked is refused, and changes nothing.
    const early = await expectAppendsNothing(server, () => server.api<{ error: string }>('POST', `/api/admin/reenable-api-keys/${id}`, { token: admin }));
    expect([early.status, early.body.error]).toEqual([409, adminMessages.apiKeysReenableWhileBlocked]);

    const unblocked = await server.api<{ suspended_api_keys: number }>('POST', `/api/admin/unblock-user/${id}`, { token: admin });
    expect([unblocked.status, unblocked.body.suspended_api_keys]).toEqual([200, 2]);
    // The unblocked customer signs in again, but the keys stay suspended, as the block's ended sessions stay ended.
    const signedIn = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: { email, password: 'Another-Passphrase-1' } })).body.token;
    for (const k of [key, spare]) {
      const refused = await withKey(k, 'GET', '/api/v1/screenings');
      expect([refused.status, refused.body.error]).toEqual([401, apiKeyMessages.suspended]);
    }
    expect((await listKeys(signedIn)).find((k) => k.id === keyId)).toMatchObject({ status: 'suspended', suspended_at: expect.any(String) });
    expect((await customer()).suspended_api_keys).toBe(2);
    // The customer makes a new key: it works; they revoke the spare one.
    const { key: fresh } = (await createKey({ name: 'after the block' }, signedIn)).body;
    expect((await withKey(fresh, 'GET', '/api/v1/screenings')).status).toBe(200);
    const spareId = (await listKeys(signedIn)).find((k) => k.name === 'spare')!.id;
    expect((await server.api('DELETE', `/api/keys/${spareId}`, { token: signedIn })).status).toBe(200);
    expect((await customer()).suspended_api_keys).toBe(1);

    // An admin re-enables the one left: it works again; the revoked one does not.
    const reenabled = await server.api<{ changed: boolean; suspended_api_keys: number }>('POST', `/api/admin/reenable-api-keys/${id}`, { token: admin });
    expect([reenabled.status, reenabled.body.changed, reenabled.body.suspended_api_keys]).toEqual([200, true, 0]);
    expect((await withKey(key, 'GET', '/api/v1/screenings')).status).toBe(200);
    expect((await withKey(spare, 'GET', '/api/v1/screenings')).body.error).toBe(apiKeyMessages.revoked);
    expect((await customer()).suspended_api_keys).toBe(0);
    const again = await server.api<{ changed: boolean }>('POST', `/api/admin/reenable-api-keys/${id}`, { token: admin });
    expect([again.status, again.body.changed]).toEqual([200, false]);
    expect((await server.api('POST', `/api/admin/reenable-api-keys/${id}`, { token: signedIn })).status).toBe(403);
    // Recorded through the command handler, named in the audit log.
    const types = (await server.eventStore.readStream(`user-${id}`)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['ApiKeysSuspended', 'ApiKeysReenabled']));
  });
});

describe('drop-in sanctions endpoints', () => {
  let key: string;
  beforeAll(async () => {
    key = (await createKey({ name: 'sanctions' })).body.key;
  });

  it('answer 503, never "clean", while no sanctions list is loaded', async () => {
    const chainalysis = await withKey(key, 'GET', `/api/v1/address/${SANCTIONED}`);
    expect(chainalysis.status).toBe(503);
    expect(chainalysis.body.error).toMatch(/no sanctions list is loaded/);
    expect((await withKey(key, 'POST', '/api/v1/sanctions/screening', [{ address: SANCTIONED }])).status).toBe(503);
  });

  it("answer Chainalysis' shape: identifications of a listed address (any case of an EVM address), an empty array for a clean one, free of charge", async () => {
    await loadSanctionsList();
    const before = await checksLeft();
    const listed = await withKey(key, 'GET', `/api/v1/address/${SANCTIONED}`);
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.body)).toEqual(['identifications']);
    const ids = listed.body.identifications as Array<Record<string, string>>;
    expect(ids).toHaveLength(1);
    expect(Object.keys(ids[0]!).sort()).toEqual(['category', 'description', 'name', 'url']);
    expect(ids[0]).toMatchObject({ category: 'sanctions', url: 'https://sanctionssearch.ofac.treas.gov/Details.aspx?id=90001' });
    expect(ids[0]!.name).toMatch(/^SANCTIONS: OFAC SDN HERON TEST EXCHANGE LTD\. \d{4}-\d{2}-\d{2} 13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ$/);
    expect((await withKey(key, 'GET', `/api/v1/address/${SANCTIONED_EVM.toUpperCase().replace('0X', '0x')}`)).body.identifications).toHaveLength(1);
    expect((await withKey(key, 'GET', `/api/v1/address/${CLEAN_EVM}`)).body).toEqual({ identifications: [] });
    // Any text is screened, as Chainalysis does: text the list does not hold has no identification.
    expect((await withKey(key, 'GET', '/api/v1/address/not-an-address')).body).toEqual({ identifications: [] });
    expect(await checksLeft()).toBe(before);
  });

  it('take the key unencoded after Basic, and answer every refused credential with a 401 problem, never a screening of any shape', async () => {
    const body = [{ address: SANCTIONED }];
    for (const authorization of [`Basic ${key}`, `Basic ${key}:`, `Basic ${key}:${key}`, `basic ${Buffer.from(`:${key}`).toString('base64')}`]) {
      const answer = await server.api('POST', '/api/public/v1/sanctions/screening', { body, headers: { authorization } });
      expect([authorization, answer.status, answer.body]).toEqual([authorization, 200, [{ address: SANCTIONED, isSanctioned: true }]]);
    }
    const forged = `${key.slice(0, -4)}AAAA`;
    const refusals: Array<[string, Record<string, string>, string]> = [
      ['no credential', {}, 'Send an API key in the X-API-Key header (or Authorization: Bearer <key>)'],
      ['an empty Authorization', { authorization: '' }, 'No API key could be read from the credentials sent'],
      ['Basic with a password only, no key', { authorization: `Basic ${Buffer.from('user:secret').toString('base64')}` }, 'No API key could be read'],
      ['Basic with text that is neither a key nor base64', { authorization: 'Basic not a key!' }, 'No API key could be read'],
      ['a forged key after Basic', { authorization: `Basic ${forged}` }, 'This API key is not valid'],
      ['a forged key in X-API-Key', { 'X-API-Key': forged }, 'This API key is not valid'],
      ['a session token', { authorization: `Bearer ${token}` }, 'This API key is not valid'],
    ];
    for (const [what, headers, error] of refusals) {
      for (const [method, url, sent] of [
        ['POST', '/api/public/v1/sanctions/screening', body],
        ['POST', '/api/v1/sanctions/screening', body],
        ['GET', `/api/v1/address/${SANCTIONED}`, undefined],
      ] as const) {
        const answer = await server.api<Record<string, unknown>>(method, url, { ...(sent ? { body: sent } : {}), headers });
        expect([what, url, answer.status]).toEqual([what, url, 401]);
        expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        // An object with the reason: nothing a client could read as "not sanctioned" (no array, no isSanctioned, no identifications).
        expect(Array.isArray(answer.body)).toBe(false);
        expect(answer.body).not.toHaveProperty('identifications');
        expect(JSON.stringify(answer.body)).not.toContain('isSanctioned');
        expect(String(answer.body.error)).toContain(error);
      }
    }
  });

  it("answer at TRM's own path from the server's root, as TRM documents it, for a TRM client that changes only the host", async () => {
    // TRM's client: POST {base}/public/v1/sanctions/screening, the key as HTTP Basic user name and password, JSON in and out.
    const trmClient = (base: string, path = '/public/v1/sanctions/screening') =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify([{ address: SANCTIONED }, { address: CLEAN_EVM }]),
      });
    const base = server.url.replace('localhost', '127.0.0.1');
    const answer = await trmClient(base);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual([
      { address: SANCTIONED, isSanctioned: true },
      { address: CLEAN_EVM, isSanctioned: false },
    ]);
    // What TRM answers with a status, it answers here as problem JSON, never the web app's page.
    const refusals: Array<[string, RequestInit, number]> = [
      ['a wrong key', { method: 'POST', headers: { authorization: 'Basic d3NrX25vdC1hLWtleTo=' }, body: '[]' }, 401],
      [
        'a body that is no array of addresses',
        { method: 'POST', headers: { 'X-API-Key': key, 'content-type': 'application/json' }, body: '{"address":1}' },
        400,
      ],
      ['GET', { method: 'GET', headers: { 'X-API-Key': key } }, 405],
    ];
    for (const [what, init, status] of refusals) {
      const res = await fetch(`${base}/public/v1/sanctions/screening`, init);
      expect([what, res.status, res.headers.get('content-type')]).toEqual([what, status, expect.stringMatching(/^application\/problem\+json/)]);
    }
    const unknown = await trmClient(base, '/public/v2/sanctions/screening');
    expect([unknown.status, unknown.headers.get('content-type')]).toEqual([404, expect.stringMatching(/^application\/problem\+json/)]);
    // Documented at that path, beside the one under /api.
    const doc = (await server.api<{ paths: Record<string, { post?: { operationId: string; requestBody: unknown } }> }>('GET', '/api/openapi.json')).body;
    expect(doc.paths['/public/v1/sanctions/screening']!.post!.operationId).toBe('postTrmPublicV1SanctionsScreening');
    expect(doc.paths['/public/v1/sanctions/screening']!.post!.requestBody).toEqual(doc.paths['/api/v1/sanctions/screening']!.post!.requestBody);
  });

  it("answer TRM's shape, in order, at both paths and with the key as HTTP Basic user name", async () => {
    const body = [{ address: CLEAN_EVM }, { address: SANCTIONED }, { address: SANCTIONED_EVM }];
    const expected = [
      { address: CLEAN_EVM, isSanctioned: false },
      { address: SANCTIONED, isSanctioned: true },
      { address: SANCTIONED_EVM, isSanctioned: true },
    ];
    expect((await withKey(key, 'POST', '/api/v1/sanctions/screening', body)).body).toEqual(expected);
    const basic = await server.api('POST', '/api/public/v1/sanctions/screening', {
      body,
      headers: { authorization: `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}` },
    });
    expect(basic.status).toBe(200);
    expect(basic.body).toEqual(expected);

    const tooMany = await withKey(
      key,
      'POST',
      '/api/v1/sanctions/screening',
      Array.from({ length: 101 }, () => ({ address: CLEAN_EVM })),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('Send at most 100 addresses per request');
    const notArray = await withKey(key, 'POST', '/api/v1/sanctions/screening', { address: CLEAN_EVM });
    expect(notArray.status).toBe(400);
    // Any text is screened, as TRM does: what the list does not hold is not sanctioned; an empty address is refused.
    expect((await withKey(key, 'POST', '/api/v1/sanctions/screening', [{ address: CLEAN_EVM }, { address: 'nope' }])).body).toEqual([
      { address: CLEAN_EVM, isSanctioned: false },
      { address: 'nope', isSanctioned: false },
    ]);
    const badItem = await withKey(key, 'POST', '/api/v1/sanctions/screening', [{ address: CLEAN_EVM }, { address: ' ' }]);
    expect(badItem.status).toBe(400);
    expect(badItem.body.errors).toEqual({ '1.address': 'Each item needs an address' });
  });
});

describe('screenings', () => {
  let key: string;
  beforeAll(async () => {
    key = (await createKey({ name: 'screenings' })).body.key;
  });

  it('charges once per Idempotency-Key, answers the analysis, and reads it back by id, in the list (by reference) and as a PDF (typed client)', async () => {
    const v1 = apiClient(server.url.replace('localhost', '127.0.0.1'), { 'X-API-Key': key });
    const before = await checksLeft();
    const idempotencyKey = randomUUID();
    const screen = (address: string) =>
      v1.POST('/api/v1/screenings', { body: { address, reference: 'deposit-7781' }, params: { header: { 'Idempotency-Key': idempotencyKey } } });
    const first = await screen(a.btcWallet);
    expect(first.response.status).toBe(200);
    const screening = first.data!;
    expect(screening).toMatchObject({ status: 'completed', address: a.btcWallet, network: 'bitcoin', reference: 'deposit-7781', error: null, refunded: false });
    expect(screening.result!.risk_level).toBeTruthy();
    expect(screening.links).toEqual({ self: `/api/v1/screenings/${screening.id}`, report_pdf: `/api/v1/screenings/${screening.id}/report.pdf` });

    const again = await screen(a.btcWallet);
    expect(again.data!.id).toBe(screening.id);
    expect(await checksLeft()).toBe(before - 1);
    const conflict = await screen(SANCTIONED);
    expect(conflict.response.status).toBe(409);

    const read = await v1.GET('/api/v1/screenings/{id}', { params: { path: { id: screening.id } } });
    expect(read.response.status).toBe(200);
    expect(read.data).toEqual(screening);

    const listed = await v1.GET('/api/v1/screenings', { params: { query: { reference: 'deposit-7781' } } });
    expect(listed.data).toMatchObject({
      limit: 10,
      offset: 0,
      items: [{ id: screening.id, reference: 'deposit-7781', status: 'completed', address: a.btcWallet, network: 'bitcoin' }],
    });
    expect((await v1.GET('/api/v1/screenings', { params: { query: { reference: 'nothing-like-it' } } })).data!.items).toEqual([]);
    expect((await v1.GET('/api/v1/screenings', { params: { query: { risk_level: 'purple' } } })).response.status).toBe(400);

    const pdf = await v1.GET('/api/v1/screenings/{id}/report.pdf', { params: { path: { id: screening.id } }, parseAs: 'arrayBuffer' });
    expect(pdf.response.status).toBe(200);
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(pdf.data as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The request records the key it came through, for the audit.
    const stream = await server.eventStore.readStream(`check-${screening.id}`);
    expect(stream[0]!.data).toMatchObject({ reference: 'deposit-7781', apiKeyId: key.slice(4, 16) });
  });

  it("answers 202 with a Location while running, and another user's screening is not found", async () => {
    const started = await withKey(key, 'POST', '/api/v1/screenings?wait=0', { address: a.btcWallet }, { 'Idempotency-Key': randomUUID() });
    if (started.status === 202) {
      expect(started.headers.get('location')).toBe(`/api/v1/screenings/${started.body.id as string}`);
      expect(started.body.status).toBe('running');
    }
    const done = await withKey(key, 'GET', `/api/v1/screenings/${started.body.id as string}?wait=20000`);
    expect(done.body.status).toBe('completed');
    // The status filter is applied by the query, before the page is cut.
    const ids = async (query: string) => ((await withKey(key, 'GET', `/api/v1/screenings?${query}`)).body.items as Array<{ id: string }>).map((i) => i.id);
    expect(await ids('status=all&limit=1')).toEqual([started.body.id]);
    expect(await ids('status=completed')).toContain(started.body.id);
    expect(await ids('status=running')).toEqual([]);
    expect(await ids('status=failed')).toEqual([]);

    const other = await signUp('other-integrator@exchange.example');
    const otherKey = (await createKey({ name: 'other' }, other)).body.key;
    expect((await withKey(otherKey, 'GET', `/api/v1/screenings/${started.body.id as string}`)).status).toBe(404);
    expect((await withKey(otherKey, 'GET', `/api/v1/screenings/${started.body.id as string}/report.pdf`)).status).toBe(404);
    expect((await withKey(key, 'POST', '/api/v1/screenings', { address: 'not an address' })).status).toBe(400);
    expect((await withKey(key, 'POST', '/api/v1/screenings', { address: a.btcWallet }, { 'Idempotency-Key': 'short' })).status).toBe(400);
  });

  it('documents the public API in the OpenAPI 3.1 document', async () => {
    const doc = await server.api<{ openapi: string; paths: Record<string, Record<string, { security?: unknown[] }>> }>('GET', '/api/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    for (const [p, m] of [
      ['/api/keys', 'post'],
      ['/api/keys/{id}', 'delete'],
      ['/api/v1/screenings', 'post'],
      ['/api/v1/screenings/{id}', 'get'],
      ['/api/v1/screenings/{id}/report.pdf', 'get'],
      ['/api/v1/address/{address}', 'get'],
      ['/api/v1/sanctions/screening', 'post'],
    ] as const) {
      expect(doc.body.paths[p]?.[m]).toBeDefined();
    }
    expect(doc.body.paths['/api/v1/screenings']!.post!.security).toEqual([{ apiKeyHeader: [] }, { apiKeyBearer: [] }, { apiKeyBasic: [] }]);
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  afterAll(async () => {
    await limited?.destroy();
  });

  it('limits each key on its own: 429 with Retry-After and the RateLimit headers past the limit', async () => {
    limited = await startTestServer({ API_KEY_RATE_LIMIT: '3' });
    const body = { email: 'limited@exchange.example', password: 'Limited-Passphrase-1', username: 'Limited' };
    await limited.api('POST', '/api/auth/register', { body });
    const t = (await limited.api<{ token: string }>('POST', '/api/auth/login', { body })).body.token;
    const one = (await limited.api<CreateApiKeyResponse>('POST', '/api/keys', { token: t, body: { name: 'one' } })).body.key;
    const two = (await limited.api<CreateApiKeyResponse>('POST', '/api/keys', { token: t, body: { name: 'two' } })).body.key;
    const call = (key: string) => limited.api<{ error: string }>('GET', '/api/v1/screenings', { headers: { 'X-API-Key': key } });
    const first = await call(one);
    expect(first.headers.get('ratelimit-policy')).toBe('"api_key";q=3;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"api_key";r=2;t=\d+$/);
    await call(one);
    expect((await call(one)).status).toBe(200);
    const refused = await call(one);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit')).toMatch(/^"api_key";r=0;t=\d+$/);
    expect(refused.body.error).toBe('Too many requests for this API key. Wait and retry (see Retry-After).');
    expect((await call(two)).status).toBe(200);
  });
});
