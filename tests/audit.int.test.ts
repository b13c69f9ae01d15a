/**
 * Audit and replay on the embedded server: the event store's hash chain checked by
 * `npm run audit:verify` (clean, an edited row, a deleted row), the read models rebuilt from
 * position 0 equal to the live ones after a realistic workload, the admin audit log API (filters,
 * redaction, JSON Lines export, a balance as of a moment, verification) and its authorization.
 */
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditPage, BalanceAsOf, BalanceHistory, ChainVerificationResponse, SanctionsSyncResponse } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { SqliteReadStore } from '@walletscreen/platform/adapters';
import { runRebuildCommand, runVerifyCommand, type CommandIO } from '@walletscreen/server/operations';
import { allProjections, collectionsOf } from '@walletscreen/projections';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { ADMIN, startTestServer, type TestServer } from './support/server';

const root = path.resolve(__dirname, '..');
const SANCTIONED = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
const alice = { email: 'alice@exchange.example', password: 'Alice-Passphrase-1', username: 'Alice' };
const bob = { email: 'bob@desk.example', password: 'Bob-Passphrase-22', username: 'Bob' };

let replay: ReplayServer;
let ofac: Server;
let ofacUrl: string;
let server: TestServer;
let adminToken: string;
let aliceToken: string;
let aliceId: string;
let bobId: string;
/** A moment between Alice's second and third check. */
let midway: string;
let balanceAtMidway: number;

