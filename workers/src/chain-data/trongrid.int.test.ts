import { addresses as a, fakeClock, loopbackConfig, startReplayServer, type ReplayServer, type Route } from '../../testing/replay-server';
import { createChainDataService } from './service';
import { TRON_USDT_CONTRACT } from './trongrid';
import type { ChainDataConfig } from './types';

let server: ReplayServer;
afterEach(() => server.close());

const accounts = (address: string, rest = '') => `/trongrid/v1/accounts/${address}${rest}`;
const routes: Route[] = [
  { path: accounts(a.tronWallet), replies: [{ fixture: 'trongrid/account.json' }] },
  {
    path: accounts(a.tronWallet, '/transactions'),
    query: { order_by: 'block_timestamp,desc', only_confirmed: 'true', limit: '200' },
    replies: [{ fixture: 'trongrid/transactions.json' }],
  },
  { path: accounts(a.tronWallet, '/transactions/trc20'), query: { contract_address: TRON_USDT_CONTRACT }, replies: [{ fixture: 'trongrid/trc20-usdt.json' }] },
  { path: accounts(a.tronFresh), replies: [{ fixture: 'trongrid/account-empty.json' }] },
  { path: accounts(a.tronFresh, '/transactions/trc20'), replies: [{ fixture: 'trongrid/list-empty.json' }] },
];

function service(config: ChainDataConfig) {
  const clock = fakeClock();
  return { clock, chainData: createChainDataService(config, { now: clock.now, sleep: clock.sleep, random: () => 0.5 }) };
}

describe('TronGrid (TRON)', () => {
  it('normalizes an account: sun to TRX, creation as first seen, TRX and USDT counterparties', async () => {
    server = await startReplayServer(routes);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('tron', a.tronWallet);
    const usdt = (received: string, sent: string) => [{ token: 'USDT', contract: TRON_USDT_CONTRACT, received, sent }];
    expect(result).toEqual({
      ok: true,
      data: {
        network: 'tron',
        address: a.tronWallet,
        provider: 'trongrid',
        sourceUrl: `${server.url}/trongrid`,
        fetchedAt: '2026-11-22T06:00:00.000Z',
        symbol: 'TRX',
        balance: '152.34',
        totalReceived: null,
        totalSent: null,
        txCount: 3,
        // The account's creation, before its first transaction.
        firstSeen: '2023-01-01T00:00:00.000Z',
        lastSeen: '2024-06-01T12:00:00.000Z',
        transactionsExamined: 3,
        complete: true,
        // By the largest share of any weighed asset: C moved 89 % of the USDT (1,000 of 1,120.5), B 80 % of the TRX (200 of 250), A 20 % of the TRX.
        counterparties: [
          {
            address: a.tronC,
            direction: 'in',
            txCount: 1,
            received: '0',
            sent: '0',
            firstSeen: '2024-05-15T08:00:00.000Z',
            lastSeen: '2024-05-15T08:00:00.000Z',
            tokens: usdt('1000', '0'),
          },
          {
            address: a.tronB,
            direction: 'in',
            txCount: 1,
            received: '200',
            sent: '0',
            firstSeen: '2024-05-01T08:00:00.000Z',
            lastSeen: '2024-05-01T08:00:00.000Z',
          },
          {
            address: a.tronA,
            direction: 'out',
            txCount: 2,
            received: '0',
            sent: '50',
            firstSeen: '2024-05-20T08:00:00.000Z',
            lastSeen: '2024-06-01T12:00:00.000Z',
            tokens: usdt('0', '120.5'),
          },
          // The USDT contract it called to send USDT.
          {
            address: TRON_USDT_CONTRACT,
            direction: 'out',
            txCount: 1,
            received: '0',
            sent: '0',
            firstSeen: '2024-05-20T08:00:00.000Z',
            lastSeen: '2024-05-20T08:00:00.000Z',
          },
        ],
        tokenTransfers: usdt('1000', '120.5'),
      },
    });
  });

  it('answers an address that was never activated: zero balance, no transactions', async () => {
    server = await startReplayServer(routes);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('tron', a.tronFresh);
    expect(result).toMatchObject({
      ok: true,
      data: { balance: '0', txCount: 0, firstSeen: null, lastSeen: null, transactionsExamined: 0, complete: true, counterparties: [], tokenTransfers: [] },
    });
    expect(server.requests.map((r) => r.path)).toEqual([accounts(a.tronFresh), accounts(a.tronFresh, '/transactions/trc20')]);
  });

  it("sends the API key as TRON-PRO-API-KEY, and retries TronGrid's 403 throttling", async () => {
    server = await startReplayServer([
      { path: accounts(a.tronWallet), replies: [{ status: 403, fixture: 'trongrid/throttled.json' }, { fixture: 'trongrid/account.json' }] },
      ...routes,
    ]);
    const { chainData, clock } = service(loopbackConfig(server.url, { tronGridApiKey: 'tron-key-0000' }));
    const result = await chainData.fetch('tron', a.tronWallet);
    expect(result).toMatchObject({ ok: true, data: { balance: '152.34' } });
    expect(server.requests.every((r) => r.headers['tron-pro-api-key'] === 'tron-key-0000')).toBe(true);
    expect(clock.sleeps).toEqual([225]);
  });

  it('sends no key header without a key, and reports lasting 5xx plainly', async () => {
    server = await startReplayServer([{ path: /.*/, replies: [{ status: 500, json: { success: false, error: 'internal error', statusCode: 500 } }] }]);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('tron', a.tronWallet);
    expect(result).toEqual({
      ok: false,
      network: 'tron',
      provider: 'trongrid',
      reason: 'TRON data could not be fetched: trongrid failed with a server error (HTTP 500; 3 attempts)',
      // What the customer reads: the source's failure in plain words, no host or HTTP excerpt.
      plain: 'TRON data could not be fetched: its data source had an internal error',
      attempts: 3,
    });
    expect(server.requests[0]!.headers['tron-pro-api-key']).toBeUndefined();
  });
});
