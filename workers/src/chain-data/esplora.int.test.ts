import { addresses as a, fakeClock, fixture, loopbackConfig, startReplayServer, type ReplayServer, type Route } from '../../testing/replay-server';
import { createChainDataService } from './service';
import type { ChainDataConfig } from './types';

const servers: ReplayServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(routes: Route[]) {
  const server = await startReplayServer(routes);
  servers.push(server);
  return server;
}

function service(config: ChainDataConfig, clock = fakeClock()) {
  return { clock, chainData: createChainDataService(config, { now: clock.now, sleep: clock.sleep, random: () => 0.5 }) };
}

/** The last txid of each recorded page of the busy wallet, mapped to the page after it. */
const busyPages = [1, 2, 3, 4].map((n) => `esplora/txs-busy-${n}.json`);
const nextPage = new Map(busyPages.slice(0, -1).map((file, i) => [fixture<{ txid: string }[]>(file).at(-1)!.txid, busyPages[i + 1]!]));

const bitcoinRoutes: Route[] = [
  { path: `/api/address/${a.btcWallet}`, replies: [{ fixture: 'esplora/address-small.json' }] },
  { path: `/api/address/${a.btcWallet}/txs`, replies: [{ fixture: 'esplora/txs-small.json' }] },
  { path: `/api/address/${a.btcFresh}`, replies: [{ fixture: 'esplora/address-fresh.json' }] },
  { path: `/api/address/${a.btcBusy}`, replies: [{ fixture: 'esplora/address-busy.json' }] },
  { path: `/api/address/${a.btcBusy}/txs`, replies: [{ fixture: 'esplora/txs-busy-1.json' }] },
  {
    path: new RegExp(`^/api/address/${a.btcBusy}/txs/chain/[0-9a-f]{64}$`),
    replies: [(r) => ({ fixture: nextPage.get(r.path.split('/').at(-1)!) ?? 'esplora/txs-busy-4.json' })],
  },
  { path: `/ltc/api/address/${a.ltcWallet}`, replies: [{ fixture: 'esplora/litecoin-address.json' }] },
  { path: `/ltc/api/address/${a.ltcWallet}/txs`, replies: [{ fixture: 'esplora/litecoin-txs.json' }] },
];

