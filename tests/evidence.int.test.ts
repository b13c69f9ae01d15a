/**
 * Evidence bundles and signed tree heads on the embedded server (real HTTP on loopback, a real
 * SQLite file, the signing key in a file outside the data directory, a witness on loopback):
 * a real check (recorded Esplora answers, a sanctions list and a custom list it read) is downloaded
 * by its owner (web app and public API), an admin and an auditor, and nobody else; the bundle
 * verifies offline with the repository's verifier (`npx walletscreen-verify`, run as a separate
 * process): "identical"; and each kind of tampering (one byte of an event, a proof, the signature,
 * the tree head, the score) fails it. Each tree head is sent to the witness, which can verify it.
 */
import { spawnSync } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditLogPublicKey, CreateApiKeyResponse, EvidenceBundle, TreeHeadStatus } from '@walletscreen/contracts';
import { canonicalJson, createLogger, ed25519PublicKeyFromPem, keyFingerprint, treeHeadSignatureProblem } from '@walletscreen/platform';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { verifyEvidenceBundle } from '@walletscreen/workers/checks/verify-evidence';
import { ADMIN, startTestServer, type TestServer } from './support/server';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const alice = { email: 'alice@evidence.example', password: 'Alice-Passphrase-1', username: 'Alice' };
const bob = { email: 'bob@evidence.example', password: 'Bob-Passphrase-12', username: 'Bob' };
const AUDITOR = { email: 'ivy@audit.example', username: 'Ivy Auditor', password: 'Ledger-Review-2026' };
const root = path.resolve(__dirname, '..');

let replay: ReplayServer;
let witness: WebhookReceiver;
let server: TestServer;
let keyDir: string;
let keyId: string;
let tokens: { admin: string; alice: string; bob: string; auditor: string };
let checkId: string;

const login = async (who: { email: string; password: string }, admin = false) =>
  (await server.api<{ token: string }>('POST', admin ? '/api/admin/admin-login' : '/api/auth/login', { body: who })).body.token;

