/**
 * The tracer against the real chain-data service and the recorded two-hop scenarios of every chain
 * family (workers/test-fixtures/chain-data/<family>/trace-*.json, described in its README), on a
 * loopback replay server with a fast fake clock.
 *
 * The scenario is the same on every chain, in units of its native coin (1 BTC, ETH, BNB or SOL;
 * 1,000 TRX; 100 XRP): the wallet W received 3 from intermediary I1 and 1 from E, and sent 1 to
 * intermediary I2; I1 received 2 from X and 6 from Y (and paid W 3); I2 received W's 1 and paid 0.6
 * to V and 0.2 to Z. The tests mark E an exchange, X sanctioned and Z a mixer. By hand:
 * - received (4 in all): E 1/4 = 0.25 direct; X 3/4 × 2/8 = 0.1875 indirect; Y's 3/4 × 6/8 = 0.5625
 *   unattributed (Y is unlabelled and not traced at depth 2);
 * - sent (1 in all): Z 1 × 0.2/0.8 = 0.25 indirect; V's 0.75 unattributed;
 * - volume (5 in all): E 1/5 = 0.2 direct; X 3/5 × 2/8 = 0.15 and Z 1/5 × 0.2/0.8 = 0.05 indirect;
 *   the intermediaries carry 4/5 of it.
 */
import type { Network } from '@walletscreen/contracts';
import { attributeExposure, type ExposureBreakdown, type ExposureCategory } from '../checks/exposure';
import {
  fakeClock,
  fixture,
  loopbackConfig,
  startReplayServer,
  traceAddresses,
  traceRoutes,
  type RecordedRequest,
  type ReplayServer,
  type Route,
  type TraceFamily,
} from '../../testing/replay-server';
import { createChainDataService } from './service';
import { addressKey, createTracer, type TraceEvidence, type TraceFlow } from './trace';
import { defaultTraceConfig, type ChainData, type ChainDataConfig, type TraceConfig } from './types';

let server: ReplayServer;
afterEach(() => server.close());

type Roles = { wallet: string; i1: string; i2: string; e: string; x: string; y: string; z: string; v: string; q?: string };

interface Scenario {
  family: TraceFamily;
  network: Network;
  a: Roles;
  /** Native coins per unit of the scenario. */
  scale: number;
  provider: (url: string) => string;
  config?: Partial<ChainDataConfig>;
  /** What the trace asks about an intermediary, as `asked` describes a request. */
  asks: (role: 'i1' | 'i2') => string[];
}

const ETHERSCAN_KEY = 'TESTKEY-TRACE-ETHERSCAN';
const solanaSignatures = new Map(
  ['x-i1', 'y-i1', 'e-w', 'i1-w', 'w-i2', 'i2-v', 'i2-z'].map((id) => [
    fixture<{ result: { transaction: { signatures: string[] } } }>(`solana/trace-getTransaction-${id}.json`).result.transaction.signatures[0]!,
    id,
  ]),
);

const scenarios: Scenario[] = [
  {
    family: 'esplora',
    network: 'bitcoin',
    a: traceAddresses.btc,
    scale: 1,
    provider: (url) => new URL(url).host,
    asks: (r) => [`/api/address/${r}`, `/api/address/${r}/txs`],
  },
  {
    family: 'blockscout',
    network: 'ethereum',
    a: traceAddresses.eth,
    scale: 1,
    provider: () => 'blockscout:ethereum',
    // No token transfers are counted for these addresses, so they are not asked for.
    asks: (r) => [`/eth/api/v2/addresses/${r}`, `/eth/api/v2/addresses/${r}/counters`, `/eth/api/v2/addresses/${r}/transactions`],
  },
  {
    family: 'etherscan',
    network: 'bsc',
    a: traceAddresses.bsc,
    scale: 1,
    provider: () => 'etherscan-v2',
    config: { etherscanApiKey: ETHERSCAN_KEY },
    asks: (r) => [`/v2/api balance ${r}`, `/v2/api txlist ${r}`, `/v2/api tokentx ${r}`],
  },
  {
    family: 'trongrid',
    network: 'tron',
    a: traceAddresses.tron,
    scale: 1000,
    provider: () => 'trongrid',
    asks: (r) => [`/trongrid/v1/accounts/${r}`, `/trongrid/v1/accounts/${r}/transactions`, `/trongrid/v1/accounts/${r}/transactions/trc20`],
  },
  {
    family: 'solana',
    network: 'solana',
    a: traceAddresses.sol,
    scale: 1,
    provider: () => 'solana-rpc',
    // Transactions newest first; the one with the wallet was read with the wallet (the HTTP cache answers it, free).
    asks: (r) =>
      r === 'i1'
        ? ['getBalance i1', 'getSignaturesForAddress i1', 'getTransaction y-i1', 'getTransaction x-i1']
        : ['getBalance i2', 'getSignaturesForAddress i2', 'getTransaction i2-z', 'getTransaction i2-v'],
  },
  {
    family: 'xrpl',
    network: 'xrp',
    a: traceAddresses.xrp,
    scale: 100,
    provider: () => 'xrpl',
    asks: (r) => [`account_info ${r}`, `account_tx ${r}`],
  },
];

