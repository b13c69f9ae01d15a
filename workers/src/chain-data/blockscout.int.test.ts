import { addresses as a, fakeClock, loopbackConfig, startReplayServer, type ReplayServer, type Route } from '../../testing/replay-server';
import { createChainDataService } from './service';
import type { ChainDataConfig } from './types';

let server: ReplayServer;
afterEach(() => server.close());

const lower = (address: string) => address.toLowerCase();
const v2 = (address: string, rest = '') => `/eth/api/v2/addresses/${lower(address)}${rest}`;

const routes: Route[] = [
  { path: v2(a.evmWallet), replies: [{ fixture: 'blockscout/address.json' }] },
  { path: v2(a.evmWallet, '/counters'), replies: [{ fixture: 'blockscout/counters.json' }] },
  { path: v2(a.evmWallet, '/transactions'), replies: [{ fixture: 'blockscout/transactions.json' }] },
  { path: v2(a.evmWallet, '/token-transfers'), query: { type: 'ERC-20' }, replies: [{ fixture: 'blockscout/token-transfers.json' }] },
  { path: v2(a.evmFresh), replies: [{ status: 404, fixture: 'blockscout/not-found.json' }] },
  { path: v2(a.evmA), replies: [{ fixture: 'blockscout/busy-address.json' }] },
  { path: v2(a.evmA, '/counters'), replies: [{ fixture: 'blockscout/busy-counters.json' }] },
  { path: v2(a.evmA, '/transactions'), query: { sort: 'block_number', order: 'asc' }, replies: [{ fixture: 'blockscout/busy-transactions-asc.json' }] },
  {
    path: v2(a.evmA, '/transactions'),
    query: { block_number: '20040005', index: '3', items_count: '50' },
    replies: [{ fixture: 'blockscout/busy-transactions-2.json' }],
  },
  {
    path: v2(a.evmA, '/transactions'),
    query: { block_number: '20040003', index: '7', items_count: '100' },
    replies: [{ fixture: 'blockscout/busy-transactions-3.json' }],
  },
  { path: v2(a.evmA, '/transactions'), query: { block_number: null }, replies: [{ fixture: 'blockscout/busy-transactions-1.json' }] },
];

function service(config: ChainDataConfig) {
  const clock = fakeClock();
  return createChainDataService(config, { now: clock.now, sleep: clock.sleep, random: () => 0.5 });
}

