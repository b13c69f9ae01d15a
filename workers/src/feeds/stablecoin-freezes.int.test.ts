/**
 * The `stablecoin-freezes` feed synced on a real SQLite event store from a loopback server replaying
 * Etherscan v2, Blockscout and TronGrid answers (CONSTRUCTED in their documented shapes, synthetic
 * addresses: test-fixtures/feeds/README.md): the issuers' events folded into the addresses frozen
 * now, the block-window paging of a full page, TRON's fingerprint paging and base58 addresses, a
 * provider's refusal keeping the version in force, the same answers syncing as "unchanged", the
 * keyless Blockscout path, and a file collected before imported offline with `--file`.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FeedId } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { feedStreamId, type FeedEntry, type FeedVersionImported } from '@walletscreen/domain/feed/events';
import { feedEntriesStreamId, unpackEntries, type FeedEntriesRecorded } from '@walletscreen/domain/feed-entries/events';
import { feedSyncStreamId } from '@walletscreen/domain/feed-sync-log/events';
import { loopbackConfig, startReplayServer, type ReplayServer, type Reply, type Route } from '../../testing/replay-server';
import type { ChainDataConfig } from '../chain-data/types';
import { collectStablecoinFreezes, USDC_ETHEREUM_CONTRACT, USDT_ETHEREUM_CONTRACT, watchedEvents, type FreezeEvent } from './stablecoin-freezes';
import { runRecordedFeedSync } from './sync-log';

const feedId: FeedId = 'stablecoin-freezes';
const fixtureDir = path.resolve(__dirname, '../../test-fixtures/feeds/stablecoin-freezes');
const answer = (name: string): unknown => JSON.parse(readFileSync(path.join(fixtureDir, name), 'utf8'));
const dir = mkdtempSync(path.join(tmpdir(), 'ws-freezes-'));
const logger = createLogger({ level: 'silent' });
const clock = () => new Date('2026-11-22T06:00:00.000Z');
const KEY = 'test-etherscan-key';

const topic0 = (token: 'USDT' | 'USDC', event: string) => watchedEvents.find((w) => w.chain === 'ethereum' && w.token === token && w.event === event)!.topic0!;
const TRON_EVENTS = '/trongrid/v1/contracts/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t/events';

// The addresses of the fixtures (synthetic).
const A = '0x1111111111111111111111111111111111111111'; // USDT frozen, 100 USDT destroyed; USDC blacklisted later
const B = '0x3333333333333333333333333333333333333333'; // USDT frozen, then removed
const D = '0x2222222222222222222222222222222222222222'; // USDC blacklisted (address in topics[1])
const E = '0x4444444444444444444444444444444444444444'; // USDT frozen, on the page after the full one
const LAST = '0x6666666666666666666666666666666666666666'; // the full page's last log, answered again on the next page
const T1 = 'TMuA6YqfCeX8EhbfYEg5y7S4DqzSJireY9'; // 0x82dd6b…1b35 (the research note's vector): frozen on TRON
const T2 = 'TLrtXaP4Yp1AGqrwQLGoHD5yGh4tTAvPbe'; // 0x7777…: frozen, then removed
const T3 = 'TNR8TefgTphcrwQQodMxFDa6BPggc2CZeE'; // 0x8888…: frozen, on TronGrid's second page
/** The freezes that fill the first USDT page up to Etherscan's 1000 logs. */
const FILLERS = 997;
const filler = (i: number) => `0x5e${i.toString(16).padStart(38, '0')}`;

/** The first USDT AddedBlackList page: the fixture's logs with fillers between its second and last, 1000 in all. */
function fullFirstPage(): Reply {
  const page = answer('etherscan-usdt-added-blacklist-1.json') as { result: Record<string, unknown>[] };
  const [first, second, last] = page.result;
  const fillers = Array.from({ length: FILLERS }, (_, i) => ({
    ...first,
    data: `0x${'0'.repeat(24)}${filler(i).slice(2)}`,
    blockNumber: `0x${(20000002 + i).toString(16)}`,
    logIndex: '0x',
    transactionHash: `0xf0${i.toString(16).padStart(62, '0')}`,
  }));
  return { json: { ...page, result: [first, second, ...fillers, last] } };
}

