/**
 * Signed tree heads of the audit log (RFC 9162 §4.10's tree head: the tree's size, its root hash
 * and when it was signed), signed with the installation's Ed25519 key (Node's crypto).
 *
 * What is signed is this text, UTF-8, each line ending in a line feed:
 *
 *   WalletScreen signed tree head v1
 *   origin <the installation, e.g. walletscreen.example.com>
 *   tree size <decimal>
 *   root hash <64 lowercase hex digits>
 *   timestamp <ISO 8601, UTC, milliseconds>
 *
 * so a verifier needs nothing but the key and an Ed25519 implementation (OpenSSL: `openssl pkeyutl
 * -verify -rawin`). The key is named by its fingerprint: the SHA-256 of its SubjectPublicKeyInfo
 * (DER), in hex.
 */
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

export const TREE_HEAD_TITLE = 'WalletScreen signed tree head v1';

export interface TreeHead {
  /** The installation whose log it is (its public address's host, or what the operator named it). */
  origin: string;
  treeSize: number;
  /** The root hash, hex. */
  rootHash: string;
  /** When it was signed: ISO 8601, UTC. */
  timestamp: string;
}

export interface SignedTreeHead extends TreeHead {
  /** The signing key's fingerprint (`keyFingerprint`). */
  keyId: string;
  /** The Ed25519 signature of `treeHeadText(head)`, base64. */
  signature: string;
}

const HEX_HASH = /^[0-9a-f]{64}$/;

/** What the problem is with a tree head's fields, or null. */
export function treeHeadProblem(head: TreeHead): string | null {
  if (!head.origin || /[\n\r]/.test(head.origin)) return 'the origin is empty or holds a line break';
  if (!Number.isSafeInteger(head.treeSize) || head.treeSize < 0) return 'the tree size is not a whole number';
  if (!HEX_HASH.test(head.rootHash)) return 'the root hash is not 64 lowercase hex digits';
  if (Number.isNaN(Date.parse(head.timestamp)) || new Date(head.timestamp).toISOString() !== head.timestamp) return 'the timestamp is not an ISO 8601 UTC time';
  return null;
}

/** The text a tree head's signature covers. */
export function treeHeadText(head: TreeHead): string {
  const problem = treeHeadProblem(head);
  if (problem) throw new RangeError(`not a tree head: ${problem}`);
  return `${TREE_HEAD_TITLE}\norigin ${head.origin}\ntree size ${head.treeSize}\nroot hash ${head.rootHash}\ntimestamp ${head.timestamp}\n`;
}

/** A public key's fingerprint: SHA-256 of its SubjectPublicKeyInfo (DER), hex. */
export function keyFingerprint(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

/** The public key as PEM (SubjectPublicKeyInfo). */
export const publicKeyPem = (publicKey: KeyObject): string => publicKey.export({ type: 'spki', format: 'pem' }).toString();

export function signTreeHead(head: TreeHead, privateKey: KeyObject): SignedTreeHead {
  const signature = sign(null, Buffer.from(treeHeadText(head), 'utf8'), privateKey).toString('base64');
  return { ...head, keyId: keyFingerprint(createPublicKey(privateKey)), signature };
}

/** Why a signed tree head does not verify with this key (null when it does). */
export function treeHeadSignatureProblem(head: SignedTreeHead, publicKey: KeyObject): string | null {
  const problem = treeHeadProblem(head);
  if (problem) return `the tree head is malformed: ${problem}`;
  if (head.keyId !== keyFingerprint(publicKey)) return `the tree head names key ${head.keyId}, not the key given (${keyFingerprint(publicKey)})`;
  let ok: boolean;
  try {
    ok = verify(null, Buffer.from(treeHeadText(head), 'utf8'), publicKey, Buffer.from(head.signature, 'base64'));
  } catch {
    ok = false;
  }
  return ok ? null : "the signature does not verify with the installation's public key: the tree head or its signature was altered";
}

/** An Ed25519 key pair from a PKCS#8 PEM private key; throws with the reason when it is not one. */
export function ed25519KeyFromPem(pem: string): { privateKey: KeyObject; publicKey: KeyObject } {
  const privateKey = createPrivateKey({ key: pem, format: 'pem' });
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`it is an ${privateKey.asymmetricKeyType ?? 'unknown'} key, not an Ed25519 key`);
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** A public key from PEM (SubjectPublicKeyInfo); throws when it is not an Ed25519 key. */
export function ed25519PublicKeyFromPem(pem: string): KeyObject {
  const key = createPublicKey({ key: pem, format: 'pem' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`it is an ${key.asymmetricKeyType ?? 'unknown'} key, not an Ed25519 key`);
  return key;
}