describe('Esplora (Bitcoin, Litecoin, Dogecoin)', () => {
  it('normalizes a small wallet: exact balances, counts, age and counterparties, complete', async () => {
    const server = await serve(bitcoinRoutes);
    const { chainData, clock } = service(loopbackConfig(server.url));
    const result = await chainData.fetch('bitcoin', a.btcWallet);
    expect(result).toEqual({
      ok: true,
      data: {
        network: 'bitcoin',
        address: a.btcWallet,
        provider: new URL(server.url).host,
        sourceUrl: `${server.url}/api`,
        fetchedAt: clock.now().toISOString(),
        symbol: 'BTC',
        balance: '0.42975',
        totalReceived: '1.2296',
        totalSent: '0.79985',
        txCount: 4,
        firstSeen: '2023-11-14T22:13:20.000Z',
        lastSeen: '2024-05-29T16:26:40.000Z',
        transactionsExamined: 4,
        complete: true,
        counterparties: [
          {
            address: a.btcB,
            direction: 'both',
            txCount: 2,
            received: '0.25',
            sent: '0.2',
            firstSeen: '2023-11-14T22:13:20.000Z',
            lastSeen: '2024-05-29T16:26:40.000Z',
          },
          {
            address: a.btcA,
            direction: 'in',
            txCount: 1,
            received: '0.4',
            sent: '0',
            firstSeen: '2024-03-09T16:00:00.000Z',
            lastSeen: '2024-03-09T16:00:00.000Z',
          },
          // Unconfirmed: in the mempool, no block time yet.
          { address: a.btcD, direction: 'out', txCount: 1, received: '0', sent: '0.12', firstSeen: null, lastSeen: null },
          {
            address: a.btcC,
            direction: 'in',
            txCount: 1,
            received: '0.1',
            sent: '0',
            firstSeen: '2024-03-09T16:00:00.000Z',
            lastSeen: '2024-03-09T16:00:00.000Z',
          },
        ],
        // A and C paid the wallet in one transaction, spending together: one owner, for clustering.
        coSpends: {
          transactions: [
            { txid: '3eec1429cbaf17f0e88415625350d839d80db9c5851f14340d809ddd5807a7ed', inputs: [a.btcA, a.btcC], outputs: [a.btcWallet, a.btcA] },
          ],
          coinJoinShaped: 0,
        },
      },
    });
    expect(server.requests.map((r) => r.path)).toEqual([`/api/address/${a.btcWallet}`, `/api/address/${a.btcWallet}/txs`]);
  });

  it('answers a fresh address with zero balance and no transactions, without asking for its history', async () => {
    const server = await serve(bitcoinRoutes);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('bitcoin', a.btcFresh);
    expect(result).toMatchObject({
      ok: true,
      data: {
        balance: '0',
        totalReceived: '0',
        totalSent: '0',
        txCount: 0,
        firstSeen: null,
        lastSeen: null,
        transactionsExamined: 0,
        complete: true,
        counterparties: [],
      },
    });
    expect(server.requests).toHaveLength(1);
  });

  it('pages a busy wallet up to four history requests and says the history is incomplete', async () => {
    const server = await serve(bitcoinRoutes);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('bitcoin', a.btcBusy);
    expect(result).toMatchObject({
      ok: true,
      data: {
        balance: '0.18',
        txCount: 180,
        transactionsExamined: 100,
        complete: false,
        // The oldest of the 100 transactions examined, not the wallet's first.
        firstSeen: '2024-02-23T00:00:00.000Z',
        lastSeen: '2024-06-01T00:00:00.000Z',
        counterparties: [{ address: a.btcE, direction: 'in', txCount: 100, received: '0.1', sent: '0' }],
      },
    });
    const history = server.requests.filter((r) => r.path.includes('/txs'));
    expect(history).toHaveLength(4);
    expect(history.slice(1).map((r) => r.path.split('/').at(-1))).toEqual([...nextPage.keys()]);
  });

  it('falls back to the next Esplora URL when the first one fails', async () => {
    const down = await serve([{ path: /.*/, replies: [{ status: 502, text: 'Bad Gateway' }] }]);
    const up = await serve(bitcoinRoutes);
    const { chainData } = service(loopbackConfig(up.url, { bitcoinEsploraUrls: [`${down.url}/api`, `${up.url}/api`] }));
    const result = await chainData.fetch('bitcoin', a.btcWallet);
    expect(result).toMatchObject({ ok: true, data: { provider: new URL(up.url).host, sourceUrl: `${up.url}/api`, balance: '0.42975' } });
    expect(down.requests).toHaveLength(3);
  });

  it('says plainly what could not be fetched when every URL fails, with the attempts made', async () => {
    const down = await serve([{ path: /.*/, replies: [{ status: 503, text: '' }] }]);
    const slow = await serve([{ path: /.*/, replies: [{ hang: true }] }]);
    const { chainData } = service(loopbackConfig(down.url, { bitcoinEsploraUrls: [`${down.url}/api`, `${slow.url}/api`], timeoutMs: 100, retries: 1 }));
    const result = await chainData.fetch('bitcoin', a.btcWallet);
    const [downHost, slowHost] = [new URL(down.url).host, new URL(slow.url).host];
    expect(result).toEqual({
      ok: false,
      network: 'bitcoin',
      provider: `${downHost}, ${slowHost}`,
      reason: `Bitcoin data could not be fetched: ${downHost} failed with a server error (HTTP 503; 2 attempts); ${slowHost} did not answer within 0.1 s (2 attempts)`,
      // What the customer reads: the source's failure in plain words, no host or HTTP excerpt.
      plain: 'Bitcoin data could not be fetched: its 2 data sources had an internal error, or did not answer in time',
      attempts: 4,
    });
  });

  it('reads Litecoin from its own Esplora, in LTC', async () => {
    const server = await serve(bitcoinRoutes);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('litecoin', a.ltcWallet);
    expect(result).toMatchObject({
      ok: true,
      data: {
        network: 'litecoin',
        symbol: 'LTC',
        balance: '1.5',
        txCount: 1,
        complete: true,
        firstSeen: '2024-05-18T02:40:00.000Z',
        counterparties: [{ address: a.ltcA, direction: 'in', txCount: 1, received: '1.5', sent: '0' }],
      },
    });
  });

  it('has no source for Dogecoin unless one is configured, nor for Bitcoin Cash', async () => {
    const server = await serve([]);
    const { chainData } = service(loopbackConfig(server.url));
    expect(await chainData.fetch('dogecoin', a.dogeWallet)).toEqual({
      ok: false,
      network: 'dogecoin',
      provider: null,
      reason: 'No blockchain data source is set up for Dogecoin on this installation: ask your administrator to configure one',
      attempts: 0,
    });
    expect(await chainData.fetch('bitcoin-cash', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toEqual({
      ok: false,
      network: 'bitcoin-cash',
      provider: null,
      reason: 'No blockchain data source is set up for Bitcoin Cash on this installation: ask your administrator to configure one',
      attempts: 0,
    });
    expect(server.requests).toHaveLength(0);
  });

  it("refuses an address that is not one of the network's, without a request", async () => {
    const server = await serve([]);
    const result = await service(loopbackConfig(server.url)).chainData.fetch('bitcoin', a.ltcWallet);
    expect(result).toMatchObject({ ok: false, provider: null, attempts: 0, reason: 'This is a Litecoin address; it cannot be screened on Bitcoin' });
    expect(server.requests).toHaveLength(0);
  });
});
