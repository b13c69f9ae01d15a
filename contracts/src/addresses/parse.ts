/**
 * Wallet-address parsing, validation and normalization, shared by the browser and the server.
 * An address that does not parse never reaches the pipeline and never costs a check.
 *
 * Detection does not go by the first characters: it tries every decoder that could apply and keeps
 * each reading whose checksum and length hold (`readAddress`). Readings with a checksum (segwit
 * Bech32/Bech32m, CashAddr, Base58Check, XRP, EIP-55, TRON hex) come before Solana, which has
 * none (any base58 text of 32 bytes is a Solana address). Only when nothing holds does it look
 * for the most helpful reason: a valid testnet or regtest address, then a known shape whose
 * checksum fails (a typo), then "not recognized". So a valid mainnet address is never refused,
 * whatever its first characters look like: a TRON `TB1…`, a Litecoin `LTC1…`, a Solana `bc1…`,
 * an XRP `rLtC1…`.
 */
import { keccak_256 } from '@noble/hashes/sha3';
import { utf8ToBytes } from '@noble/hashes/utils';
import { base58CheckEncode, base58Decode, hasValidChecksum, RIPPLE_ALPHABET } from './base58';
import { bech32Decode, convertBits, decodeSegwitAny } from './bech32';
import { cashAddrPrefixes, decodeCashAddr, encodeCashAddr } from './cashaddr';
import { hasMoneroShape, isMoneroTestAddress, moneroAddressKind } from './cryptonote';
import { decodeClassicAddress, decodeXAddress } from './xaddress';

export const evmNetworks = ['ethereum', 'bsc', 'polygon', 'arbitrum', 'base', 'optimism'] as const;
export type EvmNetwork = (typeof evmNetworks)[number];
/**
 * Chains whose addresses are recognised (with their checksums) but whose transactions are not read:
 * their checks are screened against the sanctions list and the custom lists only, and say so
 * (never a clean verdict). OFAC lists addresses on each of them. `other` is any text the sanctions
 * list holds that is no address of a known chain, screened by its exact text.
 */
export const sanctionsOnlyNetworks = ['monero', 'zcash', 'dash', 'bitcoin-gold', 'verge', 'ethereum-classic', 'bitcoin-sv', 'other'] as const;
export type SanctionsOnlyNetwork = (typeof sanctionsOnlyNetworks)[number];
export const chains = ['bitcoin', 'litecoin', 'dogecoin', 'bitcoin-cash', 'evm', 'tron', 'solana', 'xrp', ...sanctionsOnlyNetworks] as const;
export type Chain = (typeof chains)[number];
export const networks = ['bitcoin', 'litecoin', 'dogecoin', 'bitcoin-cash', ...evmNetworks, 'tron', 'solana', 'xrp', ...sanctionsOnlyNetworks] as const;
export type Network = (typeof networks)[number];
/** The networks whose transactions a check reads (every other network is screened against the lists only). */
export type TracedNetwork = Exclude<Network, SanctionsOnlyNetwork>;
const sanctionsOnly: ReadonlySet<string> = new Set(sanctionsOnlyNetworks);
export const isSanctionsOnlyNetwork = (network: Network): network is SanctionsOnlyNetwork => sanctionsOnly.has(network);

export const networkNames: Record<Network, string> = {
  bitcoin: 'Bitcoin',
  litecoin: 'Litecoin',
  dogecoin: 'Dogecoin',
  'bitcoin-cash': 'Bitcoin Cash',
  ethereum: 'Ethereum',
  bsc: 'BNB Chain',
  polygon: 'Polygon',
  arbitrum: 'Arbitrum',
  base: 'Base',
  optimism: 'Optimism',
  tron: 'TRON',
  solana: 'Solana',
  xrp: 'XRP Ledger',
  monero: 'Monero',
  zcash: 'Zcash',
  dash: 'Dash',
  'bitcoin-gold': 'Bitcoin Gold',
  verge: 'Verge',
  'ethereum-classic': 'Ethereum Classic',
  'bitcoin-sv': 'Bitcoin SV',
  other: 'Other (text on a sanctions list)',
};

