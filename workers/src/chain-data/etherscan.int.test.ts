import { addresses as a, fakeClock, loopbackConfig, startReplayServer, type ReplayServer, type Route } from '../../testing/replay-server';
import { createChainDataService } from './service';
import type { ChainDataConfig } from './types';

let server: ReplayServer;
afterEach(() => server.close());

const KEY = 'TESTKEY-5J2Q9XW7ETHERSCAN';
const wallet = a.evmWallet.toLowerCase();
const account = (chainid: string, action: string, extra: Record<string, string> = {}) => ({
  chainid,
  module: 'account',
  action,
  address: wallet,
  apikey: KEY,
  ...extra,
});

const bscRoutes: Route[] = [
  { path: '/v2/api', query: account('56', 'balance', { tag: 'latest' }), replies: [{ fixture: 'etherscan/balance.json' }] },
  {
    path: '/v2/api',
    query: account('56', 'txlist', { sort: 'desc', page: '1', offset: '100', startblock: '0', endblock: '99999999' }),
    replies: [{ fixture: 'etherscan/txlist-desc.json' }],
  },
  { path: '/v2/api', query: account('56', 'tokentx', { sort: 'desc', page: '1', offset: '100' }), replies: [{ fixture: 'etherscan/tokentx.json' }] },
];

function service(config: ChainDataConfig) {
  const clock = fakeClock();
  return { clock, chainData: createChainDataService(config, { now: clock.now, sleep: clock.sleep, random: () => 0.5 }) };
}

