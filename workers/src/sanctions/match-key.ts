/**
 * The key an address is matched by when screening, and how a listing (domain's
 * sanctions-list/listing.ts: what its ticker and text say it is) is indexed.
 *
 * A listed text is indexed on every chain it is valid on, whatever its ticker (`indexKeysFor`), and
 * the ticker is kept, with what it says the address is on, so the evidence can say "listed as USDT
 * (Omni Layer)" (`listedAsText`).
 *
 * Matching is per chain and on normalized addresses: EVM addresses are matched case-insensitively
 * (one key for every EVM network, since one key pair controls the address on all of them);
 * Bitcoin Cash on its CashAddr form, whether listed or entered as legacy or CashAddr; everything
 * else on the normalized form of `parseAddress`.
 */
import { networkNames, networksFor, parseAddress, type Chain, type Network } from '@walletscreen/contracts';
import { base58CheckDecode } from '@walletscreen/contracts/addresses/base58';
import { encodeCashAddr } from '@walletscreen/contracts/addresses/cashaddr';
import {
  chainOfNetwork,
  isEvmNetwork,
  isScreenedNetwork,
  listedNetworkFor,
  unscreenedListedNetworks,
  type ListedNetwork,
} from '@walletscreen/domain/sanctions-list/listing';

// What a listing is (its networks, chains and identity) is the sanctions list's own vocabulary
// (domain/src/sanctions-list/listing.ts).

/** A network of a chain, to parse and key its addresses with (Ethereum for `evm`: every EVM network keys alike). */
export const networkOfChain = (chain: Chain): Network => (chain === 'evm' ? 'ethereum' : chain);

/** The ticker's network when it is one we screen (the reading before cross-chain matching); null otherwise. */
export function networkForTicker(ticker: string, address: string): Network | null {
  const listed = listedNetworkFor(ticker, address);
  return listed !== null && isScreenedNetwork(listed) ? listed : null;
}

/** "USDT (Omni Layer)", "ETC (Ethereum Classic)", "XBT (Bitcoin)": a ticker with what it says the address is on. */
export function listedAsText(ticker: string, listed: ListedNetwork | null): string {
  if (listed === null) return ticker;
  return `${ticker} (${isScreenedNetwork(listed) ? networkNames[listed] : unscreenedListedNetworks[listed]})`;
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
  if (isEvmNetwork(network) || network === 'ethereum-classic') return text.toLowerCase();
  if (keysAsWritten(network, text)) return text;
  const parsed = parseAddress(text, network);
  if (!parsed.ok) return text;
  const { normalized, kind } = parsed.address;
  if (network === 'bitcoin-cash' && !normalized.startsWith('bitcoincash:') && (kind === 'p2pkh' || kind === 'p2sh')) {
    const payload = base58CheckDecode(normalized);
    if (payload) return encodeCashAddr(kind, payload.slice(1));
  }
  return normalized;
}

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
/** Networks whose Base58 addresses parse to themselves (their other forms are Bech32, told apart by their prefix). */
const BASE58_AS_WRITTEN: ReadonlySet<Network> = new Set(['bitcoin', 'dogecoin', 'dash', 'zcash', 'bitcoin-gold', 'solana']);

/**
 * A shortcut of `matchKeyFor` that gives the same key without parsing (a check keys every
 * counterparty, and parsing verifies a double SHA-256 checksum): on these networks a Base58 text
 * keys as itself whether it parses (its normalized form is itself) or not (unparsed text keys as
 * itself). Text that could be Bech32 (a prefix ending in 1: "bc1", "ltc1", "zs1", in any case) takes
 * the long way. The property test holds the two ways equal (match-key.unit.test.ts).
 */
function keysAsWritten(network: Network, text: string): boolean {
  return BASE58_AS_WRITTEN.has(network) && BASE58.test(text) && !/^[a-z]{1,4}1/i.test(text);
}

/** The index key of an address on a chain: the chain, then the match key. */
export const chainKey = (chain: Chain, key: string): string => `${chain}\u0000${key}`;

/**
 * The keys a listed address is found by: one per chain its text is valid on (read again here, so an
 * entry recorded before its chain was recognised, a Monero address say, is found on it too). Text
 * valid on no chain is found by its exact text (a check or a drop-in of that text, as `other`), and
 * on the ticker's network when that is one we screen.
 */
export function indexKeysFor(entry: { address: string; network: Network | null; matchedChains: readonly Chain[] }): string[] {
  const chains = new Set<Chain>([...entry.matchedChains, ...networksFor(entry.address).map(chainOfNetwork)]);
  if (chains.size > 0) return [...new Set([...chains].map((c) => chainKey(c, matchKeyFor(networkOfChain(c), entry.address))))];
  const asText = chainKey('other', matchKeyFor('other', entry.address));
  return entry.network === null ? [asText] : [asText, chainKey(chainOfNetwork(entry.network), matchKeyFor(entry.network, entry.address))];
}
