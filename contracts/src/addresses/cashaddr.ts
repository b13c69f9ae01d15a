/**
 * CashAddr (Bitcoin Cash): `prefix:` + a base-32 payload (a version byte, then the hash) with a
 * 40-bit BCH checksum computed over the prefix and the payload, so a payload written without its
 * prefix is still checked against one (`bitcoincash` unless told otherwise).
 *
 * The checksum is written here, from the specification (bitcoincashorg/bitcoincash.org
 * spec/cashaddr.md), and pinned by its test vectors; the 8↔5-bit regrouping is @scure/base's.
 * No maintained CashAddr library fits: @bitauth/libauth ships ES modules only (the unit tests
 * run CommonJS) and is a whole wallet toolkit for one function; cashaddrjs and bchaddrjs have
 * had no release since 2018–2020 and pull in big-integer and Buffer polyfills; ecashaddrjs is
 * eCash's. Decoding and encoding are about forty lines.
 */
import { bech32 } from '@scure/base';

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const VALUES: Record<string, number> = Object.fromEntries([...CHARSET].map((c, i) => [c, i]));
/** Hash sizes in bytes by the version byte's three size bits. */
const SIZES = [20, 24, 28, 32, 40, 48, 56, 64] as const;
/** The generator of the checksum, each 40-bit constant as its high 8 bits and low 32 bits. */
const GENERATOR: ReadonlyArray<readonly [number, number]> = [
  [0x98, 0xf2bc8e61],
  [0x79, 0xb76d99e2],
  [0xf3, 0x3e5fb3c4],
  [0xae, 0x2eabe2a8],
  [0x1e, 0x4f43e470],
];

export const cashAddrPrefixes = { mainnet: 'bitcoincash', testnet: 'bchtest', regtest: 'bchreg' } as const;

/** The spec's PolyMod over 5-bit values, as [high 8 bits, low 32 bits] of the 40-bit result (before the final xor with 1). */
function polymod(values: readonly number[]): readonly [number, number] {
  let hi = 0;
  let lo = 1;
  for (const d of values) {
    const c0 = hi >>> 3;
    hi = ((hi & 0x07) << 5) | (lo >>> 27);
    lo = ((lo << 5) | d) >>> 0;
    for (let i = 0; i < 5; i++) {
      if ((c0 >>> i) & 1) {
        hi ^= GENERATOR[i]![0];
        lo = (lo ^ GENERATOR[i]![1]) >>> 0;
      }
    }
  }
  return [hi, lo];
}

const prefixValues = (prefix: string) => [...[...prefix].map((ch) => ch.charCodeAt(0) & 31), 0];

export interface CashAddr {
  prefix: string;
  type: 'p2pkh' | 'p2sh';
  hash: Uint8Array;
}

/**
 * Decodes `prefix:payload`, or a payload alone checked against `defaultPrefix`; all lower- or all
 * upper-case. Null when the checksum, the padding, the type or the hash size does not hold.
 */
export function decodeCashAddr(text: string, defaultPrefix: string = cashAddrPrefixes.mainnet): CashAddr | null {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return null;
  const lower = text.toLowerCase();
  const colon = lower.indexOf(':');
  const prefix = colon < 0 ? defaultPrefix : lower.slice(0, colon);
  const payload = colon < 0 ? lower : lower.slice(colon + 1);
  if (prefix.length === 0 || payload.length < 9) return null;
  const data: number[] = [];
  for (const ch of payload) {
    const v = VALUES[ch];
    if (v === undefined) return null;
    data.push(v);
  }
  const [hi, lo] = polymod([...prefixValues(prefix), ...data]);
  if (hi !== 0 || lo !== 1) return null;
  const bytes = bech32.fromWordsUnsafe(data.slice(0, -8));
  if (!bytes || bytes.length < 1) return null;
  const version = bytes[0]!;
  if ((version & 0x80) !== 0) return null;
  const type = (version >> 3) & 0x0f;
  if (type !== 0 && type !== 1) return null;
  const hash = Uint8Array.from(bytes.slice(1));
  if (hash.length !== SIZES[version & 7]) return null;
  return { prefix, type: type === 0 ? 'p2pkh' : 'p2sh', hash };
}

/** The lower-case CashAddr of a hash of one of the eight sizes, with its prefix. */
export function encodeCashAddr(type: 'p2pkh' | 'p2sh', hash: Uint8Array, prefix: string = cashAddrPrefixes.mainnet): string {
  const size = (SIZES as readonly number[]).indexOf(hash.length);
  if (size < 0) throw new Error('unsupported hash length');
  const version = ((type === 'p2pkh' ? 0 : 1) << 3) | size;
  const data = bech32.toWords(Uint8Array.from([version, ...hash]));
  const [hi, lo] = polymod([...prefixValues(prefix), ...data, 0, 0, 0, 0, 0, 0, 0, 0]);
  // The 40-bit checksum, xor 1, as eight 5-bit values, most significant first.
  const mod = hi * 2 ** 32 + ((lo ^ 1) >>> 0);
  const checksum = Array.from({ length: 8 }, (_, i) => Math.floor(mod / 2 ** (5 * (7 - i))) % 32);
  return `${prefix}:${[...data, ...checksum].map((d) => CHARSET[d]).join('')}`;
}
