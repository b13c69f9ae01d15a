/**
 * Stage 2 of a check, "fetching blockchain data": what the providers return, normalized to one
 * shape whatever the chain, and the configuration of the providers.
 *
 * Amounts are decimal strings in the chain's native unit ("0.5" BTC, "1.25" ETH), computed from
 * the raw integer units (satoshi, wei, sun, lamports, drops) with BigInt arithmetic: never floats.
 */
import type { EvmNetwork, Network } from '@walletscreen/contracts';
import { defaultPricesConfig, type PricesConfig } from './prices';

/** A token amount moved between the wallet and one counterparty (TRC-20 USDT on TRON, ERC-20 on EVM). */
export interface CounterpartyTokenFlow {
  /** The token's symbol as the source states it (symbols can be spoofed: trust `contract`). */
  token: string;
  contract: string;
  received: string;
  sent: string;
}

export interface Counterparty {
  address: string;
  /** `in`: only sent funds to the wallet; `out`: only received from it; `both`. */
  direction: 'in' | 'out' | 'both';
  /** Distinct transactions, among those examined, between the wallet and this address. */
  txCount: number;
  /** Native amount the wallet received from this address. */
  received: string;
  /** Native amount the wallet sent to this address. */
  sent: string;
  firstSeen: string | null;
  lastSeen: string | null;
  /** Token flows with this address, when the source reports token transfers (optional). */
  tokens?: CounterpartyTokenFlow[];
}

export interface TokenTransferSummary {
  token: string;
  contract: string;
  received: string;
  sent: string;
}

/**
 * One transaction that spent coins of two or more addresses together (a UTXO chain's inputs): by
 * the common-input-ownership heuristic, one owner holds them all. Its output addresses are kept to
 * tell a CoinJoin coordinator's fee among them (a CoinJoin merges several owners' coins).
 */
export interface CoSpend {
  txid: string;
  /** The distinct input addresses, two or more (at most MAX_CO_SPEND_INPUTS). */
  inputs: string[];
  /** The distinct output addresses (at most MAX_CO_SPEND_OUTPUTS). */
  outputs: string[];
}

/** The co-spends among the transactions examined, for clustering (checks/clustering.ts). */
export interface CoSpends {
  /** The transactions that spent two or more addresses together and are not CoinJoin-shaped, newest first (at most MAX_CO_SPENDS). */
  transactions: CoSpend[];
  /** Transactions that spent two or more addresses together but are CoinJoin-shaped (equal outputs): they never merge owners. */
  coinJoinShaped: number;
}

export const MAX_CO_SPENDS = 50;
export const MAX_CO_SPEND_INPUTS = 20;
export const MAX_CO_SPEND_OUTPUTS = 10;

export interface ChainData {
  network: Network;
  address: string;
  /** e.g. "mempool.space", "blockscout:ethereum", "etherscan-v2", "trongrid", "solana-rpc", "xrpl". */
  provider: string;
  /** The base URL used. */
  sourceUrl: string;
  fetchedAt: string;
  symbol: string;
  balance: string;
  totalReceived: string | null;
  totalSent: string | null;
  /**
   * Transactions of the address. Exact when the source counts them (Esplora, Blockscout) or when
   * `complete` is true; otherwise the number of transactions read, a lower bound.
   */
  txCount: number;
  /** ISO-8601; the oldest transaction found (or the account's creation, where the source states it). */
  firstSeen: string | null;
  lastSeen: string | null;
  /** How many recent transactions were read to find counterparties. */
  transactionsExamined: number;
  /** True when the whole history was examined. */
  complete: boolean;
  /** Sorted by native volume (received + sent) descending, at most 50. */
  counterparties: Counterparty[];
  /** Main token flows (EVM ERC-20, TRON USDT) over the recent transfers read; absent when not fetched. */
  tokenTransfers?: TokenTransferSummary[];
  /** UTXO chains: the transactions examined that spent several addresses together (absent when none did, on account chains, and in data read before clustering). */
  coSpends?: CoSpends;
}

export type ChainDataResult =
  | { ok: true; data: ChainData }
  | {
      ok: false;
      network: Network;
      provider: string | null;
      /** What happened, for the evidence and the administrator, e.g. "mempool.space did not answer within 8 s (3 attempts)". */
      reason: string;
      /** The same in words a customer reads, without hosts, ports or HTTP excerpts (absent in checks recorded before it, and on sanctions-only networks, whose reason is already plain). */
      plain?: string;
      attempts: number;
      /** Set when a metered fetch stopped because its request budget was spent (a trace's), not because a source failed. */
      budgetSpent?: true;
      /** Set on a network whose transactions are not read (contracts' sanctionsOnlyNetworks): the check is screened against the lists only. */
      sanctionsOnly?: true;
    };

