/**
 * The admin Wallets and Financial stats calls on the embedded server: several customers check
 * wallets through the real pipeline (chain data replayed on a loopback server, a real OFAC list
 * file), buy packs of checks, and the read models answer with the counts, revenue and distribution.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Stats, WalletAnalysis, WalletDetail, WalletsPage } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { ADMIN, startTestServer, type TestServer } from './support/server';

const SANCTIONED = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
const POLYGON = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
let replay: ReplayServer;
let server: TestServer;
let admin: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const people = ['alice', 'bob', 'carol'] as const;
const email = (name: string) => `${name}@insights.example`;
const levels: Record<string, string> = {};
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const analyze = async (who: string, wallet_address: string, network?: string) => {
  const res = await server.api<WalletAnalysis & { status: string }>('POST', '/api/transactions/analyze-realtime', {
    token: tokens[who],
    body: { wallet_address, ...(network ? { network } : {}) },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status).toBe(200);
  expect(res.body.status).toBe('completed');
  levels[wallet_address] = res.body.risk_level;
  return res.body;
};

/** A purchase as billing records it, on the user's stream. */
async function purchase(
  who: string,
  amount: number,
  checks: number,
  at: string,
  payment: { provider: 'stripe' | 'local'; test: boolean } = { provider: 'stripe', test: false },
) {
  const stream = `user-${ids[who]}`;
  const revision = await server.eventStore.streamRevision(stream);
  const data = {
    userId: ids[who],
    purchaseId: randomUUID(),
    planId: `plan-${checks}`,
    planName: `${checks} checks`,
    checks,
    amount,
    currency: 'USD',
    ...payment,
    providerRef: randomUUID(),
    expiresAt: '2099-01-01T00:00:00.000Z',
    at,
  };
  await server.eventStore.append(stream, [{ id: randomUUID(), type: 'ChecksPurchased', data, metadata: {} }], { expectedRevision: revision });
}

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    BLOCKSCOUT_POLYGON_URL: 'http://127.0.0.1:9/polygon',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  const csv = path.join(dir, 'sdn.csv');
  writeFileSync(
    csv,
    `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${SANCTIONED}; Digital Currency Address - XBT ${a.btcA}."\n`,
  );
  await runSanctionsSync({ eventStore: server.eventStore, file: csv, clock: () => new Date(), logger: createLogger({ level: 'silent' }) });

  for (const name of people) {
    const user = { email: email(name), password: 'Insights-Passphrase-1', username: name };
    await server.api('POST', '/api/auth/register', { body: user });
    tokens[name] = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
  }
  admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
  await caughtUp();
  for (const name of people) ids[name] = (await get<Array<{ id: string }>>(`/api/admin/customers?email=${email(name)}`)).body[0]!.id;

  // Alice checks the exchange wallet twice and the sanctioned one; Bob both; Carol one on Polygon.
  await analyze('alice', a.btcWallet);
  await analyze('alice', SANCTIONED);
  await analyze('bob', a.btcWallet);
  await analyze('bob', SANCTIONED);
  await analyze('carol', POLYGON, 'polygon');
  await analyze('alice', a.btcWallet);
}, 90_000);
afterAll(async () => {
  await server.destroy();
  await replay.close();
});

const get = <T>(url: string, token = admin) => server.api<T>('GET', url, { token });
const caughtUp = async () => server.projections.waitFor(await server.eventStore.headPosition());

