/**
 * The intelligence feeds end to end on the embedded server, through HTTP: the Feeds status for
 * admins and auditors (not customers), "Sync now" downloading a feed from a loopback server that
 * replays a hand-made file, a turned-off or shipped feed refused, the admin's own labels uploaded
 * (a bad file refused whole, changing nothing), and a check of a labelled wallet whose evidence
 * and report name the feed and version that labelled it. Blockchain data is replayed too.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { feedIds, type FeedsStatusResponse, type FeedStatus, type FeedSyncResponse, type StreamView, type WalletAnalysis } from '@walletscreen/contracts';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { ADMIN, expectAppendsNothing, startTestServer, type TestServer } from './support/server';

const fixtures = path.resolve(__dirname, '../workers/test-fixtures/feeds');
const fixtureText = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
const sha256Of = (name: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(fixtures, name)))
    .digest('hex');

let replay: ReplayServer;
let server: TestServer;
let admin: string;
let auditor: string;
let customer: string;
const AUDITOR = { email: 'reader@audit.example', username: 'Reader', password: 'Auditor-Passphrase-7' };
const user = { email: 'desk@feeds.example', password: 'Screening-Passphrase-4', username: 'Desk' };

beforeAll(async () => {
  replay = await startReplayServer([
    ...recordedWalletRoutes(),
    { path: '/mirror/addresses-darklist.json', replies: [{ text: fixtureText('addresses-darklist.json') }] },
  ]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
    FEED_URLS: `ethereum-darklist=${replay.url}/mirror/addresses-darklist.json`,
  });
  admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
  expect((await server.api('POST', '/api/admin/auditors', { token: admin, body: AUDITOR })).status).toBe(201);
  auditor = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: { email: AUDITOR.email, password: AUDITOR.password } })).body.token;
  await server.api('POST', '/api/auth/register', { body: user });
  customer = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
}, 60_000);
afterAll(async () => {
  await server.destroy();
  await replay.close();
});

type Problem = { error: string; status: number };
const feeds = async (as = admin) => server.api<FeedsStatusResponse & Problem>('GET', '/api/admin/feeds', { token: as });
const feed = async (id: string) => (await feeds()).body.feeds.find((f) => f.id === id)!;
const syncNow = (id: string, as = admin) => server.api<FeedSyncResponse & Problem>('POST', `/api/admin/feeds/${id}/sync`, { token: as });
const upload = (text: string, fileName: string, as = admin) =>
  server.api<FeedSyncResponse & Problem>('POST', `/api/admin/feeds/custom-labels?file_name=${encodeURIComponent(fileName)}`, {
    token: as,
    raw: text,
    headers: { 'content-type': 'application/json' },
  });

describe('the Feeds status', () => {
  it('lists every feed with its licence, whether it is on, and the version in force', async () => {
    const res = await feeds();
    expect(res.status).toBe(200);
    // Every feed, in its fixed order; on, only those tests/support/server.ts turns on (GraphSense's TagPacks and the
    // feeds read from APIs are on by default, off here: this machine cannot download them).
    expect(res.body.feeds.map((f) => f.id)).toEqual([...feedIds]);
    expect(res.body.feeds.filter((f) => f.enabled).map((f) => f.id)).toEqual(['ethereum-darklist', 'contract-sets', 'custom-labels']);
    const byId = new Map(res.body.feeds.map((f) => [f.id, f]));
    expect(byId.get('opensanctions-crypto')).toMatchObject({
      kind: 'download',
      enabled_by_default: false,
      licence: { commercial_use: false },
      version: null,
      entries: 0,
      last_sync: null,
    });
    expect(byId.get('ethereum-darklist')).toMatchObject({
      licence: { name: 'MIT', commercial_use: true },
      url: expect.stringContaining('MyEtherWallet/ethereum-lists'),
      version: null,
    });
    expect(byId.get('contract-sets')).toMatchObject({
      kind: 'shipped',
      version: expect.stringMatching(/^[0-9a-f]{12}$/),
      entries: expect.any(Number),
      categories: ['mixer', 'bridge'],
    });
  });

  it('is open to auditors, not to customers nor the signed-out', async () => {
    expect((await feeds(auditor)).status).toBe(200);
    expect((await feeds(customer)).status).toBe(403);
    expect((await server.api('GET', '/api/admin/feeds')).status).toBe(401);
  });
});

describe('Sync now', () => {
  it('downloads the feed (from its mirror here) and records it as version 1, with what it left out', async () => {
    const res = await syncNow('ethereum-darklist');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'imported', error: null });
    expect(res.body.feed).toMatchObject<Partial<FeedStatus>>({
      version: '1',
      sha256: sha256Of('addresses-darklist.json'),
      entries: 3,
      origin: `${replay.url}/mirror/addresses-darklist.json`,
      skipped: expect.objectContaining({ count: 3 }),
      last_sync: { at: expect.any(String), trigger: 'admin-sync', result: 'imported', code: null, reason: null },
    });
  });

  it('answers "unchanged" for the same file, recording no new version', async () => {
    const res = await syncNow('ethereum-darklist');
    expect(res.body).toMatchObject({ result: 'unchanged', feed: { version: '1', last_sync: { result: 'unchanged' } } });
    expect(await server.eventStore.streamRevision('feed-ethereum-darklist')).toBe(0);
  });

  it('refuses a turned-off feed, a shipped one, your own labels and an unknown feed, changing nothing', async () => {
    const off = await expectAppendsNothing(server, () => syncNow('opensanctions-crypto'));
    expect(off.status).toBe(409);
    expect(off.body.error).toBe('This feed is turned off on this server, so nothing was downloaded or imported. The operator of this server can turn it on.');
    expect((await expectAppendsNothing(server, () => syncNow('contract-sets'))).status).toBe(409);
    expect((await expectAppendsNothing(server, () => syncNow('custom-labels'))).status).toBe(409);
    expect((await expectAppendsNothing(server, () => syncNow('no-such-feed'))).status).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await expectAppendsNothing(server, () => syncNow('ethereum-darklist', auditor))).status).toBe(403);
    expect((await expectAppendsNothing(server, () => syncNow('ethereum-darklist', customer))).status).toBe(403);
  });
});

describe('your own labels', () => {
  it('refuses a bad file whole, naming the bad entry; the feed does not change, the sync log records the refusal', async () => {
    const bad = await upload(fixtureText('custom-labels-bad.json'), 'labels.json');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/entry 2 \(Airdrop drainer \(internal case 3112\), .*\): category must be one of/);
    expect((await upload('not json', 'labels.json')).body.error).toMatch(/not valid JSON/);
    expect(await server.eventStore.streamRevision('feed-custom-labels')).toBe('no-stream');
    expect((await feed('custom-labels')).last_sync).toMatchObject({
      trigger: 'upload',
      result: 'failed',
      code: 'invalid-file',
      reason: expect.stringContaining('not valid JSON'),
    });
  });

  it('refuses an empty upload, or one without its file name, before reading anything', async () => {
    expect((await expectAppendsNothing(server, () => upload('   ', 'labels.json'))).status).toBe(400);
    expect((await expectAppendsNothing(server, () => upload(fixtureText('custom-labels-v1.json'), ''))).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await expectAppendsNothing(server, () => upload(fixtureText('custom-labels-v1.json'), 'labels.json', auditor))).status).toBe(403);
    expect((await expectAppendsNothing(server, () => upload(fixtureText('custom-labels-v1.json'), 'labels.json', customer))).status).toBe(403);
  });

  it('records a good file as the next version, uploaded by the admin', async () => {
    const res = await upload(fixtureText('custom-labels-v1.json'), 'custom-labels-v1.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      result: 'imported',
      feed: { id: 'custom-labels', version: '1', entries: 2, origin: `uploaded by ${ADMIN.email}: custom-labels-v1.json`, last_sync: { trigger: 'upload' } },
    });
  });

  it('shows the feed in the stream browser, with its version in force', async () => {
    const view = await server.api<StreamView>('GET', '/api/admin/streams/feed-custom-labels', { token: auditor });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ kind: 'feed', folds: true, state: { status: 'loaded', feedId: 'custom-labels', version: 1, entryCount: 2 } });
    expect(view.body.events[0]).toMatchObject({ type: 'FeedVersionImported', name: 'Feed version imported' });
  });
});

describe('a check of a wallet a feed labels', () => {
  type Analysis = WalletAnalysis & { check_id: string; status: string };
  type Stage<T> = { key: string; evidence: T };
  const stage = async <T>(checkId: string, key: string) =>
    ((await server.eventStore.readStream(`check-${checkId}`)).find((e) => (e.data as { key?: string }).key === key)!.data as Stage<T>).evidence;

  it('records the label with its feed and version, every feed in force, and reports the jurisdiction', async () => {
    const res = await server.api<Analysis>('POST', '/api/transactions/analyze-realtime', {
      token: customer,
      body: { wallet_address: a.btcWallet },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('completed');
    const intelligence = await stage<{ own: unknown[] }>(res.body.check_id, 'intelligence');
    expect(intelligence.own).toEqual([
      expect.objectContaining({
        category: 'gambling',
        name: 'Lucky Ibis Casino hot wallet (internal case 3107)',
        jurisdiction: 'Curaçao',
        feed: { id: 'custom-labels', version: '1' },
      }),
    ]);
    const initialize = await stage<{ feeds: unknown[] }>(res.body.check_id, 'initialize');
    expect(initialize.feeds).toEqual([
      { id: 'ethereum-darklist', name: 'MyEtherWallet address darklist', version: '1', sha256: sha256Of('addresses-darklist.json'), entryCount: 3 },
      expect.objectContaining({ id: 'contract-sets', version: expect.stringMatching(/^[0-9a-f]{12}$/) }),
      { id: 'custom-labels', name: 'Your own labels', version: '1', sha256: sha256Of('custom-labels-v1.json'), entryCount: 2 },
    ]);
    expect(res.body.jurisdiction).toBe('Curaçao');
    expect(res.body.aml_report).toContain(
      'Labelled gambling (Lucky Ibis Casino hot wallet (internal case 3107), source: https://compliance.example.com/cases/3107; feed custom-labels version 1).',
    );
  });
});

describe('the feed refresh in the server', () => {
  it('syncs each downloadable enabled feed at start, records it as a refresh, and does not download again on a restart within the interval', async () => {
    const mirror = await startReplayServer([{ path: '/mirror/addresses-darklist.json', replies: [{ text: fixtureText('addresses-darklist.json') }] }]);
    const s = await startTestServer({ FEEDS_SYNC_INTERVAL_HOURS: '24', FEED_URLS: `ethereum-darklist=${mirror.url}/mirror/addresses-darklist.json` });
    try {
      const t = (await s.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
      const darklist = async () =>
        (await s.api<FeedsStatusResponse>('GET', '/api/admin/feeds', { token: t })).body.feeds.find((f) => f.id === 'ethereum-darklist')!;
      let status: FeedStatus | undefined;
      for (let i = 0; i < 200 && !status?.last_sync; i++) {
        status = await darklist();
        if (!status.last_sync) await new Promise((r) => setTimeout(r, 25));
      }
      expect(status).toMatchObject({
        version: '1',
        sha256: sha256Of('addresses-darklist.json'),
        last_sync: { trigger: 'refresh', result: 'imported', code: null },
      });
      // Only the downloadable feed is fetched: the shipped contract sets and your own labels have no download, OpenSanctions is off.
      expect(mirror.requests.map((r) => r.path)).toEqual(['/mirror/addresses-darklist.json']);

      const again = await s.restart();
      await new Promise((r) => setTimeout(r, 200));
      expect(mirror.requests).toHaveLength(1);
      await again.destroy();
    } finally {
      await s.destroy().catch(() => undefined);
      await mirror.close();
    }
  });

  it('keeps the version in force when the download fails, and says why', async () => {
    const down = await startReplayServer([{ path: '/mirror/addresses-darklist.json', replies: [{ status: 503, text: 'down for maintenance' }] }]);
    const s = await startTestServer({ FEEDS_SYNC_INTERVAL_HOURS: '24', FEED_URLS: `ethereum-darklist=${down.url}/mirror/addresses-darklist.json` });
    try {
      const t = (await s.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
      let status: FeedStatus | undefined;
      for (let i = 0; i < 200 && !status?.last_sync; i++) {
        status = (await s.api<FeedsStatusResponse>('GET', '/api/admin/feeds', { token: t })).body.feeds.find((f) => f.id === 'ethereum-darklist')!;
        if (!status.last_sync) await new Promise((r) => setTimeout(r, 25));
      }
      expect(status).toMatchObject({
        version: null,
        last_sync: { trigger: 'refresh', result: 'failed', code: 'download-failed', reason: expect.stringMatching(/failed: HTTP 503/) },
      });
    } finally {
      await s.destroy();
      await down.close();
    }
  });
});
