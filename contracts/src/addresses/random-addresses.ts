/**
 * Valid mainnet addresses of every supported type and network, made from random bytes, each with
 * the reading `parseAddress` must give it. The property tests (addresses.property.unit.test.ts)
 * and the bench (bench/addresses.bench.ts) share them. They are encoded with @scure/base and
 * @noble/hashes directly, not with the parser's own modules, so a parser bug is not mirrored
 * here; CashAddr, which no maintained library fits (see cashaddr.ts), uses our encoder, itself
 * pinned by the specification's vectors.
 */
import { keccak_256 } from '@noble/hashes/sha3';
import { sha256 } from '@noble/hashes/sha256';
import { utf8ToBytes } from '@noble/hashes/utils';
import { base58, base58xmr, base58xrp, bech32, bech32m, createBase58check, hex, utils } from '@scure/base';
import { encodeCashAddr } from './cashaddr';
import type { AddressKind, Chain, Network } from './parse';

/** What a generated address must parse to (`network`, when set, is asked for). */
export interface AddressSample {
  input: string;
  network?: Network;
  expected: { chain: Chain; network: Network; kind: AddressKind; normalized: string; tag?: number | null; xAddress?: string };
  /** Whether the format carries a checksum (a changed character must then never give the same address). */
  checked: boolean;
}

export interface AddressType {
  name: string;
  /** How many random bytes `make` reads. */
  bytes: number;
  make(random: Uint8Array): AddressSample;
}

const base58check = createBase58check(sha256);
const base58xrpCheck = utils.chain(
  utils.checksum(4, (data: Uint8Array) => sha256(sha256(data))),
  base58xrp,
);
const evmNetworkList = ['ethereum', 'bsc', 'polygon', 'arbitrum', 'base', 'optimism'] as const;
const cashSizes = [20, 24, 28, 32, 40, 48, 56, 64] as const;

