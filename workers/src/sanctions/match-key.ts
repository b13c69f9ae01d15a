/**
 * From OFAC's "Digital Currency Address - TICKER" to the networks we screen, and the key an
 * address is matched by. Matching is per chain and on normalized addresses: EVM addresses are
 * matched case-insensitively (one key for every EVM network, since one key pair controls the
 * address on all of them); Bitcoin Cash on its CashAddr form, whether listed or entered as legacy
 * or CashAddr; everything else on the normalized form of `parseAddress`.
 */
import { evmNetworks, parseAddress, type Chain, type Network } from '@walletscreen/contracts';
import { base58CheckDecode } from '@walletscreen/contracts/addresses/base58';
import { encodeCashAddr } from '@walletscreen/contracts/addresses/cashaddr';

const evm: ReadonlySet<string> = new Set(evmNetworks);

export const isEvmNetwork = (network: Network): boolean => evm.has(network);

/** The chain a network belongs to: every EVM network is the chain `evm`. */
export const chainOfNetwork = (network: Network): Chain => (isEvmNetwork(network) ? 'evm' : (network as Exclude<Network, (typeof evmNetworks)[number]>));

const evmOr = (address: string, otherwise: Network | null): Network | null => (/^0x/i.test(address.trim()) ? 'ethereum' : otherwise);

/**
 * OFAC tickers we screen, and the network an address listed under each is on. Stablecoins live on
 * several chains, so for them the address's own form decides. Tickers not here (XMR, ZEC, ETC,
 * DASH, BTG, XVG, BSV, XLM, …) are listed chains we do not screen: their entries are kept with
 * network null, so the product can say how many it does not screen.
 */
const tickerNetworks: Record<string, (address: string) => Network | null> = {
  XBT: () => 'bitcoin',
  ETH: () => 'ethereum',
  USDT: (a) => evmOr(a, /^T/.test(a.trim()) ? 'tron' : null),
  USDC: (a) => evmOr(a, /^T/.test(a.trim()) ? 'tron' : solanaOrNull(a)),
  TRX: () => 'tron',
  LTC: () => 'litecoin',
  BCH: () => 'bitcoin-cash',
  XRP: () => 'xrp',
  DOGE: () => 'dogecoin',
  SOL: () => 'solana',
  ARB: () => 'arbitrum',
  BSC: () => 'bsc',
};

function solanaOrNull(address: string): Network | null {
  const parsed = parseAddress(address, 'solana');
  return parsed.ok ? 'solana' : null;
}

/** The tickers whose addresses we screen. */
export const screenedTickers: readonly string[] = Object.keys(tickerNetworks);

/** The network an address listed under `ticker` is on, or null when it is not a network we screen. */
export function networkForTicker(ticker: string, address: string): Network | null {
  const rule = tickerNetworks[ticker.trim().toUpperCase()];
  return rule ? rule(address) : null;
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
