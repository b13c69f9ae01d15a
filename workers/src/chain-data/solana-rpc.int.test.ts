import { addresses as a, fakeClock, fixture, loopbackConfig, startReplayServer, type ReplayServer, type Route } from '../../testing/replay-server';
import { createChainDataService } from './service';
import type { ChainDataConfig } from './types';

let server: ReplayServer;
afterEach(() => server.close());

const signatures = fixture<{ result: { signature: string }[] }>('solana/getSignaturesForAddress.json').result.map((s) => s.signature);
const rpc = (method: string, param0: string, file: string, status?: number): Route => ({
  method: 'POST',
  path: '/solana',
  rpc: method,
  param0,
  replies: [{ fixture: file, ...(status ? { status } : {}) }],
});

const routes: Route[] = [
  rpc('getBalance', a.solWallet, 'solana/getBalance.json'),
  rpc('getSignaturesForAddress', a.solWallet, 'solana/getSignaturesForAddress.json'),
  rpc('getTransaction', signatures[0]!, 'solana/getTransaction-S3.json'),
  rpc('getTransaction', signatures[1]!, 'solana/getTransaction-S2.json'),
  rpc('getTransaction', signatures[2]!, 'solana/getTransaction-S1.json'),
  rpc('getBalance', a.solFresh, 'solana/getBalance-zero.json'),
  rpc('getSignaturesForAddress', a.solFresh, 'solana/getSignaturesForAddress-empty.json'),
  rpc('getBalance', a.solC, 'solana/getBalance-whale.json'),
  rpc('getSignaturesForAddress', a.solC, 'solana/getSignaturesForAddress-empty.json'),
];

function service(config: ChainDataConfig) {
  const clock = fakeClock();
  return { clock, chainData: createChainDataService(config, { now: clock.now, sleep: clock.sleep, random: () => 0.5 }) };
}

describe('Solana JSON-RPC', () => {
  it('normalizes an account: lamports to SOL, signatures for age, System transfers for counterparties', async () => {
    server = await startReplayServer(routes);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('solana', a.solWallet);
    expect(result).toEqual({
      ok: true,
      data: {
        network: 'solana',
        address: a.solWallet,
        provider: 'solana-rpc',
        sourceUrl: `${server.url}/solana`,
        fetchedAt: '2026-11-22T06:00:00.000Z',
        symbol: 'SOL',
        balance: '3.80999',
        totalReceived: null,
        totalSent: null,
        txCount: 3,
        firstSeen: '2024-01-01T00:00:00.000Z',
        lastSeen: '2024-06-01T12:00:00.000Z',
        transactionsExamined: 3,
        complete: true,
        counterparties: [
          {
            address: a.solB,
            direction: 'in',
            txCount: 1,
            received: '5',
            sent: '0',
            firstSeen: '2024-01-01T00:00:00.000Z',
            lastSeen: '2024-01-01T00:00:00.000Z',
          },
          // The 99 SOL transfer to solA failed (InstructionError): nothing moved.
          {
            address: a.solA,
            direction: 'out',
            txCount: 1,
            received: '0',
            sent: '1.2',
            firstSeen: '2024-06-01T12:00:00.000Z',
            lastSeen: '2024-06-01T12:00:00.000Z',
          },
          // Moved by an inner instruction.
          {
            address: a.solC,
            direction: 'in',
            txCount: 1,
            received: '0.01',
            sent: '0',
            firstSeen: '2024-01-01T00:00:00.000Z',
            lastSeen: '2024-01-01T00:00:00.000Z',
          },
        ],
      },
    });
    const bodies = server.requests.map((r) => r.body as { method: string; params: unknown[] });
    expect(bodies.map((b) => b.method)).toEqual(['getBalance', 'getSignaturesForAddress', 'getTransaction', 'getTransaction', 'getTransaction']);
    expect(bodies[2]!.params[1]).toEqual({ encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 });
    expect(bodies[1]!.params[1]).toEqual({ limit: 1000 });
  });

  it('answers a fresh address with zero balance and no transactions', async () => {
    server = await startReplayServer(routes);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('solana', a.solFresh);
    expect(result).toMatchObject({
      ok: true,
      data: { balance: '0', txCount: 0, firstSeen: null, transactionsExamined: 0, complete: true, counterparties: [] },
    });
  });

  it('keeps a balance beyond 2^53 lamports exact', async () => {
    server = await startReplayServer(routes);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('solana', a.solC);
    expect(result).toMatchObject({ ok: true, data: { balance: '9007199.254740993' } });
  });

  it("retries the public RPC's 429 after Retry-After", async () => {
    server = await startReplayServer([
      {
        method: 'POST',
        path: '/solana',
        rpc: 'getBalance',
        param0: a.solFresh,
        replies: [
          {
            status: 429,
            json: { jsonrpc: '2.0', error: { code: 429, message: 'Too many requests for a specific RPC call' }, id: 1 },
            headers: { 'retry-after': '1' },
          },
          { fixture: 'solana/getBalance-zero.json' },
        ],
      },
      ...routes,
    ]);
    const { chainData, clock } = service(loopbackConfig(server.url));
    const result = await chainData.fetch('solana', a.solFresh);
    expect(result).toMatchObject({ ok: true, data: { balance: '0' } });
    expect(clock.sleeps).toEqual([1000]);
  });

  it('fails plainly on a JSON-RPC error it should not retry', async () => {
    server = await startReplayServer([
      { method: 'POST', path: '/solana', replies: [{ json: { jsonrpc: '2.0', error: { code: -32602, message: 'Invalid param: WrongSize' }, id: 1 } }] },
    ]);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('solana', a.solWallet);
    expect(result).toEqual({
      ok: false,
      network: 'solana',
      provider: 'solana-rpc',
      reason: 'Solana data could not be fetched: solana-rpc returned an error: Invalid param: WrongSize',
      // What the customer reads: the source's failure in plain words, no host or HTTP excerpt.
      plain: 'Solana data could not be fetched: its data source refused the request',
      attempts: 1,
    });
  });
});
