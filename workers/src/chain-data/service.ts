/**
 * The chain-data service of stage 2: picks the source for a network, falls back to the next one
 * when a source fails, and always answers: a ChainData, or a plain reason why none could be had.
 *
 * - Bitcoin, Litecoin, Dogecoin: the configured Esplora URLs, in order.
 * - EVM: Etherscan v2 when ETHERSCAN_API_KEY is set, then the network's Blockscout instance;
 *   without a key, Blockscout alone (BNB Chain has none, so it needs the key).
 * - TRON: TronGrid. Solana: JSON-RPC. XRP Ledger: JSON-RPC.
 * - Bitcoin Cash: no source.
 * - The sanctions-only networks (Monero, Zcash, …, listed text): none is asked; the answer says the
 *   check was screened against the lists only (`sanctionsOnly`).
 * One HTTP client per service, so rate limits and the cache span every check it serves.
 */
import {
  evmNetworks,
  isSanctionsOnlyNetwork,
  networkNames,
  parseAddress,
  type EvmNetwork,
  type Network,
  type SanctionsOnlyNetwork,
  type TracedNetwork,
} from '@walletscreen/contracts';
import { fetchBlockscout, blockscoutProviderName } from './blockscout';
import { fetchEsplora } from './esplora';
import { ETHERSCAN_PROVIDER, fetchEtherscan } from './etherscan';
import { ProviderError, createHttpClient, type ProviderErrorKind, meteredHttp, systemClock, type Clock, type HttpTransport, type RequestMeter } from './http';
import { requestTransport } from './request-transport';
import { hostOf, trimBase, type ProviderContext } from './provider';
import { SOLANA_PROVIDER, fetchSolana } from './solana-rpc';
import { TRONGRID_PROVIDER, fetchTronGrid } from './trongrid';
import type { ChainData, ChainDataConfig, ChainDataResult } from './types';
import { XRPL_PROVIDER, fetchXrpl } from './xrpl';

export interface ChainDataService {
  fetch(network: Network, address: string, signal?: AbortSignal, options?: FetchOptions): Promise<ChainDataResult>;
}

export interface FetchOptions {
  /** Counts this fetch's requests, and caps them when it has a limit (a trace's request budget). */
  meter?: RequestMeter;
  /** Requests of history (see ProviderContext.historyRequests). */
  historyRequests?: number;
}