const logs = (query: Record<string, string | null>, ...replies: Reply[]): Route => ({
  path: '/v2/api',
  query: { chainid: '1', module: 'logs', action: 'getLogs', ...query },
  replies,
});
const etherscanRoutes = (): Route[] => [
  logs({ address: USDT_ETHEREUM_CONTRACT, topic0: topic0('USDT', 'AddedBlackList'), fromBlock: '0' }, fullFirstPage()),
  logs(
    { address: USDT_ETHEREUM_CONTRACT, topic0: topic0('USDT', 'AddedBlackList'), fromBlock: '20001000' },
    { json: answer('etherscan-usdt-added-blacklist-2.json') },
  ),
  logs({ topic0: topic0('USDT', 'RemovedBlackList') }, { json: answer('etherscan-usdt-removed-blacklist.json') }),
  logs({ topic0: topic0('USDT', 'DestroyedBlackFunds') }, { json: answer('etherscan-usdt-destroyed-black-funds.json') }),
  logs({ address: USDC_ETHEREUM_CONTRACT, topic0: topic0('USDC', 'Blacklisted') }, { json: answer('etherscan-usdc-blacklisted.json') }),
  logs({ topic0: topic0('USDC', 'UnBlacklisted') }, { json: answer('etherscan-no-records.json') }),
];
const tronRoutes = (): Route[] => [
  { path: TRON_EVENTS, query: { event_name: 'AddedBlackList', fingerprint: null }, replies: [{ json: answer('trongrid-added-blacklist-1.json') }] },
  { path: TRON_EVENTS, query: { event_name: 'AddedBlackList', fingerprint: 'fp-page-2' }, replies: [{ json: answer('trongrid-added-blacklist-2.json') }] },
  { path: TRON_EVENTS, query: { event_name: 'RemovedBlackList' }, replies: [{ json: answer('trongrid-removed-blacklist.json') }] },
  { path: TRON_EVENTS, query: { event_name: 'DestroyedBlackFunds' }, replies: [{ json: answer('trongrid-destroyed-black-funds.json') }] },
];
const blockscoutRoutes = (): Route[] => {
  const route = (token: 'USDT' | 'USDC', event: string, name: string): Route => ({
    path: '/eth/api',
    query: { module: 'logs', action: 'getLogs', topic0: topic0(token, event) },
    replies: [{ json: answer(name) }],
  });
  return [
    route('USDT', 'AddedBlackList', 'blockscout-usdt-added-blacklist.json'),
    route('USDT', 'RemovedBlackList', 'blockscout-no-logs.json'),
    route('USDT', 'DestroyedBlackFunds', 'blockscout-no-logs.json'),
    route('USDC', 'Blacklisted', 'blockscout-usdc-blacklisted.json'),
    route('USDC', 'UnBlacklisted', 'blockscout-no-logs.json'),
  ];
};

let server: ReplayServer;
afterEach(() => server?.close());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const openStore = () => new SqliteEventStore({ file: path.join(dir, `events-${++n}.db`) });
const withKey = (url: string, more: Partial<ChainDataConfig> = {}): ChainDataConfig => loopbackConfig(url, { etherscanApiKey: KEY, retries: 0, ...more });
const sync = (eventStore: SqliteEventStore, chainData: ChainDataConfig, file?: string) =>
  runRecordedFeedSync({ eventStore, feedId, enabled: [feedId], chainData, file, clock, logger, trigger: 'command-line' });
const failure = async (p: Promise<unknown>): Promise<FeedError> => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FeedError);
  return error as FeedError;
};

/** The entries of the version in force, by address. */
async function entriesInForce(eventStore: SqliteEventStore): Promise<Map<string, FeedEntry>> {
  const versions = await eventStore.readStream(feedStreamId(feedId));
  const { importId } = versions.at(-1)!.data as FeedVersionImported;
  const parts = await eventStore.readStream(feedEntriesStreamId(feedId, importId!));
  return new Map(parts.flatMap((p) => unpackEntries(p.data as FeedEntriesRecorded)).map((e) => [e.address.toLowerCase(), e]));
}

