/**
 * Test support: a loopback HTTP server that replays recorded provider responses (the JSON files
 * under workers/test-fixtures/chain-data) on routes shaped like the real APIs, and records every
 * request it receives. Also a fake clock whose sleeps move time forward instantly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { defaultChainDataConfig, type ChainDataConfig } from '../src/chain-data/types';

/** The recorded responses: beside this file's workspace, whether it runs from source or bundled (a benchmark runs from dist/bench). */
export const fixturesDir = ((): string => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, 'test-fixtures', 'chain-data'), path.join(dir, 'workers', 'test-fixtures', 'chain-data')]) {
      if (existsSync(candidate)) return candidate;
    }
    if (path.dirname(dir) === dir) return path.resolve(__dirname, '../test-fixtures/chain-data');
  }
})();

/** A recorded response, parsed. */
export function fixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(path.join(fixturesDir, name), 'utf8')) as T;
}

export interface Reply {
  status?: number;
  /** The body: a fixture file (sent byte for byte), a JSON value, text, or bytes (an archive). */
  fixture?: string;
  json?: unknown;
  text?: string;
  bytes?: Uint8Array;
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
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        ...(clock ? { at: clock.now().getTime() } : {}),
      };
      requests.push(recorded);
      const route = table.find((r) => matches(r, recorded));
      if (!route) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: `no recorded response for ${recorded.method} ${recorded.path}` }));
        return;
      }
      const n = served.get(route) ?? 0;
      served.set(route, n + 1);
      const next = route.replies[Math.min(n, route.replies.length - 1)]!;
      const reply = typeof next === 'function' ? next(recorded) : next;
      if (reply.hang) return;
      const text =
        reply.bytes !== undefined
          ? reply.bytes
          : reply.fixture !== undefined
            ? readFileSync(path.join(fixturesDir, reply.fixture), 'utf8')
            : reply.json !== undefined
              ? JSON.stringify(reply.json)
              : (reply.text ?? '');
      const type =
        reply.bytes !== undefined
          ? 'application/octet-stream'
          : reply.text !== undefined && reply.fixture === undefined && reply.json === undefined
            ? 'text/plain'
            : 'application/json';
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

/**
 * The addresses of the two-hop trace scenarios (`<family>/trace-*.json`), the same on every chain:
 * the wallet received from intermediary `i1` and from `e`, and sent to intermediary `i2`; `i1` received
 * from `x` and `y`; `i2` sent to `v` and `z`. `q` paid `y` (Bitcoin only, for a third hop); `u` sent the
 * TRON wallet USDT only. Made up (hashes of a label), valid on their networks.
 */
