/**
 * The store's events held to the audit log's signed tree heads: which events changed since a head
 * was signed, even when whoever changed them also recomputed the hash chain (and rewrote the
 * record of how far it was verified), since they cannot sign a tree head with a key they do not
 * hold (AUDIT_LOG_SIGNING_KEY_FILE outside the data directory), nor take back the heads a witness
 * keeps.
 *
 * 1. Each head's signature is checked (with the key it names, held to the trusted keys when given).
 * 2. The tree is recomputed over the events as they are now (each one's canonical form a leaf), and
 *    its root compared with each head's at that head's size. A head that matches proves every event
 *    it covers unchanged; the first that does not bounds the change from below.
 * 3. Below the largest head that does not match, the change is narrowed down to the events: from the
 *    signed root, the tree's nodes as the log tree read model kept them are trusted wherever they
 *    hash up to a trusted node (ultimately the signed root); each trusted node is compared with the
 *    same node recomputed now, and only the differing ones are descended into, down to the leaves:
 *    those are the events that changed. Where the kept nodes do not hash up (they were rebuilt from
 *    the changed events, or altered too), the report names the range of events the change is in.
 */
import type { KeyObject } from 'node:crypto';
import { canonicalEvent } from '../hash-chain';
import type { EventStore, RecordedEvent } from '../port';
import { appendLeaf, compactRangeRoot, emptyRange, leafHash, nodeHash, nodeKey, rangeNodes, splitPoint, type CompactRange, type NodeId } from './merkle';
import { ed25519PublicKeyFromPem, keyFingerprint, treeHeadSignatureProblem } from './tree-head';

/** A signed tree head as the store or a witness keeps it. */
export interface KeptTreeHead {
  origin: string;
  treeSize: number;
  rootHash: string;
  timestamp: string;
  keyId: string;
  signature: string;
  /** PEM; the trusted keys are used when absent. */
  publicKey?: string;
  /** Where it was read from: "the store", "the witness file". */
  from: string;
}

/** An event that differs from what a signed head recorded at its leaf. */
export interface ChangedEvent {
  leafIndex: number;
  /** The event now at that leaf (null: the log has no event there any more). */
  position: number | null;
  streamId: string | null;
  revision: number | null;
  type: string | null;
  eventId: string | null;
}

export interface LogVerification {
  ok: boolean;
  /** The heads checked (signature valid), and the events walked. */
  heads: number;
  events: number;
  /** Heads whose signature does not verify: they prove nothing (and someone altered or forged them). */
  badHeads: Array<{ head: KeptTreeHead; problem: string }>;
  /** The first head the events no longer match, and the last one before it that they do. */
  firstMismatch: KeptTreeHead | null;
  lastMatch: KeptTreeHead | null;
  /** The events that changed, as far as they can be named (leaf order). */
  changed: ChangedEvent[];
  /** Leaves changed beyond those named (when many are, as after a removal: every later leaf moved). */
  moreChanged: number;
  /** Ranges of leaves [from, to) holding a change that could not be narrowed further (the kept tree nodes do not hash up to the signed root). */
  unresolved: Array<{ from: number; to: number }>;
}

/** The tree's kept nodes: the hashes (hex) of the perfect subtrees asked for, absent where none is kept. */
export type KeptNodes = (ids: readonly NodeId[]) => Promise<Map<string, string>>;

const NAMED = 20;