describe('Wallets', () => {
  it('lists every screened address with its checks, customers and latest outcome, most recently checked first', async () => {
    await caughtUp();
    const res = await get<WalletsPage>('/api/admin/wallets');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((w) => [w.address, w.network, w.checks, w.customers, w.completed])).toEqual([
      [a.btcWallet, 'bitcoin', 3, 2, 3],
      [POLYGON, 'polygon', 1, 1, 1],
      [SANCTIONED, 'bitcoin', 2, 2, 2],
    ]);
    const sanctioned = res.body.items.find((w) => w.address === SANCTIONED)!;
    expect(sanctioned).toMatchObject({ latest_level: 'High Risk', latest_aml_status: 'Non-compliant' });
    expect(sanctioned.latest_score).toBeGreaterThan(60);
    // Its sanctioned counterparty holds more than 10 % of the volume: direct exposure, High.
    expect(res.body.items.find((w) => w.address === a.btcWallet)).toMatchObject({ latest_level: 'High Risk' });
    // Polygon's data source cannot be reached: Incomplete, never Low.
    expect(res.body.items.find((w) => w.address === POLYGON)).toMatchObject({ latest_level: 'Incomplete', latest_aml_status: 'Incomplete — data unavailable' });
  });

  it('searches by address substring, filters by latest level, sorts and pages on the server', async () => {
    const byAddress = await get<WalletsPage>(`/api/admin/wallets?address=${a.btcWallet.slice(4, 12).toUpperCase()}`);
    expect(byAddress.body.items.map((w) => w.address)).toEqual([a.btcWallet]);
    const high = await get<WalletsPage>('/api/admin/wallets?risk_level=high%20risk');
    expect(high.body).toMatchObject({ total: 2, items: [{ address: a.btcWallet }, { address: SANCTIONED }] });
    const incomplete = await get<WalletsPage>('/api/admin/wallets?risk_level=incomplete');
    expect(incomplete.body).toMatchObject({ total: 1, items: [{ address: POLYGON }] });
    expect((await get<WalletsPage>('/api/admin/wallets?risk_level=All')).body.total).toBe(3);
    expect((await get<WalletsPage>('/api/admin/wallets?sort=checks')).body.items.map((w) => w.checks)).toEqual([3, 2, 1]);
    const byScore = (await get<WalletsPage>('/api/admin/wallets?sort=score')).body.items.map((w) => w.latest_score ?? -1);
    expect(byScore).toEqual([...byScore].sort((x, y) => y - x));
    expect(byScore[0]).toBe(Math.max(...(await get<WalletsPage>('/api/admin/wallets?risk_level=High%20Risk')).body.items.map((w) => w.latest_score ?? -1)));
    const second = await get<WalletsPage>('/api/admin/wallets?sort=checks&limit=1&offset=1');
    expect(second.body).toMatchObject({ total: 3, items: [{ address: SANCTIONED }] });
  });

  it('opens one wallet: its checks newest first, each with the customer e-mail, score, level, status and report', async () => {
    const res = await get<WalletDetail>(`/api/admin/wallets/bitcoin/${a.btcWallet}`);
    expect(res.status).toBe(200);
    expect(res.body.wallet).toMatchObject({ address: a.btcWallet, checks: 3, customers: 2 });
    expect(res.body.total).toBe(3);
    expect(res.body.checks.map((c) => c.user_email)).toEqual([email('alice'), email('bob'), email('alice')]);
    for (const c of res.body.checks) {
      expect(c).toMatchObject({ status: 'completed', risk_level: 'High Risk', aml_status: 'Non-compliant', access: 'Premium' });
      expect(c.linked_wallets).toContain(a.btcA);
      expect(c.aml_report).toContain('Risk level: High Risk');
      // Its fund-flow graph, for the drawer: the wallet and its counterparties, the listed one coloured sanctioned.
      expect(c.fund_flow?.nodes[0]).toMatchObject({ address: a.btcWallet, hop: 0 });
      expect(c.fund_flow?.nodes.find((n) => n.address === a.btcA)).toMatchObject({ hop: 1, category: 'sanctioned' });
    }
    const page = await get<WalletDetail>(`/api/admin/wallets/bitcoin/${a.btcWallet}?limit=2&offset=2`);
    expect(page.body.checks).toHaveLength(1);
    expect((await get(`/api/admin/wallets/bitcoin/${a.btcFresh}`)).status).toBe(404);
    expect((await get(`/api/admin/wallets/dogecoin/${a.btcWallet}`)).status).toBe(404);
  });
});