export const traceAddresses = {
  btc: {
    wallet: 'bc1qqpxu0nu7efgwxh67rhzuhp6sp7mgust56rgny0',
    i1: 'bc1q4sa0s6k5m5qkceh3t5rnrjsn2l3c0mwhpmtxds',
    i2: 'bc1q92s5hug2fwfjw720n2qtfdvsqdl68cv472wl3g',
    e: 'bc1qjh439vg3aaxkxrj5t00uqcgytdj6uz4elayjnz',
    x: 'bc1qdrkm5va2lzcmz6x8vtqwx2x9jt3t7fyu6ndf5u',
    y: 'bc1qgjaynjxvcfctls2gmmn7hjr2z2cwkazpw65t8c',
    z: 'bc1qsw3yrpdmd3ycuaar9duum3tp7w44fa42nts3gu',
    v: 'bc1qves3hxtrm43kr3h6dj7g6tkp6552v74yhu2z23',
    q: 'bc1qcsqum2fhpklws22jmlw4nrtp0c4kt3pns06q7f',
  },
  eth: {
    wallet: '0x0Daba0ab0A024A511548BFf2F732956B44Ff7B32',
    i1: '0xbBA2ECE21142261F352f7baf9Dc17EEB247ca638',
    i2: '0x0668c2650Ff25E08Ee350409d884420990725969',
    e: '0x38098B935D9A2aA944C533a9020D6fDcA0202BbA',
    x: '0xdb469e8495c57951dddba6512aa4c0701DDeFe75',
    y: '0xF2C6Fa5D21346fc04B3080A205506E0880cF2b48',
    z: '0x200db316CD2c65635BdD4F534D9A8C8164a9Ef04',
    v: '0xFe8CE57aeb3c693608857E0f242C0ff5A820F40e',
  },
  bsc: {
    wallet: '0xad69A9983F9298035a649A7Ad43472acf98cB8E5',
    i1: '0x0cf7fB9F24ad170884e48De2639f64E29389b8bD',
    i2: '0xbb26a52A5996110C635Fc3f7B95E5A4e8adb7c40',
    e: '0x67062574C20Cb8C2520d56cCEafD273390Ef51DE',
    x: '0x1222b9AfE0e5E63cB2d9D222F4edD991C580867f',
    y: '0x851D1cB38F842D1DaC300ae226e50bc36896beFd',
    z: '0xAf09D103c2F7bd1ADEf2a630CBFb20A86416fd79',
    v: '0x0CBeA932F2d2aB43EeC605bD2835cF5C5915f2b8',
  },
  tron: {
    wallet: 'THim3BWQcbohCvyWxFMdL3PeAPERXut5Fr',
    i1: 'TDy58F1DBL5Ac1ukFFFmNAMHdaZPwYr6hr',
    i2: 'TBJGkjtsBcPKMffN2TsNsJRRxAShacXaX5',
    e: 'TD72Ab1VKDQYbDkBhbRHMPymQtxoqvuoqB',
    x: 'TLWixskUXtW8YuPmLw4PX5xJNhccdVtnru',
    y: 'TXGHfZMTV25eVphk2dqFdCfU81CjeQtq1p',
    z: 'TPvX6xFUPx84QDUkhTFUou9yvLFmXuJ1gr',
    v: 'TAwTapgJjhfHoSJQ36Aez4SwXR8QxCB9uA',
    u: 'TNght84hhxDQgJwaX3Fw2XS88FXb35yHPM',
  },
  sol: {
    wallet: 'DVx83wvxR5sHCkas1VKAbYCLZ2RgQsMvRYcHpvt1LCnW',
    i1: 'CzeDBXuZrZHiw2VRTT7bXf85tYai4tE5G9gj1ebQCtE4',
    i2: '9h2vyD1CfAHtSKtKUW4LMwW9Wszx1KSaodZ9582yXqqL',
    e: 'DRF5aJevkFRSC4ULaMYu8PhRKnjAnvZLomEJtqoPVhvj',
    x: 'EyBSoZimffSi7bDtQBeMs1vXimpuMpgnaFqPGjQ9SQfi',
    y: '4pvS6PQttLBb76E9TxyhjyjsT5KyUvCFKgAz2Dh6z1PZ',
    z: '89BMuBTYGDX3DM1hJczEvLgFJMryfRgU97qQ2qF5HHZ8',
    v: 'H4VMcHpMbghUfAWZP6jp6i1m3Gqy1h3Mb9UqedTW1pSp',
  },
  xrp: {
    wallet: 'rnWyByjxPERf4R8ta1nLgE4PoonEqGooE8',
    i1: 'rJLRX1d7pGsUoCg9jzTtTTnJD7Wnz2u3PX',
    i2: 'rpPs7zBUxd7tM4awd8TYdTgf9qUtECQ5Hk',
    e: 'rPK5wAvXLkeZez1yn64rPfoPpiAd2F18cC',
    x: 'rD7CXahrmY6FytxL6UDzkdnHH8PmKyDJz1',
    y: 'r3ZxKVmta3spXzza3NFZPyTnYe8jfwoyqo',
    z: 'rKGLrmvA97s9GXFQvboCTnvJw5Zu3sWxG1',
    v: 'rPWEdXYCEi6pMFwGWbgFYwJAbAyzRky1Vh',
  },
} as const;

/** The recorded Esplora answers about `addresses.btcWallet` (its summary and its transactions), optionally delayed. */
export function recordedWalletRoutes(options: { delayMs?: number } = {}): Route[] {
  const delay = options.delayMs === undefined ? {} : { delayMs: options.delayMs };
  return [
    { path: `/api/address/${addresses.btcWallet}`, replies: [{ fixture: 'esplora/address-small.json', ...delay }] },
    { path: `/api/address/${addresses.btcWallet}/txs`, replies: [{ fixture: 'esplora/txs-small.json', ...delay }] },
  ];
}

/**
 * Every provider pointed at one loopback server, under a path of its own; no retries' waiting, no
 * rate limit. The time limit per attempt is generous: on a busy CI machine a loopback answer can take
 * seconds, and a retry would move the fake clock (a test of time limits sets its own).
 */
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
    timeoutMs: 10_000,
    retries: 2,
    ratePerSecond: { default: 0 },
    prices: { ...defaultChainDataConfig.prices, url: `${url}/coingecko` },
    ...overrides,
  };
}

/**
 * CoinGecko's `simple/price` on the path `loopbackConfig` points the price source at: the recorded
 * table (`coingecko/simple-price.json`: every asset a check weighs, at made-up round prices: TRX
 * $0.25, USDT and USDC $1, ETH $3,000, BNB $600, BTC $60,000), or `replies` in turn.
 */
