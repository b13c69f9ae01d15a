/**
 * The store's events held to the audit log's signed tree heads, for `npm run audit:verify`
 * (operations.ts): the heads the store recorded (`audit-log-tree-heads`) and those a witness kept
 * (`--tree-heads FILE`: what it received, a JSON array or one JSON object per line), the kept nodes
 * of the log tree read model (read-models.db), and the installation's key (`--key FILE`, else the
 * configured one) as the only key a head may be signed with. It names the events that changed since
 * a head was signed, even when the hash chain and the record of how far it was verified were rewritten.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import { treeHeadsStreamId, type TreeHeadSigned } from '@walletscreen/domain/tree-heads/events';
import {
  AUDIT_LOG_KEY_FILE,
  chainWalkPace,
  describeLogVerification,
  ed25519KeyFromPem,
  ed25519PublicKeyFromPem,
  keyFingerprint,
  verifyLogAgainstTreeHeads,
  type ChainProblem,
  type EventStore,
  type KeptTreeHead,
  type LogVerification,
  type ReadStore,
} from '@walletscreen/platform';
import { sqliteFiles, SqliteReadStore, type SqliteEventStore } from '@walletscreen/platform/adapters';
import { allProjections, readModelGenerations } from '@walletscreen/projections';
import { logTreeNodeHashes } from '@walletscreen/projections/log-tree/queries';
import path from 'node:path';

/** The heads in a witness's file: what it was sent (a JSON array, or one JSON object per line). */
export function witnessHeads(text: string, from: string): KeptTreeHead[] {
  const trimmed = text.trim();
  const items: unknown[] = trimmed.startsWith('[')
    ? (JSON.parse(trimmed) as unknown[])
    : trimmed
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown);
  return items.map((item) => {
    const h = item as Record<string, unknown>;
    return {
      origin: String(h.origin),
      treeSize: Number(h.tree_size ?? h.treeSize),
      rootHash: String(h.root_hash ?? h.rootHash),
      timestamp: String(h.timestamp),
      keyId: String(h.key_id ?? h.keyId),
      signature: String(h.signature),
      ...(typeof (h.public_key_pem ?? h.publicKey) === 'string' ? { publicKey: String(h.public_key_pem ?? h.publicKey) } : {}),
      from,
    };
  });
}

/** The installation's public key: the file given, else AUDIT_LOG_SIGNING_KEY_FILE's, else DATA_DIR's; null when there is none. */
function installationKey(dataDir: string, env: NodeJS.ProcessEnv, keyFile: string | undefined): KeyObject | null {
  if (keyFile) {
    const pem = readFileSync(keyFile, 'utf8');
    return pem.includes('PRIVATE KEY') ? ed25519KeyFromPem(pem).publicKey : ed25519PublicKeyFromPem(pem);
  }
  const file = env.AUDIT_LOG_SIGNING_KEY_FILE?.trim() || path.join(dataDir, AUDIT_LOG_KEY_FILE);
  return existsSync(file) ? ed25519KeyFromPem(readFileSync(file, 'utf8')).publicKey : null;
}

export async function verifyAgainstTreeHeads(deps: {
  store: SqliteEventStore;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  witnessFile?: string;
  keyFile?: string;
}): Promise<{ result: LogVerification; lines: string[] }> {
  const stored = (await deps.store.readStream(treeHeadsStreamId))
    .filter((e) => e.type === 'TreeHeadSigned')
    .map((e) => ({ ...(e.data as TreeHeadSigned), from: 'the store' }));
  const witnessed = deps.witnessFile ? witnessHeads(readFileSync(deps.witnessFile, 'utf8'), `the witness file ${path.basename(deps.witnessFile)}`) : [];
  const key = installationKey(deps.dataDir, deps.env, deps.keyFile);
  const readModels = sqliteFiles(deps.dataDir).readModels;
  const readStore = existsSync(readModels) ? new SqliteReadStore({ file: readModels }) : null;
  try {
    const current = readStore && (await readModelGenerations({ store: readStore, projections: allProjections }));
    const result = await verifyLogAgainstTreeHeads({
      readAll: (o) => deps.store.readAll(o),
      heads: [...stored, ...witnessed],
      nodes: async (ids) => (current ? logTreeNodeHashes(current, ids) : new Map()),
      ...(key ? { trustedKeys: [key] } : {}),
    });
    return { result, lines: describeLogVerification(result) };
  } finally {
    await readStore?.close();
  }
}

/** The share of one core the server's walk against the signed heads takes (as its walk of the hash chain). */
const BACKGROUND_SHARE = 0.1;

/**
 * For the server's walk of the whole chain (integrity/monitor.ts): the store's events held to the
 * tree heads it recorded, signed with the installation's key. A head they no longer match is a
 * break of kind `rewritten` at the first event named changed (else the first of the range the change
 * is in, else the first event after the last head that matches), even where the hash chain and the
 * record of how far it was verified were rewritten; writes are then halted as for any break. Null
 * when every head holds (or none was signed yet).
 */
export function signedHeadsCheck(deps: {
  eventStore: EventStore;
  readStore: ReadStore;
  /** The installation's public key. */
  key: KeyObject;
}): () => Promise<ChainProblem | null> {
  return async () => {
    // The heads signed with the installation's key now: one signed with another (a key rotated since, or a forgery over a
    // rewritten history) proves nothing the server can hold it to; `npm run audit:verify --key` reports those.
    const keyId = keyFingerprint(deps.key);
    const heads = (await deps.eventStore.readStream(treeHeadsStreamId))
      .filter((e) => e.type === 'TreeHeadSigned')
      .map((e) => ({ ...(e.data as TreeHeadSigned), from: 'the store' }))
      .filter((h) => h.keyId === keyId);
    if (heads.length === 0) return null;
    const current = await readModelGenerations({ store: deps.readStore, projections: allProjections });
    const result = await verifyLogAgainstTreeHeads({
      readAll: (o) => deps.eventStore.readAll(o),
      heads,
      nodes: async (ids) => logTreeNodeHashes(current, ids),
      trustedKeys: [deps.key],
      pace: chainWalkPace(BACKGROUND_SHARE),
    });
    if (result.ok) return null;
    const named = result.changed.find((c) => c.position !== null);
    const position =
      named?.position ??
      (result.unresolved[0] ? result.unresolved[0].from + 1 : null) ??
      (result.firstMismatch ? (result.lastMatch?.treeSize ?? 0) + 1 : Math.min(...result.badHeads.map((b) => b.head.treeSize)));
    return {
      kind: 'rewritten',
      position,
      streamId: named?.streamId ?? null,
      revision: named?.revision ?? null,
      type: named?.type ?? null,
      eventId: named?.eventId ?? null,
      message: `the events no longer match the audit log's signed tree heads: ${describeLogVerification(result).join(' ')}`,
      ...(result.firstMismatch ? { expected: result.firstMismatch.rootHash } : {}),
    };
  };
}