export async function verifyLogAgainstTreeHeads(deps: {
  readAll: EventStore['readAll'];
  heads: readonly KeptTreeHead[];
  nodes: KeptNodes;
  /** The installation's keys: a head signed by any other key proves nothing. Absent: each head's own key. */
  trustedKeys?: readonly KeyObject[];
  pageSize?: number;
  /** Waited for after each page of events read (a walk in the background: hash-chain.ts's `chainWalkPace`). */
  pace?: (pageMs: number) => Promise<void>;
}): Promise<LogVerification> {
  const badHeads: LogVerification['badHeads'] = [];
  const trusted = new Map((deps.trustedKeys ?? []).map((k) => [keyFingerprint(k), k]));
  const good: KeptTreeHead[] = [];
  for (const head of deps.heads) {
    let key: KeyObject | undefined;
    try {
      key = trusted.size > 0 ? trusted.get(head.keyId) : head.publicKey ? ed25519PublicKeyFromPem(head.publicKey) : undefined;
    } catch {
      key = undefined;
    }
    if (!key) {
      badHeads.push({ head, problem: `it is signed by key ${head.keyId}, which is not the installation's` });
      continue;
    }
    const problem = treeHeadSignatureProblem(head, key);
    if (problem) badHeads.push({ head, problem });
    else good.push(head);
  }
  good.sort((a, b) => a.treeSize - b.treeSize);

  // The events as they are now: each one's leaf, and the root at every signed size on the way.
  const leaves: Buffer[] = [];
  const positions: number[] = [];
  const rootAt = new Map<number, string>();
  const sizes = new Set(good.map((h) => h.treeSize));
  let range: CompactRange = emptyRange();
  for (let after = 0, pageStarted = performance.now(); ; pageStarted = performance.now()) {
    const page = await deps.readAll({ after, maxCount: deps.pageSize ?? 1000 });
    if (page.length === 0) break;
    for (const e of page) {
      const leaf = leafHash(canonicalEvent(e));
      leaves.push(leaf);
      positions.push(e.position);
      range = appendLeaf(range, leaf).range;
      if (sizes.has(range.size)) rootAt.set(range.size, compactRangeRoot(range).toString('hex'));
    }
    after = page[page.length - 1]!.position;
    await deps.pace?.(performance.now() - pageStarted);
  }

  let lastMatch: KeptTreeHead | null = null;
  let firstMismatch: KeptTreeHead | null = null;
  const mismatching: KeptTreeHead[] = [];
  for (const head of good) {
    if (rootAt.get(head.treeSize) === head.rootHash) {
      if (!firstMismatch) lastMatch = head;
    } else {
      firstMismatch ??= head;
      mismatching.push(head);
    }
  }
  const result: LogVerification = {
    ok: badHeads.length === 0 && mismatching.length === 0,
    heads: good.length,
    events: leaves.length,
    badHeads,
    firstMismatch,
    lastMatch,
    changed: [],
    moreChanged: 0,
    unresolved: [],
  };
  if (mismatching.length === 0) return result;

  // Narrowing down under the largest head that no longer matches.
  const largest = mismatching[mismatching.length - 1]!;
  const now = new Map<string, Buffer>();
  /** A perfect subtree's hash over the leaves as they are now (null where the log no longer has all its leaves). */
  const nowNode = (id: NodeId): Buffer | null => {
    const key = nodeKey(id);
    const kept = now.get(key);
    if (kept) return kept;
    const start = id.index * 2 ** id.level;
    if (start + 2 ** id.level > leaves.length) return null;
    const hash =
      id.level === 0
        ? leaves[start]!
        : nodeHash(nowNode({ level: id.level - 1, index: id.index * 2 })!, nowNode({ level: id.level - 1, index: id.index * 2 + 1 })!);
    now.set(key, hash);
    return hash;
  };
  /** MTH(D[a:b]) from a source of perfect subtrees (null where one is missing). */
  const rangeFrom = (a: number, b: number, node: (id: NodeId) => Buffer | null): Buffer | null => {
    const parts = rangeNodes(a, b).map(node);
    if (parts.some((p) => p === null)) return null;
    const compose = (s: number, e: number, list: Buffer[]): { hash: Buffer; rest: Buffer[] } => {
      const length = e - s;
      if ((length & (length - 1)) === 0 && s % length === 0) return { hash: list[0]!, rest: list.slice(1) };
      const k = splitPoint(length);
      const left = compose(s, s + k, list);
      const right = compose(s + k, e, left.rest);
      return { hash: nodeHash(left.hash, right.hash), rest: right.rest };
    };
    return compose(a, b, parts as Buffer[]).hash;
  };

  const changedLeaves: number[] = [];
  const lowerBound = lastMatch?.treeSize ?? 0;
  const descend = async (a: number, b: number, trustedHash: Buffer): Promise<void> => {
    // Every head that matches proves the leaves it covers.
    if (b <= lowerBound) return;
    const current = rangeFrom(a, b, nowNode);
    if (current && current.equals(trustedHash)) return;
    if (b - a === 1) {
      changedLeaves.push(a);
      return;
    }
    const k = splitPoint(b - a);
    const ids = [...rangeNodes(a, a + k), ...rangeNodes(a + k, b)];
    const kept = await deps.nodes(ids);
    const keptNode = (id: NodeId) => {
      const h = kept.get(nodeKey(id));
      return h ? Buffer.from(h, 'hex') : null;
    };
    const left = rangeFrom(a, a + k, keptNode);
    const right = rangeFrom(a + k, b, keptNode);
    if (!left || !right || !nodeHash(left, right).equals(trustedHash)) {
      result.unresolved.push({ from: Math.max(a, lowerBound), to: b });
      return;
    }
    await descend(a, a + k, left);
    await descend(a + k, b, right);
  };
  await descend(0, largest.treeSize, Buffer.from(largest.rootHash, 'hex'));

  // The events at the changed leaves, as they are now.
  const named = changedLeaves.slice(0, NAMED);
  for (const leafIndex of named) {
    const position = positions[leafIndex];
    const [e]: Array<RecordedEvent | undefined> = position === undefined ? [] : await deps.readAll({ after: position - 1, maxCount: 1 });
    result.changed.push(
      e && e.position === position
        ? { leafIndex, position: e.position, streamId: e.streamId, revision: e.revision, type: e.type, eventId: e.id }
        : { leafIndex, position: null, streamId: null, revision: null, type: null, eventId: null },
    );
  }
  result.moreChanged = changedLeaves.length - named.length;
  return result;
}

