/**
 * Tamper detection at start, on the embedded server and its real SQLite file: the server verifies
 * the hash chain before it serves, on from the position it verified before (remembered in
 * walletscreen.db.verified.json beside the store), reports a break in /api/health and the admin
 * report, refuses every write (503: customers and API keys hear only that the service is paused,
 * admins the break and the way out) while reads and sign-ins go on, until an admin acknowledges the
 * break; the acknowledgement is an event in the audit log, and writes resume.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { AdminStoreIntegrity, AuditPage, ChainVerificationResponse, CreateApiKeyResponse, Health } from '@walletscreen/contracts';
import { startReplayServer } from '@walletscreen/workers/testing/replay-server';
import { ADMIN, expectAppendsNothing, startTestServer, type TestServer } from './support/server';
import { recomputeChainFrom } from './support/tamper';

const alice = { email: 'alice@integrity.example', password: 'Alice-Passphrase-1', username: 'Alice' };

let server: TestServer;
let adminToken: string;
let aliceToken: string;
let aliceId: string;
let apiKey: string;

const storeFile = () => path.join(server.dataDir, 'walletscreen.db');
const recordFile = () => `${storeFile()}.verified.json`;
const record = () => JSON.parse(readFileSync(recordFile(), 'utf8')) as { position: number; hash: string; verifiedAt: string };
const health = async () => (await server.api<Health>('GET', '/api/health')).body;
const report = async () => (await server.api<AdminStoreIntegrity>('GET', '/api/admin/integrity', { token: adminToken })).body;
const signIn = async () => {
  const admin = await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: { email: ADMIN.email, password: ADMIN.password } });
  expect(admin.status).toBe(200);
  adminToken = admin.body.token;
  const customer = await server.api<{ token: string }>('POST', '/api/auth/login', { body: alice });
  expect(customer.status).toBe(200);
  aliceToken = customer.body.token;
};
/** Stops the server, edits its file, starts it again on the same data directory. */
const whileStopped = async (edit: (db: Database.Database) => void) => {
  await server.close();
  const db = new Database(storeFile());
  try {
    edit(db);
  } finally {
    db.close();
  }
  server = await server.restart();
  await signIn();
};
/** The writes of this test: a customer's, an API key's and an admin's. */
const createKey = () => server.api<CreateApiKeyResponse>('POST', '/api/keys', { token: aliceToken, body: { name: 'Desk', scopes: ['read', 'screen'] } });
const screen = () =>
  server.api<{ error: string }>('POST', '/api/v1/screenings', {
    headers: { 'X-API-Key': apiKey, 'Idempotency-Key': randomUUID() },
    body: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', network: 'ethereum' },
  });
const topUp = () =>
  server.api<{ error: string }>('POST', `/api/admin/topup/${aliceId}`, {
    token: adminToken,
    body: { amount: 1, reason: 'Goodwill' },
    headers: { 'Idempotency-Key': randomUUID() },
  });