/** A request as the tests name it: its path (or JSON-RPC method), with addresses and Solana signatures replaced by their roles. */
function asked(s: Scenario, r: RecordedRequest): string {
  const roles = new Map(Object.entries(s.a).map(([role, address]) => [address.toLowerCase(), role]));
  const name = (text: string) => roles.get(text.toLowerCase()) ?? solanaSignatures.get(text) ?? text;
  if (r.method === 'POST') {
    const body = r.body as { method: string; params: unknown[] };
    const p0 = body.params[0];
    return `${body.method} ${name(typeof p0 === 'string' ? p0 : String((p0 as { account: string }).account))}`;
  }
  const path = r.path.split('/').map(name).join('/');
  return path === '/v2/api' ? `${path} ${r.query.get('action')} ${name(r.query.get('address') ?? '')}` : path;
}

/** What the tests know each address to be: E an exchange, X sanctioned, Z a mixer (and, on Bitcoin, Q a thief). */
function categoriesOf(s: Scenario, extra: Record<string, ExposureCategory> = {}) {
  const known = new Map<string, ExposureCategory>([
    [addressKey(s.network, s.a.e), 'exchange'],
    [addressKey(s.network, s.a.x), 'sanctioned'],
    [addressKey(s.network, s.a.z), 'mixer'],
    ...Object.entries(extra).map(([address, category]): [string, ExposureCategory] => [addressKey(s.network, address), category]),
  ]);
  return (address: string): ExposureCategory[] => {
    const category = known.get(addressKey(s.network, address));
    return category ? [category] : [];
  };
}

async function setup(s: Scenario, options: { trace?: Partial<TraceConfig>; routes?: Route[] } = {}) {
  server = await startReplayServer([...(options.routes ?? []), ...traceRoutes(s.family)]);
  const clock = fakeClock();
  const chainData = createChainDataService(loopbackConfig(server.url, s.config), { now: clock.now, sleep: clock.sleep, random: () => 0.5 });
  const tracer = createTracer(chainData, { ...defaultTraceConfig, ...options.trace }, { now: () => clock.now().getTime() });
  const categories = categoriesOf(s);
  const fetchWallet = async (): Promise<ChainData> => {
    const result = await chainData.fetch(s.network, s.a.wallet);
    if (!result.ok) throw new Error(result.reason);
    return result.data;
  };
  /** Traces the wallet; `asked` lists the requests the trace made, as the replay server received them. */
  const trace = async (wallet: ChainData, isEndpoint = (address: string) => categories(address).length > 0) => {
    const before = server.requests.length;
    const evidence = await tracer.trace({ network: s.network, wallet, endpoints: async (addresses) => new Set(addresses.filter(isEndpoint)) });
    return { evidence, asked: server.requests.slice(before).map((r) => asked(s, r)) };
  };
  return { clock, chainData, tracer, fetchWallet, trace, categories };
}

/** `milli` thousandths of a unit, in the family's native coin, as the providers' data states amounts. */
const amount = (s: Scenario, milli: number) => String((milli * s.scale) / 1000);
const flow = (s: Scenario, address: string, received: number, sent: number): TraceFlow => ({ address, received: amount(s, received), sent: amount(s, sent) });

