import { addresses as a, fakeClock, loopbackConfig, startReplayServer, type ReplayServer, type Route } from '../../testing/replay-server';
import { createChainDataService } from './service';
import type { ChainDataConfig } from './types';

let server: ReplayServer;
afterEach(() => server.close());

const rpc = (method: string, account: string, file: string): Route => ({
  method: 'POST',
  path: '/xrpl',
  rpc: method,
  param0: account,
  replies: [{ fixture: file }],
});
const routes: Route[] = [
  rpc('account_info', a.xrpWallet, 'xrpl/account_info.json'),
  rpc('account_tx', a.xrpWallet, 'xrpl/account_tx.json'),
  rpc('account_info', a.xrpFresh, 'xrpl/account_info-actNotFound.json'),
];

function service(config: ChainDataConfig) {
  const clock = fakeClock();
  return { clock, chainData: createChainDataService(config, { now: clock.now, sleep: clock.sleep, random: () => 0.5 }) };
}

describe('XRP Ledger JSON-RPC', () => {
  it('normalizes an account: drops to XRP, payments for counterparties, Ripple-epoch dates', async () => {
    server = await startReplayServer(routes);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('xrp', a.xrpWallet);
    expect(result).toEqual({
      ok: true,
      data: {
        network: 'xrp',
        address: a.xrpWallet,
        provider: 'xrpl',
        sourceUrl: `${server.url}/xrpl`,
        fetchedAt: '2026-11-22T06:00:00.000Z',
        symbol: 'XRP',
        balance: '125.5',
        totalReceived: null,
        totalSent: null,
        txCount: 3,
        firstSeen: '2024-05-01T08:00:00.000Z',
        lastSeen: '2024-06-01T12:00:00.000Z',
        transactionsExamined: 3,
        complete: true,
        counterparties: [
          {
            address: a.xrpB,
            direction: 'in',
            txCount: 1,
            received: '150',
            sent: '0',
            firstSeen: '2024-05-01T08:00:00.000Z',
            lastSeen: '2024-05-01T08:00:00.000Z',
          },
          {
            address: a.xrpA,
            direction: 'out',
            txCount: 1,
            received: '0',
            sent: '20',
            firstSeen: '2024-06-01T12:00:00.000Z',
            lastSeen: '2024-06-01T12:00:00.000Z',
          },
        ],
      },
    });
    expect(server.requests.map((r) => r.body)).toEqual([
      { method: 'account_info', params: [{ account: a.xrpWallet, ledger_index: 'validated' }] },
      { method: 'account_tx', params: [{ account: a.xrpWallet, ledger_index_min: -1, ledger_index_max: -1, limit: 200, forward: false }] },
    ]);
  });

  it('answers an unfunded address (actNotFound) with zero balance and no transactions', async () => {
    server = await startReplayServer(routes);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('xrp', a.xrpFresh);
    expect(result).toMatchObject({ ok: true, data: { balance: '0', txCount: 0, firstSeen: null, complete: true, counterparties: [] } });
    expect(server.requests).toHaveLength(1);
  });

  it('pages with the marker, then finds the first transaction oldest-first, when history is long', async () => {
    // Each page hands out the marker of the next one, 1000 ledgers further back.
    const page = (marker?: { ledger: number }) => ({
      result: {
        account: a.xrpWallet,
        ledger_index_max: 88000000,
        ledger_index_min: 32570,
        limit: 200,
        marker: { ledger: (marker?.ledger ?? 87001000) - 1000, seq: 3 },
        status: 'success',
        validated: true,
        transactions: [],
      },
    });
    const first = {
      result: {
        account: a.xrpWallet,
        limit: 1,
        marker: { ledger: 60000001, seq: 0 },
        status: 'success',
        transactions: [
          {
            meta: { TransactionResult: 'tesSUCCESS', delivered_amount: '20000000' },
            tx: { Account: a.xrpB, Destination: a.xrpWallet, Amount: '20000000', TransactionType: 'Payment', date: 568000000, hash: 'F1' },
            validated: true,
          },
        ],
      },
    };
    server = await startReplayServer([
      {
        method: 'POST',
        path: '/xrpl',
        rpc: 'account_tx',
        replies: [
          (r) => ({
            json: ((p) => (p.forward ? first : page(p.marker)))((r.body as { params: { forward: boolean; marker?: { ledger: number } }[] }).params[0]!),
          }),
        ],
      },
      ...routes,
    ]);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('xrp', a.xrpWallet);
    expect(result).toMatchObject({ ok: true, data: { complete: false, firstSeen: '2017-12-31T01:46:40.000Z' } });
    const calls = server.requests.map((r) => (r.body as { method: string; params: Record<string, unknown>[] }).params[0]!);
    expect(calls.slice(1).map((p) => [p.forward, p.marker ?? null])).toEqual([
      [false, null],
      [false, { ledger: 87000000, seq: 3 }],
      [false, { ledger: 86999000, seq: 3 }],
      [true, null],
    ]);
  });

  it('retries "slowDown" and reports it plainly when it lasts', async () => {
    server = await startReplayServer([
      {
        method: 'POST',
        path: '/xrpl',
        replies: [{ json: { result: { error: 'slowDown', error_code: 10, error_message: 'You are placing too much load on the server.', status: 'error' } } }],
      },
    ]);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('xrp', a.xrpWallet);
    expect(result).toEqual({
      ok: false,
      network: 'xrp',
      provider: 'xrpl',
      reason: 'XRP Ledger data could not be fetched: xrpl kept limiting our requests: "You are placing too much load on the server." (3 attempts)',
      // What the customer reads: the source's failure in plain words, no host or HTTP excerpt.
      plain: 'XRP Ledger data could not be fetched: its data source was busy (it limits how often it may be asked)',
      attempts: 3,
    });
  });
});
