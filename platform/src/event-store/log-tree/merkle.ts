/**
 * The audit log's Merkle tree, hashed as RFC 9162 (and RFC 6962 before it) says: a leaf's hash is
 * SHA-256(0x00 || leaf data), an inner node's SHA-256(0x01 || left || right), and the tree over n
 * leaves splits at the largest power of two below n (MTH, RFC 9162 §2.1.1). The leaves are the
 * store's events in store order, each event's data its canonical form (`canonicalEvent`: the JSON
 * of position, stream id, revision, event id, type, data, metadata and recorded time, keys sorted;
 * UTF-8), so the tree covers exactly what the hash chain covers, without the chain's own hashes: a
 * chain recomputed after an edit changes no leaf but the edited event's.
 *
 * The tree is kept as its perfect subtrees: node (level, index) is the root of the 2^level leaves
 * from index·2^level on, fixed once those leaves exist. Every hash a proof or a root needs, at any
 * tree size up to the leaves kept, is a perfect node or is made of them (`rangeNodes`).
 *
 * No maintained JavaScript library keeps such a tree: sigstore's verifier checks RFC 6962 inclusion
 * proofs but keeps that function internal and builds no tree; merkletreejs holds whole trees in
 * memory and proves only against the tree it holds; transparency-dev's trees are Go. These few
 * functions are tested against the Certificate Transparency reference vectors (merkle.unit.test.ts).
 */
import { createHash } from 'node:crypto';

export const HASH_BYTES = 32;

const sha256 = (...parts: Uint8Array[]): Buffer => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};

const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);

/** The root of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT: Buffer = sha256();

/** A leaf's hash: SHA-256(0x00 || data); text is hashed as UTF-8. */
export function leafHash(data: string | Uint8Array): Buffer {
  return sha256(LEAF_PREFIX, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
}

/** An inner node's hash: SHA-256(0x01 || left || right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  return sha256(NODE_PREFIX, left, right);
}

/** The largest power of two strictly below n (n > 1). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

/** A perfect subtree: the 2^level leaves from index·2^level on. */
export interface NodeId {
  level: number;
  index: number;
}

export const nodeKey = (n: NodeId) => `${n.level}-${n.index}`;

/**
 * The perfect subtrees whose hashes make MTH(D[start:end]), left to right, for the ranges a tree
 * head or a proof asks for (every range RFC 9162's recursion makes: it starts at a multiple of the
 * largest power of two not above its length, and a range that is not a perfect subtree ends at the
 * tree's size).
 */
export function rangeNodes(start: number, end: number): NodeId[] {
  const length = end - start;
  if (length <= 0) throw new RangeError(`empty range ${start}..${end}`);
  if (isPowerOfTwo(length) && start % length === 0) return [{ level: Math.log2(length), index: start / length }];
  const k = splitPoint(length);
  return [...rangeNodes(start, start + k), ...rangeNodes(start + k, end)];
}

/** MTH(D[start:end]) from its perfect subtrees' hashes (`node` answers each one `rangeNodes` names). */
export function rangeHash(start: number, end: number, node: (id: NodeId) => Uint8Array): Buffer {
  const length = end - start;
  if (isPowerOfTwo(length) && start % length === 0) return Buffer.from(node({ level: Math.log2(length), index: start / length }));
  const k = splitPoint(length);
  return nodeHash(rangeHash(start, start + k, node), rangeHash(start + k, end, node));
}

/** The root of a tree of `size` leaves: MTH(D[0:size]). */
export function treeRoot(size: number, node: (id: NodeId) => Uint8Array): Buffer {
  return size === 0 ? EMPTY_ROOT : rangeHash(0, size, node);
}

/**
 * The ranges whose hashes make the inclusion proof of leaf `index` in a tree of `size` leaves
 * (RFC 9162 §2.1.3.1, PATH(m, D[n])), from the leaf's sibling up to the root's other child.
 */
export function inclusionRanges(index: number, size: number): Array<[number, number]> {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) {
    throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  }
  const path: Array<[number, number]> = [];
  let start = 0;
  let end = size;
  let m = index;
  // Walked from the root down; the proof lists them from the leaf up.
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (m < k) {
      path.push([start + k, end]);
      end = start + k;
    } else {
      path.push([start, start + k]);
      start += k;
      m -= k;
    }
  }
  return path.reverse();
}

/** Every perfect subtree an inclusion proof of leaf `index` in a tree of `size` reads. */
export function inclusionNodes(index: number, size: number): NodeId[] {
  return inclusionRanges(index, size).flatMap(([a, b]) => rangeNodes(a, b));
}

/** The inclusion proof of leaf `index` in a tree of `size` leaves: its hashes, leaf to root. */
export function inclusionProof(index: number, size: number, node: (id: NodeId) => Uint8Array): Buffer[] {
  return inclusionRanges(index, size).map(([a, b]) => rangeHash(a, b, node));
}

/**
 * Whether `proof` proves the leaf whose hash is `leaf` is leaf `index` of the tree of `size` leaves
 * whose root is `root` (RFC 9162 §2.1.3.2).
 */
export function verifyInclusion(leaf: Uint8Array, index: number, size: number, proof: readonly Uint8Array[], root: Uint8Array): boolean {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  if (proof.some((p) => p.length !== HASH_BYTES) || leaf.length !== HASH_BYTES || root.length !== HASH_BYTES) return false;
  let fn = index;
  let sn = size - 1;
  let r: Uint8Array = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && Buffer.from(r).equals(Buffer.from(root));
}

/**
 * The tree as it grows, one leaf at a time, kept as its compact range: the roots of the perfect
 * subtrees that make it, largest first (one per bit of its size). `append` answers the perfect
 * subtrees the new leaf completes (the leaf itself first), for whoever keeps them.
 */
export interface CompactRange {
  size: number;
  /** Hex hashes with their node ids, largest subtree first. */
  nodes: Array<NodeId & { hash: string }>;
}

export const emptyRange = (): CompactRange => ({ size: 0, nodes: [] });

export function appendLeaf(range: CompactRange, leaf: Uint8Array): { range: CompactRange; completed: Array<NodeId & { hash: string }> } {
  const nodes = [...range.nodes];
  let node = { level: 0, index: range.size, hash: Buffer.from(leaf).toString('hex') };
  const completed = [node];
  for (let last = nodes[nodes.length - 1]; last && last.level === node.level; last = nodes[nodes.length - 1]) {
    nodes.pop();
    node = { level: node.level + 1, index: last.index / 2, hash: nodeHash(Buffer.from(last.hash, 'hex'), Buffer.from(node.hash, 'hex')).toString('hex') };
    completed.push(node);
  }
  nodes.push(node);
  return { range: { size: range.size + 1, nodes }, completed };
}

/** The root of the tree a compact range holds: its subtrees folded from the right. */
export function compactRangeRoot(range: CompactRange): Buffer {
  if (range.nodes.length === 0) return EMPTY_ROOT;
  let root: Buffer = Buffer.from(range.nodes[range.nodes.length - 1]!.hash, 'hex');
  for (let i = range.nodes.length - 2; i >= 0; i--) root = nodeHash(Buffer.from(range.nodes[i]!.hash, 'hex'), root);
  return root;
}
