/**
 * The log tree's queries: the tree as folded so far (its size and root), the leaf index of stored
 * events, and their inclusion proofs against the root of any size reached (merkle.ts reads the
 * perfect subtrees each one needs, here fetched in one read).
 */
import { compactRangeRoot, inclusionNodes, inclusionProof, nodeKey, rangeNodes, treeRoot, type NodeId, type ReadStore } from '@walletscreen/platform';
import { initialLogTree, LOG_TREE_STATE_ID, logTreeNodes, logTreeState, type LogTreeNodeDoc, type LogTreeState } from './log-tree.projection';

export { logTreeNodes, logTreeState, type LogTreeNodeDoc, type LogTreeState };

/** The tree as folded so far, with its root (hex). */
export async function logTreeNow(store: ReadStore): Promise<LogTreeState & { rootHash: string }> {
  const doc = (await logTreeState.get(store, LOG_TREE_STATE_ID)) ?? { ...initialLogTree, id: LOG_TREE_STATE_ID };
  const { id: _id, ...state } = doc;
  return { ...state, rootHash: compactRangeRoot({ size: state.size, nodes: state.range }).toString('hex') };
}

/** The perfect subtrees named, by key; an error when one is not there (the tree has not reached it). */
async function nodesOf(store: ReadStore, ids: readonly NodeId[]): Promise<(id: NodeId) => Buffer> {
  const keys = [...new Set(ids.map(nodeKey))];
  const found = await logTreeNodes.getMany(store, keys);
  return (id) => {
    const doc = found.get(nodeKey(id));
    if (!doc) throw new Error(`the log tree holds no node ${nodeKey(id)}: it has not reached that size`);
    return Buffer.from(doc.hash, 'hex');
  };
}

/** The root of the tree of the first `size` events (hex). */
export async function logTreeRoot(store: ReadStore, size: number): Promise<string> {
  const node = await nodesOf(store, size === 0 ? [] : rangeNodes(0, size));
  return treeRoot(size, node).toString('hex');
}

/** The leaf index of each stored event (by position); a position the tree has not folded yet is absent. */
export async function leafIndexes(store: ReadStore, positions: readonly number[]): Promise<Map<number, number>> {
  if (positions.length === 0) return new Map();
  const leaves = await logTreeNodes.find(store, { where: { position: { in: [...positions] }, level: 0 } });
  return new Map(leaves.map((l) => [l.position!, l.index]));
}

/** Each leaf's inclusion proof in the tree of `size` leaves: hex hashes, leaf to root. */
export async function inclusionProofs(store: ReadStore, leaves: readonly number[], size: number): Promise<Map<number, string[]>> {
  const node = await nodesOf(
    store,
    leaves.flatMap((i) => inclusionNodes(i, size)),
  );
  return new Map(leaves.map((i) => [i, inclusionProof(i, size, node).map((h) => h.toString('hex'))]));
}

/** The hashes of perfect subtrees as the tree keeps them (absent where it holds none), for the store's verification against signed heads. */
export async function logTreeNodeHashes(store: ReadStore, ids: readonly NodeId[]): Promise<Map<string, string>> {
  const found = await logTreeNodes.getMany(store, [...new Set(ids.map(nodeKey))]);
  return new Map([...found].map(([key, doc]) => [key, doc.hash]));
}
