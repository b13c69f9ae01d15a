import { sha256 } from '@noble/hashes/sha256';

export const BITCOIN_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const RIPPLE_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

/** Base58 decoding; null for a character outside the alphabet. */
export function base58Decode(text: string, alphabet = BITCOIN_ALPHABET): Uint8Array | null {
  if (text.length === 0) return null;
  let zeros = 0;
  while (zeros < text.length && text[zeros] === alphabet[0]) zeros++;
  const bytes: number[] = [];
  for (const char of text.slice(zeros)) {
    const value = alphabet.indexOf(char);
    if (value < 0) return null;
    let carry = value;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()]);
}

export function base58Encode(bytes: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  const digits: number[] = [0];
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i++) {
      carry += digits[i]! << 8;
      digits[i] = carry % 58;
      carry = (carry / 58) | 0;
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = (carry / 58) | 0;
    }
  }
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  const body = digits.reverse();
  while (body.length > 0 && body[0] === 0) body.shift();
  return alphabet[0]!.repeat(zeros) + body.map((d) => alphabet[d]).join('');
}

const doubleSha = (bytes: Uint8Array) => sha256(sha256(bytes));

/** Base58Check: the payload whose last 4 bytes are the first 4 of its double SHA-256; null otherwise. */
export function base58CheckDecode(text: string, alphabet = BITCOIN_ALPHABET): Uint8Array | null {
  const raw = base58Decode(text, alphabet);
  if (!raw || raw.length < 5) return null;
  const payload = raw.slice(0, -4);
  const check = doubleSha(payload);
  for (let i = 0; i < 4; i++) if (raw[raw.length - 4 + i] !== check[i]) return null;
  return payload;
}

export function base58CheckEncode(payload: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  const check = doubleSha(payload).slice(0, 4);
  return base58Encode(Uint8Array.from([...payload, ...check]), alphabet);
}