export function priceRoutes(...replies: Reply[]): Route[] {
  return [
    { path: '/coingecko/simple/price', query: { vs_currencies: 'usd' }, replies: replies.length > 0 ? replies : [{ fixture: 'coingecko/simple-price.json' }] },
  ];
}

/** The chain families of the trace scenarios, by the fixtures folder their answers are in. */
export type TraceFamily = 'esplora' | 'blockscout' | 'etherscan' | 'trongrid' | 'solana' | 'xrpl';

/** The transactions of the Solana trace scenario, each recorded in `solana/trace-getTransaction-<id>.json`. */
const solanaTraceTransactions = ['x-i1', 'y-i1', 'e-w', 'i1-w', 'w-i2', 'i2-v', 'i2-z'] as const;

/**
 * The recorded answers of a trace scenario (`<family>/trace-*.json`) on the paths `loopbackConfig`
 * points each provider at: the wallet's and the intermediaries' histories (and, on Esplora, the
 * hop-2 addresses `y` and `v`, for a third hop). Etherscan answers about BNB Chain (chainid 56), for
 * any key; Blockscout about Ethereum.
 */
export function traceRoutes(family: TraceFamily): Route[] {
  const roles = family === 'esplora' ? (['wallet', 'i1', 'i2', 'y', 'v'] as const) : (['wallet', 'i1', 'i2'] as const);
  const file = (name: string) => ({ fixture: `${family}/trace-${name}.json` });
  switch (family) {
    case 'esplora':
      return roles.flatMap((role) => {
        const address = traceAddresses.btc[role];
        return [
          { path: `/api/address/${address}`, replies: [file(`address-${role}`)] },
          { path: `/api/address/${address}/txs`, replies: [file(`txs-${role}`)] },
        ];
      });
    case 'blockscout':
      return roles.flatMap((role) => {
        const base = `/eth/api/v2/addresses/${traceAddresses.eth[role].toLowerCase()}`;
        return [
          { path: base, replies: [file(`address-${role}`)] },
          { path: `${base}/counters`, replies: [file(`counters-${role}`)] },
          { path: `${base}/transactions`, replies: [file(`transactions-${role}`)] },
        ];
      });
    case 'etherscan':
      return roles.flatMap((role) => {
        const account = { chainid: '56', module: 'account', address: traceAddresses.bsc[role].toLowerCase() };
        return [
          { path: '/v2/api', query: { ...account, action: 'balance', tag: 'latest' }, replies: [file(`balance-${role}`)] },
          { path: '/v2/api', query: { ...account, action: 'txlist', sort: 'desc', page: '1', offset: '100' }, replies: [file(`txlist-${role}`)] },
          { path: '/v2/api', query: { ...account, action: 'tokentx' }, replies: [{ fixture: 'etherscan/no-transactions.json' }] },
        ];
      });
    case 'trongrid':
      return roles.flatMap((role) => {
        const base = `/trongrid/v1/accounts/${traceAddresses.tron[role]}`;
        return [
          { path: base, replies: [file(`account-${role}`)] },
          { path: `${base}/transactions`, query: { order_by: 'block_timestamp,desc', limit: '200' }, replies: [file(`transactions-${role}`)] },
          { path: `${base}/transactions/trc20`, replies: [role === 'wallet' ? file('trc20-wallet') : { fixture: 'trongrid/list-empty.json' }] },
        ];
      });
    case 'solana': {
      const rpc = (method: string, param0: string, name: string): Route => ({ method: 'POST', path: '/solana', rpc: method, param0, replies: [file(name)] });
      const signatureOf = (id: string) =>
        fixture<{ result: { transaction: { signatures: string[] } } }>(`solana/trace-getTransaction-${id}.json`).result.transaction.signatures[0]!;
      return [
        ...roles.flatMap((role) => [
          rpc('getBalance', traceAddresses.sol[role], `getBalance-${role}`),
          rpc('getSignaturesForAddress', traceAddresses.sol[role], `getSignaturesForAddress-${role}`),
        ]),
        ...solanaTraceTransactions.map((id) => rpc('getTransaction', signatureOf(id), `getTransaction-${id}`)),
      ];
    }
    case 'xrpl':
      return roles.flatMap((role) => [
        { method: 'POST' as const, path: '/xrpl', rpc: 'account_info', param0: traceAddresses.xrp[role], replies: [file(`account_info-${role}`)] },
        { method: 'POST' as const, path: '/xrpl', rpc: 'account_tx', param0: traceAddresses.xrp[role], replies: [file(`account_tx-${role}`)] },
      ]);
    default: {
      const _exhaustive: never = family;
      return _exhaustive;
    }
  }
}