describe('the stablecoin freezes, from Etherscan v2 (a key is set) and TronGrid', () => {
  const eventStore = openStore();
  afterAll(() => eventStore.close());

  it('folds the issuers’ events into the addresses frozen now, one entry an address, each with its freeze', async () => {
    server = await startReplayServer([...etherscanRoutes(), ...tronRoutes()]);
    const result = await sync(eventStore, withKey(server.url));
    // 997 fillers, A, D, E and the full page's last on Ethereum; T1 and T3 on TRON.
    expect(result).toMatchObject({ status: 'imported', version: 1, entryCount: FILLERS + 6, skipped: { count: 0 } });
    expect(result.origin).toBe(`etherscan-v2 ${server.url}/v2/api; trongrid ${server.url}/trongrid`);
    const entries = await entriesInForce(eventStore);

    // USDT's address is in the log's data, USDC's in topics[1]; frozen by both, one entry names both, from the earlier freeze.
    expect(entries.get(A)).toEqual({
      address: '0x1111111111111111111111111111111111111111',
      network: 'ethereum',
      category: 'frozen',
      name: 'Frozen by Tether (USDT on Ethereum), 100 USDT destroyed; Blacklisted by Circle (USDC on Ethereum)',
      source: `https://etherscan.io/tx/0x${'aa'.repeat(32)}`,
      listedAt: '2024-01-12',
      confidence: 'ledger_immanent',
    });
    expect(entries.get(D)).toMatchObject({
      network: 'ethereum',
      name: 'Blacklisted by Circle (USDC on Ethereum)',
      source: `https://etherscan.io/tx/0x${'12'.repeat(32)}`,
    });
    // Frozen, then removed: not frozen any more.
    expect(entries.has(B)).toBe(false);
    // Past the full page of 1000: the next window starts at its last block, whose log is not counted twice.
    expect(entries.get(E)).toMatchObject({ name: 'Frozen by Tether (USDT on Ethereum)' });
    expect(entries.get(LAST)).toMatchObject({ name: 'Frozen by Tether (USDT on Ethereum)' });
    expect(entries.has(filler(0)) && entries.has(filler(FILLERS - 1))).toBe(true);

    // TRON: the event's 0x hex (no 41) as its base58 T… address; the second page by fingerprint; a removal unfreezes.
    expect(entries.get(T1.toLowerCase())).toEqual({
      address: T1,
      network: 'tron',
      category: 'frozen',
      name: 'Frozen by Tether (USDT on TRON)',
      source: `https://tronscan.org/#/transaction/${'a1'.repeat(32)}`,
      listedAt: '2024-03-09',
      confidence: 'ledger_immanent',
    });
    // Funds destroyed at a frozen address: it stays frozen, and the entry says how much.
    expect(entries.get(T3.toLowerCase())).toMatchObject({ network: 'tron', name: 'Frozen by Tether (USDT on TRON), 2500 USDT destroyed' });
    expect(entries.has(T2.toLowerCase())).toBe(false);

    // The key goes to Etherscan only; the USDT freezes were asked for in two block windows.
    const added = server.requests.filter((r) => r.query.get('topic0') === topic0('USDT', 'AddedBlackList'));
    expect(added.map((r) => [r.query.get('fromBlock'), r.query.get('toBlock'), r.query.get('offset'), r.query.get('apikey')])).toEqual([
      ['0', 'latest', '1000', KEY],
      ['20001000', 'latest', '1000', KEY],
    ]);
    const tron = server.requests.filter((r) => r.path === TRON_EVENTS);
    expect(tron.map((r) => [r.query.get('event_name'), r.query.get('fingerprint'), r.headers['tron-pro-api-key']])).toEqual([
      ['AddedBlackList', null, undefined],
      ['AddedBlackList', 'fp-page-2', undefined],
      ['RemovedBlackList', null, undefined],
      ['DestroyedBlackFunds', null, undefined],
    ]);
    expect(tron.every((r) => r.query.get('only_confirmed') === 'true' && r.query.get('order_by') === 'block_timestamp,asc')).toBe(true);
  });

  it('syncs the same answers as "unchanged": the collected file holds nothing of when it was fetched', async () => {
    server = await startReplayServer([...etherscanRoutes(), ...tronRoutes()]);
    const result = await sync(eventStore, withKey(server.url, { tronGridApiKey: 'test-tron-key' }));
    expect(result).toMatchObject({ status: 'unchanged', version: 1 });
    expect(await eventStore.streamRevision(feedStreamId(feedId))).toBe(0);
    expect(server.requests.find((r) => r.path === TRON_EVENTS)?.headers['tron-pro-api-key']).toBe('test-tron-key');
  });

  it.each<[string, () => Route[], RegExp]>([
    [
      'Etherscan refuses the key',
      () => [logs({ topic0: topic0('USDT', 'AddedBlackList') }, { json: answer('etherscan-invalid-key.json') })],
      /^The USDT AddedBlackList events on Ethereum could not be read from etherscan-v2: etherscan-v2 returned an error: Error! Invalid API Key\. Nothing was imported/,
    ],
    [
      'Etherscan keeps limiting the requests',
      () => [logs({ topic0: topic0('USDC', 'Blacklisted') }, { json: answer('etherscan-rate-limit.json') })],
      /could not be read from etherscan-v2: etherscan-v2 kept limiting our requests: "Max calls per sec rate limit reached \(5\/sec\)" \(2 attempts\)/,
    ],
    [
      'TronGrid fails',
      () => [{ path: TRON_EVENTS, query: { event_name: 'RemovedBlackList' }, replies: [{ status: 503, json: { Error: 'service unavailable' } }] }],
      /^The USDT RemovedBlackList events on TRON could not be read from trongrid: trongrid failed with a server error \(HTTP 503; 2 attempts\)/,
    ],
  ])('fails when %s, naming the source, and keeps the version in force', async (_case, failing, message) => {
    server = await startReplayServer([...etherscanRoutes(), ...tronRoutes()]);
    server.use(...failing());
    const error = await failure(sync(eventStore, withKey(server.url, { retries: 1 })));
    expect(error.code).toBe('download-failed');
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(KEY);
    expect(await eventStore.streamRevision(feedStreamId(feedId))).toBe(0);
    expect((await eventStore.readStream(feedSyncStreamId)).at(-1)).toMatchObject({ type: 'FeedSyncFailed', data: { feedId, code: 'download-failed' } });
  });

  it('refuses an answer with no freeze at all (a source of another chain) rather than unlisting every address', async () => {
    server = await startReplayServer([...etherscanRoutes(), ...tronRoutes()]);
    server.use({ path: TRON_EVENTS, query: { event_name: 'AddedBlackList' }, replies: [{ json: answer('trongrid-empty.json') }] });
    const error = await failure(sync(eventStore, withKey(server.url)));
    expect(error.message).toMatch(/^trongrid answered no USDT AddedBlackList events on TRON at all/);
    expect(await eventStore.streamRevision(feedStreamId(feedId))).toBe(0);
  });
});

