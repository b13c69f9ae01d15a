/**
 * Base58 and Base58Check in Bitcoin's and the XRP Ledger's alphabets, on @scure/base (audited,
 * by the author of the @noble/hashes already used here). The functions keep the shape callers
 * had before (null for text that does not decode, never a throw).
 */
import { sha256 } from '@noble/hashes/sha256';
import { base58, base58xrp, type BytesCoder } from '@scure/base';

export const BITCOIN_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const RIPPLE_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

const coders: Record<string, BytesCoder> = { [BITCOIN_ALPHABET]: base58, [RIPPLE_ALPHABET]: base58xrp };

function coderFor(alphabet: string): BytesCoder {
  const coder = coders[alphabet];
  if (!coder) throw new Error('unsupported base58 alphabet');
  return coder;
}

/** Base58 decoding; null for empty text or a character outside the alphabet. */
export function base58Decode(text: string, alphabet = BITCOIN_ALPHABET): Uint8Array | null {
  if (text.length === 0) return null;
  try {
    return coderFor(alphabet).decode(text);
  } catch {
    return null;
  }
}

export function base58Encode(bytes: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  return coderFor(alphabet).encode(bytes);
}

/** The first 4 bytes of the double SHA-256 of `payload`. */
export const checksum4 = (payload: Uint8Array): Uint8Array => sha256(sha256(payload)).subarray(0, 4);

/** Whether `raw` (payload and 4 check bytes) carries a valid Base58Check checksum. */
export function hasValidChecksum(raw: Uint8Array): boolean {
  if (raw.length < 5) return false;
  const check = checksum4(raw.subarray(0, raw.length - 4));
  for (let i = 0; i < 4; i++) if (raw[raw.length - 4 + i] !== check[i]) return false;
  return true;
}

/** Base58Check: the payload whose last 4 bytes are the first 4 of its double SHA-256; null otherwise. */
export function base58CheckDecode(text: string, alphabet = BITCOIN_ALPHABET): Uint8Array | null {
  const raw = base58Decode(text, alphabet);
  if (!raw || !hasValidChecksum(raw)) return null;
  return raw.slice(0, -4);
}

export function base58CheckEncode(payload: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  const raw = new Uint8Array(payload.length + 4);
  raw.set(payload);
  raw.set(checksum4(payload), payload.length);
  return base58Encode(raw, alphabet);
}
