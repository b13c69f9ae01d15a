/**
 * What an OFAC listing ("Digital Currency Address - TICKER address") is, read from its ticker and
 * its text: the fields a `SanctionEntry` carries besides the party, and the identity a listing is
 * recognised by from one list to the next. The parser gives every entry these fields; the list's
 * `evolve` gives them to the entries of imports recorded before they existed, by this same code.
 *
 * A listed address is matched by what its text is, not by the ticker it is listed under: OFAC
 * lists Bitcoin addresses under USDT (Omni Layer tokens live on Bitcoin addresses), BSV and BCH,
 * EVM addresses under ETC, and sometimes mis-tags an address (a TRON `T…` address under XBT). So
 * every listed text is read on every network we screen (contracts' `networksFor`), and the ticker
 * is kept with what it says the address is on (`listedNetworkFor`), so the evidence can say
 * "listed as USDT (Omni Layer)". The match keys themselves are the screening's (workers'
 * sanctions/match-key.ts).
 */
import { evmNetworks, networks, networksFor, parseAddress, type Chain, type Network } from '@walletscreen/contracts';

const evm: ReadonlySet<string> = new Set(evmNetworks);
const screened: ReadonlySet<string> = new Set(networks);

export const isEvmNetwork = (network: Network): boolean => evm.has(network);

/** Whether `listed` is a network we screen (not one of `unscreenedListedNetworks`). */
export const isScreenedNetwork = (listed: string): listed is Network => screened.has(listed);

/** The chain a network belongs to: every EVM network is the chain `evm`. */
export const chainOfNetwork = (network: Network): Chain => (isEvmNetwork(network) ? 'evm' : (network as Exclude<Network, (typeof evmNetworks)[number]>));

/**
 * Chains OFAC lists addresses of that have no address form of their own, by the id
 * `listedNetworkFor` gives them (Omni Layer tokens live on Bitcoin addresses). Monero, Zcash, Dash,
 * Bitcoin Gold, Verge, Ethereum Classic and Bitcoin SV were here until their addresses were
 * recognised: they are networks now (contracts' sanctionsOnlyNetworks), screened against the lists.
 */
export const unscreenedListedNetworks = {
  omni: 'Omni Layer',
} as const;

/** What a ticker says an address is on: a network we screen, or a chain we do not. */
export type ListedNetwork = Network | keyof typeof unscreenedListedNetworks;
export const listedNetworks = [...networks, ...(Object.keys(unscreenedListedNetworks) as Array<keyof typeof unscreenedListedNetworks>)] as const;

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
  const listedScreened = listedNetwork !== null && isScreenedNetwork(listedNetwork) ? listedNetwork : null;
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