export interface ChainDataDeps {
  fetch?: HttpTransport;
  now?: () => Date;
  /** Waits (back-off, Retry-After, rate limiting); tests pass one that moves a fake clock. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** One way to get the data, tried in order with the others for the network. */
interface Source {
  provider: string;
  run(ctx: ProviderContext, address: string): Promise<ChainData>;
}

/** Requests per second for a rate key "family/provider": the provider's own, its family's, or the default. */
export function rateLookup(ratePerSecond: Record<string, number>): (key: string) => number {
  return (key) => {
    const slash = key.indexOf('/');
    const family = slash < 0 ? key : key.slice(0, slash);
    const provider = slash < 0 ? key : key.slice(slash + 1);
    return ratePerSecond[provider] ?? ratePerSecond[family] ?? ratePerSecond.default ?? 5;
  };
}

const isEvm = (network: Network): network is EvmNetwork => (evmNetworks as readonly string[]).includes(network);

/** What a customer reads when a network has no source: what is missing and who can fix it, never a setting's name. */
export const notConfiguredReason = (network: Network) =>
  `No blockchain data source is set up for ${networkNames[network]} on this installation: ask your administrator to configure one`;

/** What happened to a source, in words a customer reads (no host, port or HTTP excerpt: those stay in the evidence's `reason`). */
const plainKinds: Record<ProviderErrorKind, string> = {
  timeout: 'did not answer in time',
  network: 'could not be reached',
  'rate-limited': 'was busy (it limits how often it may be asked)',
  server: 'had an internal error',
  rejected: 'refused the request',
  'invalid-response': 'sent an answer that could not be read',
  budget: 'was not asked again (the check had used its requests)',
  cancelled: 'was not asked (the check was stopped)',
};

/** "Bitcoin data could not be fetched: its data source did not answer in time", for the customer. */
export function plainFailure(network: Network, kinds: readonly ProviderErrorKind[]): string {
  const what = [...new Set(kinds)].map((k) => plainKinds[k]);
  const sources = kinds.length === 1 ? 'its data source' : `its ${kinds.length} data sources`;
  return `${networkNames[network]} data could not be fetched: ${sources} ${what.length > 0 ? what.join(', or ') : 'could not be asked'}`;
}

/** Why a sanctions-only network's check reads no transactions, in words a customer reads. */
const sanctionsOnlyWhy: Record<SanctionsOnlyNetwork, string> = {
  monero: 'Monero transactions hide their senders, receivers and amounts, so its counterparties cannot be read',
  zcash: 'this installation does not read Zcash transactions',
  dash: 'this installation does not read Dash transactions',
  'bitcoin-gold': 'this installation does not read Bitcoin Gold transactions',
  verge: 'this installation does not read Verge transactions',
  'ethereum-classic': 'this installation does not read Ethereum Classic transactions',
  'bitcoin-sv': 'this installation does not read Bitcoin SV transactions',
  other: 'this text is no address of a chain this installation knows, so it was matched by its exact text',
};

/** What a customer reads on a check of a network whose transactions are not read. */
export const sanctionsOnlyReason = (network: SanctionsOnlyNetwork) =>
  `${network === 'other' ? 'This text' : `This ${networkNames[network]} address`} was screened against the sanctions list and your lists only: ${sanctionsOnlyWhy[network]}`;

/**
 * The networks without a blockchain data source, each with the exact fix for the administrator
 * (logged when the server starts; customers only read `notConfiguredReason`).
 */
export function chainDataSetupProblems(config: ChainDataConfig): Array<{ network: Network; fix: string }> {
  const problems: Array<{ network: Network; fix: string }> = [];
  const esplora = { bitcoin: 'BITCOIN_ESPLORA_URLS', litecoin: 'LITECOIN_ESPLORA_URLS', dogecoin: 'DOGECOIN_ESPLORA_URLS' } as const;
  const urls = { bitcoin: config.bitcoinEsploraUrls, litecoin: config.litecoinEsploraUrls, dogecoin: config.dogecoinEsploraUrls };
  for (const network of ['bitcoin', 'litecoin', 'dogecoin'] as const) {
    if (urls[network].length === 0) problems.push({ network, fix: `set ${esplora[network]} to one or more Esplora API URLs` });
  }
  problems.push({ network: 'bitcoin-cash', fix: 'no Bitcoin Cash data source is supported yet: its checks are reported as incomplete' });
  for (const network of evmNetworks) {
    if (!config.etherscanApiKey && !config.blockscoutUrls[network]) {
      problems.push({ network, fix: `set ETHERSCAN_API_KEY (Etherscan v2 serves every EVM network) or BLOCKSCOUT_${network.toUpperCase()}_URL` });
    }
  }
  return problems;
}

export function createChainDataService(config: ChainDataConfig, deps: ChainDataDeps = {}): ChainDataService {
  const now = deps.now ?? (() => new Date());
  const clock: Clock = { now: () => now().getTime(), sleep: deps.sleep ?? systemClock.sleep };
  const http = createHttpClient({
    fetch: deps.fetch ?? requestTransport,
    clock,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    cacheTtlMs: config.cacheTtlMs,
    rateFor: rateLookup(config.ratePerSecond),
    ...(deps.random ? { random: deps.random } : {}),
  });

  const esplora = (urls: string[], network: 'bitcoin' | 'litecoin' | 'dogecoin'): Source[] =>
    urls.map((url) => ({ provider: hostOf(trimBase(url)), run: (ctx, address) => fetchEsplora(ctx, url, { network, address }) }));

  function sourcesFor(network: TracedNetwork): Source[] {
    switch (network) {
      case 'bitcoin':
        return esplora(config.bitcoinEsploraUrls, network);
      case 'litecoin':
        return esplora(config.litecoinEsploraUrls, network);
      case 'dogecoin':
        return esplora(config.dogecoinEsploraUrls, network);
      case 'bitcoin-cash':
        return [];
      case 'tron':
        return [{ provider: TRONGRID_PROVIDER, run: (ctx, address) => fetchTronGrid(ctx, config.tronGridUrl, config.tronGridApiKey, { network, address }) }];
      case 'solana':
        return [{ provider: SOLANA_PROVIDER, run: (ctx, address) => fetchSolana(ctx, config.solanaRpcUrl, { network, address }) }];
      case 'xrp':
        return [{ provider: XRPL_PROVIDER, run: (ctx, address) => fetchXrpl(ctx, config.xrplRpcUrl, { network, address }) }];
      case 'ethereum':
      case 'bsc':
      case 'polygon':
      case 'arbitrum':
      case 'base':
      case 'optimism': {
        const sources: Source[] = [];
        const key = config.etherscanApiKey;
        if (key) sources.push({ provider: ETHERSCAN_PROVIDER, run: (ctx, address) => fetchEtherscan(ctx, config.etherscanUrl, key, { network, address }) });
        const blockscout = config.blockscoutUrls[network];
        if (blockscout)
          sources.push({ provider: blockscoutProviderName(network), run: (ctx, address) => fetchBlockscout(ctx, blockscout, { network, address }) });
        return sources;
      }
      default: {
        const _exhaustive: never = network;
        return _exhaustive;
      }
    }
  }

  return {
    async fetch(network, address, signal, options = {}) {
      const parsed = parseAddress(address, network);
      if (!parsed.ok) return { ok: false, network, provider: null, reason: parsed.reason, attempts: 0 };
      const canonical = isEvm(network) ? parsed.address.normalized.toLowerCase() : parsed.address.normalized;
      if (isSanctionsOnlyNetwork(network))
        return { ok: false, network, provider: null, reason: sanctionsOnlyReason(network), attempts: 0, sanctionsOnly: true };
      const sources = sourcesFor(network);
      if (sources.length === 0) return { ok: false, network, provider: null, reason: notConfiguredReason(network), attempts: 0 };
      const reasons: string[] = [];
      const kinds: ProviderErrorKind[] = [];
      const tried: string[] = [];
      let attempts = 0;
      let budgetSpent = false;
      const ctx: ProviderContext = {
        http: options.meter ? meteredHttp(http, options.meter) : http,
        now,
        ...(signal ? { signal } : {}),
        ...(options.historyRequests !== undefined ? { historyRequests: options.historyRequests } : {}),
      };
      for (const source of sources) {
        tried.push(source.provider);
        try {
          const data = await source.run(ctx, canonical);
          return { ok: true, data: { ...data, address: parsed.address.normalized } };
        } catch (error) {
          if (error instanceof ProviderError) {
            reasons.push(error.reason);
            kinds.push(error.kind);
            attempts += error.attempts;
            budgetSpent = error.kind === 'budget';
            // Neither a cancelled check nor a spent budget is helped by asking the next source.
            if (error.kind === 'cancelled' || error.kind === 'budget') break;
          } else {
            reasons.push(`${source.provider} sent an answer that could not be read (${error instanceof Error ? error.message : String(error)})`);
            kinds.push('invalid-response');
            attempts += 1;
          }
        }
      }
      return {
        ok: false,
        network,
        provider: tried.join(', '),
        reason: `${networkNames[network]} data could not be fetched: ${reasons.join('; ')}`,
        plain: plainFailure(network, kinds),
        attempts,
        ...(budgetSpent ? { budgetSpent: true as const } : {}),
      };
    },
  };
}