describe('the stablecoin freezes without an Etherscan key', () => {
  it('reads the Ethereum logs from Blockscout (its numbers in hex without 0x, its topics padded with null)', async () => {
    const eventStore = openStore();
    try {
      server = await startReplayServer([...blockscoutRoutes(), ...tronRoutes()]);
      const result = await sync(eventStore, loopbackConfig(server.url, { retries: 0 }));
      expect(result).toMatchObject({ status: 'imported', entryCount: 5, origin: `blockscout:ethereum ${server.url}/eth/api; trongrid ${server.url}/trongrid` });
      const entries = await entriesInForce(eventStore);
      expect([...entries.keys()].sort()).toEqual([A, D, B, T1.toLowerCase(), T3.toLowerCase()].sort());
      expect(entries.get(B)).toMatchObject({ name: 'Frozen by Tether (USDT on Ethereum)', listedAt: '2024-01-12' });
      const ethereum = server.requests.filter((r) => r.path === '/eth/api');
      expect(ethereum).toHaveLength(5);
      expect(ethereum.every((r) => !r.query.has('apikey') && !r.query.has('chainid'))).toBe(true);
    } finally {
      await eventStore.close();
    }
  });
});

describe("going on from the last collection (kept in the data directory's cache)", () => {
  it('reads again only from a margin behind the newest event of each kind, and collects the same file', async () => {
    const cacheDir = path.join(dir, 'cache', 'feeds');
    const kept = path.join(cacheDir, 'stablecoin-freezes.collected.json');
    const eventStore = openStore();
    const syncCached = () =>
      runRecordedFeedSync({ eventStore, feedId, enabled: [feedId], chainData: withKey(server.url), cacheDir, clock, logger, trigger: 'refresh' });
    try {
      server = await startReplayServer([...etherscanRoutes(), ...tronRoutes()]);
      const first = await syncCached();
      expect(first.status).toBe('imported');
      expect(statSync(kept).mode & 0o777).toBe(0o600);
      await server.close();

      // The USDT freezes from 100 blocks behind the newest (20001200): the new window answers what is in it.
      const page2 = answer('etherscan-usdt-added-blacklist-2.json') as { result: Array<{ blockNumber: string }> };
      const fromNewest = { ...page2, result: page2.result.filter((l) => Number.parseInt(l.blockNumber, 16) >= 20001100) };
      server = await startReplayServer([
        logs({ address: USDT_ETHEREUM_CONTRACT, topic0: topic0('USDT', 'AddedBlackList'), fromBlock: '20001100' }, { json: fromNewest }),
        ...etherscanRoutes(),
        ...tronRoutes(),
      ]);
      const again = await syncCached();
      expect(again).toMatchObject({ status: 'unchanged', sha256: first.sha256 });
      const fromBlocks = (token: 'USDT' | 'USDC', event: string) =>
        server.requests.filter((r) => r.query.get('topic0') === topic0(token, event)).map((r) => r.query.get('fromBlock'));
      expect(fromBlocks('USDT', 'AddedBlackList')).toEqual(['20001100']);
      expect(fromBlocks('USDT', 'RemovedBlackList')).toEqual(['20001000']);
      expect(fromBlocks('USDC', 'Blacklisted')).toEqual(['20001200']);
      // None recorded before: read from the start.
      expect(fromBlocks('USDC', 'UnBlacklisted')).toEqual(['0']);
      // TRON: from ten minutes of block time behind the newest, on every page.
      const tron = server.requests.filter((r) => r.path === TRON_EVENTS && r.query.get('event_name') === 'AddedBlackList');
      const since = tron.map((r) => Number(r.query.get('min_block_timestamp')));
      expect(since).toHaveLength(2);
      expect(since[0]).toBeGreaterThan(0);
      expect(since[1]).toBe(since[0]);

      // A damaged cache is no harm: everything is read again, and the same file is collected.
      writeFileSync(kept, '{"format":"something else"}');
      await server.close();
      server = await startReplayServer([...etherscanRoutes(), ...tronRoutes()]);
      expect(await syncCached()).toMatchObject({ status: 'unchanged', sha256: first.sha256 });
      expect(server.requests.filter((r) => r.query.get('topic0') === topic0('USDT', 'AddedBlackList')).map((r) => r.query.get('fromBlock'))).toEqual([
        '0',
        '20001000',
      ]);
    } finally {
      await eventStore.close();
    }
  });
});

