import { addresses as a, fakeClock, loopbackConfig, startReplayServer, type ReplayServer, type Route } from '../../testing/replay-server';
import { createChainDataService } from './service';

let server: ReplayServer;
afterEach(() => server.close());

const routes: Route[] = [
  { path: `/api/address/${a.btcWallet}`, replies: [{ fixture: 'esplora/address-small.json' }] },
  { path: `/api/address/${a.btcWallet}/txs`, replies: [{ fixture: 'esplora/txs-small.json' }] },
  { path: '/slow/api/address/' + a.btcWallet, replies: [{ hang: true }] },
];

describe('the chain-data service', () => {
  it('answers a second check of the same address within the cache TTL without a request, and asks again after', async () => {
    const clock = fakeClock();
    server = await startReplayServer(routes);
    const chainData = createChainDataService(loopbackConfig(server.url, { cacheTtlMs: 60_000 }), { now: clock.now, sleep: clock.sleep });
    const first = await chainData.fetch('bitcoin', a.btcWallet);
    expect(server.requests).toHaveLength(2);
    clock.advance(30_000);
    const second = await chainData.fetch('bitcoin', a.btcWallet);
    expect(server.requests).toHaveLength(2);
    expect(second).toMatchObject({ ok: true, data: { balance: '0.42975', fetchedAt: '2026-11-22T06:00:30.000Z' } });
    expect(first.ok && second.ok && first.data.counterparties).toEqual(second.ok && second.data.counterparties);
    clock.advance(30_000);
    await chainData.fetch('bitcoin', a.btcWallet);
    expect(server.requests).toHaveLength(4);
  });

  it('holds each provider to its rate: requests are spaced by the injected clock', async () => {
    const clock = fakeClock();
    server = await startReplayServer(routes, clock);
    const chainData = createChainDataService(loopbackConfig(server.url, { cacheTtlMs: 0, ratePerSecond: { esplora: 2 } }), {
      now: clock.now,
      sleep: clock.sleep,
    });
    const start = clock.now().getTime();
    for (let i = 0; i < 3; i++) expect(await chainData.fetch('bitcoin', a.btcWallet)).toMatchObject({ ok: true });
    const times = server.requests.map((r) => r.at! - start);
    // 2 per second: no two requests within 500 ms, so never more than 2 in any second.
    expect(times).toEqual([0, 500, 1000, 1500, 2000, 2500]);
  });

  it('never throws: a cancelled check comes back as a plain failure', async () => {
    server = await startReplayServer(routes);
    const chainData = createChainDataService(loopbackConfig(server.url, { bitcoinEsploraUrls: [`${server.url}/slow/api`, `${server.url}/api`] }));
    const controller = new AbortController();
    // Cancelled once the request has reached the source (a timer could fire before it is sent on a busy machine).
    server.use({ path: '/slow/api/address/' + a.btcWallet, replies: [() => (controller.abort(), { hang: true })] });
    const result = await chainData.fetch('bitcoin', a.btcWallet, controller.signal);
    expect(result).toMatchObject({
      ok: false,
      network: 'bitcoin',
      reason: `Bitcoin data could not be fetched: The request to ${new URL(server.url).host} was cancelled`,
    });
    // Cancelled: the second URL is not tried.
    expect(server.requests.map((r) => r.path)).toEqual([`/slow/api/address/${a.btcWallet}`]);
  });

  it('never throws on an answer in a shape it cannot read', async () => {
    server = await startReplayServer([{ path: /.*/, replies: [{ json: ['not', 'an', 'address'] }] }]);
    const result = await createChainDataService(loopbackConfig(server.url)).fetch('bitcoin', a.btcWallet);
    expect(result).toEqual({
      ok: false,
      network: 'bitcoin',
      provider: new URL(server.url).host,
      reason: `Bitcoin data could not be fetched: ${new URL(server.url).host} sent an answer in an unexpected shape (no chain_stats)`,
      // What the customer reads: the source's failure in plain words, no host or HTTP excerpt.
      plain: 'Bitcoin data could not be fetched: its data source sent an answer that could not be read',
      attempts: 1,
    });
  });
});