describe('Financial stats', () => {
  let testPlanPrice = 0;
  beforeAll(async () => {
    const now = Date.now();
    await purchase('alice', 49, 100, new Date(now).toISOString());
    await purchase('bob', 9.99, 10, new Date(now).toISOString());
    await purchase('bob', 0.01, 1, new Date(now).toISOString());
    // Forty days ago: outside the default 30 days, inside the default 12 months.
    await purchase('carol', 99.5, 250, new Date(now - 40 * DAY).toISOString());
    // Test payments: one paid in Stripe's test mode, and one through the built-in test-payment
    // provider (no Stripe configured here), end to end over HTTP as a customer makes it.
    await purchase('carol', 500, 1000, new Date(now).toISOString(), { provider: 'stripe', test: true });
    const [plan] = (await server.api<Array<{ price_id: string; price: number }>>('GET', '/api/billing/get-plans', { token: tokens.bob })).body;
    testPlanPrice = plan!.price;
    const checkout = await server.api<{ checkout_url: string }>('POST', '/api/billing/create-subscription-session', {
      token: tokens.bob,
      body: { price_id: plan!.price_id },
    });
    const session = new URL(checkout.body.checkout_url, server.url).searchParams.get('session');
    expect((await server.api('POST', '/api/billing/local/complete', { token: tokens.bob, body: { session } })).status).toBe(200);
    await caughtUp();
  });

  it('totals the last 30 days by default: revenue, purchases, checks, active customers, refunds, the distribution and the top customers', async () => {
    const res = await get<Stats>('/api/admin/stats');
    expect(res.status).toBe(200);
    const today = isoDay(Date.now());
    expect(res.body).toMatchObject({ granularity: 'day', to: today, from: isoDay(Date.parse(today) - 29 * DAY), currency: 'USD' });
    expect(res.body.series).toHaveLength(30);
    expect(res.body.totals).toMatchObject({
      revenue: 59,
      purchases: 3,
      checks_purchased: 111,
      checks: 6,
      // The Polygon check came back Incomplete: counted apart, and refunded.
      completed: 5,
      incomplete: 1,
      failed: 0,
      refunds: 1,
      active_customers: 3,
      paying_customers: 2,
    });
    // The test payments are reported apart and count toward no revenue, purchase or paying customer.
    expect(res.body.test_payments).toEqual({ purchases: 2, amount: 500 + testPlanPrice, amount_by_currency: { USD: 500 + testPlanPrice } });
    expect(res.body.series.reduce((n, p) => n + p.checks, 0)).toBe(6);
    expect(res.body.series.reduce((n, p) => n + p.revenue, 0)).toBeCloseTo(59, 10);

    const expected = { low: 0, medium: 0, high: 0, incomplete: 0, unknown: 0 };
    for (const [wallet, times] of [
      [a.btcWallet, 3],
      [SANCTIONED, 2],
      [POLYGON, 1],
    ] as const) {
      const level = (levels[wallet] ?? '').toLowerCase().split(' ')[0] as keyof typeof expected;
      expected[level in expected ? level : 'unknown'] += times;
    }
    expect(res.body.risk_distribution).toEqual(expected);
    expect(expected.high).toBe(5);
    expect(expected.incomplete).toBe(1);

    expect(res.body.top_customers_by_checks.map((c) => [c.email, c.checks])).toEqual([
      [email('alice'), 3],
      [email('bob'), 2],
      [email('carol'), 1],
    ]);
    expect(res.body.top_customers_by_revenue.map((c) => [c.email, c.revenue, c.purchases])).toEqual([
      [email('alice'), 49, 1],
      [email('bob'), 10, 2],
    ]);
  });

  it('totals the last 12 months by month, including what the last 30 days leave out', async () => {
    const res = await get<Stats>('/api/admin/stats?granularity=month');
    expect(res.body.series).toHaveLength(12);
    expect(res.body.series[11]!.period).toBe(isoDay(Date.now()).slice(0, 7));
    expect(res.body.totals).toMatchObject({ revenue: 158.5, purchases: 4, checks: 6, active_customers: 3, paying_customers: 3 });
    const month = isoDay(Date.now() - 40 * DAY).slice(0, 7);
    expect(res.body.series.find((p) => p.period === month)!.revenue).toBeGreaterThanOrEqual(99.5);
    expect(res.body.top_customers_by_revenue[0]).toMatchObject({ email: email('carol'), revenue: 99.5, checks: 1 });
  });

  it('answers for an explicit range, days without activity as zero', async () => {
    const day = isoDay(Date.now() - 40 * DAY);
    const res = await get<Stats>(`/api/admin/stats?from=${isoDay(Date.now() - 45 * DAY)}&to=${isoDay(Date.now() - 35 * DAY)}`);
    expect(res.body.series).toHaveLength(11);
    expect(res.body.series.find((p) => p.period === day)).toMatchObject({ revenue: 99.5, purchases: 1, checks: 0 });
    expect(res.body.totals).toMatchObject({ revenue: 99.5, checks: 0, active_customers: 1 });
  });
});

describe('Access and input', () => {
  it('is for admins only, checked on the server', async () => {
    for (const url of ['/api/admin/wallets', `/api/admin/wallets/bitcoin/${a.btcWallet}`, '/api/admin/stats']) {
      expect((await get(url, tokens.alice)).status).toBe(403);
      expect((await server.api('GET', url)).status).toBe(401);
    }
  });

  it('refuses a bad query with a 400 that says why', async () => {
    for (const url of [
      '/api/admin/wallets?sort=popular',
      '/api/admin/wallets?risk_level=Extreme',
      '/api/admin/wallets?limit=0',
      '/api/admin/wallets?offset=-1',
      `/api/admin/wallets/moon/${a.btcWallet}`,
      '/api/admin/stats?granularity=week',
      '/api/admin/stats?from=2026-02-30',
      '/api/admin/stats?from=2026-03-10&to=2026-03-01',
      '/api/admin/stats?from=1990-01-01',
    ]) {
      const res = await get<{ error: string }>(url);
      expect([url, res.status]).toEqual([url, 400]);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });
});
