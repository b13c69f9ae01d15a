/**
 * Tampering found wherever it is, as an insider with the data directory would try it, with
 * walletscreen.db.verified.json left as it was: an older event edited (a top-up of 1 made 1,000),
 * one deleted, two swapped, or an edit with every later hash recomputed. The check at start and the
 * check every minute walk on from the remembered position and pass over such edits; the walk of the
 * whole chain in the background finds each within seconds here (every second), halts writes exactly
 * as the start check does (the forged balance cannot be spent), and remembers the break beside the
 * store so a restarted server halts before it serves. An admin's Verify and `npm run audit:verify`
 * halt writes the same way.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ChainVerificationResponse, Health } from '@walletscreen/contracts';
import { runVerifyCommand } from '@walletscreen/server/operations';
import { ADMIN, expectAppendsNothing, startTestServer, type TestServer } from './support/server';
import { recomputeChainFrom } from './support/tamper';

const alice = { email: 'alice@whole-chain.example', password: 'Alice-Passphrase-1', username: 'Alice' };

interface Setup {
  server: TestServer;
  adminToken: string;
  aliceToken: string;
  aliceId: string;
  /** The position of Alice's first top-up (of 1), well before the remembered position. */
  topUp: number;
}

const storeFile = (s: TestServer) => path.join(s.dataDir, 'walletscreen.db');
const health = async (s: TestServer) => (await s.api<Health>('GET', '/api/health')).body;
const remembered = (s: TestServer) => JSON.parse(readFileSync(`${storeFile(s)}.verified.json`, 'utf8')) as { position: number; hash: string };

