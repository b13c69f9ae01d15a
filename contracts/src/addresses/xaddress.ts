/**
 * XRP Ledger classic addresses (`r…`: Base58Check, XRP alphabet, version 0 + a 20-byte account
 * ID) and X-addresses (XLS-5d: the account ID and an optional 32-bit destination tag in one
 * string, `X…` on mainnet, `T…` on testnet), as ripple-address-codec reads them.
 */
import { base58CheckDecode, base58CheckEncode, RIPPLE_ALPHABET } from './base58';

const MAINNET = [0x05, 0x44] as const;
const TESTNET = [0x04, 0x93] as const;

export interface XAddress {
  /** The account's classic address (`r…`). */
  classicAddress: string;
  /** The destination tag, or null for an X-address without one. */
  tag: number | null;
  test: boolean;
}

/** The 20-byte account ID of a classic address; null when it is not one. */
export function decodeClassicAddress(text: string): Uint8Array | null {
  const payload = base58CheckDecode(text, RIPPLE_ALPHABET);
  if (!payload || payload.length !== 21 || payload[0] !== 0) return null;
  return payload.slice(1);
}

export const encodeClassicAddress = (accountId: Uint8Array): string => base58CheckEncode(Uint8Array.from([0, ...accountId]), RIPPLE_ALPHABET);

/**
 * Decodes an X-address; null when it is not one (checksum, prefix, or the flag and tag bytes:
 * flag 0 with eight zero bytes, or flag 1 with a 32-bit little-endian tag and four zero bytes;
 * 64-bit tags are reserved and refused, as ripple-address-codec refuses them).
 */
export function decodeXAddress(text: string): XAddress | null {
  const payload = base58CheckDecode(text, RIPPLE_ALPHABET);
  if (!payload || payload.length !== 31) return null;
  const test = payload[0] === TESTNET[0] && payload[1] === TESTNET[1];
  if (!test && !(payload[0] === MAINNET[0] && payload[1] === MAINNET[1])) return null;
  const flag = payload[22]!;
  const tagBytes = payload.subarray(23, 31);
  if (flag !== 0 && flag !== 1) return null;
  for (let i = flag === 0 ? 0 : 4; i < 8; i++) if (tagBytes[i] !== 0) return null;
  const tag = flag === 0 ? null : tagBytes[0]! + tagBytes[1]! * 0x100 + tagBytes[2]! * 0x10000 + tagBytes[3]! * 0x1000000;
  return { classicAddress: encodeClassicAddress(payload.subarray(2, 22)), tag, test };
}

/** The X-address of an account ID and tag (null: none). */
export function encodeXAddress(accountId: Uint8Array, tag: number | null, test = false): string {
  if (accountId.length !== 20) throw new Error('an account ID is 20 bytes');
  if (tag !== null && (!Number.isInteger(tag) || tag < 0 || tag > 0xffffffff)) throw new Error('a tag is a 32-bit unsigned integer');
  const t = tag ?? 0;
  const payload = Uint8Array.from([
    ...(test ? TESTNET : MAINNET),
    ...accountId,
    tag === null ? 0 : 1,
    t & 0xff,
    (t >>> 8) & 0xff,
    (t >>> 16) & 0xff,
    (t >>> 24) & 0xff,
    0,
    0,
    0,
    0,
  ]);
  return base58CheckEncode(payload, RIPPLE_ALPHABET);
}
