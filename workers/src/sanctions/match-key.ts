/**
 * From OFAC's "Digital Currency Address - TICKER address" to the networks we screen, and the key an
 * address is matched by.
 *
 * A listed address is matched by what its text is, not by the ticker it is listed under: OFAC
 * lists Bitcoin addresses under USDT (Omni Layer tokens live on Bitcoin addresses), BSV and BCH,
 * EVM addresses under ETC, and sometimes mis-tags an address (a TRON `T…` address under XBT). So
 * every listed text is read on every network we screen (contracts' `networksFor`: all EVM networks
 * for a 0x address; Bitcoin, Bitcoin Cash and, for a 3…, Litecoin's old P2SH for a legacy 1…/3…),
 * and indexed on each chain it is valid on; the ticker is kept, with what it says the address is
 * on (`listedNetworkFor`), so the evidence can say "listed as USDT (Omni Layer)".
 *
 * Matching is per chain and on normalized addresses: EVM addresses are matched case-insensitively
 * (one key for every EVM network, since one key pair controls the address on all of them);
 * Bitcoin Cash on its CashAddr form, whether listed or entered as legacy or CashAddr; everything
 * else on the normalized form of `parseAddress`.
 */
import { evmNetworks, networkNames, networks, networksFor, parseAddress, type Chain, type Network } from '@walletscreen/contracts';
import { base58CheckDecode } from '@walletscreen/contracts/addresses/base58';
import { encodeCashAddr } from '@walletscreen/contracts/addresses/cashaddr';

const evm: ReadonlySet<string> = new Set(evmNetworks);
const screened: ReadonlySet<string> = new Set(networks);

export const isEvmNetwork = (network: Network): boolean => evm.has(network);

/** The chain a network belongs to: every EVM network is the chain `evm`. */
export const chainOfNetwork = (network: Network): Chain => (isEvmNetwork(network) ? 'evm' : (network as Exclude<Network, (typeof evmNetworks)[number]>));

/** A network of a chain, to parse and key its addresses with (Ethereum for `evm`: every EVM network keys alike). */
export const networkOfChain = (chain: Chain): Network => (chain === 'evm' ? 'ethereum' : chain);

/** Chains OFAC lists addresses of that we do not screen, by the id `listedNetworkFor` gives them. */
export const unscreenedListedNetworks = {
  omni: 'Omni Layer',
  'bitcoin-sv': 'Bitcoin SV',
  'ethereum-classic': 'Ethereum Classic',
  monero: 'Monero',
  zcash: 'Zcash',
  dash: 'Dash',
  'bitcoin-gold': 'Bitcoin Gold',
  verge: 'Verge',
} as const;

/** What a ticker says an address is on: a network we screen, or a chain we do not. */
export type ListedNetwork = Network | keyof typeof unscreenedListedNetworks;

const bitcoinFormat = (a: string) => parseAddress(a, 'bitcoin').ok || /^[13][1-9A-HJ-NP-Za-km-z]{24,33}$/.test(a);
const isSolana = (a: string) => parseAddress(a, 'solana').ok;

/**
 * OFAC tickers, and what each says its addresses are on. Stablecoins live on several chains, so for
 * them the address's own form decides: USDT on a Bitcoin-format address is USDT on the Omni Layer.
 */
const tickerNetworks: Record<string, (address: string) => ListedNetwork | null> = {
  XBT: () => 'bitcoin',
  ETH: () => 'ethereum',
  USDT: (a) => (/^0x/i.test(a) ? 'ethereum' : /^T/.test(a) ? 'tron' : bitcoinFormat(a) ? 'omni' : null),
  USDC: (a) => (/^0x/i.test(a) ? 'ethereum' : /^T/.test(a) ? 'tron' : isSolana(a) ? 'solana' : null),
  TRX: () => 'tron',
  LTC: () => 'litecoin',
  BCH: () => 'bitcoin-cash',
  XRP: () => 'xrp',
  DOGE: () => 'dogecoin',
  SOL: () => 'solana',
  ARB: () => 'arbitrum',
  BSC: () => 'bsc',
  ETC: () => 'ethereum-classic',
  BSV: () => 'bitcoin-sv',
  XMR: () => 'monero',
  ZEC: () => 'zcash',
  DASH: () => 'dash',
  BTG: () => 'bitcoin-gold',
  XVG: () => 'verge',
};

