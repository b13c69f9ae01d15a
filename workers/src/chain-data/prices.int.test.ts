/**
 * The price source against CoinGecko's documented `simple/price` answers replayed on loopback:
 * what it asks, how it reads the table, the key header per plan, and how long a table is used —
 * fresh, then stale when the source stops answering, then not at all.
 */
import { allPriceIds } from './assets';
import { createPriceSource, parseSimplePrice, type PricesConfig } from './prices';
import { loopbackConfig, priceRoutes, startReplayServer, type ReplayServer } from '../../testing/replay-server';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const minutes = (n: number) => n * 60_000;

async function setup(replies: Parameters<typeof priceRoutes>, overrides: Partial<PricesConfig> = {}) {
  server = await startReplayServer(priceRoutes(...replies));
  let t = Date.parse('2026-11-27T03:00:00.000Z');
  const failures: string[] = [];
  const prices = createPriceSource(
    { ...loopbackConfig(server.url).prices, retries: 0, ...overrides },
    { now: () => t, sleep: async () => undefined, onFailure: (reason) => failures.push(reason) },
  );
  return {
    prices,
    failures,
    advance: (ms: number) => {
      t += ms;
    },
    asked: () => server!.requests.length,
  };
}

it('asks for every weighed asset in one request, in USD, and reads the table', async () => {
  const { prices } = await setup([]);
  const result = await prices.prices();
  expect(result).toEqual({
    ok: true,
    stale: false,
    table: { source: 'CoinGecko', asOf: '2026-11-27T03:00:00.000Z', usd: expect.objectContaining({ tron: 0.25, tether: 1, ethereum: 3000 }) },
  });
  expect(server!.requests).toHaveLength(1);
  const query = server!.requests[0]!.query;
  expect(query.get('ids')!.split(',')).toEqual(allPriceIds);
  expect(query.get('vs_currencies')).toBe('usd');
  expect(server!.requests[0]!.headers['x-cg-demo-api-key']).toBeUndefined();
});

it('sends a demo key in x-cg-demo-api-key, and a key for pro-api.coingecko.com in x-cg-pro-api-key', async () => {
  const { prices } = await setup([], { apiKey: 'CG-demo-key' });
  await prices.prices();
  expect(server!.requests[0]!.headers['x-cg-demo-api-key']).toBe('CG-demo-key');
  await server!.close();
  // The pro host cannot be reached from here: the key goes in the pro header, and never into the reason.
  const sent: Array<Record<string, string>> = [];
  const pro = createPriceSource(
    { ...loopbackConfig('https://pro-api.coingecko.com/api/v3').prices, url: 'https://pro-api.coingecko.com/api/v3', apiKey: 'CG-pro-key', retries: 0 },
    {
      fetch: async (_url, init) => {
        sent.push(init.headers);
        return { status: 401, headers: { get: () => null }, text: async () => '{"status":{"error_code":10002,"error_message":"API Key Missing"}}' };
      },
    },
  );
  const result = await pro.prices();
  expect(sent[0]).toMatchObject({ 'x-cg-pro-api-key': 'CG-pro-key' });
  expect(sent[0]!['x-cg-demo-api-key']).toBeUndefined();
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.reason).not.toContain('CG-pro-key');
  server = undefined;
});

it('uses one table for every check for ten minutes, then reads it again', async () => {
  const { prices, advance, asked } = await setup([]);
  await prices.prices();
  advance(minutes(9));
  await Promise.all([prices.prices(), prices.prices()]);
  expect(asked()).toBe(1);
  advance(minutes(2));
  const [a, b] = await Promise.all([prices.prices(), prices.prices()]);
  // Checks arriving while the table is read share the one read.
  expect(asked()).toBe(2);
  expect(a).toEqual(b);
  expect(a).toMatchObject({ ok: true, stale: false, table: { asOf: '2026-11-27T03:11:00.000Z' } });
});

it('keeps the last table, marked stale, for a day when the source stops answering, and says why after that', async () => {
  const { prices, advance, asked, failures } = await setup([
    { fixture: 'coingecko/simple-price.json' },
    { status: 429, fixture: 'coingecko/rate-limited.json' },
  ]);
  await prices.prices();
  advance(minutes(15));
  const stale = await prices.prices();
  expect(stale).toMatchObject({ ok: true, stale: true, table: { asOf: '2026-11-27T03:00:00.000Z', usd: expect.objectContaining({ tron: 0.25 }) } });
  expect(failures).toEqual(['CoinGecko kept answering "too many requests" (HTTP 429; 1 attempt)']);
  // A failed read is not tried again for a minute: checks meanwhile get the stale table at once.
  advance(30_000);
  await prices.prices();
  expect(asked()).toBe(2);
  advance(minutes(24 * 60));
  const gone = await prices.prices();
  expect(asked()).toBe(3);
  expect(gone).toEqual({ ok: false, reason: expect.stringMatching(/^CoinGecko /) });
});

it('says why there are no prices before any table was read, and when lookups are turned off', async () => {
  const { prices } = await setup([{ status: 500, json: { error: 'internal' } }]);
  expect(await prices.prices()).toEqual({ ok: false, reason: 'CoinGecko failed with a server error (HTTP 500; 1 attempt)' });
  const off = createPriceSource({ ...loopbackConfig('http://127.0.0.1:9').prices, url: null });
  expect(await off.prices()).toEqual({ ok: false, reason: 'no price source is set up on this installation' });
});

it('leaves out what is not a positive price, and refuses an answer with none', async () => {
  expect(
    parseSimplePrice({ tron: { usd: 0.25 }, tether: { usd: '1' }, dai: { usd: 0 }, ripple: { usd: -1 }, solana: {}, bitcoin: { usd: Number.NaN } }),
  ).toEqual({ tron: 0.25 });
  const { prices } = await setup([{ json: { tron: { eur: 0.2 } } }]);
  expect(await prices.prices()).toEqual({ ok: false, reason: 'CoinGecko sent no price' });
});