/** Polls until the server reports the chain broken (the background walk runs every second here). */
async function untilHalted(s: TestServer, ms = 20_000): Promise<Health> {
  const end = Date.now() + ms;
  for (;;) {
    const h = await health(s);
    if (h.integrity.writes === 'halted' || Date.now() > end) return h;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A server whose store holds an old top-up of 1 and enough after it that it lies well before the remembered position. */
async function setUp(env: Record<string, string>): Promise<Setup> {
  const server = await startTestServer({ INTEGRITY_VERIFY_INTERVAL_SECONDS: '1', ...env });
  expect((await server.api('POST', '/api/auth/register', { body: alice })).status).toBeLessThan(300);
  const admin = await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN });
  const customer = await server.api<{ token: string }>('POST', '/api/auth/login', { body: alice });
  await server.projections.waitFor(await server.eventStore.headPosition());
  const customers = (await server.api<Array<{ id: string; email: string }>>('GET', '/api/admin/customers?limit=50&offset=0', { token: admin.body.token })).body;
  const aliceId = customers.find((c) => c.email === alice.email)!.id;
  const topUp = async (amount: number) =>
    server.api('POST', `/api/admin/topup/${aliceId}`, {
      token: admin.body.token,
      body: { amount, reason: 'Goodwill' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
  expect((await topUp(1)).status).toBe(200);
  const first = (await server.eventStore.readAll({ filter: { eventTypes: ['ChecksToppedUp'] } }))[0]!.position;
  for (let i = 0; i < 5; i++) expect((await topUp(2)).status).toBe(200);
  // The per-second check has remembered a position past the top-up.
  const head = await server.eventStore.headPosition();
  for (let i = 0; i < 100 && remembered(server).position < head; i++) await new Promise((r) => setTimeout(r, 50));
  expect(remembered(server).position).toBeGreaterThanOrEqual(first + 5);
  return { server, adminToken: admin.body.token, aliceToken: customer.body.token, aliceId, topUp: first };
}

/** Edits the store through a connection of its own while the server runs. */
function edit(s: TestServer, change: (db: Database.Database) => void) {
  const db = new Database(storeFile(s));
  try {
    db.transaction(() => change(db))();
  } finally {
    db.close();
  }
}

const tamperings: Array<{ name: string; kind: string; at: (s: Setup) => number; tamper: (db: Database.Database, s: Setup) => void }> = [
  {
    name: 'an older top-up of 1 made 1,000',
    kind: 'hash-mismatch',
    at: (s) => s.topUp,
    tamper: (db, s) => {
      const row = db.prepare('SELECT data FROM events WHERE position = ?').get(s.topUp) as { data: string };
      db.prepare('UPDATE events SET data = ? WHERE position = ?').run(row.data.replace('"amount":1,', '"amount":1000,'), s.topUp);
    },
  },
  {
    name: 'an older event deleted',
    kind: 'position-gap',
    at: (s) => s.topUp + 1,
    tamper: (db, s) => void db.prepare('DELETE FROM events WHERE position = ?').run(s.topUp),
  },
  {
    name: 'two older events swapped',
    kind: 'broken-link',
    at: (s) => s.topUp,
    tamper: (db, s) => {
      const move = db.prepare('UPDATE events SET position = ? WHERE position = ?');
      move.run(-1, s.topUp);
      move.run(s.topUp, s.topUp + 1);
      move.run(s.topUp + 1, -1);
    },
  },
];

describe.each(tamperings)('$name, the remembered position and its event left as they were', ({ kind, at, tamper }) => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({ INTEGRITY_FULL_VERIFY_INTERVAL_SECONDS: '1' });
  }, 60_000);
  afterAll(async () => s?.server.destroy());

  it('is found by the walk of the whole chain within seconds, and halts writes: the forged balance is not spent', async () => {
    const before = remembered(s.server);
    expect((await health(s.server)).integrity.writes).toBe('open');
    edit(s.server, (db) => tamper(db, s));
    const halted = await untilHalted(s.server);
    expect(halted).toMatchObject({ status: 'degraded', integrity: { state: 'broken', writes: 'halted', break: { position: at(s), kind } } });
    // The verified position is kept where it was (a chain recomputed from the break on then changes its event's hash),
    // and the break is written beside the store.
    expect(remembered(s.server)).toEqual(before);
    const screened = await expectAppendsNothing(s.server, () =>
      s.server.api('POST', '/api/transactions/analyze-realtime', {
        token: s.aliceToken,
        body: { wallet_address: 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m' },
        headers: { 'Idempotency-Key': randomUUID() },
      }),
    );
    expect(screened.status).toBe(503);
    expect(existsSync(`${storeFile(s.server)}.break.json`)).toBe(true);
  });

  it('halts writes at once when the server starts again, before it serves', async () => {
    s.server = await s.server.restart();
    expect((await health(s.server)).integrity).toMatchObject({ state: 'broken', writes: 'halted', break: { position: at(s), kind } });
  });
});

describe('an older edit with every later hash recomputed, the verified-position file intact', () => {
  let s: Setup;
  beforeAll(async () => {
    // No walk of the whole chain after the first: the check every second catches this on its own.
    s = await setUp({ INTEGRITY_FULL_VERIFY_INTERVAL_SECONDS: '3600' });
  }, 60_000);
  afterAll(async () => s?.server.destroy());

  it('is caught by the next check: the remembered event no longer carries its hash', async () => {
    const verifiedAt = remembered(s.server).position;
    edit(s.server, (db) => {
      const row = db.prepare('SELECT data FROM events WHERE position = ?').get(s.topUp) as { data: string };
      db.prepare('UPDATE events SET data = ? WHERE position = ?').run(row.data.replace('"amount":1,', '"amount":1000,'), s.topUp);
      recomputeChainFrom(db, s.topUp);
    });
    expect(await untilHalted(s.server)).toMatchObject({ integrity: { state: 'broken', writes: 'halted', break: { position: verifiedAt, kind: 'rewritten' } } });
  });
});

describe('a break found by an admin’s Verify or by npm run audit:verify', () => {
  let s: Setup;
  beforeEach(async () => {
    // The background walk ran once at start; the next is an hour away.
    s = await setUp({ INTEGRITY_FULL_VERIFY_INTERVAL_SECONDS: '3600' });
    edit(s.server, (db) => {
      const row = db.prepare('SELECT data FROM events WHERE position = ?').get(s.topUp) as { data: string };
      db.prepare('UPDATE events SET data = ? WHERE position = ?').run(row.data.replace('"amount":1,', '"amount":1000,'), s.topUp);
    });
    // The check every second passes over it.
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await health(s.server)).integrity).toMatchObject({ state: 'verified', writes: 'open' });
  }, 60_000);
  afterEach(async () => s?.server.destroy());

  it('halts writes when the admin’s Verify finds it, before the answer', async () => {
    const verified = await s.server.api<ChainVerificationResponse>('GET', '/api/admin/audit/verify', { token: s.adminToken });
    expect(verified.body).toMatchObject({ ok: false, problem: { position: s.topUp, kind: 'hash-mismatch' } });
    expect((await health(s.server)).integrity).toMatchObject({ state: 'broken', writes: 'halted', break: { position: s.topUp, kind: 'hash-mismatch' } });
  });

  it('halts the running server’s writes at its next check when the command finds it', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runVerifyCommand({ argv: ['--data-dir', s.server.dataDir], env: {}, stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
    expect(code).toBe(1);
    expect(err.join('\n')).toContain(`TAMPERED: hash-mismatch at position ${s.topUp}`);
    expect(err.join('\n')).toContain('walletscreen.db.break.json');
    expect(await untilHalted(s.server, 10_000)).toMatchObject({
      integrity: { state: 'broken', writes: 'halted', break: { position: s.topUp, kind: 'hash-mismatch' } },
    });
  });
});