/** What OFAC's `ticker` says `address` is on; null for a ticker we do not know (or a USDT/USDC address of no known form). */
export function listedNetworkFor(ticker: string, address: string): ListedNetwork | null {
  const rule = tickerNetworks[ticker.trim().toUpperCase()];
  return rule ? rule(address.trim()) : null;
}

/** The ticker's network when it is one we screen (the reading before cross-chain matching); null otherwise. */
export function networkForTicker(ticker: string, address: string): Network | null {
  const listed = listedNetworkFor(ticker, address);
  return listed !== null && screened.has(listed) ? (listed as Network) : null;
}

/** "USDT (Omni Layer)", "ETC (Ethereum Classic)", "XBT (Bitcoin)": a ticker with what it says the address is on. */
export function listedAsText(ticker: string, listed: ListedNetwork | null): string {
  if (listed === null) return ticker;
  return `${ticker} (${screened.has(listed) ? networkNames[listed as Network] : unscreenedListedNetworks[listed as keyof typeof unscreenedListedNetworks]})`;
}

/** How a listed (ticker, address) is screened: the fields a `SanctionEntry` carries besides the party. */
export interface ListingMatch {
  /** The network it is screened on first: the ticker's when valid there, else the first it is valid on; the ticker's (text match) when valid nowhere; null when it cannot be screened. */
  network: Network | null;
  normalized: string;
  valid: boolean;
  listedNetwork: ListedNetwork | null;
  matchedChains: Chain[];
  crossChain: boolean;
}

export function describeListing(ticker: string, address: string): ListingMatch {
  const text = address.trim();
  const matched = networksFor(text);
  const listedNetwork = listedNetworkFor(ticker, text);
  const listedScreened = listedNetwork !== null && screened.has(listedNetwork) ? (listedNetwork as Network) : null;
  const primary = listedScreened !== null && matched.includes(listedScreened) ? listedScreened : (matched[0] ?? null);
  const parsed = primary === null ? null : parseAddress(text, primary);
  return {
    network: primary ?? listedScreened,
    normalized: parsed?.ok ? parsed.address.normalized : text,
    valid: matched.length > 0,
    listedNetwork,
    matchedChains: [...new Set(matched.map(chainOfNetwork))],
    crossChain: matched.length > 0 && (listedScreened === null || !matched.includes(listedScreened)),
  };
}

/**
 * The key an address is matched by on `network`. Both sides of a match go through here: the
 * listed address when the list is indexed, the screened address at lookup. An address that does
 * not parse on `network` keys as its trimmed text (lower-cased on EVM networks), so a listed
 * entry that OFAC mistyped can still match the same text.
 */
export function matchKeyFor(network: Network | null, address: string): string {
  const text = address.trim();
  if (network === null) return text;
  if (isEvmNetwork(network)) return text.toLowerCase();
  const parsed = parseAddress(text, network);
  if (!parsed.ok) return text;
  const { normalized, kind } = parsed.address;
  if (network === 'bitcoin-cash' && !normalized.startsWith('bitcoincash:') && (kind === 'p2pkh' || kind === 'p2sh')) {
    const payload = base58CheckDecode(normalized);
    if (payload) return encodeCashAddr(kind, payload.slice(1));
  }
  return normalized;
}

/** The index key of an address on a chain: the chain, then the match key. */
export const chainKey = (chain: Chain, key: string): string => `${chain}\u0000${key}`;

/** The keys a listed address is found by: one per chain its text is valid on, or its text on the ticker's network. */
export function indexKeysFor(entry: { address: string; network: Network | null; matchedChains: readonly Chain[] }): string[] {
  if (entry.matchedChains.length > 0) return [...new Set(entry.matchedChains.map((c) => chainKey(c, matchKeyFor(networkOfChain(c), entry.address))))];
  return entry.network === null ? [] : [chainKey(chainOfNetwork(entry.network), matchKeyFor(entry.network, entry.address))];
}

/**
 * The address of a listing regardless of how it is written: lower case for EVM, bech32 and
 * CashAddr (without its prefix), as listed otherwise. With the SDN id it tells listings apart
 * from one list to the next, whatever ticker the address is listed under.
 */
export function addressIdentity(address: string): string {
  const text = address.trim();
  if (/^0x/i.test(text) || /^(bc1|ltc1)/i.test(text)) return text.toLowerCase();
  const cash = /^(?:bitcoincash:)?([qp][02-9ac-hj-np-z]{41})$/i.exec(text);
  return cash ? cash[1]!.toLowerCase() : text;
}