describe('Blockscout v2 (EVM without an Etherscan key)', () => {
  it('normalizes an address: wei to ETH exactly, counters, age, counterparties with their USDT', async () => {
    server = await startReplayServer(routes);
    const result = await service(loopbackConfig(server.url)).fetch('ethereum', a.evmWallet);
    expect(result).toMatchObject({
      ok: true,
      data: {
        network: 'ethereum',
        address: a.evmWallet,
        provider: 'blockscout:ethereum',
        sourceUrl: `${server.url}/eth`,
        symbol: 'ETH',
        balance: '1.2345',
        totalReceived: null,
        totalSent: null,
        txCount: 4,
        firstSeen: '2023-12-24T10:00:00.000Z',
        lastSeen: '2024-06-01T12:00:00.000Z',
        transactionsExamined: 4,
        complete: true,
        tokenTransfers: [{ token: 'USDT', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', received: '1500', sent: '250.5' }],
      },
    });
    if (!result.ok) throw new Error(result.reason);
    expect(result.data.counterparties).toEqual([
      // By the largest share of any weighed asset: C moved 86 % of the USDT (1,500 of 1,750.5), B 80 % of the ETH (2 of 2.501), A 20 % of it.
      {
        address: a.evmC,
        direction: 'in',
        txCount: 2,
        received: '0.001',
        sent: '0',
        firstSeen: '2023-12-24T10:00:00.000Z',
        lastSeen: '2024-05-10T09:00:00.000Z',
        tokens: [{ token: 'USDT', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', received: '1500', sent: '0' }],
      },
      // The 0.25 ETH it tried to send back failed: counted as a transaction, not as volume.
      { address: a.evmB, direction: 'both', txCount: 2, received: '2', sent: '0', firstSeen: '2024-04-01T00:00:00.000Z', lastSeen: '2024-05-01T08:30:00.000Z' },
      {
        address: a.evmA,
        direction: 'out',
        txCount: 2,
        received: '0',
        sent: '0.5',
        firstSeen: '2024-05-20T09:00:00.000Z',
        lastSeen: '2024-06-01T12:00:00.000Z',
        tokens: [{ token: 'USDT', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', received: '0', sent: '250.5' }],
      },
    ]);
    // Whole history on one page: no oldest-first lookup needed.
    expect(server.requests.map((r) => r.path)).toEqual([
      v2(a.evmWallet),
      v2(a.evmWallet, '/counters'),
      v2(a.evmWallet, '/transactions'),
      v2(a.evmWallet, '/token-transfers'),
    ]);
  });

  it('treats Blockscout\'s "Not found" as an address never used: zero balance, no transactions', async () => {
    server = await startReplayServer(routes);
    const result = await service(loopbackConfig(server.url)).fetch('ethereum', a.evmFresh);
    expect(result).toMatchObject({
      ok: true,
      data: { address: a.evmFresh, balance: '0', txCount: 0, firstSeen: null, lastSeen: null, transactionsExamined: 0, complete: true, counterparties: [] },
    });
    expect(server.requests).toHaveLength(1);
  });

  it("keeps a 404 that is not Blockscout's own (a wrong base URL) an error", async () => {
    server = await startReplayServer([{ path: /.*/, replies: [{ status: 404, text: '<html><body><h1>404 Not Found</h1></body></html>' }] }]);
    const result = await service(loopbackConfig(server.url)).fetch('ethereum', a.evmWallet);
    expect(result).toEqual({
      ok: false,
      network: 'ethereum',
      provider: 'blockscout:ethereum',
      reason: 'Ethereum data could not be fetched: blockscout:ethereum refused the request (HTTP 404: 404 Not Found)',
      // What the customer reads: the source's failure in plain words, no host or HTTP excerpt.
      plain: 'Ethereum data could not be fetched: its data source refused the request',
      attempts: 1,
    });
  });

  it('reads three pages of a busy address, finds its first transaction oldest-first, and says the rest is unread', async () => {
    server = await startReplayServer(routes);
    const result = await service(loopbackConfig(server.url)).fetch('ethereum', a.evmA);
    expect(result).toMatchObject({
      ok: true,
      data: {
        balance: '98.76543210987654321',
        txCount: 420,
        transactionsExamined: 6,
        complete: false,
        firstSeen: '2019-03-14T15:09:26.000Z',
        lastSeen: '2024-06-06T00:00:00.000Z',
        counterparties: [{ address: a.evmB, direction: 'in', txCount: 6, received: '6', sent: '0' }],
      },
    });
    if (result.ok) expect(result.data.tokenTransfers).toBeUndefined();
    const transactionRequests = server.requests.filter((r) => r.path.endsWith('/transactions'));
    expect(transactionRequests.map((r) => r.query.toString())).toEqual([
      '',
      'block_number=20040005&index=3&items_count=50',
      'block_number=20040003&index=7&items_count=100',
      'sort=block_number&order=asc',
    ]);
  });

  it('serves Polygon from its own instance, in POL', async () => {
    server = await startReplayServer([
      { path: `/polygon/api/v2/addresses/${lower(a.evmFresh)}`, replies: [{ status: 404, fixture: 'blockscout/not-found.json' }] },
    ]);
    const result = await service(loopbackConfig(server.url)).fetch('polygon', a.evmFresh);
    expect(result).toMatchObject({ ok: true, data: { network: 'polygon', provider: 'blockscout:polygon', symbol: 'POL', balance: '0' } });
  });
});
