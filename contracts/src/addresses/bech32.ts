/** Bech32 (BIP-173) and Bech32m (BIP-350), and segwit address decoding. */
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
export type Bech32Encoding = 'bech32' | 'bech32m';
const CONSTANT: Record<Bech32Encoding, number> = { bech32: 1, bech32m: 0x2bc830a3 };

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i]!;
  }
  return chk >>> 0;
}
const hrpExpand = (hrp: string) => [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];

export interface Bech32Decoded {
  hrp: string;
  data: number[];
  encoding: Bech32Encoding;
}

/** Decodes a Bech32 or Bech32m string; null when it is neither. The HRP is returned lower-case. */
export function bech32Decode(text: string, limit = 90): Bech32Decoded | null {
  if (text.length > limit) return null;
  for (const c of text) if (c.charCodeAt(0) < 33 || c.charCodeAt(0) > 126) return null;
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return null;
  const lower = text.toLowerCase();
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || sep + 7 > lower.length) return null;
  const hrp = lower.slice(0, sep);
  const data: number[] = [];
  for (const c of lower.slice(sep + 1)) {
    const v = CHARSET.indexOf(c);
    if (v < 0) return null;
    data.push(v);
  }
  const check = polymod([...hrpExpand(hrp), ...data]);
  const encoding = check === CONSTANT.bech32 ? 'bech32' : check === CONSTANT.bech32m ? 'bech32m' : null;
  if (!encoding) return null;
  return { hrp, data: data.slice(0, -6), encoding };
}

export function bech32Encode(hrp: string, data: number[], encoding: Bech32Encoding): string {
  const values = [...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0];
  const mod = polymod(values) ^ CONSTANT[encoding];
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => CHARSET[d]).join('')}`;
}

/** Regroups bits (8→5 or 5→8); null on invalid padding when not padding. */
export function convertBits(data: ArrayLike<number>, from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (let i = 0; i < data.length; i++) {
    const value = data[i]!;
    if (value < 0 || value >> from !== 0) return null;
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & maxv);
  } else if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) {
    return null;
  }
  return out;
}

export interface SegwitAddress {
  version: number;
  program: Uint8Array;
}

/** A segwit address for the HRP: v0 with Bech32, v1–16 with Bech32m, programs of 2–40 bytes (v0: 20 or 32). */
export function decodeSegwit(expectedHrp: string, address: string): SegwitAddress | null {
  const decoded = bech32Decode(address);
  if (!decoded || decoded.hrp !== expectedHrp || decoded.data.length < 1) return null;
  const version = decoded.data[0]!;
  if (version > 16) return null;
  if ((version === 0) !== (decoded.encoding === 'bech32')) return null;
  const program = convertBits(decoded.data.slice(1), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { version, program: Uint8Array.from(program) };
}