export type AddressKind = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'segwit' | 'account' | 'shielded' | 'subaddress' | 'integrated' | 'text';

export interface ParsedAddress {
  chain: Chain;
  network: Network;
  /**
   * The canonical form, what is screened and matched: lower-case bech32, EIP-55 for EVM,
   * `bitcoincash:` CashAddr, base58 as is (TRON's hex form as its base58 `T…`, Litecoin's old
   * `3…` P2SH as its `M…`), the classic `r…` address of an XRP X-address.
   */
  normalized: string;
  kind: AddressKind;
  /** XRP X-addresses only: the X-address as given. */
  xAddress?: string;
  /** XRP X-addresses only: the destination tag it carries, or null when it carries none. */
  tag?: number | null;
}

export type ParseResult = { ok: true; address: ParsedAddress } | { ok: false; reason: string };

export const addressMessages = {
  empty: 'Enter a wallet address',
  tooLong: 'That is too long to be a wallet address',
  unrecognized:
    'Not a recognized wallet address. Supported: Bitcoin, Ethereum and EVM chains (BNB Chain, Polygon, Arbitrum, Base, Optimism), TRON, Solana, Litecoin, Dogecoin, Bitcoin Cash and XRP; screened against the sanctions lists only: Monero, Zcash, Dash, Bitcoin Gold, Verge, Ethereum Classic and Bitcoin SV.',
  otherText: 'Enter the text exactly as the sanctions list has it, without spaces',
  checksum: 'The address checksum does not match: check it for a typo',
  eip55: 'The mixed-case checksum (EIP-55) of this address does not match: check it for a typo',
  evmLength: 'An EVM address is 0x followed by 40 hexadecimal characters',
  testnet: 'Testnet addresses are not supported: enter a mainnet address',
} as const;

/** The longest text that can be an address: a CashAddr of a 64-byte hash with its prefix is 124 characters. */
export const MAX_ADDRESS_LENGTH = 128;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string) => Uint8Array.from(text.match(/../g)!, (h) => parseInt(h, 16));

/** The EIP-55 mixed-case checksum form of a 40-hex-digit address. */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  const hash = hex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/** Hex digits in one case throughout carry no EIP-55 checksum; mixed case must be the EIP-55 form. */
const isSingleCase = (body: string) => body === body.toLowerCase() || body === body.toUpperCase();

const BECH32_CHARS = '[02-9ac-hj-np-z]';
const BASE58_TEXT = /^[1-9A-HJ-NP-Za-km-z]+$/;
const XRP_TEXT = /^[rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz]+$/;
const EVM_TEXT = /^0x[0-9a-fA-F]{40}$/;
const TRON_HEX_TEXT = /^41[0-9a-fA-F]{40}$/;
const SEGWIT_HRPS: Record<string, 'bitcoin' | 'litecoin' | 'bitcoin-gold'> = { bc: 'bitcoin', ltc: 'litecoin', btg: 'bitcoin-gold' };
const MAINNET_SEGWIT_TEXT = new RegExp(`^(bc|ltc|btg)1${BECH32_CHARS}{6,86}$`, 'i');
/** Zcash Sapling shielded addresses: Bech32, `zs1…`, 43 bytes. */
const ZCASH_SAPLING_TEXT = new RegExp(`^zs1${BECH32_CHARS}{60,80}$`, 'i');
/** Zcash transparent addresses: Base58Check with a two-byte version (t1: P2PKH, t3: P2SH). */
const ZCASH_VERSIONS: Record<string, AddressKind> = { '1cb8': 'p2pkh', '1cbd': 'p2sh' };
/** Text on a sanctions list screened as `other`: visible characters, no spaces. */
const OTHER_TEXT = /^[\x21-\x7e\u00a1-\uffff]+$/;
const CASHADDR_TEXT = new RegExp(`^(bitcoincash:)?[qp]${BECH32_CHARS}{41,}$`, 'i');