/** An expansion read from the provider: what I1 and I2 hold in every scenario. */
function expansion(s: Scenario, url: string, role: 'i1' | 'i2', extra: Partial<Extract<TraceEvidence['expansions'][number], { ok: true }>> = {}) {
  const { a } = s;
  return {
    address: a[role],
    hop: 1,
    via: a.wallet,
    ok: true,
    provider: s.provider(url),
    fetchedAt: '2026-11-22T06:00:00.000Z',
    transactionsExamined: 3,
    complete: true,
    fromCache: false,
    counterparties:
      role === 'i1'
        ? [flow(s, a.y, 6000, 0), flow(s, a.wallet, 0, 3000), flow(s, a.x, 2000, 0)]
        : [flow(s, a.wallet, 1000, 0), flow(s, a.v, 0, 600), flow(s, a.z, 0, 200)],
    ...extra,
  };
}

/** Shares rounded to 1e-10 (they are sums of products of decimal fractions), compared exactly. */
const rounded = (b: ExposureBreakdown) =>
  JSON.parse(JSON.stringify(b, (_, v: unknown) => (typeof v === 'number' ? Math.round(v * 1e10) / 1e10 : v))) as ExposureBreakdown;

const share = (direct: number, indirect: number) => ({ direct, indirect });

describe.each(scenarios)('a two-hop trace on $family ($network)', (s) => {
  it('expands the two intermediaries, not the exchange, and finds the sanctioned and the mixer address behind them', async () => {
    const { fetchWallet, trace, categories } = await setup(s);
    const wallet = await fetchWallet();
    const { evidence, asked } = await trace(wallet);

    expect(evidence).toEqual({
      depth: 2,
      fanOut: 5,
      requestBudget: 30,
      requests: asked.length,
      expansions: [expansion(s, server.url, 'i1'), expansion(s, server.url, 'i2')],
      notExpanded: [],
      beyondFanOut: 0,
    });
    // Only the intermediaries were asked about: never E (an endpoint), nor X, Y, Z or V (hop 2, the depth).
    expect(asked).toEqual([...s.asks('i1'), ...s.asks('i2')]);

    expect(rounded(attributeExposure(s.network, wallet, evidence, categories))).toEqual({
      byCategory: {
        exchange: { received: share(0.25, 0), sent: share(0, 0), volume: share(0.2, 0), minHops: 1, minIndirectHops: null },
        sanctioned: { received: share(0, 0.1875), sent: share(0, 0), volume: share(0, 0.15), minHops: 2, minIndirectHops: 2 },
        mixer: { received: share(0, 0), sent: share(0, 0.25), volume: share(0, 0.05), minHops: 2, minIndirectHops: 2 },
      },
      unattributed: { received: 0.5625, sent: 0.75 },
      // The exchange's 20% directly; the sanctioned 15% and the mixer's 5% behind the intermediaries.
      attributed: share(0.2, 0.2),
      coverage: { depth: 2, expanded: 2, failed: 0, notExpanded: 0, requests: asked.length, tracedVolumeShare: 0.8 },
    });
  });
});

