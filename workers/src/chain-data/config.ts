/**
 * The chain-data configuration from environment variables, for the composition root (which
 * passes its environment in; nothing here reads process.env). Every base URL can be replaced;
 * an empty value for a list or a Blockscout URL turns that source off.
 *
 *   ETHERSCAN_API_KEY, TRONGRID_API_KEY
 *   BITCOIN_ESPLORA_URLS, LITECOIN_ESPLORA_URLS, DOGECOIN_ESPLORA_URLS   (comma-separated, tried in order)
 *   BLOCKSCOUT_ETHEREUM_URL, BLOCKSCOUT_BSC_URL, BLOCKSCOUT_POLYGON_URL, BLOCKSCOUT_ARBITRUM_URL,
 *   BLOCKSCOUT_BASE_URL, BLOCKSCOUT_OPTIMISM_URL
 *   ETHERSCAN_API_URL, TRONGRID_API_URL, SOLANA_RPC_URL, XRPL_RPC_URL
 *   CHAIN_DATA_TIMEOUT_MS, CHAIN_DATA_RETRIES, CHAIN_DATA_CACHE_TTL_MS
 *   CHAIN_DATA_RATE_LIMITS   (requests per second by provider or family, e.g. "esplora=0,etherscan=10";
 *                             0 = no limit, for a self-hosted node; merged over the defaults)
 *   TRACE_DEPTH (1-3; 1 turns tracing off), TRACE_FAN_OUT, TRACE_REQUEST_BUDGET, TRACE_TIME_LIMIT_MS,
 *   TRACE_CACHE_TTL_MS   (following funds beyond the direct counterparties: see trace.ts)
 *   PRICES_URL (a CoinGecko-compatible API; empty turns price lookups off), COINGECKO_API_KEY
 *   (USD prices, to weigh token transfers with the native coin: see prices.ts)
 */
import { evmNetworks, type EvmNetwork } from '@walletscreen/contracts';
import { MAX_TRACE_DEPTH, defaultChainDataConfig, type ChainDataConfig } from './types';

export class ChainDataConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid chain-data configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ChainDataConfigError';
  }
}

export function chainDataConfigFromEnv(env: Record<string, string | undefined>, defaults: ChainDataConfig = defaultChainDataConfig): ChainDataConfig {
  const problems: string[] = [];
  const text = (name: string) => {
    const v = env[name];
    return v === undefined ? undefined : v.trim();
  };
  const url = (name: string, value: string): string | undefined => {
    if (URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol)) return value.replace(/\/+$/, '');
    problems.push(`${name}: "${value}" is not an http(s) URL`);
    return undefined;
  };
  const oneUrl = (name: string, fallback: string) => {
    const v = text(name);
    return v ? (url(name, v) ?? fallback) : fallback;
  };
  const urls = (name: string, fallback: string[]) => {
    const v = text(name);
    if (v === undefined) return fallback;
    return v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map((s) => url(name, s))
      .filter((s): s is string => s !== undefined);
  };
  const integer = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const v = text(name);
    if (!v) return fallback;
    const n = Number(v);
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    problems.push(max === Number.MAX_SAFE_INTEGER ? `${name}: must be an integer of at least ${min}` : `${name}: must be an integer from ${min} to ${max}`);
    return fallback;
  };

  const blockscoutUrls: Partial<Record<EvmNetwork, string>> = { ...defaults.blockscoutUrls };
  for (const network of evmNetworks) {
    const name = `BLOCKSCOUT_${network.toUpperCase()}_URL`;
    const v = text(name);
    if (v === undefined) continue;
    if (v === '') delete blockscoutUrls[network];
    else {
      const parsed = url(name, v);
      if (parsed) blockscoutUrls[network] = parsed;
    }
  }
  const ratePerSecond: Record<string, number> = { ...defaults.ratePerSecond };
  for (const entry of (text('CHAIN_DATA_RATE_LIMITS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const match = /^([A-Za-z0-9.:_-]+)\s*=\s*(\d+(?:\.\d+)?)$/.exec(entry);
    if (match) ratePerSecond[match[1]!] = Number(match[2]);
    else problems.push(`CHAIN_DATA_RATE_LIMITS: "${entry}" is not name=requests-per-second (0 for no limit)`);
  }
  const etherscanApiKey = text('ETHERSCAN_API_KEY') || defaults.etherscanApiKey;
  const tronGridApiKey = text('TRONGRID_API_KEY') || defaults.tronGridApiKey;
  const config: ChainDataConfig = {
    ...defaults,
    bitcoinEsploraUrls: urls('BITCOIN_ESPLORA_URLS', defaults.bitcoinEsploraUrls),
    litecoinEsploraUrls: urls('LITECOIN_ESPLORA_URLS', defaults.litecoinEsploraUrls),
    dogecoinEsploraUrls: urls('DOGECOIN_ESPLORA_URLS', defaults.dogecoinEsploraUrls),
    blockscoutUrls,
    etherscanUrl: oneUrl('ETHERSCAN_API_URL', defaults.etherscanUrl),
    tronGridUrl: oneUrl('TRONGRID_API_URL', defaults.tronGridUrl),
    solanaRpcUrl: oneUrl('SOLANA_RPC_URL', defaults.solanaRpcUrl),
    xrplRpcUrl: oneUrl('XRPL_RPC_URL', defaults.xrplRpcUrl),
    timeoutMs: integer('CHAIN_DATA_TIMEOUT_MS', defaults.timeoutMs, 1),
    retries: integer('CHAIN_DATA_RETRIES', defaults.retries, 0),
    cacheTtlMs: integer('CHAIN_DATA_CACHE_TTL_MS', defaults.cacheTtlMs, 0),
    ratePerSecond,
    trace: {
      ...defaults.trace,
      depth: integer('TRACE_DEPTH', defaults.trace.depth, 1, MAX_TRACE_DEPTH),
      fanOut: integer('TRACE_FAN_OUT', defaults.trace.fanOut, 1, 50),
      requestBudget: integer('TRACE_REQUEST_BUDGET', defaults.trace.requestBudget, 0, 1_000),
      timeLimitMs: integer('TRACE_TIME_LIMIT_MS', defaults.trace.timeLimitMs, 1),
      cacheTtlMs: integer('TRACE_CACHE_TTL_MS', defaults.trace.cacheTtlMs, 0),
    },
  };
  const pricesUrl = text('PRICES_URL');
  const coingeckoApiKey = text('COINGECKO_API_KEY') || defaults.prices.apiKey;
  config.prices = {
    ...defaults.prices,
    url: pricesUrl === undefined ? defaults.prices.url : pricesUrl === '' ? null : (url('PRICES_URL', pricesUrl) ?? defaults.prices.url),
  };
  if (coingeckoApiKey) config.prices.apiKey = coingeckoApiKey;
  else delete config.prices.apiKey;
  if (etherscanApiKey) config.etherscanApiKey = etherscanApiKey;
  else delete config.etherscanApiKey;
  if (tronGridApiKey) config.tronGridApiKey = tronGridApiKey;
  else delete config.tronGridApiKey;
  if (problems.length > 0) throw new ChainDataConfigError(problems);
  return config;
}