/** Mainnet Base58Check versions (21-byte payloads), each with every network the address is valid on. */
const BASE58_VERSIONS: Record<number, ReadonlyArray<{ chain: Chain; kind: AddressKind; as?: number }>> = {
  0x00: [
    { chain: 'bitcoin', kind: 'p2pkh' },
    { chain: 'bitcoin-cash', kind: 'p2pkh' },
    { chain: 'bitcoin-sv', kind: 'p2pkh' },
  ],
  0x05: [
    { chain: 'bitcoin', kind: 'p2sh' },
    { chain: 'bitcoin-cash', kind: 'p2sh' },
    // Litecoin's old P2SH form (before its own 0x32, `M…`): screened as its `M…` form.
    { chain: 'litecoin', kind: 'p2sh', as: 0x32 },
    { chain: 'bitcoin-sv', kind: 'p2sh' },
  ],
  0x30: [{ chain: 'litecoin', kind: 'p2pkh' }],
  0x32: [{ chain: 'litecoin', kind: 'p2sh' }],
  // Verge shares Dogecoin's P2PKH version (`D…`).
  0x1e: [
    { chain: 'dogecoin', kind: 'p2pkh' },
    { chain: 'verge', kind: 'p2pkh' },
  ],
  0x16: [{ chain: 'dogecoin', kind: 'p2sh' }],
  0x21: [{ chain: 'verge', kind: 'p2sh' }],
  0x41: [{ chain: 'tron', kind: 'account' }],
  0x4c: [{ chain: 'dash', kind: 'p2pkh' }],
  0x10: [{ chain: 'dash', kind: 'p2sh' }],
  0x26: [{ chain: 'bitcoin-gold', kind: 'p2pkh' }],
  0x17: [{ chain: 'bitcoin-gold', kind: 'p2sh' }],
};

/** Testnet and regtest: segwit HRPs (Bitcoin, Litecoin, Dogecoin) and Base58Check versions. */
const TESTNET_HRPS = new Set(['tb', 'bcrt', 'tltc', 'rltc', 'td', 'dcrt']);
const TESTNET_VERSIONS = new Set([0x6f, 0xc4, 0x3a, 0x71]);

const single = (chain: Exclude<Chain, 'evm'>, normalized: string, kind: AddressKind): ParsedAddress => ({ chain, network: chain, normalized, kind });
const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function segwitKind(version: number, programLength: number): AddressKind {
  if (version === 0) return programLength === 20 ? 'p2wpkh' : 'p2wsh';
  return version === 1 && programLength === 32 ? 'p2tr' : 'segwit';
}

/**
 * Every reading of `input` as a mainnet address of a supported network, checked readings first
 * and Solana last; the first is what the text is when no network is asked for. An EVM address
 * reads on every EVM network (Ethereum first); a legacy `1…` as Bitcoin and Bitcoin Cash; a `3…`
 * as Bitcoin, Bitcoin Cash and Litecoin. Empty when it is none.
 */
export function readAddress(input: string): readonly ParsedAddress[] {
  const text = input.trim();
  const known = readings.get(text);
  if (known) return known;
  const read = Object.freeze(readAddressOnce(text).map((a) => Object.freeze(a)));
  // A bounded memo: a check reads each counterparty's address several times (sanctions, delisted
  // entries, custom lists, labels), and a server reads the same addresses again and again.
  if (readings.size >= READINGS_KEPT) readings.clear();
  readings.set(text, read);
  return read;
}

const READINGS_KEPT = 4096;
/** Recent texts and their readings (frozen): `readAddress`'s memo. */
const readings = new Map<string, readonly ParsedAddress[]>();

