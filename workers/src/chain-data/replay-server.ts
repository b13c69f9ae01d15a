/**
 * Test support: a loopback HTTP server that replays recorded provider responses (the JSON files
 * under workers/test-fixtures/chain-data) on routes shaped like the real APIs, and records every
 * request it receives. Also a fake clock whose sleeps move time forward instantly.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { defaultChainDataConfig, type ChainDataConfig } from './types';

export const fixturesDir = path.resolve(__dirname, '../../test-fixtures/chain-data');

/** A recorded response, parsed. */
export function fixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(path.join(fixturesDir, name), 'utf8')) as T;
}

export interface Reply {
  status?: number;
  /** The body: a fixture file (sent byte for byte), a JSON value, or text. */
  fixture?: string;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** Never answer (the client's timeout has to fire). */
  hang?: boolean;
  /** Answer only after this many (real) milliseconds, e.g. to make a check's stages observable in a browser. */
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** The fake clock's time when the request arrived, if a clock was given. */
  at?: number;
}

export interface Route {
  method?: 'GET' | 'POST';
  path: string | RegExp;
  /** Query parameters that must have these values (null: must be absent). */
  query?: Record<string, string | null>;
  /** JSON-RPC: the body's `method`, and optionally its first parameter. */
  rpc?: string;
  param0?: string;
  /** Replies in turn; the last one repeats. */
  replies: (Reply | ((request: RecordedRequest) => Reply))[];
}

export interface ReplayServer {
  url: string;
  requests: RecordedRequest[];
  /** Adds routes in front of the existing ones. */
  use(...routes: Route[]): void;
  close(): Promise<void>;
}

function matches(route: Route, r: RecordedRequest): boolean {
  if (route.method && route.method !== r.method) return false;
  if (typeof route.path === 'string' ? route.path !== r.path : !route.path.test(r.path)) return false;
  for (const [k, v] of Object.entries(route.query ?? {})) if (r.query.get(k) !== v) return false;
  if (route.rpc !== undefined) {
    const body = (typeof r.body === 'object' && r.body !== null ? r.body : {}) as { method?: unknown; params?: unknown[] };
    if (body.method !== route.rpc) return false;
    if (route.param0 !== undefined) {
      const p0 = Array.isArray(body.params) ? body.params[0] : undefined;
      const value = typeof p0 === 'object' && p0 !== null ? (p0 as { account?: unknown }).account : p0;
      if (value !== route.param0) return false;
    }
  }
  return true;
}

export async function startReplayServer(routes: Route[], clock?: { now: () => Date }): Promise<ReplayServer> {
  const table = [...routes];
  const served = new Map<Route, number>();
  const requests: RecordedRequest[] = [];
  const delayed = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // kept as text
      }
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, ...(clock ? { at: clock.now().getTime() } : {}) };
      requests.push(recorded);
      const route = table.find((r) => matches(r, recorded));
      if (!route) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `no recorded response for ${recorded.method} ${recorded.path}` }));
        return;
      }
      const n = served.get(route) ?? 0;
      served.set(route, n + 1);
      const next = route.replies[Math.min(n, route.replies.length - 1)]!;
      const reply = typeof next === 'function' ? next(recorded) : next;
      if (reply.hang) return;
      const text =
        reply.fixture !== undefined
          ? readFileSync(path.join(fixturesDir, reply.fixture), 'utf8')
          : reply.json !== undefined
            ? JSON.stringify(reply.json)
            : (reply.text ?? '');
      const type = reply.text !== undefined && reply.fixture === undefined && reply.json === undefined ? 'text/plain' : 'application/json';
      const send = () => {
        if (!res.destroyed) res.writeHead(reply.status ?? 200, { 'content-type': type, ...reply.headers }).end(text);
      };
      if (!reply.delayMs) return send();
      const timer = setTimeout(() => {
        delayed.delete(timer);
        send();
      }, reply.delayMs);
      delayed.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    use: (...more) => table.unshift(...more),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of delayed) clearTimeout(timer);
        delayed.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A clock for tests: `sleep` records the wait and moves time forward at once. */
export function fakeClock(start = '2026-11-22T06:00:00.000Z') {
  let t = Date.parse(start);
  const sleeps: number[] = [];
  return {
    now: () => new Date(t),
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    advance: (ms: number) => {
      t += ms;
    },
    sleeps,
  };
}

