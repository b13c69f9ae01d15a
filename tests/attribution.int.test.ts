/**
 * Attribution at depth end to end (issue 28), on the embedded server through HTTP: GraphSense's
 * TagPacks downloaded by "Sync now" as the .tar.gz GitHub serves (a loopback server replays one
 * built from the real samples in workers/test-fixtures/feeds/graphsense-tagpacks, plus one pack made
 * here that names a counterparty of the replayed Bitcoin wallet), the Feeds status with its counts by
 * chain and category, and a check whose evidence, linked wallets and report name the mark with its
 * feed, source, confidence and date, scored by the risk model's new category.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { shortenAddress, type FeedsStatusResponse, type FeedSyncResponse, type WalletAnalysis } from '@walletscreen/contracts';
import { writeTarGz } from '@walletscreen/workers/testing/archives';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { importSanctionsList } from './support/sanctions';
import { ADMIN, startTestServer, type TestServer } from './support/server';

const samples = path.resolve(__dirname, '../workers/test-fixtures/feeds/graphsense-tagpacks');
const SOURCE = 'https://blog.talosintelligence.com/2018/10/anatomy-of-sextortion-scam.html';
/** A pack made for this test (not GraphSense's): a counterparty of the replayed wallet, as a sextortion address. */
const testPack = `title: WalletScreen test pack (invented)
creator: WalletScreen tests
description: An invented pack naming a counterparty of the replayed Bitcoin wallet
abuse: sextortion
currency: BTC
label: Sextortion spam (test)
lastmod: 2019-08-06
confidence: forensic
source: ${SOURCE}
tags:
- address: ${a.btcB}
`;

/** The next version of the test pack: one of the two addresses the wallet's sender spent together (A and C) named a ransomware address. */
const testPackV2 = `${testPack}- address: ${a.btcA}
  abuse: ransomware
  label: Ransomware collector (test)
`;

const files = (dir: string, prefix = ''): Array<{ name: string; content: string }> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(path.join(dir, e.name), `${prefix}${e.name}/`)
      : [{ name: `${prefix}${e.name}`, content: readFileSync(path.join(dir, e.name), 'utf8') }],
  );

let replay: ReplayServer;
let server: TestServer;
let admin: string;
let customer: string;
const tmp = mkdtempSync(path.join(tmpdir(), 'ws-attribution-'));

beforeAll(async () => {
  const archive = path.join(tmp, 'graphsense-tagpacks.tar.gz');
  const top = 'graphsense-tagpacks-29ff93c8ab0db37370453a290b7becba429b73f8/';
  const archiveV2 = path.join(tmp, 'graphsense-tagpacks-v2.tar.gz');
  await writeTarGz(archive, [
    ...files(samples).map((f) => ({ name: `${top}${f.name}`, content: f.content })),
    { name: `${top}packs/walletscreen-test.yaml`, content: testPack },
  ]);
  await writeTarGz(archiveV2, [
    ...files(samples).map((f) => ({ name: `${top}${f.name}`, content: f.content })),
    { name: `${top}packs/walletscreen-test.yaml`, content: testPackV2 },
  ]);
  // The first "Sync now" downloads the first version; the next ones the second.
  replay = await startReplayServer([
    ...recordedWalletRoutes(),
    { path: '/codeload/graphsense-tagpacks.tar.gz', replies: [{ bytes: readFileSync(archive) }, { bytes: readFileSync(archiveV2) }] },
  ]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAIN_DATA_RETRIES: '0',
    CHECK_WAIT_MS: '20000',
    FEEDS_ENABLED: 'contract-sets,custom-labels,graphsense-tagpacks',
    FEED_URLS: `graphsense-tagpacks=${replay.url}/codeload/graphsense-tagpacks.tar.gz`,
  });
  // A list in force that does not name the wallet's counterparties: the mark here is the feed's alone.
  await importSanctionsList(server.eventStore);
  admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
  const user = { email: 'desk@attribution.example', password: 'Screening-Passphrase-4', username: 'Desk' };
  await server.api('POST', '/api/auth/register', { body: user });
  customer = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
}, 60_000);
afterAll(async () => {
  await server.destroy();
  await replay.close();
  rmSync(tmp, { recursive: true, force: true });
});