beforeAll(async () => {
  replay = await startReplayServer(recordedWalletRoutes());
  witness = await startWebhookReceiver();
  keyDir = mkdtempSync(path.join(tmpdir(), 'ws-key-'));
  const { privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(path.join(keyDir, 'audit-log.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
  keyId = keyFingerprint(createPublicKey(privateKey));
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
    BLOCKSCOUT_POLYGON_URL: 'http://127.0.0.1:9/polygon',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
    AUDIT_LOG_SIGNING_KEY_FILE: path.join(keyDir, 'audit-log.pem'),
    AUDIT_LOG_WITNESS_URL: `${witness.url}/witness`,
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
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
  for (const who of [alice, bob]) expect((await server.api('POST', '/api/auth/register', { body: who })).status).toBeLessThan(300);
  const admin = await login(ADMIN, true);
  expect((await server.api('POST', '/api/admin/auditors', { token: admin, body: AUDITOR })).status).toBe(201);
  tokens = { admin, alice: await login(alice), bob: await login(bob), auditor: await login(AUDITOR, true) };
  const list = await server.api('POST', `/api/admin/lists?name=${encodeURIComponent('Partner risk')}&kind=block`, {
    token: admin,
    raw: `address,network,note\n${a.btcB},bitcoin,flagged by partner\n`,
    headers: { 'content-type': 'text/csv' },
  });
  expect(list.status).toBe(201);
  const check = await server.api<{ check_id: string; status: string }>('POST', '/api/transactions/analyze-realtime', {
    token: tokens.alice,
    body: { wallet_address: a.btcWallet },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(check.body.status).toBe('completed');
  checkId = check.body.check_id;
}, 60_000);

afterAll(async () => {
  await server?.destroy();
  await replay?.close();
  await witness?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const download = (url: string, auth: { token?: string; headers?: Record<string, string> }) => server.api<EvidenceBundle>('GET', url, auth);

/** Runs the repository's verifier on a bundle, as anyone would: `npx walletscreen-verify <file>` (its bin script). */
function verifier(bundle: unknown, ...args: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-bundle-'));
  try {
    const file = path.join(dir, 'bundle.json');
    writeFileSync(file, JSON.stringify(bundle, null, 2));
    const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'walletscreen-verify.mjs'), file, ...args], {
      encoding: 'utf8',
      cwd: root,
      timeout: 60_000,
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the evidence bundle of a check', () => {
  let bundle: EvidenceBundle;

  it('is the owner’s from the report’s route and the public API (key scope read), any admin’s and auditor’s, and nobody else’s', async () => {
    const web = await download(`/api/transactions/checks/${checkId}/evidence`, { token: tokens.alice });
    expect(web.status).toBe(200);
    expect(web.headers.get('content-disposition')).toBe(`attachment; filename="walletscreen-evidence-${checkId}.json"`);
    bundle = web.body;
    expect(bundle).toMatchObject({ format: 'walletscreen-evidence-bundle/1', check_id: checkId, public_key: { algorithm: 'Ed25519', key_id: keyId } });
    expect(bundle.events.map((e) => e.event.type)).toEqual([
      'WalletCheckRequested',
      ...Array.from({ length: 7 }, () => 'WalletCheckStageCompleted'),
      'WalletCheckCompleted',
    ]);
    // Exactly as stored: the events the store hands back, field for field.
    const stored = await server.eventStore.readStream(`check-${checkId}`);
    expect(bundle.events.map((e) => e.event)).toEqual(stored.map((e) => ({ ...e, hash: e.hash ?? null, prevHash: e.prevHash ?? null })));
    expect(bundle.versions.sanctions_list?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(bundle.versions.custom_lists).toEqual([expect.objectContaining({ name: 'Partner risk', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
    expect(bundle.model).toMatchObject({ version: bundle.versions.risk_model, held: true, profile: { version: bundle.versions.risk_model } });
    expect(bundle.tree_head.last_position).toBeGreaterThanOrEqual(stored[stored.length - 1]!.position);

    const readKey = await server.api<CreateApiKeyResponse>('POST', '/api/keys', { token: tokens.alice, body: { name: 'Desk', scopes: ['read'] } });
    const screenOnly = await server.api<CreateApiKeyResponse>('POST', '/api/keys', { token: tokens.alice, body: { name: 'Screen', scopes: ['screen'] } });
    const bobKey = await server.api<CreateApiKeyResponse>('POST', '/api/keys', { token: tokens.bob, body: { name: 'Bob', scopes: ['read'] } });
    const api = await download(`/api/v1/screenings/${checkId}/evidence`, { headers: { 'X-API-Key': readKey.body.key } });
    expect(api.status).toBe(200);
    expect(api.body.events).toEqual(bundle.events);
    expect((await download(`/api/v1/screenings/${checkId}/evidence`, { headers: { 'X-API-Key': screenOnly.body.key } })).status).toBe(403);
    expect((await download(`/api/v1/screenings/${checkId}/evidence`, { headers: { 'X-API-Key': bobKey.body.key } })).status).toBe(404);
    expect((await download(`/api/v1/screenings/${checkId}/evidence`, {})).status).toBe(401);

    for (const token of [tokens.admin, tokens.auditor]) {
      const admin = await download(`/api/admin/checks/${checkId}/evidence`, { token });
      expect(admin.status).toBe(200);
      expect(admin.body.events).toEqual(bundle.events);
    }
    // Another customer learns nothing, not even that the check exists; the admin route is not a customer's.
    expect((await download(`/api/transactions/checks/${checkId}/evidence`, { token: tokens.bob })).status).toBe(404);
    expect((await download(`/api/admin/checks/${checkId}/evidence`, { token: tokens.alice })).status).toBe(403);
    expect((await download(`/api/transactions/checks/${randomUUID()}/evidence`, { token: tokens.alice })).status).toBe(404);
    expect((await download('/api/transactions/checks/not-a-check/evidence', { token: tokens.alice })).status).toBe(404);
    expect((await download(`/api/transactions/checks/${checkId}/evidence`, {})).status).toBe(401);
  });

  it('verifies offline with the repository’s verifier: signature, proofs, chain, and the model re-run gives "identical"', () => {
    const inProcess = verifyEvidenceBundle(bundle);
    expect(inProcess.steps.filter((s) => !s.ok)).toEqual([]);
    expect(inProcess.verdict).toBe('identical');

    const keyFile = path.join(keyDir, 'published.pem');
    writeFileSync(keyFile, bundle.public_key.public_key_pem);
    const run = verifier(bundle, '--key', keyFile);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n').pop()).toBe('identical');
    expect(run.stdout).toContain('ok   signature');
    expect(run.stdout).toContain(`all ${bundle.events.length} events are in the signed tree`);
  });

  /** A deep copy of the bundle, changed by `edit`. */
  const tampered = (edit: (b: EvidenceBundle) => void): EvidenceBundle => {
    const copy = JSON.parse(JSON.stringify(bundle)) as EvidenceBundle;
    edit(copy);
    return copy;
  };
  const fails = (b: EvidenceBundle, check: string, words: RegExp) => {
    const result = verifyEvidenceBundle(b);
    expect(result.ok).toBe(false);
    expect(result.verdict).toMatch(/^FAILED/);
    expect(result.steps.filter((s) => !s.ok).map((s) => `${s.check}: ${s.detail}`)).toContainEqual(
      expect.stringMatching(new RegExp(`^${check}: .*${words.source}`)),
    );
  };

  it('fails when one byte of an event changed: its proof and its chain link no longer hold', () => {
    const edited = tampered((b) => {
      const e = b.events[3]!.event as { data: { evidence?: unknown } };
      // The first letter of a text value, as it is written: one byte.
      const text = JSON.stringify(e.data);
      const at = text.search(/":"[a-z]/) + 3;
      e.data = JSON.parse(`${text.slice(0, at)}${text[at] === 'x' ? 'y' : 'x'}${text.slice(at + 1)}`) as { evidence?: unknown };
    });
    fails(edited, 'inclusion', /event 4 .*inclusion proof does not lead/);
    fails(edited, 'chain', /event 4 .*does not hash/);
    const run = verifier(edited);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^FAILED: /);
  });

  it('fails when a proof changed', () =>
    fails(
      tampered((b) => {
        const p = b.events[0]!.inclusion_proof;
        p[0] = `${p[0]![0] === '0' ? '1' : '0'}${p[0]!.slice(1)}`;
      }),
      'inclusion',
      /event 1 .*inclusion proof/,
    ));

  it('fails when the signature changed', () =>
    fails(
      tampered((b) => {
        const sig = Buffer.from(b.tree_head.signature, 'base64');
        sig[5]! ^= 1;
        b.tree_head.signature = sig.toString('base64');
      }),
      'signature',
      /signature does not verify/,
    ));

  it('fails when the tree head changed (its size, its root, its time), or names another key', () => {
    fails(
      tampered((b) => (b.tree_head.tree_size += 1)),
      'signature',
      /signature does not verify/,
    );
    fails(
      tampered((b) => (b.tree_head.root_hash = '0'.repeat(64))),
      'signature',
      /signature does not verify/,
    );
    fails(
      tampered((b) => (b.tree_head.timestamp = new Date(Date.parse(b.tree_head.timestamp) + 1).toISOString())),
      'signature',
      /signature does not verify/,
    );
    const other = generateKeyPairSync('ed25519').publicKey;
    fails(
      tampered((b) => (b.public_key.public_key_pem = other.export({ type: 'spki', format: 'pem' }).toString())),
      'signature',
      /fingerprint/,
    );
  });

  it('carries the model profile the check recorded, with its hash, and re-runs that profile', () => {
    const recorded = (
      bundle.events.find((e) => e.event.type === 'WalletCheckStageCompleted' && (e.event.data as { key?: string }).key === 'patterns')?.event.data as
        { evidence?: { riskProfile?: { version: string; sha256: string } } } | undefined
    )?.evidence?.riskProfile;
    expect(recorded).toBeDefined();
    expect(bundle.model).toMatchObject({ version: recorded!.version, held: true, profile_sha256: recorded!.sha256 });
    // The versions the auditor's screens show name it too.
    expect(bundle.versions.risk_profile).toEqual(recorded);
    expect(createHash('sha256').update(canonicalJson(bundle.model.profile)).digest('hex')).toBe(recorded!.sha256);
  });

  it('fails when the profile changed: its hash no longer matches, and with the hash recomputed, not the one the check recorded', () => {
    // Thresholds that give this check another level: the verifier runs the profile the bundle carries.
    const reweighed = (b: EvidenceBundle) => {
      const profile = b.model.profile as { thresholds: { high: number; medium: number } };
      profile.thresholds = b.verdict!.risk_level === 'Low Risk' ? { high: 0, medium: 0 } : { high: 1000, medium: 1000 };
    };
    fails(tampered(reweighed), 'bundle', /model profile hashes to [0-9a-f]{64}, not the recorded/);
    const rehashed = tampered((b) => {
      reweighed(b);
      b.model.profile_sha256 = createHash('sha256').update(canonicalJson(b.model.profile)).digest('hex');
    });
    fails(rehashed, 'bundle', /not the [0-9a-f]{64} the check recorded/);
    fails(rehashed, 'replay', /riskProfile\.sha256 recorded/);
    fails(rehashed, 'replay', /result\.risk_level recorded "[A-Za-z ]+", replayed "[A-Za-z ]+"/);
  });

  it('fails when the score changed: in the bundle’s verdict, or in the recorded result (then the proof fails and the replay differs)', () => {
    fails(
      tampered((b) => (b.verdict!.risk_score += 1)),
      'bundle',
      /verdict .* is not the one its events record/,
    );
    const rescored = tampered((b) => {
      const completed = b.events[b.events.length - 1]!.event as { data: { result: { risk_score: number } } };
      completed.data.result.risk_score += 1;
      b.verdict!.risk_score += 1;
    });
    fails(rescored, 'inclusion', /event 9 .*inclusion proof/);
    fails(rescored, 'replay', /result\.risk_score recorded \d+, replayed \d+/);
    const run = verifier(rescored);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/FAIL replay: .*result\.risk_score recorded/);
  });
});

describe('signed tree heads', () => {
  it('publishes the key to anyone, and shows admins and auditors the latest head, the key and the witness’s answer', async () => {
    const key = await server.api<AuditLogPublicKey>('GET', '/api/audit-log/public-key');
    expect(key.status).toBe(200);
    expect(key.body).toMatchObject({ algorithm: 'Ed25519', key_id: keyId });
    expect(keyFingerprint(ed25519PublicKeyFromPem(key.body.public_key_pem))).toBe(keyId);

    await witness.waitFor('/witness', 1);
    await new Promise((r) => setTimeout(r, 200));
    for (const token of [tokens.admin, tokens.auditor]) {
      const status = await server.api<TreeHeadStatus>('GET', '/api/admin/audit/tree-head', { token });
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({
        key_id: keyId,
        key_source: 'configured',
        witness: { configured: true, host: new URL(witness.url).host, last: { outcome: 'delivered', status_code: 200 } },
      });
      expect(status.body.latest?.tree_size).toBeGreaterThan(0);
      expect(status.body.tree.size).toBeGreaterThanOrEqual(status.body.latest!.tree_size);
    }
    expect((await server.api('GET', '/api/admin/audit/tree-head', { token: tokens.alice })).status).toBe(403);
  });

  it('sends each new head to the witness, which verifies it with the published key; a witness that refuses is shown', async () => {
    const [sent] = await witness.waitFor('/witness', 1);
    const head = JSON.parse(sent!.body) as Record<string, string | number>;
    const problem = treeHeadSignatureProblem(
      {
        origin: String(head.origin),
        treeSize: Number(head.tree_size),
        rootHash: String(head.root_hash),
        timestamp: String(head.timestamp),
        keyId: String(head.key_id),
        signature: String(head.signature),
      },
      ed25519PublicKeyFromPem(String(head.public_key_pem)),
    );
    expect(problem).toBeNull();
    expect(head.key_id).toBe(keyId);

    // The log grows; the next bundle needs a newer head, which the witness refuses.
    witness.answer('/witness', 503);
    const again = await server.api<{ check_id: string; status: string }>('POST', '/api/transactions/analyze-realtime', {
      token: tokens.alice,
      body: { wallet_address: a.btcWallet },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(again.body.status).toBe('completed');
    const before = witness.received.filter((r) => r.path === '/witness').length;
    expect((await download(`/api/transactions/checks/${again.body.check_id}/evidence`, { token: tokens.alice })).status).toBe(200);
    await witness.waitFor('/witness', before + 1);
    await new Promise((r) => setTimeout(r, 200));
    const status = await server.api<TreeHeadStatus>('GET', '/api/admin/audit/tree-head', { token: tokens.admin });
    expect(status.body.witness.last).toMatchObject({ outcome: 'failed', status_code: 503, tree_size: status.body.latest!.tree_size });
  });
});