function readAddressOnce(text: string): ParsedAddress[] {
  const out: ParsedAddress[] = [];
  if (text.length > MAX_ADDRESS_LENGTH) return out;
  if (EVM_TEXT.test(text)) {
    const normalized = toChecksumAddress(text);
    if (isSingleCase(text.slice(2)) || normalized === text) {
      for (const network of evmNetworks) out.push({ chain: 'evm', network, normalized, kind: 'account' });
      // The same key pair on Ethereum Classic (screened against the lists only).
      out.push(single('ethereum-classic', normalized, 'account'));
    }
    return out;
  }
  if (TRON_HEX_TEXT.test(text) && (isSingleCase(text.slice(2)) || toChecksumAddress(text.slice(2)).slice(2) === text.slice(2))) {
    out.push(single('tron', base58CheckEncode(fromHex(text)), 'account'));
  }
  if (MAINNET_SEGWIT_TEXT.test(text) && isSingleCase(text)) {
    const segwit = decodeSegwitAny(text);
    const chain = segwit && SEGWIT_HRPS[segwit.hrp];
    if (segwit && chain) out.push(single(chain, text.toLowerCase(), segwitKind(segwit.version, segwit.program.length)));
  }
  if (CASHADDR_TEXT.test(text)) {
    const cash = decodeCashAddr(text);
    if (cash && cash.prefix === cashAddrPrefixes.mainnet) out.push(single('bitcoin-cash', encodeCashAddr(cash.type, cash.hash), cash.type));
  }
  if (ZCASH_SAPLING_TEXT.test(text) && isSingleCase(text)) {
    const sapling = bech32Decode(text);
    const bytes = sapling && sapling.hrp === 'zs' && sapling.encoding === 'bech32' ? convertBits(sapling.data, 5, 8, false) : null;
    if (bytes?.length === 43) out.push(single('zcash', text.toLowerCase(), 'shielded'));
  }
  let solana: ParsedAddress | null = null;
  if (text.length >= 25 && text.length <= 50 && BASE58_TEXT.test(text)) {
    const raw = base58Decode(text);
    if (raw?.length === 25 && hasValidChecksum(raw)) {
      for (const { chain, kind, as } of BASE58_VERSIONS[raw[0]!] ?? []) {
        const normalized = as === undefined ? text : base58CheckEncode(Uint8Array.from([as, ...raw.subarray(1, 21)]));
        out.push(single(chain as Exclude<Chain, 'evm'>, normalized, kind));
      }
    } else if (raw?.length === 26 && hasValidChecksum(raw)) {
      const kind = ZCASH_VERSIONS[hexOf(raw.subarray(0, 2))];
      if (kind) out.push(single('zcash', text, kind));
    } else if (raw?.length === 32 && text.length >= 32 && text.length <= 44) {
      solana = single('solana', text, 'account');
    }
  }
  if ((text.length === 95 || text.length === 106) && BASE58_TEXT.test(text)) {
    const kind = moneroAddressKind(text);
    if (kind) out.push(single('monero', text, kind === 'standard' ? 'account' : kind));
  }
  if (XRP_TEXT.test(text)) {
    if (text[0] === 'r' && text.length >= 25 && text.length <= 35 && decodeClassicAddress(text)) {
      out.push(single('xrp', text, 'account'));
    } else if (text[0] === 'X' && text.length === 47) {
      const x = decodeXAddress(text);
      if (x && !x.test) out.push({ ...single('xrp', x.classicAddress, 'account'), xAddress: text, tag: x.tag });
    }
  }
  if (solana) out.push(solana);
  return out;
}

/** Whether `text` is a valid testnet or regtest address of a supported chain. */
function isTestnetAddress(text: string): boolean {
  const segwit = text.length <= 90 && text.includes('1') ? decodeSegwitAny(text) : null;
  if (segwit && TESTNET_HRPS.has(segwit.hrp)) return true;
  if (BASE58_TEXT.test(text)) {
    const raw = base58Decode(text);
    if (raw?.length === 25 && hasValidChecksum(raw) && TESTNET_VERSIONS.has(raw[0]!)) return true;
  }
  const testPrefixes: string[] = [cashAddrPrefixes.testnet, cashAddrPrefixes.regtest];
  const withPrefix = decodeCashAddr(text);
  if (withPrefix && testPrefixes.includes(withPrefix.prefix)) return true;
  if (!text.includes(':') && testPrefixes.some((prefix) => decodeCashAddr(text, prefix))) return true;
  if (isMoneroTestAddress(text)) return true;
  return text.length === 47 && XRP_TEXT.test(text) && decodeXAddress(text)?.test === true;
}