/** EIP-55, written out here rather than taken from parse.ts. */
function eip55(body: string): string {
  const lower = body.toLowerCase();
  const hash = hex.encode(keccak_256(utf8ToBytes(lower)));
  return [...lower].map((c, i) => (parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join('');
}

const withVersion = (version: number, hash: Uint8Array) => Uint8Array.from([version, ...hash]);

function legacy(name: string, version: number, chain: Exclude<Chain, 'evm'>, kind: AddressKind): AddressType {
  return {
    name,
    bytes: 20,
    make: (r) => {
      const input = base58check.encode(withVersion(version, r));
      return { input, expected: { chain, network: chain, kind, normalized: input }, checked: true };
    },
  };
}

function segwit(
  name: string,
  hrp: 'bc' | 'ltc' | 'btg',
  chain: 'bitcoin' | 'litecoin' | 'bitcoin-gold',
  version: number,
  length: number,
  kind: AddressKind,
): AddressType {
  return {
    name,
    bytes: length + 1,
    make: (r) => {
      const words = [version, ...bech32.toWords(r.subarray(0, length))];
      const lower = (version === 0 ? bech32 : bech32m).encode(hrp, words);
      // Bech32 may be written all upper-case (QR codes); one random bit picks.
      const input = r[length]! & 1 ? lower.toUpperCase() : lower;
      return { input, expected: { chain, network: chain, kind, normalized: lower }, checked: true };
    },
  };
}

/** A Base58Check address whose version another chain also uses: the network is asked for. */
function legacyAsked(name: string, version: number, chain: Exclude<Chain, 'evm'>, kind: AddressKind): AddressType {
  const plain = legacy(name, version, chain, kind);
  return { ...plain, make: (r) => ({ ...plain.make(r), network: chain }) };
}

/** Monero (CryptoNote Base58 of a varint tag, the keys and a Keccak-256 checksum), written out here rather than taken from cryptonote.ts. */
function monero(name: string, tag: number, bytes: number, kind: AddressKind): AddressType {
  return {
    name,
    bytes,
    make: (r) => {
      const body = Uint8Array.from([tag, ...r.subarray(0, bytes)]);
      const input = base58xmr.encode(Uint8Array.from([...body, ...keccak_256(body).subarray(0, 4)]));
      return { input, expected: { chain: 'monero', network: 'monero', kind, normalized: input }, checked: true };
    },
  };
}

/** Zcash transparent: Base58Check with a two-byte version. */
function zcashTransparent(name: string, version: [number, number], kind: AddressKind): AddressType {
  return {
    name,
    bytes: 20,
    make: (r) => {
      const input = base58check.encode(Uint8Array.from([...version, ...r]));
      return { input, expected: { chain: 'zcash', network: 'zcash', kind, normalized: input }, checked: true };
    },
  };
}

const cashAddr = (withPrefix: boolean): AddressType => ({
  name: withPrefix ? 'bitcoin-cash-cashaddr' : 'bitcoin-cash-cashaddr-no-prefix',
  // A size, a type and case, then up to 64 bytes of hash.
  bytes: 66,
  make: (r) => {
    const size = cashSizes[r[0]! % cashSizes.length]!;
    const kind = r[1]! & 1 ? 'p2sh' : 'p2pkh';
    const normalized = encodeCashAddr(kind, r.subarray(2, 2 + size));
    const text = withPrefix ? normalized : normalized.slice('bitcoincash:'.length);
    const input = r[1]! & 2 ? text.toUpperCase() : text;
    return { input, expected: { chain: 'bitcoin-cash', network: 'bitcoin-cash', kind, normalized }, checked: true };
  },
});

function evm(name: string, casing: 'lower' | 'upper' | 'eip55'): AddressType {
  return {
    name,
    bytes: 21,
    make: (r) => {
      const body = hex.encode(r.subarray(0, 20));
      const written = casing === 'lower' ? body : casing === 'upper' ? body.toUpperCase() : eip55(body);
      const network = evmNetworkList[r[20]! % evmNetworkList.length]!;
      return {
        input: `0x${written}`,
        network,
        expected: { chain: 'evm', network, kind: 'account', normalized: `0x${eip55(body)}` },
        checked: casing === 'eip55',
      };
    },
  };
}

/** Every supported type and network. */
export const addressTypes: readonly AddressType[] = [
  legacy('bitcoin-p2pkh', 0x00, 'bitcoin', 'p2pkh'),
  legacy('bitcoin-p2sh', 0x05, 'bitcoin', 'p2sh'),
  segwit('bitcoin-p2wpkh', 'bc', 'bitcoin', 0, 20, 'p2wpkh'),
  segwit('bitcoin-p2wsh', 'bc', 'bitcoin', 0, 32, 'p2wsh'),
  segwit('bitcoin-p2tr', 'bc', 'bitcoin', 1, 32, 'p2tr'),
  legacy('litecoin-p2pkh', 0x30, 'litecoin', 'p2pkh'),
  legacy('litecoin-p2sh', 0x32, 'litecoin', 'p2sh'),
  {
    name: 'litecoin-p2sh-3',
    bytes: 20,
    make: (r) => ({
      input: base58check.encode(withVersion(0x05, r)),
      network: 'litecoin',
      expected: { chain: 'litecoin', network: 'litecoin', kind: 'p2sh', normalized: base58check.encode(withVersion(0x32, r)) },
      checked: true,
    }),
  },
  segwit('litecoin-p2wpkh', 'ltc', 'litecoin', 0, 20, 'p2wpkh'),
  segwit('litecoin-p2wsh', 'ltc', 'litecoin', 0, 32, 'p2wsh'),
  legacy('dogecoin-p2pkh', 0x1e, 'dogecoin', 'p2pkh'),
  legacy('dogecoin-p2sh', 0x16, 'dogecoin', 'p2sh'),
  cashAddr(true),
  cashAddr(false),
  {
    name: 'bitcoin-cash-legacy',
    bytes: 21,
    make: (r) => {
      const kind = r[20]! & 1 ? 'p2sh' : 'p2pkh';
      const input = base58check.encode(withVersion(kind === 'p2sh' ? 0x05 : 0x00, r.subarray(0, 20)));
      return { input, network: 'bitcoin-cash', expected: { chain: 'bitcoin-cash', network: 'bitcoin-cash', kind, normalized: input }, checked: true };
    },
  },
  evm('evm-lower', 'lower'),
  evm('evm-upper', 'upper'),
  evm('evm-eip55', 'eip55'),
  legacy('tron-base58', 0x41, 'tron', 'account'),
  // Screened against the sanctions lists only.
  monero('monero-standard', 18, 64, 'account'),
  monero('monero-subaddress', 42, 64, 'subaddress'),
  monero('monero-integrated', 19, 72, 'integrated'),
  zcashTransparent('zcash-t1', [0x1c, 0xb8], 'p2pkh'),
  zcashTransparent('zcash-t3', [0x1c, 0xbd], 'p2sh'),
  {
    name: 'zcash-sapling',
    bytes: 43,
    make: (r) => {
      const input = bech32.encode('zs', bech32.toWords(r), 90);
      return { input, expected: { chain: 'zcash', network: 'zcash', kind: 'shielded', normalized: input }, checked: true };
    },
  },
  legacy('dash-p2pkh', 0x4c, 'dash', 'p2pkh'),
  legacy('dash-p2sh', 0x10, 'dash', 'p2sh'),
  legacy('bitcoin-gold-p2pkh', 0x26, 'bitcoin-gold', 'p2pkh'),
  legacy('bitcoin-gold-p2sh', 0x17, 'bitcoin-gold', 'p2sh'),
  segwit('bitcoin-gold-p2wpkh', 'btg', 'bitcoin-gold', 0, 20, 'p2wpkh'),
  legacyAsked('verge-p2pkh', 0x1e, 'verge', 'p2pkh'),
  legacy('verge-p2sh', 0x21, 'verge', 'p2sh'),
  legacyAsked('bitcoin-sv-p2pkh', 0x00, 'bitcoin-sv', 'p2pkh'),
  {
    name: 'tron-hex',
    bytes: 21,
    make: (r) => {
      const body = hex.encode(r.subarray(0, 20));
      const casing = r[20]! % 3;
      const written = casing === 0 ? body : casing === 1 ? body.toUpperCase() : eip55(body);
      return {
        input: `41${written}`,
        expected: { chain: 'tron', network: 'tron', kind: 'account', normalized: base58check.encode(withVersion(0x41, r.subarray(0, 20))) },
        checked: casing === 2,
      };
    },
  },
  {
    name: 'solana',
    bytes: 32,
    make: (r) => {
      const input = base58.encode(r);
      return { input, expected: { chain: 'solana', network: 'solana', kind: 'account', normalized: input }, checked: false };
    },
  },
  {
    name: 'xrp-classic',
    bytes: 20,
    make: (r) => {
      const input = base58xrpCheck.encode(withVersion(0, r));
      return { input, expected: { chain: 'xrp', network: 'xrp', kind: 'account', normalized: input }, checked: true };
    },
  },
  {
    name: 'xrp-x-address',
    bytes: 25,
    make: (r) => {
      const account = r.subarray(0, 20);
      const hasTag = (r[24]! & 1) === 1;
      const tagBytes = hasTag ? [...r.subarray(20, 24), 0, 0, 0, 0] : [0, 0, 0, 0, 0, 0, 0, 0];
      const input = base58xrpCheck.encode(Uint8Array.from([0x05, 0x44, ...account, hasTag ? 1 : 0, ...tagBytes]));
      const tag = hasTag ? r[20]! + r[21]! * 0x100 + r[22]! * 0x10000 + r[23]! * 0x1000000 : null;
      return {
        input,
        expected: { chain: 'xrp', network: 'xrp', kind: 'account', normalized: base58xrpCheck.encode(withVersion(0, account)), xAddress: input, tag },
        checked: true,
      };
    },
  },
];
