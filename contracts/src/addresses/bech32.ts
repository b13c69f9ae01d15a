/**
 * Bech32 (BIP-173), Bech32m (BIP-350) and segwit addresses, on @scure/base. The functions keep
 * the shape callers had before (null for text that does not decode, never a throw).
 */
import { bech32, bech32m, utils } from '@scure/base';

export type Bech32Encoding = 'bech32' | 'bech32m';

export interface Bech32Decoded {
  hrp: string;
  data: number[];
  encoding: Bech32Encoding;
}

/**
 * Decodes a Bech32 or Bech32m string (all lower- or all upper-case, at most `limit` characters);
 * null when it is neither. The HRP is returned lower-case.
 */
export function bech32Decode(text: string, limit = 90): Bech32Decoded | null {
  const plain = bech32.decodeUnsafe(text, limit);
  if (plain) return { hrp: plain.prefix, data: plain.words, encoding: 'bech32' };
  const m = bech32m.decodeUnsafe(text, limit);
  if (m) return { hrp: m.prefix, data: m.words, encoding: 'bech32m' };
  return null;
}

export function bech32Encode(hrp: string, data: number[], encoding: Bech32Encoding): string {
  return (encoding === 'bech32' ? bech32 : bech32m).encode(hrp, data, 90);
}

/** Regroups bits (8→5 or 5→8); null on invalid padding when not padding, or on an out-of-range value. */
export function convertBits(data: ArrayLike<number>, from: number, to: number, pad: boolean): number[] | null {
  try {
    return utils.convertRadix2(Array.from(data), from, to, pad);
  } catch {
    return null;
  }
}

export interface SegwitAddress {
  version: number;
  program: Uint8Array;
}

/** A decoded segwit address: v0 with Bech32, v1–16 with Bech32m, programs of 2–40 bytes (v0: 20 or 32). */
export interface DecodedSegwit extends SegwitAddress {
  hrp: string;
}

/** The segwit address `address` encodes, whatever its HRP; null when it is not one. */
export function decodeSegwitAny(address: string): DecodedSegwit | null {
  const decoded = bech32Decode(address);
  if (!decoded || decoded.data.length < 1) return null;
  const version = decoded.data[0]!;
  if (version > 16) return null;
  if ((version === 0) !== (decoded.encoding === 'bech32')) return null;
  const program = convertBits(decoded.data.slice(1), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { hrp: decoded.hrp, version, program: Uint8Array.from(program) };
}

/** A segwit address for the HRP; null when it is not one. */
export function decodeSegwit(expectedHrp: string, address: string): SegwitAddress | null {
  const decoded = decodeSegwitAny(address);
  if (!decoded || decoded.hrp !== expectedHrp) return null;
  return { version: decoded.version, program: decoded.program };
}

/** The lower-case segwit address of a witness program (Bech32 for v0, Bech32m after). */
export function encodeSegwit(hrp: string, version: number, program: Uint8Array): string {
  return bech32Encode(hrp, [version, ...bech32.toWords(program)], version === 0 ? 'bech32' : 'bech32m');
}