const KNOWN_SEGWIT_SHAPE = /^(bc|ltc|tb|bcrt|tltc|rltc)1[a-z0-9]{6,}$/i;
const BECH32_SHAPE = new RegExp(`^[a-z]{2,4}1${BECH32_CHARS}{6,}$`, 'i');
const CASHADDR_SHAPE = new RegExp(`^((bitcoincash|bchtest|bchreg):[a-z0-9]+|[qp]${BECH32_CHARS}{40,})$`, 'i');

/** Whether `text`, which no decoder accepts, has the shape of a supported format: then a character is likely wrong. */
function looksMistyped(text: string): boolean {
  if (hasMoneroShape(text)) return true;
  if (KNOWN_SEGWIT_SHAPE.test(text) || CASHADDR_SHAPE.test(text) || TRON_HEX_TEXT.test(text)) return true;
  if (BECH32_SHAPE.test(text) && bech32Decode(text) === null) return true;
  if (BASE58_TEXT.test(text)) {
    // Address-sized base58 whose checksum fails is a typo; one whose checksum holds is another coin's.
    const raw = base58Decode(text);
    if (raw?.length === 25 && !hasValidChecksum(raw)) return true;
  }
  if (XRP_TEXT.test(text)) {
    const raw = base58Decode(text, RIPPLE_ALPHABET);
    if (text[0] === 'r' && raw?.length === 25) return !hasValidChecksum(raw);
    if (text.length === 47 && raw?.length === 35) return !hasValidChecksum(raw);
  }
  return false;
}

/** Why `text`, which no decoder accepts, is refused: the most helpful of the reasons that apply. */
function refusal(text: string): string {
  if (isTestnetAddress(text)) return addressMessages.testnet;
  if (/^0x/i.test(text)) return EVM_TEXT.test(text) ? addressMessages.eip55 : addressMessages.evmLength;
  return looksMistyped(text) ? addressMessages.checksum : addressMessages.unrecognized;
}

/**
 * Parses a wallet address. `network` asks for a specific network: an EVM address can be screened
 * on any EVM network (Ethereum by default); a legacy `1…`/`3…` address can be read as Bitcoin
 * Cash, a `3…` also as Litecoin (its old P2SH form); any text that is also a Solana address can be
 * read as one.
 */
export function parseAddress(input: string, network?: Network): ParseResult {
  const text = input.trim();
  if (text.length === 0) return { ok: false, reason: addressMessages.empty };
  if (text.length > MAX_ADDRESS_LENGTH) return { ok: false, reason: addressMessages.tooLong };
  // Text on a sanctions list that is no address of a known chain: screened as written, by its exact text.
  if (network === 'other')
    return OTHER_TEXT.test(text) ? { ok: true, address: single('other', text, 'text') } : { ok: false, reason: addressMessages.otherText };
  const read = readAddress(text);
  const first = read[0];
  if (!first) return { ok: false, reason: refusal(text) };
  if (network === undefined) return { ok: true, address: first };
  const onNetwork = read.find((a) => a.network === network);
  if (onNetwork) return { ok: true, address: onNetwork };
  return {
    ok: false,
    reason: `This is a ${networkNames[first.network].replace('Ethereum', 'EVM')} address; it cannot be screened on ${networkNames[network]}`,
  };
}

/**
 * Every supported network `input` is a valid address on, the one it is read as by default first
 * (an EVM address: every EVM network; a legacy `1…`: Bitcoin and Bitcoin Cash; a `3…`: Bitcoin,
 * Bitcoin Cash and Litecoin). Empty when it is not an address.
 */
export function networksFor(input: string): Network[] {
  return [...new Set(readAddress(input).map((a) => a.network))];
}