/** Addresses the recorded responses are about (valid on their networks). */
export const addresses = {
  btcWallet: 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m',
  btcA: 'bc1qynr99rk8hj2ym7m6r98l7q48zvv85hpr0r8uqr',
  btcB: 'bc1q3ytrnqjma60rxc5r6wa34kjekck08ppu5sr3gr',
  btcC: 'bc1qvegvk6a2ndc9mu4kngvazlapjkmtku5anhr5xc',
  btcD: 'bc1q4nyacd4lwfn3ta58jqhfhar3485qc68tl047au',
  btcE: 'bc1q45wyf5zpyqydxf7qr3mmzhxpp4gf9q77ct8gxj',
  btcFresh: 'bc1qcnwfdpdg0k4xv4wjldrem44zrhm0uaydh30506',
  btcBusy: '1AXwug4uyzsGqC58jQezoWQHeu3fkRKVpk',
  ltcWallet: 'ltc1qwjlaltt0j7xqsy0tg08j7a2m3rc0ecv580uwzj',
  ltcA: 'ltc1qt0p0khg4kjtasaq0d48wx85hl5lemg4z5ruzvd',
  dogeWallet: 'DBMwyhPCsSMjtk86GKTWh6rxE4Fq25d722',
  evmWallet: '0xa7e9eFD6dC321B669Dd2533a29735C6a5d56eB45',
  evmA: '0x6977dC8d3c64B877e491270f4821a519fCFb70D4',
  evmB: '0x5eD90e2751194baD27BC8d3eF087Ba2Cb9eAB75D',
  evmC: '0xd27c7Cc428fcC47e2283F43E7637DCBf89fB3Fe7',
  evmFresh: '0x4Db2e01b924FCB27994C2B4d6Da0165C8164914c',
  evmToken: '0x47Fb40b8cdd553F4Bda5B15b16387Dac94c7253b',
  tronWallet: 'TFertxLCf7bF8QDJeG37rG1mZUv59xVrgR',
  tronA: 'TJaZcuzVrGW5J4oPsk38fYY45GLsmHSvvm',
  tronB: 'TCiqjWoposQ2aMSvHzhzApA419grPVneG8',
  tronC: 'TDvuwSwB6pQguD5t6ixdAgf8DJ6q6f2kpJ',
  tronFresh: 'TJujStSwsiUeQ1sBuDV9UiCNWGCZsVq2jm',
  solWallet: 'NxNBZdcKGzC1wwbvVCyD8RNEt7UPQEBLv1ifGWiaa4x',
  solA: 'E19gn1h1daBsatYktZZxJLRCEiRZzj7UnwGhk8Tg1oVH',
  solB: '7zXrLDv44c9BKKvqHanaFaGSYrymDUkXjBfrgAcRbJam',
  solC: 'pteYEBdqmBSJ9tFeLCxun9rfoAPd78trHGPH9PbTuu7',
  solFresh: 'mpcJ2HT6ovdupUgDpFwyuemskDjsb1bJ8t9pLUHbGwS',
  xrpWallet: 'rnoQ1fQqAaeHX9hNN6nWoUUGSUeEsJ4sns',
  xrpA: 'rpXafmRWt74NEWdguURrADSYS5sPCU2X4C',
  xrpB: 'rhh5kgRS2q5xvbcb7DGh6MFaFz66YvuSKL',
  xrpFresh: 'rGeCpWHGCra2wZpXGGZmid5xM6xSanxiSo',
} as const;

/** The recorded Esplora answers about `addresses.btcWallet` (its summary and its transactions), optionally delayed. */
export function recordedWalletRoutes(options: { delayMs?: number } = {}): Route[] {
  const delay = options.delayMs === undefined ? {} : { delayMs: options.delayMs };
  return [
    { path: `/api/address/${addresses.btcWallet}`, replies: [{ fixture: 'esplora/address-small.json', ...delay }] },
    { path: `/api/address/${addresses.btcWallet}/txs`, replies: [{ fixture: 'esplora/txs-small.json', ...delay }] },
  ];
}

/** Every provider pointed at one loopback server, under a path of its own; no retries' waiting, no rate limit. */
export function loopbackConfig(url: string, overrides: Partial<ChainDataConfig> = {}): ChainDataConfig {
  return {
    ...defaultChainDataConfig,
    bitcoinEsploraUrls: [`${url}/api`],
    litecoinEsploraUrls: [`${url}/ltc/api`],
    dogecoinEsploraUrls: [],
    blockscoutUrls: { ethereum: `${url}/eth`, polygon: `${url}/polygon`, arbitrum: `${url}/arbitrum`, base: `${url}/base`, optimism: `${url}/optimism` },
    etherscanUrl: `${url}/v2/api`,
    tronGridUrl: `${url}/trongrid`,
    solanaRpcUrl: `${url}/solana`,
    xrplRpcUrl: `${url}/xrpl`,
    timeoutMs: 2000,
    retries: 2,
    ratePerSecond: { default: 0 },
    ...overrides,
  };
}
