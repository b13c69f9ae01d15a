/**
 * Monero addresses: CryptoNote's block-wise Base58 (@scure/base's `base58xmr`) of a varint tag, the
 * public spend and view keys (32 bytes each; an integrated address adds an 8-byte payment id) and a
 * checksum, the first 4 bytes of the Keccak-256 of what precedes it. Mainnet tags: 18 (standard,
 * `4…`), 19 (integrated, `4…`, 106 characters), 42 (subaddress, `8…`). Monero's own vectors
 * (tests/unit_tests/base58.cpp) are the tests'.
 */
import { keccak_256 } from '@noble/hashes/sha3';
import { base58xmr } from '@scure/base';

/** A CryptoNote address decoded: its tag (a varint) and the data after it; null for text that does not decode or whose checksum fails. */
export function decodeCryptoNoteAddress(text: string): { tag: number; data: Uint8Array } | null {
  let raw: Uint8Array;
  try {
    raw = base58xmr.decode(text);
  } catch {
    return null;
  }
  if (raw.length < 5) return null;
  const body = raw.subarray(0, raw.length - 4);
  const check = keccak_256(body);
  for (let i = 0; i < 4; i++) if (raw[raw.length - 4 + i] !== check[i]) return null;
  // The tag is a little-endian base-128 varint (at most 9 bytes for a 64-bit tag).
  let tag = 0;
  let i = 0;
  for (; i < body.length && i < 9; i++) {
    tag += (body[i]! & 0x7f) * 2 ** (7 * i);
    if ((body[i]! & 0x80) === 0) break;
  }
  if (i >= body.length || i >= 9) return null;
  return { tag, data: body.subarray(i + 1) };
}

/** Monero mainnet tags, with the length of the data each carries. */
const MONERO_MAINNET: Record<number, { kind: 'standard' | 'integrated' | 'subaddress'; bytes: number }> = {
  18: { kind: 'standard', bytes: 64 },
  19: { kind: 'integrated', bytes: 72 },
  42: { kind: 'subaddress', bytes: 64 },
};

/** Monero testnet and stagenet tags (refused as test addresses). */
export const MONERO_TEST_TAGS: ReadonlySet<number> = new Set([53, 54, 63, 24, 25, 36]);

/** A Monero mainnet address's kind, or null when `text` is not one. */
export function moneroAddressKind(text: string): 'standard' | 'integrated' | 'subaddress' | null {
  if (text.length !== 95 && text.length !== 106) return null;
  const decoded = decodeCryptoNoteAddress(text);
  const known = decoded ? MONERO_MAINNET[decoded.tag] : undefined;
  return known && decoded!.data.length === known.bytes ? known.kind : null;
}

/** Whether `text` is a Monero testnet or stagenet address. */
export function isMoneroTestAddress(text: string): boolean {
  if (text.length !== 95 && text.length !== 106) return false;
  const decoded = decodeCryptoNoteAddress(text);
  return decoded !== null && MONERO_TEST_TAGS.has(decoded.tag);
}

/** Whether `text` has a Monero address's shape (length, alphabet, first character) whatever its checksum: a mistyped one is a typo, not another coin. */
export const hasMoneroShape = (text: string): boolean => (text.length === 95 || text.length === 106) && /^[48][1-9A-HJ-NP-Za-km-z]+$/.test(text);