type Analysis = WalletAnalysis & { check_id: string; status: string };
const check = async () => {
  const res = await server.api<Analysis>('POST', '/api/transactions/analyze-realtime', {
    token: customer,
    body: { wallet_address: a.btcWallet },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status).toBe(200);
  return res.body;
};

describe('GraphSense TagPacks, synced and read by a check', () => {
  it('is on but not loaded: a check says the feed was not read, and is never clean', async () => {
    const before = await check();
    expect(before.missing_evidence).toEqual([
      expect.stringContaining('Sources not read: the intelligence feed "GraphSense TagPacks" (enabled, but no version is loaded yet)'),
    ]);
  });

  it('downloads the .tar.gz, leaves out the packs whose sources forbid reuse, and shows its counts by chain and category once in force', async () => {
    const res = await server.api<FeedSyncResponse>('POST', '/api/admin/feeds/graphsense-tagpacks/sync', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      result: 'imported',
      error: null,
      feed: { id: 'graphsense-tagpacks', version: '1', licence: { name: 'MIT', commercial_use: true } },
    });
    const feed = res.body.feed;
    expect(feed.counts?.bitcoin).toMatchObject({ exchange: expect.any(Number), sextortion: 4, miner: expect.any(Number), coinjoin: 2, ransomware: 3 });
    expect(feed.counts?.evm).toMatchObject({ frozen: expect.any(Number) });
    expect(
      Object.values(feed.counts ?? {})
        .flatMap((c) => Object.values(c))
        .reduce((x, y) => x + y, 0),
    ).toBe(feed.entries);
    expect(Object.keys(feed.skipped?.reasons ?? {})).toEqual(
      expect.arrayContaining([expect.stringMatching(/etherscan\.io/), expect.stringMatching(/walletexplorer\.com/)]),
    );
    const status = (await server.api<FeedsStatusResponse>('GET', '/api/admin/feeds', { token: admin })).body.feeds.find((f) => f.id === 'graphsense-tagpacks');
    expect(status).toMatchObject({ version: '1', entries: feed.entries, counts: feed.counts });
  });

  it('marks the counterparty with its feed, source, confidence and date, and scores the new category', async () => {
    const after = await check();
    expect(after.missing_evidence).toEqual([]);
    const linked = after.linked_wallets_details.find((w) => w.address === a.btcB);
    expect(linked?.reasons).toContain(
      `Labelled sextortion: Sextortion spam (test) (source: ${SOURCE}; feed graphsense-tagpacks version 1, forensic research, listed 2019-08-06)`,
    );
    expect(after.aml_report).toMatch(/^- sextortion: [\d.]+% of all value \(direct\)/m);
    // What is known of the examined value: the counterparty the feed marks, and nothing else.
    const share = after.linked_wallets_details.find((w) => w.address === a.btcB)!.share;
    expect(after.attribution_coverage).toEqual({
      attributed: expect.closeTo(share, 3),
      direct: expect.closeTo(share, 3),
      indirect: 0,
      by_clustering: 0,
      unlabelled: expect.closeTo(1 - share, 3),
    });
    expect(after.aml_report).toMatch(
      /^Attribution coverage: 42\.1% of all value \(received and sent\) is with addresses whose nature is known; 57\.9% with unlabelled addresses\.$/m,
    );
    expect(after.aml_report).toMatch(/\+\d+: Direct exposure: [\d.]+% of examined volume is with sextortion addresses/);
  });

  it('marks by clustering the address spent together with a labelled one, names the member that carries the label, and weighs it at half', async () => {
    const res = await server.api<FeedSyncResponse>('POST', '/api/admin/feeds/graphsense-tagpacks/sync', { token: admin });
    expect(res.body).toMatchObject({ result: 'imported', feed: { version: '2' } });
    const after = await check();
    const reasons = (address: string) => after.linked_wallets_details.find((w) => w.address === address)?.reasons;
    // A carries the label itself; C, spent together with A in one transaction (txs-small.json), takes it by clustering.
    expect(reasons(a.btcA)).toEqual([
      `Labelled ransomware: Ransomware collector (test) (source: ${SOURCE}; feed graphsense-tagpacks version 2, forensic research, listed 2019-08-06)`,
    ]);
    expect(reasons(a.btcC)).toEqual([
      `Labelled ransomware by clustering: Ransomware collector (test) (spent together with ${shortenAddress(a.btcA)}, which carries the label; source: ${SOURCE}; feed graphsense-tagpacks version 2, forensic research, listed 2019-08-06)`,
    ]);
    const share = (address: string) => after.linked_wallets_details.find((w) => w.address === address)!.share;
    expect(after.attribution_coverage).toEqual({
      attributed: expect.closeTo(share(a.btcA) + share(a.btcB) + share(a.btcC), 3),
      direct: expect.closeTo(share(a.btcA) + share(a.btcB), 3),
      indirect: 0,
      by_clustering: expect.closeTo(share(a.btcC), 3),
      unlabelled: expect.closeTo(1 - share(a.btcA) - share(a.btcB) - share(a.btcC), 3),
    });
    expect(after.aml_report).toMatch(
      /^- ransomware by clustering \(addresses spent together with addresses labelled so: weaker evidence than a label of their own\): [\d.]+% of all value \(direct\)/m,
    );
    expect(after.aml_report).toMatch(
      /^Attribution coverage: [\d.]+% of all value \(received and sent\) is with addresses whose nature is known \([\d.]+% directly, [\d.]+% by clustering\)/m,
    );
    expect(after.aml_report).toMatch(
      /\+\d+: By clustering: [\d.]+% of examined volume is with addresses spent together with ransomware addresses \(common-input ownership\)/,
    );
    const node = after.fund_flow?.nodes.find((n) => n.address === a.btcC);
    expect(node).toMatchObject({ category: 'ransomware', by_clustering: true });
    expect(after.fund_flow?.nodes.find((n) => n.address === a.btcA)).not.toHaveProperty('by_clustering');
  });
});
