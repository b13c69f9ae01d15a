/**
 * Wallet-address parsing, validation and normalization, shared by the browser and the server.
 * An address that does not parse never reaches the pipeline and never costs a check.
 */
import { keccak_256 } from '@noble/hashes/sha3';
import { utf8ToBytes } from '@noble/hashes/utils';
import { base58CheckDecode, base58Decode, RIPPLE_ALPHABET } from './base58';
import { bech32Decode, decodeSegwit } from './bech32';
import { decodeCashAddr, encodeCashAddr } from './cashaddr';

export const evmNetworks = ['ethereum', 'bsc', 'polygon', 'arbitrum', 'base', 'optimism'] as const;
export type EvmNetwork = (typeof evmNetworks)[number];
export const chains = ['bitcoin', 'litecoin', 'dogecoin', 'bitcoin-cash', 'evm', 'tron', 'solana', 'xrp'] as const;
export type Chain = (typeof chains)[number];
export const networks = ['bitcoin', 'litecoin', 'dogecoin', 'bitcoin-cash', ...evmNetworks, 'tron', 'solana', 'xrp'] as const;
export type Network = (typeof networks)[number];

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
};

export type AddressKind = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'segwit' | 'account';

export interface ParsedAddress {
  chain: Chain;
  network: Network;
  /** The canonical form: lower-case bech32, EIP-55 for EVM, `bitcoincash:` CashAddr, base58 as is. */
  normalized: string;
  kind: AddressKind;
}

export type ParseResult = { ok: true; address: ParsedAddress } | { ok: false; reason: string };

export const addressMessages = {
  empty: 'Enter a wallet address',
  tooLong: 'That is too long to be a wallet address',
  unrecognized: 'Not a recognized wallet address. Supported: Bitcoin, Ethereum and EVM chains (BNB Chain, Polygon, Arbitrum, Base, Optimism), TRON, Solana, Litecoin, Dogecoin, Bitcoin Cash and XRP.',
  checksum: 'The address checksum does not match: check it for a typo',
  eip55: 'The mixed-case checksum (EIP-55) of this address does not match: check it for a typo',
  evmLength: 'An EVM address is 0x followed by 40 hexadecimal characters',
  testnet: 'Testnet addresses are not supported: enter a mainnet address',
} as const;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The EIP-55 mixed-case checksum form of a 40-hex-digit address. */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  const hash = hex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

function evm(text: string): ParseResult {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return { ok: false, reason: addressMessages.evmLength };
  const body = text.slice(2);
  const checksummed = toChecksumAddress(text);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && checksummed !== text) return { ok: false, reason: addressMessages.eip55 };
  return { ok: true, address: { chain: 'evm', network: 'ethereum', normalized: checksummed, kind: 'account' } };
}

function segwit(hrp: 'bc' | 'ltc', chain: 'bitcoin' | 'litecoin', text: string): ParseResult {
  const decoded = decodeSegwit(hrp, text);
  if (!decoded) return { ok: false, reason: addressMessages.checksum };
  const kind: AddressKind =
    decoded.version === 0 ? (decoded.program.length === 20 ? 'p2wpkh' : 'p2wsh') : decoded.version === 1 && decoded.program.length === 32 ? 'p2tr' : 'segwit';
  return { ok: true, address: { chain, network: chain, normalized: text.toLowerCase(), kind } };
}

const BASE58_VERSIONS: Record<number, { chain: Chain; kind: AddressKind }> = {
  0x00: { chain: 'bitcoin', kind: 'p2pkh' },
  0x05: { chain: 'bitcoin', kind: 'p2sh' },
  0x30: { chain: 'litecoin', kind: 'p2pkh' },
  0x32: { chain: 'litecoin', kind: 'p2sh' },
  0x1e: { chain: 'dogecoin', kind: 'p2pkh' },
  0x16: { chain: 'dogecoin', kind: 'p2sh' },
  0x41: { chain: 'tron', kind: 'account' },
};

function detect(text: string): ParseResult {
  if (/^0x/i.test(text)) return evm(text);
  const lower = text.toLowerCase();
  if (lower.startsWith('bc1')) return segwit('bc', 'bitcoin', text);
  if (lower.startsWith('ltc1')) return segwit('ltc', 'litecoin', text);
  if (/^(tb1|bcrt1|tltc1|rltc1)/.test(lower) || lower.startsWith('bchtest:')) return { ok: false, reason: addressMessages.testnet };
  if (lower.startsWith('bitcoincash:') || /^[qp][qpzry9x8gf2tvdw0s3jn54khce6mua7l]{41}$/.test(lower)) {
    const cash = decodeCashAddr(text);
    if (!cash) return { ok: false, reason: addressMessages.checksum };
    return { ok: true, address: { chain: 'bitcoin-cash', network: 'bitcoin-cash', normalized: encodeCashAddr(cash.type, cash.hash), kind: cash.type } };
  }
  if (text.startsWith('r')) {
    const payload = base58CheckDecode(text, RIPPLE_ALPHABET);
    if (payload && payload.length === 21 && payload[0] === 0) {
      return { ok: true, address: { chain: 'xrp', network: 'xrp', normalized: text, kind: 'account' } };
    }
    if (!payload && base58Decode(text, RIPPLE_ALPHABET)?.length === 25) return { ok: false, reason: addressMessages.checksum };
  }
  const payload = base58CheckDecode(text);
  if (payload && payload.length === 21) {
    const v = BASE58_VERSIONS[payload[0]!];
    if (v) {
      const network = v.chain === 'evm' ? 'ethereum' : (v.chain as Network);
      return { ok: true, address: { chain: v.chain, network, normalized: text, kind: v.kind } };
    }
    return { ok: false, reason: addressMessages.unrecognized };
  }
  const raw = base58Decode(text);
  if (raw && raw.length === 32 && text.length >= 32 && text.length <= 44) {
    return { ok: true, address: { chain: 'solana', network: 'solana', normalized: text, kind: 'account' } };
  }
  // Base58 that decodes to an address-sized payload but fails its checksum is a typo, not noise.
  if (raw && raw.length === 25) return { ok: false, reason: addressMessages.checksum };
  if (bech32Decode(text) === null && /^[a-z]{2,4}1[02-9ac-hj-np-z]{6,}$/i.test(text)) return { ok: false, reason: addressMessages.checksum };
  return { ok: false, reason: addressMessages.unrecognized };
}

/**
 * Parses a wallet address. `network` asks for a specific network: an EVM address can be screened
 * on any EVM network (Ethereum by default); a legacy 1…/3… address can be read as Bitcoin Cash.
 */
export function parseAddress(input: string, network?: Network): ParseResult {
  const text = input.trim();
  if (text.length === 0) return { ok: false, reason: addressMessages.empty };
  if (text.length > 120) return { ok: false, reason: addressMessages.tooLong };
  const result = detect(text);
  if (!result.ok || network === undefined) return result;
  const a = result.address;
  if (a.chain === 'evm' && (evmNetworks as readonly string[]).includes(network)) return { ok: true, address: { ...a, network } };
  if (a.chain === 'bitcoin' && network === 'bitcoin-cash' && (a.kind === 'p2pkh' || a.kind === 'p2sh')) {
    return { ok: true, address: { ...a, chain: 'bitcoin-cash', network: 'bitcoin-cash' } };
  }
  if (a.network !== network) {
    return { ok: false, reason: `This is a ${networkNames[a.network].replace('Ethereum', 'EVM')} address; it cannot be screened on ${networkNames[network]}` };
  }
  return result;
}