describe('tracing bounds, cache and failures (Esplora)', () => {
  const s = scenarios.find((x) => x.family === 'esplora')!;
  const a = traceAddresses.btc;

  it('expands at most `fanOut` addresses per hop, the largest share of volume first', async () => {
    const { fetchWallet, trace, categories } = await setup(s, { trace: { fanOut: 1 } });
    const wallet = await fetchWallet();
    const { evidence, asked } = await trace(wallet);
    // I1 carries 3/5 of the volume, I2 1/5.
    expect(evidence.expansions).toEqual([expansion(s, server.url, 'i1')]);
    expect(evidence).toMatchObject({ fanOut: 1, requests: 2, notExpanded: [], beyondFanOut: 1 });
    expect(asked).toEqual(s.asks('i1'));
    const breakdown = rounded(attributeExposure(s.network, wallet, evidence, categories));
    expect(breakdown.byCategory.mixer).toBeUndefined();
    expect(breakdown).toMatchObject({ unattributed: { received: 0.5625, sent: 1 }, coverage: { expanded: 1, tracedVolumeShare: 0.6 } });
  });

  it('stops when the request budget is spent, and says which addresses were left and why', async () => {
    const { fetchWallet, trace } = await setup(s, { trace: { requestBudget: 2 } });
    const { evidence, asked } = await trace(await fetchWallet());
    expect(evidence).toEqual({
      depth: 2,
      fanOut: 5,
      requestBudget: 2,
      requests: 2,
      expansions: [expansion(s, server.url, 'i1')],
      notExpanded: [{ address: a.i2, hop: 1, reason: "the trace's budget of 2 provider requests was spent" }],
      beyondFanOut: 0,
    });
    expect(asked).toEqual(s.asks('i1'));
  });

  it('leaves an address the budget runs out on while it is read as not expanded, for that reason, not as a failed read', async () => {
    // I1 costs 2 requests; the third reads I2's summary, and its history is not asked for.
    const { fetchWallet, trace } = await setup(s, { trace: { requestBudget: 3 } });
    const { evidence, asked } = await trace(await fetchWallet());
    expect(evidence).toEqual({
      depth: 2,
      fanOut: 5,
      requestBudget: 3,
      requests: 3,
      expansions: [expansion(s, server.url, 'i1')],
      notExpanded: [{ address: a.i2, hop: 1, reason: "the trace's budget of 3 provider requests was spent" }],
      beyondFanOut: 0,
    });
    expect(asked).toEqual([...s.asks('i1'), '/api/address/i2']);
  });

  it('reads traced addresses from its cache for a later check within the cache lifetime, and asks again after it', async () => {
    const { clock, fetchWallet, trace } = await setup(s);
    await trace(await fetchWallet());
    // A later check of the same wallet, past the HTTP cache's minute but within the trace cache's 15 minutes.
    clock.advance(10 * 60_000);
    const again = await trace(await fetchWallet());
    expect(again.asked).toEqual([]);
    expect(again.evidence).toEqual({
      depth: 2,
      fanOut: 5,
      requestBudget: 30,
      requests: 0,
      expansions: [expansion(s, server.url, 'i1', { fromCache: true }), expansion(s, server.url, 'i2', { fromCache: true })],
      notExpanded: [],
      beyondFanOut: 0,
    });

    clock.advance(6 * 60_000);
    const later = await trace(await fetchWallet());
    expect(later.asked).toEqual([...s.asks('i1'), ...s.asks('i2')]);
    expect(later.evidence.expansions.map((e) => e.ok && e.fromCache)).toEqual([false, false]);
  });

  it('shares one read of an address between checks tracing it at the same time', async () => {
    const { fetchWallet, trace } = await setup(s);
    const wallet = await fetchWallet();
    const [first, second] = await Promise.all([trace(wallet), trace(wallet)]);
    // The replay server saw each intermediary read once in all (each trace's `asked` is every request made while it ran).
    expect([...first.asked].sort()).toEqual([...s.asks('i1'), ...s.asks('i2')].sort());
    expect(second.asked).toEqual(first.asked);
    expect(first.evidence.expansions.map((e) => [e.address, e.ok, e.ok && e.fromCache])).toEqual([
      [a.i1, true, false],
      [a.i2, true, false],
    ]);
    expect(second.evidence.expansions.map((e) => [e.address, e.ok, e.ok && e.fromCache])).toEqual([
      [a.i1, true, true],
      [a.i2, true, true],
    ]);
    expect(second.evidence.requests).toBe(0);
  });

  it('records an intermediary whose provider keeps failing as failed, with the reason, traces the others, and does not ask the failing source again for a minute', async () => {
    const { clock, fetchWallet, trace, categories } = await setup(s, {
      routes: [{ path: new RegExp(`^/api/address/${a.i1}`), replies: [{ status: 500, text: 'Internal Server Error' }] }],
    });
    const wallet = await fetchWallet();
    const { evidence, asked } = await trace(wallet);
    expect(evidence.expansions).toEqual([
      {
        address: a.i1,
        hop: 1,
        via: a.wallet,
        ok: false,
        reason: `Bitcoin data could not be fetched: ${new URL(server.url).host} failed with a server error (HTTP 500; 3 attempts)`,
        plain: 'Bitcoin data could not be fetched: its data source had an internal error',
      },
      // Read after the back-off waits of I1's retries (225 ms, then 450 ms, on the fake clock).
      expansion(s, server.url, 'i2', { fetchedAt: '2026-11-22T06:00:00.675Z' }),
    ]);
    expect(evidence).toMatchObject({ requests: 5, notExpanded: [] });
    expect(asked).toEqual([`/api/address/i1`, `/api/address/i1`, `/api/address/i1`, ...s.asks('i2')]);
    // What came through I1 is unattributed; what went through I2 is still found.
    const breakdown = rounded(attributeExposure(s.network, wallet, evidence, categories));
    expect(breakdown.byCategory.sanctioned).toBeUndefined();
    expect(breakdown).toMatchObject({ unattributed: { received: 0.75, sent: 0.75 }, coverage: { expanded: 1, failed: 1, tracedVolumeShare: 0.2 } });

    // A check within the minute gets the failure again without asking the failing source; one after it asks again.
    clock.advance(30_000);
    const again = await trace(wallet);
    expect(again.asked).toEqual([]);
    expect(again.evidence.expansions[0]).toEqual({ ...evidence.expansions[0], fromCache: true });
    expect(again.evidence.requests).toBe(0);
    clock.advance(31_000);
    expect((await trace(wallet)).asked).toEqual(['/api/address/i1', '/api/address/i1', '/api/address/i1']);
  });

  it('makes no request at depth 1', async () => {
    const { fetchWallet, trace } = await setup(s, { trace: { depth: 1 } });
    const { evidence, asked } = await trace(await fetchWallet());
    expect(evidence).toEqual({ depth: 1, fanOut: 5, requestBudget: 30, requests: 0, expansions: [], notExpanded: [], beyondFanOut: 0 });
    expect(asked).toEqual([]);
  });

  it('expands the hop-2 addresses at depth 3, and attributes what they received', async () => {
    const { fetchWallet, trace } = await setup(s, { trace: { depth: 3 } });
    const wallet = await fetchWallet();
    const { evidence, asked } = await trace(wallet);
    // Y carries 3/5 × 6/8 = 0.45 of the volume, V 1/5 × 0.6/0.8 = 0.15.
    expect(evidence.expansions).toEqual([
      expansion(s, server.url, 'i1'),
      expansion(s, server.url, 'i2'),
      {
        ...expansion(s, server.url, 'i1'),
        address: a.y,
        hop: 2,
        via: a.i1,
        transactionsExamined: 2,
        counterparties: [flow(s, a.q, 10_000, 0), flow(s, a.i1, 0, 6000)],
      },
      { ...expansion(s, server.url, 'i2'), address: a.v, hop: 2, via: a.i2, transactionsExamined: 1, counterparties: [flow(s, a.i2, 600, 0)] },
    ]);
    expect(asked).toEqual([...s.asks('i1'), ...s.asks('i2'), '/api/address/y', '/api/address/y/txs', '/api/address/v', '/api/address/v/txs']);
    expect(evidence).toMatchObject({ depth: 3, requests: 8, notExpanded: [] });

    // Q paid Y the 6 Y passed on to I1: all of the wallet's receipts are now accounted for.
    const breakdown = rounded(attributeExposure(s.network, wallet, evidence, categoriesOf(s, { [a.q]: 'theft' })));
    expect(breakdown).toEqual({
      byCategory: {
        exchange: { received: share(0.25, 0), sent: share(0, 0), volume: share(0.2, 0), minHops: 1, minIndirectHops: null },
        sanctioned: { received: share(0, 0.1875), sent: share(0, 0), volume: share(0, 0.15), minHops: 2, minIndirectHops: 2 },
        mixer: { received: share(0, 0), sent: share(0, 0.25), volume: share(0, 0.05), minHops: 2, minIndirectHops: 2 },
        theft: { received: share(0, 0.5625), sent: share(0, 0), volume: share(0, 0.45), minHops: 3, minIndirectHops: 3 },
      },
      // V passed nothing on: the wallet's payment to it stays unattributed.
      unattributed: { received: 0, sent: 0.75 },
      // 0.2 directly; 0.15 + 0.05 + 0.45 through intermediaries.
      attributed: share(0.2, 0.65),
      coverage: { depth: 3, expanded: 4, failed: 0, notExpanded: 0, requests: 8, tracedVolumeShare: 0.8 },
    });
  });
});
