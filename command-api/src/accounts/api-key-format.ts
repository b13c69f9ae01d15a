/**
 * The API key's text: `wsk_<key id: 12 hex>_<54 base64url>`, the last part being the user id's 16
 * bytes and 24 random bytes. The user id inside lets a call find the account's stream directly (one
 * read, as for a session token); the key is stored only as its SHA-256 (the 192 random bits make a
 * slow hash unnecessary).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY = /^wsk_([0-9a-f]{12})_([A-Za-z0-9_-]{54})$/;

export interface NewApiKey {
  key: string;
  keyId: string;
  prefix: string;
  keyHash: string;
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) => {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

export function newApiKey(userId: string): NewApiKey {
  const keyId = randomBytes(6).toString('hex');
  const key = `wsk_${keyId}_${Buffer.concat([uuidBytes(userId), randomBytes(24)]).toString('base64url')}`;
  return { key, keyId, prefix: `wsk_${keyId}`, keyHash: hashApiKey(key) };
}

/** The key id and user id a presented key names, or null when it is not a key of ours. */
export function readApiKey(key: string): { keyId: string; userId: string } | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const payload = Buffer.from(match[2]!, 'base64url');
  if (payload.length !== 40) return null;
  return { keyId: match[1]!, userId: uuidText(payload.subarray(0, 16)) };
}

/** Whether a presented key is the one stored as `keyHash` (constant time). */
export function keyMatches(key: string, keyHash: string): boolean {
  const a = Buffer.from(hashApiKey(key), 'hex');
  const b = Buffer.from(keyHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
