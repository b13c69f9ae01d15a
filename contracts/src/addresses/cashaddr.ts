/** CashAddr (Bitcoin Cash): `bitcoincash:` + base32 payload with a 40-bit BCH checksum. */
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function polymod(values: number[]): bigint {
  const gen = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    for (let i = 0; i < 5; i++) if ((c0 >> BigInt(i)) & 1n) c ^= gen[i]!;
  }
  return c ^ 1n;
}
const prefixData = (prefix: string) => [...[...prefix].map((ch) => ch.charCodeAt(0) & 31), 0];

export interface CashAddr {
  type: 'p2pkh' | 'p2sh';
  hash: Uint8Array;
}

/** Decodes with or without the `bitcoincash:` prefix; null when invalid. */
export function decodeCashAddr(text: string): CashAddr | null {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return null;
  const lower = text.toLowerCase();
  const [prefix, payload] = lower.includes(':') ? (lower.split(':', 2) as [string, string]) : ['bitcoincash', lower];
  if (prefix !== 'bitcoincash' || !payload || payload.length < 8) return null;
  const data: number[] = [];
  for (const ch of payload) {
    const v = CHARSET.indexOf(ch);
    if (v < 0) return null;
    data.push(v);
  }
  if (polymod([...prefixData(prefix), ...data]) !== 0n) return null;
  const body = data.slice(0, -8);
  let acc = 0;
  let bits = 0;
  const bytes: number[] = [];
  for (const v of body) {
    acc = ((acc << 5) | v) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  if (bits >= 5 || (acc & ((1 << bits) - 1)) !== 0) return null;
  const version = bytes[0];
  if (version === undefined || (version & 0x80) !== 0) return null;
  const sizes = [20, 24, 28, 32, 40, 48, 56, 64];
  const hash = Uint8Array.from(bytes.slice(1));
  if (hash.length !== sizes[version & 7]) return null;
  const kind = (version >> 3) & 0xf;
  if (kind !== 0 && kind !== 1) return null;
  return { type: kind === 0 ? 'p2pkh' : 'p2sh', hash };
}

export function encodeCashAddr(type: 'p2pkh' | 'p2sh', hash: Uint8Array): string {
  const sizes = [20, 24, 28, 32, 40, 48, 56, 64];
  const size = sizes.indexOf(hash.length);
  if (size < 0) throw new Error('unsupported hash length');
  const version = ((type === 'p2pkh' ? 0 : 1) << 3) | size;
  const bytes = [version, ...hash];
  const data: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = ((acc << 8) | b) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      data.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) data.push((acc << (5 - bits)) & 31);
  const mod = polymod([...prefixData('bitcoincash'), ...data, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksum = Array.from({ length: 8 }, (_, i) => Number((mod >> BigInt(5 * (7 - i))) & 31n));
  return `bitcoincash:${[...data, ...checksum].map((d) => CHARSET[d]).join('')}`;
}