beforeAll(async () => {
  server = await startTestServer();
  expect((await server.api('POST', '/api/auth/register', { body: alice })).status).toBeLessThan(300);
  await signIn();
  await server.projections.waitFor(await server.eventStore.headPosition());
  const customers = (await server.api<Array<{ id: string; email: string }>>('GET', '/api/admin/customers?limit=50&offset=0', { token: adminToken })).body;
  aliceId = customers.find((c) => c.email === alice.email)!.id;
  const created = await createKey();
  expect(created.status).toBe(201);
  apiKey = created.body.key;
  expect((await server.api('POST', `/api/admin/topup/${aliceId}`, { token: adminToken, body: { amount: 5, reason: 'Welcome' } })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.destroy();
});

describe('tamper detection at start', () => {
  it('starts verified, remembering how far beside the store', async () => {
    expect(await health()).toMatchObject({ status: 'ok', integrity: { state: 'verified', writes: 'open', break: null, acknowledged_breaks: 0 } });
    expect(record()).toMatchObject({ position: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('halts writes on an edited event until an admin acknowledges it; reads and sign-ins go on; writes then resume', async () => {
    let edited = { position: 0, stream: '' };
    await whileStopped((db) => {
      const row = db.prepare("SELECT position, stream_id, data FROM events WHERE type = 'ChecksToppedUp'").get() as {
        position: number;
        stream_id: string;
        data: string;
      };
      db.prepare('UPDATE events SET data = ? WHERE position = ?').run(row.data.replace('"amount":5', '"amount":500'), row.position);
      edited = { position: row.position, stream: row.stream_id };
    });

    // Health says where it breaks and why, and that writes are halted.
    const halted = await health();
    expect(halted).toMatchObject({
      status: 'degraded',
      integrity: {
        state: 'broken',
        writes: 'halted',
        verified_up_to: edited.position - 1,
        break: { position: edited.position, kind: 'hash-mismatch', reason: expect.stringContaining('content was altered') },
      },
    });
    // The admin report names the event and the way out.
    const admin = await report();
    expect(admin.break_event).toMatchObject({ stream: edited.stream, type: 'ChecksToppedUp' });
    expect(admin.fix).toContain('acknowledge the break with a note');

    // Reads are served: the customer's profile and screenings, the API key's list, the admin's audit log.
    expect((await server.api('GET', '/api/profile', { token: aliceToken })).status).toBe(200);
    expect((await server.api('GET', '/api/v1/screenings', { headers: { 'X-API-Key': apiKey } })).status).toBe(200);
    expect((await server.api('GET', '/api/admin/audit', { token: adminToken })).status).toBe(200);

    // Every write is refused, and appends nothing: customers and API keys hear no internals, admins the break and the fix.
    const writes: Array<() => Promise<{ status: number; body: unknown; headers: Headers }>> = [createKey, screen];
    for (const write of writes) {
      const refused = await expectAppendsNothing(server, write);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect((refused.body as { error: string }).error).toBe(
        'The service is paused for an integrity check of its records. Your data can still be read; changes are refused until an administrator has completed the check. Please try again later.',
      );
      expect(JSON.stringify(refused.body)).not.toMatch(/npm|DATA_DIR|position|hash/);
    }
    const adminRefused = await expectAppendsNothing(server, topUp);
    expect(adminRefused.status).toBe(503);
    expect(adminRefused.body.error).toContain(`breaks at position ${edited.position} (hash-mismatch`);
    expect(adminRefused.body.error).toContain('restore the data directory from a backup');

    // The document says which operations the halt refuses: each of them is refused, appending nothing, and no other is.
    type Operation = { responses: Record<string, { description: string }> };
    const doc = (await server.api<{ paths: Record<string, Record<string, Operation>> }>('GET', '/api/openapi.json')).body;
    const documented: string[] = [];
    const answered: string[] = [];
    for (const [route, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (['get', 'head', 'options', 'parameters'].includes(method)) continue;
        const name = `${method.toUpperCase()} ${route}`;
        if (operation.responses['503']?.description.startsWith('Paused:')) documented.push(name);
        const url = route.replace(/\{([A-Za-z0-9_]+)\}/g, () => randomUUID());
        const call = () => server.api<{ error?: string }>(method.toUpperCase(), url, { token: adminToken, body: {} });
        // Signing in and out go on, and record themselves.
        const res = documented.includes(name) ? await expectAppendsNothing(server, call) : await call();
        // The sweep signs the admin out on the way: refused as an admin or as anyone else.
        if (res.status === 503 && /^(Writes are halted|The service is paused)/.test(String(res.body?.error))) answered.push(name);
      }
    }
    expect(documented.length).toBeGreaterThan(40);
    expect(answered).toEqual(documented);
    await signIn(); // the sweep signed the admin out

    // The acknowledgement: an admin's, with a note, of the break as it is now.
    const acknowledge = (body: unknown, token = adminToken) =>
      server.api<AdminStoreIntegrity & { errors?: Record<string, string> }>('POST', '/api/admin/integrity/acknowledge', { token, body });
    expect((await expectAppendsNothing(server, () => acknowledge({ position: edited.position, note: '  ' }))).body.errors).toEqual({
      note: 'Write a note: what you found and why the service may go on',
    });
    expect((await expectAppendsNothing(server, () => acknowledge({ position: edited.position + 1, note: 'Looked' }))).status).toBe(409);
    expect((await expectAppendsNothing(server, () => acknowledge({ position: edited.position, note: 'Looked' }, aliceToken))).status).toBe(403);
    const done = await acknowledge({ position: edited.position, note: 'The top-up was edited by our test; the ticket is OPS-7.' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: 'verified', writes: 'open', break: null, acknowledged_breaks: 1 });
    expect(await health()).toMatchObject({ status: 'ok', integrity: { state: 'verified', writes: 'open' } });

    // Writes resume.
    expect((await createKey()).status).toBe(201);
    expect((await topUp()).status).toBe(200);

    // The break stays visible: the acknowledgement in the audit log, and the full verification still names the edit.
    await server.projections.waitFor(await server.eventStore.headPosition());
    const log = await server.api<AuditPage>('GET', '/api/admin/audit?type=IntegrityBreakAcknowledged', { token: adminToken });
    expect(log.body.items).toHaveLength(1);
    expect(log.body.items[0]).toMatchObject({
      stream: 'store-integrity',
      admin_email: ADMIN.email,
      data: { position: edited.position, kind: 'hash-mismatch', note: 'The top-up was edited by our test; the ticket is OPS-7.' },
    });
    const verification = await server.api<ChainVerificationResponse>('GET', '/api/admin/audit/verify', { token: adminToken });
    expect(verification.body.problem).toMatchObject({ kind: 'hash-mismatch', position: edited.position });

    // Acknowledged for good: the next start passes over it.
    server = await server.restart();
    await signIn();
    expect(await health()).toMatchObject({ status: 'ok', integrity: { state: 'verified', writes: 'open', mode: 'incremental', acknowledged_breaks: 1 } });
  }, 60_000);

  it('verifies at start only what was appended after the remembered position, whose event must still hold', async () => {
    // Only the events appended since the last verification are read.
    const head = await server.eventStore.headPosition();
    await server.close();
    const remembered = record();
    server = await server.restart();
    await signIn();
    expect(head).toBeGreaterThan(remembered.position);
    const restarted = (await health()).integrity;
    expect(restarted).toMatchObject({ state: 'verified', mode: 'incremental' });
    expect(restarted.verified_up_to).toBeGreaterThanOrEqual(head);
    expect(restarted.checked_events).toBe(restarted.verified_up_to! - remembered.position);

    // An edit before the remembered position, not recomputing the chain: the start trusts its record, and the walk of the
    // whole chain in the background (at start, then every INTEGRITY_FULL_VERIFY_INTERVAL_SECONDS) finds it and halts
    // writes (tests/integrity-whole-chain.int.test.ts has each kind); Verify walks everything and says so too.
    let before = { position: 0, data: '' };
    await whileStopped((db) => {
      before = db.prepare("SELECT position, data FROM events WHERE type = 'UserRegistered' ORDER BY position DESC LIMIT 1").get() as typeof before;
      db.prepare('UPDATE events SET data = ? WHERE position = ?').run(before.data.replace('Alice', 'Mallory'), before.position);
    });
    const full = await server.api<ChainVerificationResponse>('GET', '/api/admin/audit/verify', { token: adminToken });
    expect(full.body.problem).toMatchObject({ position: before.position, kind: 'hash-mismatch' });
    expect((await health()).integrity).toMatchObject({ state: 'broken', writes: 'halted', break: { position: before.position, kind: 'hash-mismatch' } });

    // The same edit with the chain recomputed after it (a consistent chain): the remembered event's hash changed, and the start says so.
    const verifiedAt = record().position;
    await whileStopped((db) => {
      recomputeChainFrom(db, before.position);
    });
    expect((await server.api<ChainVerificationResponse>('GET', '/api/admin/audit/verify', { token: adminToken })).body.ok).toBe(true);
    const rewritten = await health();
    expect(rewritten).toMatchObject({
      status: 'degraded',
      integrity: {
        state: 'broken',
        writes: 'halted',
        mode: 'full',
        break: { position: verifiedAt, kind: 'rewritten', reason: expect.stringContaining('rewritten') },
      },
    });
    expect((await expectAppendsNothing(server, createKey)).status).toBe(503);
    // Still caught at the next start: the record is kept as it was.
    server = await server.restart();
    await signIn();
    expect((await health()).integrity).toMatchObject({ state: 'broken', break: { position: verifiedAt, kind: 'rewritten' } });
    expect(record().position).toBe(verifiedAt);

    // Acknowledged, the rewritten chain is walked whole and remembered anew.
    const acknowledged = await server.api<AdminStoreIntegrity>('POST', '/api/admin/integrity/acknowledge', {
      token: adminToken,
      body: { position: verifiedAt, note: 'We recomputed the chain ourselves after the migration.' },
    });
    expect(acknowledged.body).toMatchObject({ state: 'verified', writes: 'open', mode: 'full', acknowledged_breaks: 2 });
    expect(record().position).toBe(acknowledged.body.verified_up_to);
    expect(acknowledged.body.verified_up_to).toBe(await server.eventStore.headPosition());

    // No record at all: the whole store is verified once, and remembered.
    await server.close();
    rmSync(recordFile());
    server = await server.restart();
    await signIn();
    expect((await health()).integrity).toMatchObject({ state: 'verified', mode: 'full' });
    expect(existsSync(recordFile())).toBe(true);
    expect((await createKey()).status).toBe(201);
  }, 60_000);

  it('starts nothing on its own while writes are halted: the list refresh due at start waits, and so does a scheduled re-screen', async () => {
    const lists = await startReplayServer([{ path: '/sdn.csv', replies: [{ text: 'not read', headers: { 'content-type': 'text/csv' } }] }]);
    try {
      // A watched wallet, re-screened daily.
      const watched = await server.api('POST', '/api/watchlist', {
        token: aliceToken,
        body: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', network: 'ethereum' },
      });
      expect(watched.status).toBeLessThan(300);
      await server.projections.waitFor(await server.eventStore.headPosition());
      await server.close();
      const db = new Database(storeFile());
      db.prepare("UPDATE events SET data = replace(data, 'Desk', 'Mallory') WHERE type = 'ApiKeyCreated'").run();
      db.close();
      // No list was ever loaded: the refresh is due at once.
      server = await startTestServer({ SANCTIONS_SYNC_INTERVAL_HOURS: '24', OFAC_SDN_URL: `${lists.url}/sdn.csv` }, server.dataDir);
      await signIn();
      expect((await health()).integrity).toMatchObject({ state: 'broken', writes: 'halted' });
      const head = await server.eventStore.headPosition();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(lists.requests).toEqual([]);
      // Its re-screen is due two days on: the scheduler's pass starts nothing while writes are halted.
      server.advance(48 * 3_600_000);
      expect(await server.rescreens.runOnce()).toEqual({ started: 0, skipped: 0 });
      expect(await server.eventStore.headPosition()).toBe(head);
    } finally {
      await lists.close();
    }
  }, 60_000);
});