describe('Etherscan v2 (EVM with ETHERSCAN_API_KEY)', () => {
  it('normalizes BNB Chain (chainid 56): balance, transactions, age, counterparties, BSC-USD flows', async () => {
    server = await startReplayServer(bscRoutes);
    const result = await service(loopbackConfig(server.url, { etherscanApiKey: KEY })).chainData.fetch('bsc', a.evmWallet);
    expect(result).toEqual({
      ok: true,
      data: {
        network: 'bsc',
        address: a.evmWallet,
        provider: 'etherscan-v2',
        sourceUrl: `${server.url}/v2/api`,
        fetchedAt: '2026-11-22T06:00:00.000Z',
        symbol: 'BNB',
        balance: '3.5',
        totalReceived: null,
        totalSent: null,
        txCount: 3,
        firstSeen: '2024-05-01T08:00:00.000Z',
        lastSeen: '2024-06-10T06:13:20.000Z',
        transactionsExamined: 3,
        complete: true,
        counterparties: [
          // By the largest share of any weighed asset: B moved all the BSC-USD, A 77 % of the BNB (5 of 6.5).
          {
            address: a.evmB,
            direction: 'both',
            txCount: 2,
            received: '0',
            sent: '1.5',
            firstSeen: '2024-06-01T12:00:00.000Z',
            lastSeen: '2024-06-03T07:33:20.000Z',
            tokens: [{ token: 'USDT', contract: '0x55d398326f99059fF775485246999027B3197955', received: '100', sent: '0' }],
          },
          {
            address: a.evmA,
            direction: 'in',
            txCount: 1,
            received: '5',
            sent: '0',
            firstSeen: '2024-05-01T08:00:00.000Z',
            lastSeen: '2024-05-01T08:00:00.000Z',
          },
          // A contract it deployed.
          {
            address: a.evmToken,
            direction: 'out',
            txCount: 1,
            received: '0',
            sent: '0',
            firstSeen: '2024-06-10T06:13:20.000Z',
            lastSeen: '2024-06-10T06:13:20.000Z',
          },
        ],
        tokenTransfers: [{ token: 'USDT', contract: '0x55d398326f99059fF775485246999027B3197955', received: '100', sent: '0' }],
      },
    });
    expect(server.requests.map((r) => r.query.get('action'))).toEqual(['balance', 'txlist', 'tokentx']);
  });

  it('answers a fresh address from "No transactions found"', async () => {
    server = await startReplayServer([
      { path: '/v2/api', query: { action: 'balance' }, replies: [{ fixture: 'etherscan/balance-zero.json' }] },
      { path: '/v2/api', query: { action: 'txlist' }, replies: [{ fixture: 'etherscan/no-transactions.json' }] },
    ]);
    const result = await service(loopbackConfig(server.url, { etherscanApiKey: KEY })).chainData.fetch('ethereum', a.evmFresh);
    expect(result).toMatchObject({
      ok: true,
      data: { provider: 'etherscan-v2', balance: '0', txCount: 0, complete: true, counterparties: [], firstSeen: null },
    });
    expect(server.requests.map((r) => r.query.get('chainid'))).toEqual(['1', '1']);
  });

  it("retries Etherscan's rate-limit answer (a NOTOK inside an HTTP 200) and then succeeds", async () => {
    server = await startReplayServer([
      {
        path: '/v2/api',
        query: { action: 'balance' },
        replies: [{ fixture: 'etherscan/rate-limit.json' }, { fixture: 'etherscan/rate-limit.json' }, { fixture: 'etherscan/balance.json' }],
      },
      ...bscRoutes,
    ]);
    const { chainData, clock } = service(loopbackConfig(server.url, { etherscanApiKey: KEY }));
    const result = await chainData.fetch('bsc', a.evmWallet);
    expect(result).toMatchObject({ ok: true, data: { balance: '3.5' } });
    expect(server.requests.filter((r) => r.query.get('action') === 'balance')).toHaveLength(3);
    expect(clock.sleeps).toEqual([225, 450]);
  });

  it('gives up on lasting throttling with the attempts made, and never shows the key', async () => {
    server = await startReplayServer([{ path: '/v2/api', replies: [{ fixture: 'etherscan/rate-limit.json' }] }]);
    const result = await service(loopbackConfig(server.url, { etherscanApiKey: KEY })).chainData.fetch('bsc', a.evmWallet);
    expect(result).toEqual({
      ok: false,
      network: 'bsc',
      provider: 'etherscan-v2',
      reason: 'BNB Chain data could not be fetched: etherscan-v2 kept limiting our requests: "Max calls per sec rate limit reached (5/sec)" (3 attempts)',
      // What the customer reads: the source's failure in plain words, no host or HTTP excerpt.
      plain: 'BNB Chain data could not be fetched: its data source was busy (it limits how often it may be asked)',
      attempts: 3,
    });
    expect(server.requests[0]!.query.get('apikey')).toBe(KEY);
  });

  it('keeps the key out of reasons when an upstream error echoes the request', async () => {
    server = await startReplayServer([
      { path: '/v2/api', replies: [(r) => ({ status: 400, text: `Bad Request: apikey=${r.query.get('apikey')} (GET /v2/api?${r.query.toString()})` })] },
      { path: /^\/eth\//, replies: [{ status: 500, text: '' }] },
    ]);
    const result = await service(loopbackConfig(server.url, { etherscanApiKey: KEY, retries: 0 })).chainData.fetch('ethereum', a.evmWallet);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toContain('apikey=***');
    expect(result.reason).not.toContain(KEY);
  });
});

describe('choosing the EVM source', () => {
  const blockscoutFresh: Route = { path: /^\/(eth|base)\/api\/v2\/addresses\/[^/]+$/, replies: [{ status: 404, fixture: 'blockscout/not-found.json' }] };
  const etherscanFresh: Route[] = [
    { path: '/v2/api', query: { action: 'balance' }, replies: [{ fixture: 'etherscan/balance-zero.json' }] },
    { path: '/v2/api', query: { action: 'txlist' }, replies: [{ fixture: 'etherscan/no-transactions.json' }] },
  ];

  it('uses Etherscan v2 when a key is configured', async () => {
    server = await startReplayServer([...etherscanFresh, blockscoutFresh]);
    const result = await service(loopbackConfig(server.url, { etherscanApiKey: KEY })).chainData.fetch('ethereum', a.evmFresh);
    expect(result).toMatchObject({ ok: true, data: { provider: 'etherscan-v2' } });
    expect(server.requests.every((r) => r.path === '/v2/api')).toBe(true);
  });

  it('uses Blockscout without a key', async () => {
    server = await startReplayServer([...etherscanFresh, blockscoutFresh]);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('ethereum', a.evmFresh);
    expect(result).toMatchObject({ ok: true, data: { provider: 'blockscout:ethereum' } });
    expect(server.requests.every((r) => r.path.startsWith('/eth/'))).toBe(true);
  });

  it('says BNB Chain has no source when there is no Etherscan key, without naming a setting, and asks nobody', async () => {
    server = await startReplayServer([...etherscanFresh, blockscoutFresh]);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('bsc', a.evmFresh);
    expect(result).toEqual({
      ok: false,
      network: 'bsc',
      provider: null,
      reason: 'No blockchain data source is set up for BNB Chain on this installation: ask your administrator to configure one',
      attempts: 0,
    });
    expect(server.requests).toHaveLength(0);
  });

  it('falls back to Blockscout when Etherscan refuses the chain (free tier)', async () => {
    server = await startReplayServer([{ path: '/v2/api', replies: [{ fixture: 'etherscan/free-tier-chain.json' }] }, blockscoutFresh]);
    const result = await service(loopbackConfig(server.url, { etherscanApiKey: KEY })).chainData.fetch('base', a.evmFresh);
    expect(result).toMatchObject({ ok: true, data: { network: 'base', provider: 'blockscout:base', symbol: 'ETH', balance: '0' } });
    expect(server.requests.map((r) => r.path.split('/')[1])).toEqual(['v2', 'base']);
  });
});