/** The verification in lines an operator reads. */
export function describeLogVerification(v: LogVerification): string[] {
  const lines: string[] = [];
  const headName = (h: KeptTreeHead) => `the tree head of ${h.treeSize} events signed ${h.timestamp} (${h.from})`;
  for (const b of v.badHeads) lines.push(`TAMPERED: ${headName(b.head)} does not verify: ${b.problem}`);
  // A store no head was signed over yet (or whose heads were all refused above) has nothing more to say.
  if (v.heads === 0) return lines;
  if (!v.firstMismatch) {
    lines.push(`Signed tree heads: all ${v.heads} match the ${v.events} events as they are now`);
    return lines;
  }
  lines.push(
    `TAMPERED: the events no longer match ${headName(v.firstMismatch)}${v.lastMatch ? `; they still match ${headName(v.lastMatch)}, so every event before the ${v.lastMatch.treeSize + 1}th is as signed` : ''}`,
  );
  for (const c of v.changed) {
    lines.push(
      c.position === null
        ? `  changed: leaf ${c.leafIndex}: the log no longer holds an event there (events were removed)`
        : `  changed: the event at position ${c.position} (stream ${c.streamId}, revision ${c.revision}, type ${c.type}, event ${c.eventId}) is not the event signed at leaf ${c.leafIndex}`,
    );
  }
  if (v.moreChanged > 0) lines.push(`  and ${v.moreChanged} more leaves after those (events removed, inserted or reordered move every later one)`);
  for (const u of v.unresolved) {
    lines.push(
      `  changed: something among leaves ${u.from} to ${u.to - 1} (the log tree read model no longer holds the signed nodes there: rebuilt or altered too, so it cannot be narrowed further)`,
    );
  }
  return lines;
}
