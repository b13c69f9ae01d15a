/**
 * The audit log's signed tree heads on the embedded server and its real files: made every interval
 * while the log grows (and sent to a witness on loopback), the first one at the first start on a
 * data directory written before tree heads (tests/compat), over its whole log; and what they show
 * an insider's rewrite: an old event edited (a top-up of 1 made 1,000), every later hash recomputed
 * and walletscreen.db.verified.json rewritten to match, so that the hash chain holds and the server
 * starts as if nothing happened, `npm run audit:verify` still names the edited event, from the
 * heads the store kept or, when those were removed too, from the ones the witness kept; with the log
 * tree read model rebuilt from the edited events as well, it names the range the change is in.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditLogPublicKey, Health, TreeHeadStatus } from '@walletscreen/contracts';
import { verifyLogAgainstTreeHeads, type RecordedEvent } from '@walletscreen/platform';
import { runRebuildCommand, runVerifyCommand, type CommandIO } from '@walletscreen/server/operations';
import { treeHeadsStreamId } from '@walletscreen/domain/tree-heads/events';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { startReplayServer } from '@walletscreen/workers/testing/replay-server';
import { compatChainEnv, compatRoutes, readManifest, readStoredFile } from './compat/manifest';
import { ADMIN, startTestServer, type TestServer } from './support/server';
import { recomputeChainFrom } from './support/tamper';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const alice = { email: 'alice@heads.example', password: 'Alice-Passphrase-1', username: 'Alice' };

async function run(command: (io: CommandIO) => Promise<number>, dataDir: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command({ argv: ['--data-dir', dataDir, ...args], env: {}, stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const latestHead = async (server: TestServer, token: string) => (await server.api<TreeHeadStatus>('GET', '/api/admin/audit/tree-head', { token })).body;

/** Waits until a signed head covers the store's event at `position`. */
async function headCovering(server: TestServer, token: string, position: number): Promise<TreeHeadStatus> {
  for (const started = Date.now(); Date.now() - started < 20_000; await new Promise((r) => setTimeout(r, 100))) {
    const status = await latestHead(server, token);
    if (status.latest && status.latest.last_position >= position) return status;
  }
  throw new Error(`no tree head covered position ${position} within 20 s`);
}

/**
 * What an insider with the data directory does: the event at `position` rewritten by `edit`, then
 * every hash from there on recomputed (the chain holds again) and the verified-position file
 * rewritten to the new hash of the event it names.
 */
function rewriteHistory(dataDir: string, position: number, edit: (data: string) => string) {
  const file = path.join(dataDir, 'walletscreen.db');
  const db = new Database(file);
  try {
    const row = db.prepare('SELECT data FROM events WHERE position = ?').get(position) as { data: string };
    db.prepare('UPDATE events SET data = ? WHERE position = ?').run(edit(row.data), position);
    recomputeChainFrom(db, position);
    // The record says the whole rewritten chain was verified: the server starts on it without a word.
    const record = JSON.parse(readFileSync(`${file}.verified.json`, 'utf8')) as { position: number; hash: string; verifiedAt: string };
    const last = db.prepare('SELECT position, hash FROM events ORDER BY position DESC LIMIT 1').get() as { position: number; hash: string };
    writeFileSync(`${file}.verified.json`, JSON.stringify({ ...record, position: last.position, hash: last.hash }));
  } finally {
    db.close();
  }
}

