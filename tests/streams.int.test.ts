/**
 * The auditor's stream routes on the embedded server (real HTTP on loopback, a real SQLite file):
 * a real check (recorded Esplora answers, a sanctions list listing one of its counterparties) read
 * event by event and replayed identical; a customer's stream browsed before and after a top-up;
 * stream ids listed by prefix; streams of no known kind listed without state; admins only; bad
 * input answered 400 with problem details.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CheckEvents, CheckReplayResponse, StreamList, StreamView } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { RISK_MODEL_VERSION } from '@walletscreen/workers/checks/risk-model';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { ADMIN, startTestServer, type TestServer } from './support/server';

const alice = { email: 'alice@exchange.example', password: 'Alice-Passphrase-1', username: 'Alice' };

let replay: ReplayServer;
let server: TestServer;
let adminToken: string;
let aliceToken: string;
let aliceId: string;
let checkId: string;
let listId: string;

beforeAll(async () => {
  replay = await startReplayServer(recordedWalletRoutes());
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
    BLOCKSCOUT_POLYGON_URL: 'http://127.0.0.1:9/polygon',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
    TRACE_DEPTH: '2',
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  writeFileSync(
    path.join(dir, 'sdn.csv'),
    `90002,"COUNTERPARTY ON THE LIST",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${a.btcA}."\n`,
  );
  await runSanctionsSync({
    eventStore: server.eventStore,
    file: path.join(dir, 'sdn.csv'),
    clock: () => new Date(),
    logger: createLogger({ level: 'silent' }),
  });
  rmSync(dir, { recursive: true, force: true });

  expect((await server.api('POST', '/api/auth/register', { body: alice })).status).toBeLessThan(300);
  aliceToken = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: alice })).body.token;
  adminToken = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: { email: ADMIN.email, password: ADMIN.password } })).body.token;
  // An administrator's block list naming another counterparty: its version is recorded with the check.
  const list = await server.api<{ id: string }>('POST', `/api/admin/lists?name=${encodeURIComponent('Partner risk')}&kind=block`, {
    token: adminToken,
    raw: `address,network,note\n${a.btcB},bitcoin,flagged by partner\n`,
    headers: { 'content-type': 'text/csv' },
  });
  expect(list.status).toBe(201);
  listId = list.body.id;
  const check = await server.api<{ check_id: string; status: string }>('POST', '/api/transactions/analyze-realtime', {
    token: aliceToken,
    body: { wallet_address: a.btcWallet },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(check.body.status).toBe('completed');
  checkId = check.body.check_id;
  await server.projections.waitFor(await server.eventStore.headPosition());
  const customers = (await server.api<Array<{ id: string; email: string }>>('GET', '/api/admin/customers?limit=50&offset=0', { token: adminToken })).body;
  aliceId = customers.find((c) => c.email === alice.email)!.id;
}, 60_000);

afterAll(async () => {
  await server.destroy();
  await replay.close();
});

const admin = <T>(url: string) => server.api<T>('GET', url, { token: adminToken });

describe("a check's stream and its replay", () => {
  it('lists the check event by event: names, hashes, evidence as recorded, and the versions it used', async () => {
    const res = await admin<CheckEvents>(`/api/admin/checks/${checkId}/events`);
    expect(res.status).toBe(200);
    const { events, versions } = res.body;
    expect(res.body.status).toBe('completed');
    expect(events.map((e) => e.type)).toEqual(['WalletCheckRequested', ...Array<string>(7).fill('WalletCheckStageCompleted'), 'WalletCheckCompleted']);
    expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(events[0]!.name.length).toBeGreaterThan(0);
    for (let i = 1; i < events.length; i++) expect(events[i]!.position).toBeGreaterThan(events[i - 1]!.position);
    for (const e of events) expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
    const sanctions = events.find((e) => (e.data as { key?: string }).key === 'sanctions')!;
    expect((sanctions.data as { evidence: { counterparties: Array<{ address: string }> } }).evidence.counterparties.map((c) => c.address)).toEqual([a.btcA]);
    expect(versions).toMatchObject({ risk_model: RISK_MODEL_VERSION, sanctions_list_loaded: true, writer: 'rule-based', reused_blockchain_data_of: null });
    expect(versions.custom_lists).toEqual([
      { list_id: listId, name: 'Partner risk', kind: 'block', version: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), entry_count: 1 },
    ]);
    expect(versions.sanctions_list?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(versions.intelligence.labels_version).toEqual(expect.any(String));
    // The shipped contract sets are the one feed in force (the darklist was never synced here); funds were traced two hops.
    expect(versions.feeds.map((f) => [f.id, f.sha256.length])).toEqual([['contract-sets', 64]]);
    expect(versions.trace).toMatchObject({ depth: 2, fan_out: 5, request_budget: 30 });
    expect(versions.trace!.expanded + versions.trace!.failed + versions.trace!.not_expanded).toBeGreaterThan(0);
  });

  it('replays the check identical: the recorded model version on the recorded evidence gives the recorded verdict', async () => {
    const res = await admin<CheckReplayResponse>(`/api/admin/checks/${checkId}/replay`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ check_id: checkId, verdict: 'identical', reason: null, model_version: RISK_MODEL_VERSION, differences: [] });
    expect(res.body.replayed!.factors.map((f) => f.code)).toEqual(expect.arrayContaining(['exposure.sanctioned', 'exposure.custom-block']));
    expect(res.body.replayed!.score).toBe(res.body.recorded!.result.risk_score);
    // Nothing was appended by reading or replaying.
    const head = await server.eventStore.headPosition();
    await admin(`/api/admin/checks/${checkId}/replay`);
    expect(await server.eventStore.headPosition()).toBe(head);
  });

  it('answers 404 for an unknown check, and for an id that cannot be one', async () => {
    for (const id of [randomUUID(), 'not-a-check']) {
      expect((await admin(`/api/admin/checks/${id}/events`)).status).toBe(404);
      expect((await admin(`/api/admin/checks/${id}/replay`)).status).toBe(404);
    }
  });
});

describe('the stream browser', () => {
  it("shows a customer's balance at a position before a top-up and after it", async () => {
    const topUp = await server.api('POST', `/api/admin/topup/${aliceId}`, {
      token: adminToken,
      body: { amount: 5, reason: 'Goodwill' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(topUp.status).toBe(200);
    const now = await admin<StreamView>(`/api/admin/streams/user-${aliceId}`);
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ kind: 'user', folds: true, note: null });
    const toppedUp = now.body.events.find((e) => e.type === 'ChecksToppedUp')!;
    const before = await admin<StreamView>(`/api/admin/streams/user-${aliceId}?position=${toppedUp.position - 1}`);
    const after = await admin<StreamView>(`/api/admin/streams/user-${aliceId}?position=${toppedUp.position}`);
    // 20 free checks, one charged by the check; then 5 more.
    expect(before.body.state).toMatchObject({ registered: true, role: 'user', blocked: false, bonus_checks: 19, remaining_checks: 19 });
    expect(after.body.state).toMatchObject({ remaining_checks: 24 });
    expect(before.body.events.map((e) => e.type)).not.toContain('ChecksToppedUp');
    expect(after.body.events.at(-1)!.type).toBe('ChecksToppedUp');
    expect(after.body.total_events).toBe(now.body.events.length);
    // Nothing secret leaves the server: no password hash in the events or the state.
    expect(JSON.stringify(now.body)).not.toMatch(/\$argon2|scrypt\$|"passwordHash":"(?!\[REDACTED\])/);
    // Before the stream's first event: no events, the initial state.
    const none = await admin<StreamView>(`/api/admin/streams/user-${aliceId}?position=0`);
    expect(none.body).toMatchObject({ events: [], state: { registered: false } });
  });

  it("folds a check's stream, and lists a stream of no fold with state null", async () => {
    const check = await admin<StreamView>(`/api/admin/streams/check-${checkId}`);
    expect(check.body).toMatchObject({ kind: 'check', state: { status: 'completed' } });
    const list = await admin<StreamView>(`/api/admin/streams/custom-list-${listId}`);
    expect(list.body).toMatchObject({ kind: 'custom-list', state: { status: 'active', name: 'Partner risk', kind: 'block', version: 1 } });
    const sanctions = await admin<StreamView>('/api/admin/streams/sanctions-ofac');
    expect(sanctions.status).toBe(200);
    expect(sanctions.body).toMatchObject({ kind: null, state: null, folds: false });
    expect(sanctions.body.note).toMatch(/no known kind/);
    expect(sanctions.body.events.length).toBeGreaterThan(0);
    expect((await admin(`/api/admin/streams/user-${randomUUID()}`)).status).toBe(404);
  });

  it('lists stream ids by prefix, paged', async () => {
    const users = await admin<StreamList>('/api/admin/streams?prefix=user-&limit=500');
    expect(users.status).toBe(200);
    expect(users.body.streams).toContainEqual({ stream_id: `user-${aliceId}`, kind: 'user' });
    expect(users.body.streams.every((s) => s.stream_id.startsWith('user-'))).toBe(true);
    expect(users.body.kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['user', 'check', 'watch', 'custom-list']));
    const first = await admin<StreamList>('/api/admin/streams?limit=1');
    expect(first.body.streams).toHaveLength(1);
    const second = await admin<StreamList>(`/api/admin/streams?limit=1&after=${encodeURIComponent(first.body.next_after!)}`);
    expect(second.body.streams[0]!.stream_id > first.body.streams[0]!.stream_id).toBe(true);
  });

  it('answers bad positions and limits with 400 problem details, and a stream id that cannot exist with 404', async () => {
    for (const [url, status] of [
      [`/api/admin/streams/user-${aliceId}?position=-1`, 400],
      [`/api/admin/streams/user-${aliceId}?position=abc`, 400],
      [`/api/admin/streams/user-${aliceId}?position=1.5`, 400],
      [`/api/admin/streams/user-${aliceId}?position=99999999999999999999`, 400],
      ['/api/admin/streams?limit=0', 400],
      ['/api/admin/streams?prefix=%24', 400],
      ['/api/admin/streams/%24all', 404],
      [`/api/admin/streams/${'x'.repeat(201)}`, 404],
    ] as const) {
      const res = await admin(url);
      expect([url, res.status]).toEqual([url, status]);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });

  it('is for admins only: a customer gets 403, no token 401', async () => {
    for (const url of [
      `/api/admin/checks/${checkId}/events`,
      `/api/admin/checks/${checkId}/replay`,
      `/api/admin/streams/user-${aliceId}`,
      '/api/admin/streams?prefix=user-',
    ]) {
      expect((await server.api('GET', url, { token: aliceToken })).status).toBe(403);
      expect((await server.api('GET', url)).status).toBe(401);
    }
  });
});

describe('a check whose stored verdict was altered behind the store', () => {
  it('replays as differs, naming exactly the field altered, recorded and replayed', async () => {
    const second = await server.api<{ check_id: string; status: string }>('POST', '/api/transactions/analyze-realtime', {
      token: aliceToken,
      body: { wallet_address: a.btcWallet },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(second.body.status).toBe('completed');
    const id = second.body.check_id;
    const before = await admin<CheckReplayResponse>(`/api/admin/checks/${id}/replay`);
    expect(before.body.verdict).toBe('identical');
    const score = before.body.recorded!.result.risk_score;
    // An edit made with the file open elsewhere (the hash chain would show it: GET /api/admin/audit/verify).
    const db = new Database(path.join(server.dataDir, 'walletscreen.db'));
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare(
        "UPDATE events SET data = json_set(data, '$.result.risk_score', json_extract(data, '$.result.risk_score') - 7) WHERE stream_id = ? AND type = 'WalletCheckCompleted'",
      )
      .run(`check-${id}`);
    db.close();
    expect(changed.changes).toBe(1);
    const after = await admin<CheckReplayResponse>(`/api/admin/checks/${id}/replay`);
    expect(after.body).toMatchObject({ verdict: 'differs', reason: null, differences: [{ field: 'result.risk_score', recorded: score - 7, replayed: score }] });
    expect(after.body.message).toBe(`differs: result.risk_score recorded ${score - 7}, replayed ${score}`);
  });
});