/** The CLI as an operator runs it: `node scripts/run-ts.mjs <entry> --data-dir DIR`. */
function cli(entry: string, dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/run-ts.mjs', entry, '--data-dir', dataDir],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent' } },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** The command in this process, output captured. */
async function run(command: (io: CommandIO) => Promise<number>, dataDir: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command({ argv: ['--data-dir', dataDir], env: {}, stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const snapshot = async (dataDir: string) => {
  const store = new SqliteReadStore({ file: path.join(dataDir, 'read-models.db') });
  const collections = collectionsOf(allProjections).sort();
  const out: Record<string, unknown[]> = {};
  for (const c of collections) out[c] = await store.find(c, {});
  await store.close();
  return out;
};

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  // OFAC's download, on loopback: a one-entry CSV list.
  ofac = createServer((_req, res) => {
    res.setHeader('content-type', 'text/csv');
    res.end(`90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${SANCTIONED}."\n`);
  });
  await new Promise<void>((r) => ofac.listen(0, '127.0.0.1', () => r()));
  ofacUrl = `http://127.0.0.1:${(ofac.address() as AddressInfo).port}/sdn.csv`;
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
    BLOCKSCOUT_POLYGON_URL: 'http://127.0.0.1:9/polygon',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
    OFAC_SDN_URL: ofacUrl,
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  writeFileSync(
    path.join(dir, 'sdn.csv'),
    `90002,"OLD LIST ENTRY",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${a.btcA}."\n`,
  );
  await runSanctionsSync({
    eventStore: server.eventStore,
    file: path.join(dir, 'sdn.csv'),
    clock: () => new Date(),
    logger: createLogger({ level: 'silent' }),
  });
  rmSync(dir, { recursive: true, force: true });

  // The workload: two registrations, sign-ins, checks (charges), an admin top-up, a block and an unblock, a refund.
  for (const u of [alice, bob]) expect((await server.api('POST', '/api/auth/register', { body: u })).status).toBeLessThan(300);
  aliceToken = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: alice })).body.token;
  adminToken = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: { email: ADMIN.email, password: ADMIN.password } })).body.token;
  await server.projections.waitFor(await server.eventStore.headPosition());
  const customers = (await server.api<Array<{ id: string; email: string }>>('GET', '/api/admin/customers?limit=50&offset=0', { token: adminToken })).body;
  aliceId = customers.find((c) => c.email === alice.email)!.id;
  bobId = customers.find((c) => c.email === bob.email)!.id;

  const analyze = (wallet: string, network?: string) =>
    server.api<{ check_id: string; status: string }>('POST', '/api/transactions/analyze-realtime', {
      token: aliceToken,
      body: { wallet_address: wallet, ...(network ? { network } : {}) },
      headers: { 'Idempotency-Key': randomUUID() },
    });
  // An Incomplete check is given back by the refund worker: the workload waits for each refund so the history is in a known order.
  const refunds = async () => (await server.eventStore.readStream(`user-${aliceId}`)).filter((e) => e.type === 'CheckRefunded').length;
  const refunded = async (count: number) => {
    for (let i = 0; i < 200 && (await refunds()) < count; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await refunds()).toBe(count);
  };
  const first = await analyze(a.btcWallet);
  expect(first.body.status).toBe('completed');
  // No chain data is recorded for this address: Incomplete, so charged and given back.
  expect((await analyze(SANCTIONED)).body.status).toBe('completed');
  await refunded(1);
  server.advance(60_000);
  midway = new Date(Date.now() + 30_000).toISOString();
  balanceAtMidway = 19;
  server.advance(60_000);
  expect((await analyze('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'polygon')).status).toBe(200);
  await refunded(2);
  expect(await server.accounts.refundCheck(aliceId, first.body.check_id, 'refunded by the test')).toBe(true);
  expect(
    (
      await server.api('POST', `/api/admin/topup/${bobId}`, {
        token: adminToken,
        body: { amount: 5, reason: 'Goodwill' },
        headers: { 'Idempotency-Key': randomUUID() },
      })
    ).status,
  ).toBe(200);
  expect((await server.api('POST', `/api/admin/block-user/${bobId}`, { token: adminToken, body: {} })).status).toBe(200);
  expect((await server.api('POST', `/api/admin/unblock-user/${bobId}`, { token: adminToken, body: {} })).status).toBe(200);
  await server.projections.waitFor(await server.eventStore.headPosition());
}, 90_000);

afterAll(async () => {
  await server.destroy();
  await replay.close();
  await new Promise((r) => ofac.close(r));
});

describe('the audit log API', () => {
  const audit = (query: string, token = adminToken) => server.api<AuditPage>('GET', `/api/admin/audit${query}`, { token });

  it('lists every event newest first, with who, which admin, what, the stream and the hash', async () => {
    const head = await server.eventStore.headPosition();
    const page = await audit('?limit=500');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(head);
    expect(page.body.items[0]!.position).toBe(head);
    const registration = page.body.items.find((e) => e.type === 'UserRegistered' && e.user_id === aliceId)!;
    expect(registration).toMatchObject({ user_email: alice.email, stream: `user-${aliceId}`, admin_email: null });
    expect(registration.hash).toMatch(/^[0-9a-f]{64}$/);
    // Sensitive fields are redacted.
    expect((registration.data as { passwordHash: string }).passwordHash).toBe('[REDACTED]');
    expect(JSON.stringify(page.body)).not.toMatch(/\$argon2|scrypt\$|"passwordHash":"(?!\[REDACTED\])/);
    const signIn = page.body.items.find((e) => e.type === 'UserSignedIn' && e.user_id === aliceId)!;
    expect(signIn.user_email).toBe(alice.email);
    const topUp = page.body.items.find((e) => e.type === 'ChecksToppedUp')!;
    expect(topUp).toMatchObject({ user_email: bob.email, admin_email: ADMIN.email });
  });

  it('filters on the server by type, user (e-mail or id), admin, stream and days', async () => {
    const charged = await audit('?type=CheckCharged');
    expect(charged.body.total).toBe(3);
    expect(charged.body.items.every((e) => e.type === 'CheckCharged' && e.user_email === alice.email)).toBe(true);
    const byEmail = await audit(`?user=${encodeURIComponent(alice.email.toUpperCase())}&limit=500`);
    const byId = await audit(`?user=${aliceId}&limit=500`);
    expect(byEmail.body.total).toBeGreaterThan(5);
    expect(byEmail.body.items).toEqual(byId.body.items);
    expect(byEmail.body.items.every((e) => e.user_id === aliceId)).toBe(true);
    const byAdmin = await audit(`?admin=${encodeURIComponent(ADMIN.email)}`);
    expect(byAdmin.body.items.map((e) => e.type).sort()).toEqual(['ChecksToppedUp', 'UserRoleChanged', 'UserRoleChanged']);
    expect((await audit(`?stream=user-${bobId}&type=UserRoleChanged`)).body.total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}`)).body.total).toBe(await server.eventStore.headPosition());
    expect((await audit('?from=2020-01-01&to=2020-01-31')).body.total).toBe(0);
    expect((await audit('?user=nobody@example.com')).body.total).toBe(0);
    expect((await audit('?limit=2&offset=1')).body.items).toHaveLength(2);
    expect((await audit('?from=2026-02-30')).status).toBe(400);
    expect((await audit('?from=2026-03-02&to=2026-03-01')).status).toBe(400);
    const types = await server.api<{ types: string[] }>('GET', '/api/admin/audit/types', { token: adminToken });
    expect(types.body.types).toEqual(expect.arrayContaining(['UserRegistered', 'UserSignedIn', 'CheckCharged', 'CheckRefunded', 'WalletCheckCompleted']));
  });

  it('exports the filtered events as JSON Lines, as an attachment', async () => {
    const res = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/admin/audit/export?user=${aliceId}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="walletscreen-audit-.+\.jsonl"$/);
    const lines = (await res.text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { position: number; user_id: string });
    const listed = (await audit(`?user=${aliceId}&limit=500`)).body;
    expect(lines).toHaveLength(listed.total);
    expect(lines.map((l) => l.position)).toEqual(listed.items.map((e) => e.position).reverse());
  });

  it("answers a customer's balance as of any moment, and each change with the balance after it", async () => {
    const now = await server.api<BalanceAsOf>('GET', `/api/admin/audit/balance/${aliceId}`, { token: adminToken });
    // 20 free checks, 3 charged, 3 refunded (two Incomplete, one by the test).
    expect(now.body).toMatchObject({ registered: true, remaining_checks: 20, bonus_checks: 20 });
    const then = await server.api<BalanceAsOf>('GET', `/api/admin/audit/balance/${aliceId}?at=${encodeURIComponent(midway)}`, { token: adminToken });
    expect(then.body.remaining_checks).toBe(balanceAtMidway);
    const before = await server.api<BalanceAsOf>('GET', `/api/admin/audit/balance/${aliceId}?at=2020-01-01T00:00:00Z`, { token: adminToken });
    expect(before.body).toMatchObject({ registered: false, remaining_checks: 0, position: 0 });
    const history = await server.api<BalanceHistory>('GET', `/api/admin/audit/balance-history/${aliceId}`, { token: adminToken });
    expect(history.body.email).toBe(alice.email);
    expect(history.body.entries.map((e) => [e.type, e.delta, e.remaining_checks])).toEqual([
      ['UserRegistered', 20, 20],
      ['CheckCharged', -1, 19],
      ['CheckCharged', -1, 18],
      ['CheckRefunded', 1, 19],
      ['CheckCharged', -1, 18],
      ['CheckRefunded', 1, 19],
      ['CheckRefunded', 1, 20],
    ]);
    const bobs = await server.api<BalanceHistory>('GET', `/api/admin/audit/balance-history/${bobId}`, { token: adminToken });
    expect(bobs.body.entries.map((e) => e.remaining_checks)).toEqual([20, 25]);
    expect((await server.api('GET', `/api/admin/audit/balance/${randomUUID()}`, { token: adminToken })).status).toBe(404);
    expect((await server.api('GET', `/api/admin/audit/balance/${aliceId}?at=yesterday`, { token: adminToken })).status).toBe(400);
  });

  it('verifies the chain on request', async () => {
    const res = await server.api<ChainVerificationResponse>('GET', '/api/admin/audit/verify', { token: adminToken });
    expect(res.body).toMatchObject({ ok: true, count: await server.eventStore.headPosition(), problem: null });
    expect(res.body.head_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('syncs the OFAC list on an admin request, from OFAC_SDN_URL', async () => {
    const res = await server.api<SanctionsSyncResponse>('POST', '/api/admin/sanctions/sync', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'imported', error: null, status: { loaded: true, address_count: 1, last_sync_result: 'imported' } });
  });

  it('is for admins only', async () => {
    for (const url of [
      '/api/admin/audit',
      '/api/admin/audit/export',
      `/api/admin/audit/balance/${aliceId}`,
      `/api/admin/audit/balance-history/${aliceId}`,
      '/api/admin/audit/verify',
      '/api/admin/audit/types',
    ]) {
      expect((await server.api('GET', url, { token: aliceToken })).status).toBe(403);
      expect((await server.api('GET', url)).status).toBe(401);
    }
    expect((await server.api('POST', '/api/admin/sanctions/sync', { token: aliceToken })).status).toBe(403);
  });
});

describe('replay and verification of the store', () => {
  it('refuses to rebuild while the server runs; rebuilt read models equal the live ones', async () => {
    await server.projections.waitFor(await server.eventStore.headPosition());
    const refused = await run(runRebuildCommand, server.dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refused: a WalletScreen process \(pid \d+\) is running/);

    const live = await snapshot(server.dataDir);
    expect(live.audit!.length).toBe(await server.eventStore.headPosition());
    expect(live.customers).toHaveLength(3);
    await server.close();
    const rebuilt = await run(runRebuildCommand, server.dataDir);
    expect(rebuilt.stderr).toBe('');
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stdout).toMatch(/^rebuilt \d+ read models \(.*audit-v1.*\) from \d+ events/);
    expect(await snapshot(server.dataDir)).toEqual(live);
    server = await server.restart();
  });

  it('audit:verify passes on a clean store, and names the event edited or removed in the SQLite file', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-verify-'));
    await server.close();
    copyFileSync(path.join(server.dataDir, 'walletscreen.db'), path.join(dataDir, 'walletscreen.db'));
    server = await server.restart();
    try {
      const clean = await cli('server/src/audit-verify.ts', dataDir);
      expect(clean.stderr).toBe('');
      expect(clean.code).toBe(0);
      expect(clean.stdout).toMatch(/^OK: \d+ events, chain intact; head position \d+, head hash [0-9a-f]{64}\n$/);

      const db = new Database(path.join(dataDir, 'walletscreen.db'));
      const target = db.prepare("SELECT position, stream_id, data FROM events WHERE type = 'ChecksToppedUp'").get() as {
        position: number;
        stream_id: string;
        data: string;
      };
      db.prepare('UPDATE events SET data = ? WHERE position = ?').run(target.data.replace('"amount":5', '"amount":500'), target.position);
      const edited = await cli('server/src/audit-verify.ts', dataDir);
      expect(edited.code).toBe(1);
      expect(edited.stderr).toContain(`TAMPERED: hash-mismatch at position ${target.position} (stream ${target.stream_id}, revision`);
      expect(edited.stderr).toContain('type ChecksToppedUp');

      db.prepare('UPDATE events SET data = ? WHERE position = ?').run(target.data, target.position);
      expect((await run(runVerifyCommand, dataDir)).code).toBe(0);
      db.prepare('DELETE FROM events WHERE position = ?').run(target.position);
      db.close();
      const removed = await run(runVerifyCommand, dataDir);
      expect(removed.code).toBe(1);
      expect(removed.stderr).toContain(`TAMPERED: position-gap at position ${target.position + 1}`);
      expect(removed.stderr).toContain(`position ${target.position} missing before this event`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