describe('tree heads made while the log grows, and what they show of a rewritten history', () => {
  let server: TestServer;
  let witness: WebhookReceiver;
  let admin: string;
  let topUp: RecordedEvent;
  /** Once its files were edited, the server is not started again: only its directory is removed. */
  let closed = false;

  beforeAll(async () => {
    witness = await startWebhookReceiver();
    server = await startTestServer({
      AUDIT_LOG_TREE_HEAD_SECONDS: '1',
      AUDIT_LOG_WITNESS_URL: `${witness.url}/heads`,
      WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
    });
    admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
    expect((await server.api('POST', '/api/auth/register', { body: alice })).status).toBeLessThan(300);
    const id = userIdForEmail(alice.email);
    expect((await server.api('POST', `/api/admin/topup/${id}`, { token: admin, body: { amount: 1, reason: 'Goodwill' } })).status).toBe(200);
    topUp = (await server.eventStore.readStream(`user-${id}`)).find((e) => e.type === 'ChecksToppedUp')!;
    // Later events: the log goes on after the top-up.
    for (let i = 0; i < 5; i++) await server.api('POST', '/api/auth/login', { body: alice });
  }, 60_000);
  afterAll(async () => {
    if (closed) rmSync(server.dataDir, { recursive: true, force: true });
    else await server?.destroy();
    await witness?.close();
  });

  it('signs a head every interval while the log grows, never again while it does not, and sends each to the witness', async () => {
    const first = await headCovering(server, admin, await server.eventStore.headPosition());
    expect(first.latest).toMatchObject({ origin: new URL(server.config.PUBLIC_URL).host, key_id: first.key_id });
    expect(first.key_source).toBe('generated');
    const key = (await server.api<AuditLogPublicKey>('GET', '/api/audit-log/public-key')).body;
    expect(key.key_id).toBe(first.key_id);
    // Only the heads' own events since: no new head.
    await new Promise((r) => setTimeout(r, 2_500));
    const later = await latestHead(server, admin);
    expect(later.tree_heads).toBe(first.tree_heads);
    expect(later.latest).toEqual(first.latest);
    const sent = await witness.waitFor('/heads', first.tree_heads);
    expect(sent.map((r) => (JSON.parse(r.body) as { tree_size: number }).tree_size)).toContain(first.latest!.tree_size);
    expect(later.witness.last).toMatchObject({ outcome: 'delivered', tree_size: first.latest!.tree_size });
  });

  it('names the edited event after the chain and the verified-position file were rewritten to match; then from the witness’s heads; then the range, once the read models were rebuilt from the edited events', async () => {
    // Every event but the heads' own is signed.
    const events = await server.eventStore.readAll();
    await headCovering(server, admin, events.filter((e) => e.streamId !== treeHeadsStreamId).pop()!.position);
    const witnessFile = path.join(tmpdir(), `witness-${path.basename(server.dataDir)}.jsonl`);
    writeFileSync(witnessFile, witness.received.map((r) => r.body).join('\n'));
    await server.close();
    closed = true;
    try {
      expect((await run(runVerifyCommand, server.dataDir)).code).toBe(0);

      rewriteHistory(server.dataDir, topUp.position, (data) => data.replace('"amount":1,', '"amount":1000,'));
      // The chain holds: the walk alone finds nothing.
      const verified = await run(runVerifyCommand, server.dataDir);
      expect(verified.stdout).toMatch(/^OK: \d+ events, chain intact/);
      expect(verified.code).toBe(1);
      const named = `changed: the event at position ${topUp.position} (stream ${topUp.streamId}, revision ${topUp.revision}, type ChecksToppedUp, event ${topUp.id}) is not the event signed at leaf`;
      expect(verified.stderr).toMatch(/^TAMPERED: the events no longer match the tree head of \d+ events signed .* \(the store\)/);
      expect(verified.stderr).toContain(named);
      expect(verified.stderr.split('\n').filter((l) => l.includes('changed:'))).toHaveLength(1);
      const leaf = Number(/is not the event signed at leaf (\d+)/.exec(verified.stderr)![1]);

      // The heads removed from the store too: the chain shows the gaps, and the witness's heads still name the edit.
      const db = new Database(path.join(server.dataDir, 'walletscreen.db'));
      expect(db.prepare('DELETE FROM events WHERE stream_id = ?').run(treeHeadsStreamId).changes).toBeGreaterThan(0);
      db.close();
      const withoutHeads = await run(runVerifyCommand, server.dataDir, '--tree-heads', witnessFile);
      expect(withoutHeads.code).toBe(1);
      expect(withoutHeads.stderr).toMatch(/TAMPERED: the events no longer match the tree head of \d+ events signed .* \(the witness file witness-/);
      expect(withoutHeads.stderr).toContain(named);

      // The log tree read model rebuilt from the edited events: the heads still show the change, in a range that holds it.
      expect((await run(runRebuildCommand, server.dataDir)).code).toBe(0);
      const rebuilt = await run(runVerifyCommand, server.dataDir, '--tree-heads', witnessFile);
      expect(rebuilt.code).toBe(1);
      const range = /something among leaves (\d+) to (\d+)/.exec(rebuilt.stderr);
      expect(range).not.toBeNull();
      expect(Number(range![1])).toBeLessThanOrEqual(leaf);
      expect(Number(range![2])).toBeGreaterThanOrEqual(leaf);
    } finally {
      rmSync(witnessFile, { force: true });
    }
  }, 60_000);
});

describe('a history rewritten to match its hash chain and verified-position file, on a server that signed tree heads over it', () => {
  let server: TestServer;
  afterAll(async () => server?.destroy());

  it('halts writes once its walk of the whole chain holds the events to the signed heads, naming the edited event', async () => {
    server = await startTestServer({ AUDIT_LOG_TREE_HEAD_SECONDS: '1', INTEGRITY_FULL_VERIFY_INTERVAL_SECONDS: '1' });
    const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
    expect((await server.api('POST', '/api/auth/register', { body: alice })).status).toBeLessThan(300);
    const id = userIdForEmail(alice.email);
    expect((await server.api('POST', `/api/admin/topup/${id}`, { token: admin, body: { amount: 1, reason: 'Goodwill' } })).status).toBe(200);
    const topUp = (await server.eventStore.readStream(`user-${id}`)).find((e) => e.type === 'ChecksToppedUp')!;
    for (let i = 0; i < 3; i++) await server.api('POST', '/api/auth/login', { body: alice });
    await headCovering(server, admin, (await server.eventStore.readAll()).filter((e) => e.streamId !== treeHeadsStreamId).pop()!.position);
    await server.close();
    rewriteHistory(server.dataDir, topUp.position, (data) => data.replace('"amount":1,', '"amount":1000,'));

    server = await server.restart();
    let integrity = (await server.api<Health>('GET', '/api/health')).body.integrity;
    for (const started = Date.now(); integrity.writes === 'open' && Date.now() - started < 20_000; await new Promise((r) => setTimeout(r, 100)))
      integrity = (await server.api<Health>('GET', '/api/health')).body.integrity;
    expect(integrity).toMatchObject({ state: 'broken', writes: 'halted', break: { position: topUp.position, kind: 'rewritten' } });
    expect(integrity.break!.reason).toContain('signed tree heads');
  }, 60_000);
});

describe('the first start on a data directory written before tree heads', () => {
  const FIXTURE = path.join(__dirname, 'compat', 'data-dir-2026-11-27');
  const manifest = readManifest(FIXTURE);

  it('signs its whole log in one head, over the events as recorded, without changing one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ws-compat-heads-'));
    for (const f of manifest.files) writeFileSync(path.join(dir, f.name), readStoredFile(FIXTURE, f.stored), { mode: 0o600 });
    const replay = await startReplayServer(compatRoutes());
    const offset = { ms: Date.parse(manifest.writtenAt) + 60_000 - Date.now() };
    const server = await startTestServer({ ...compatChainEnv(replay.url), ...manifest.env, AUDIT_LOG_TREE_HEAD_SECONDS: '3600' }, dir, offset);
    try {
      const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
      const status = await headCovering(server, admin, manifest.events.count);
      expect(status.tree_heads).toBe(1);
      expect(status.latest!.tree_size).toBeGreaterThanOrEqual(manifest.events.count);
      // The head holds the recorded events exactly: recomputed from them, its root is the signed one.
      const events = await server.eventStore.readAll({ maxCount: status.latest!.tree_size });
      const verification = await verifyLogAgainstTreeHeads({
        readAll: async (o) => events.filter((e) => e.position > (o?.after ?? 0)).slice(0, o?.maxCount ?? events.length),
        heads: [
          {
            origin: status.latest!.origin,
            treeSize: status.latest!.tree_size,
            rootHash: status.latest!.root_hash,
            timestamp: status.latest!.timestamp,
            keyId: status.latest!.key_id,
            signature: status.latest!.signature,
            publicKey: (await server.api<AuditLogPublicKey>('GET', '/api/audit-log/public-key')).body.public_key_pem,
            from: 'the store',
          },
        ],
        nodes: async () => new Map(),
      });
      expect(verification).toMatchObject({ ok: true, heads: 1, events: status.latest!.tree_size });
    } finally {
      await server.destroy();
      await replay.close();
    }
  }, 120_000);
});