describe('a collected file given with --file', () => {
  it('imports offline, with the same SHA-256 as the sync that collected the same answers', async () => {
    server = await startReplayServer([...etherscanRoutes(), ...tronRoutes()]);
    const config = withKey(server.url);
    const file = path.join(dir, 'stablecoin-freezes.json');
    await collectStablecoinFreezes({ file, fetch, chainData: config, clock, logger, timeoutMs: 60_000 });
    // Each event once (the full page's last log was answered twice), sorted.
    const { events } = JSON.parse(readFileSync(file, 'utf8')) as { events: FreezeEvent[] };
    expect(events).toHaveLength(1000 + 1 + 1 + 1 + 2 + 3 + 1 + 1);
    expect(events.filter((e) => e.data?.endsWith(LAST.slice(2)))).toHaveLength(1);
    expect(events.map((e) => `${e.chain}|${e.block}`)).toEqual(
      [...events].sort((x, y) => x.chain.localeCompare(y.chain) || x.block - y.block).map((e) => `${e.chain}|${e.block}`),
    );
    const online = openStore();
    const offline = openStore();
    try {
      const collected = await sync(online, config);
      const asked = server.requests.length;
      const imported = await sync(offline, config, file);
      expect(imported).toMatchObject({ status: 'imported', origin: file, sha256: collected.sha256, entryCount: collected.entryCount });
      expect(server.requests).toHaveLength(asked);
    } finally {
      await online.close();
      await offline.close();
    }
  });
});