export interface TraceConfig {
  /** Hops from the wallet: 1 = its direct counterparties only (no tracing); at most MAX_TRACE_DEPTH. */
  depth: number;
  /** Addresses expanded per hop, the largest share of volume first. */
  fanOut: number;
  /** Provider requests the trace of one check may make. */
  requestBudget: number;
  /** No address is started after this long (the stage has its own, longer, limit). */
  timeLimitMs: number;
  /** How long an expanded address's data is reused by later checks. */
  cacheTtlMs: number;
  /** How long an address whose source failed is left unasked (its failure reported again) by later checks. */
  failureCacheTtlMs: number;
  cacheMaxEntries: number;
}

export const MAX_TRACE_DEPTH = 3;

export const defaultTraceConfig: TraceConfig = {
  depth: 2,
  fanOut: 5,
  // One traced address costs 2-3 requests on most chains (10 on Solana, which reads transactions one by one).
  requestBudget: 30,
  timeLimitMs: 20_000,
  cacheTtlMs: 15 * 60_000,
  failureCacheTtlMs: 60_000,
  cacheMaxEntries: 5_000,
};

export interface ChainDataConfig {
  /** Esplora base URLs for Bitcoin, tried in order. */
  bitcoinEsploraUrls: string[];
  litecoinEsploraUrls: string[];
  /** No well-known public Esplora serves Dogecoin: empty unless configured. */
  dogecoinEsploraUrls: string[];
  /** Blockscout instances per EVM network; BNB Chain has none and needs Etherscan v2. */
  blockscoutUrls: Partial<Record<EvmNetwork, string>>;
  etherscanUrl: string;
  /** When set, Etherscan v2 serves every EVM network. */
  etherscanApiKey?: string;
  tronGridUrl: string;
  tronGridApiKey?: string;
  solanaRpcUrl: string;
  xrplRpcUrl: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Retries after the first attempt, on network errors, timeouts, 429 and 5xx. */
  retries: number;
  cacheTtlMs: number;
  /**
   * Requests per second, by provider name ("mempool.space", "blockscout:ethereum", …), then by
   * family ("esplora", "blockscout", "etherscan", "trongrid", "solana", "xrpl"), then "default".
   */
  ratePerSecond: Record<string, number>;
  /** Following funds beyond the direct counterparties (see trace.ts). */
  trace: TraceConfig;
  /** USD prices, to weigh token transfers with the native coin (see prices.ts, valuation.ts). */
  prices: PricesConfig;
}

export const defaultChainDataConfig: ChainDataConfig = {
  bitcoinEsploraUrls: ['https://mempool.space/api', 'https://blockstream.info/api'],
  litecoinEsploraUrls: ['https://litecoinspace.org/api'],
  dogecoinEsploraUrls: [],
  blockscoutUrls: {
    ethereum: 'https://eth.blockscout.com',
    polygon: 'https://polygon.blockscout.com',
    arbitrum: 'https://arbitrum.blockscout.com',
    base: 'https://base.blockscout.com',
    optimism: 'https://optimism.blockscout.com',
  },
  etherscanUrl: 'https://api.etherscan.io/v2/api',
  tronGridUrl: 'https://api.trongrid.io',
  solanaRpcUrl: 'https://api.mainnet-beta.solana.com',
  xrplRpcUrl: 'https://s1.ripple.com:51234',
  timeoutMs: 8000,
  retries: 2,
  cacheTtlMs: 60_000,
  ratePerSecond: {
    // Etherscan's free tier allows 5 calls per second per key; Blockscout 5 per second without a key.
    etherscan: 5,
    blockscout: 5,
    // TronGrid without a key is throttled far below its 15 per second keyed limit.
    trongrid: 10,
    'mempool.space': 5,
    'blockstream.info': 5,
    esplora: 5,
    // api.mainnet-beta.solana.com allows 40 calls per 10 s for one method from one IP.
    solana: 4,
    xrpl: 5,
    default: 5,
  },
  trace: defaultTraceConfig,
  prices: defaultPricesConfig,
};

/** The most counterparties a ChainData lists. */
export const MAX_COUNTERPARTIES = 50;
