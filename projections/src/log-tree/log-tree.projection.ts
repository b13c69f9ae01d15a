/**
 * The audit log's Merkle tree (platform's log-tree/merkle.ts) as a read model: every event of the
 * store, in store order, is a leaf (its canonical form hashed as RFC 9162 says), and every perfect
 * subtree it completes is kept as a node, so that the root at any size reached so far, and any
 * event's inclusion proof against it, are read from a few dozen documents (queries.ts). The state
 * document holds the tree's size and compact range (the subtrees that make the tree now).
 *
 * Nothing here is trusted on its own: a signed tree head (audit-log-tree-heads) fixes a root, and a
 * node read here proves something only where it hashes up to a signed root. A rebuild replays the
 * store as it is now; the signed heads are what shows whether it was rewritten.
 */
import { appendLeaf, canonicalEvent, leafHash, nodeKey, type CompactRange, type RecordedEvent } from '@walletscreen/platform';
import { treeHeadsStreamId } from '@walletscreen/domain/tree-heads/events';
import { collection } from '../collection';
import type { SequenceProjection } from '../projection';

/** A perfect subtree: its hash (hex), and for a leaf the store position of its event. */
export interface LogTreeNodeDoc {
  id: string;
  level: number;
  index: number;
  hash: string;
  position?: number;
}

export interface LogTreeState {
  /** Leaves so far: the events folded. */
  size: number;
  /** The store position of the last of them (0 before any). */
  lastPosition: number;
  /** The tree now, as its compact range (largest subtree first). */
  range: CompactRange['nodes'];
  /**
   * The size after the last event that is not a tree head's own (TreeHeadSigned, TreeHeadWitnessed):
   * a new head is worth signing only when this exceeds the latest head's size.
   */
  grownTo: number;
}

export type LogTreeStateDoc = LogTreeState & { id: string };

export const logTreeNodes = collection<LogTreeNodeDoc>('log_tree_nodes');
export const logTreeState = collection<LogTreeStateDoc>('log_tree');
export const LOG_TREE_STATE_ID = 'tree';

export const initialLogTree: LogTreeState = { size: 0, lastPosition: 0, range: [], grownTo: 0 };

export const logTreeProjection: SequenceProjection<LogTreeState> = {
  name: 'log-tree-v1',
  collection: logTreeState.name,
  also: [{ collection: logTreeNodes.name, indexes: [['position']] }],
  handles: ['*'],
  state: { id: LOG_TREE_STATE_ID, initial: initialLogTree },
  step(state, event: RecordedEvent) {
    const { range, completed } = appendLeaf({ size: state.size, nodes: state.range }, leafHash(canonicalEvent(event)));
    const writes = completed.map((n) => ({
      collection: logTreeNodes.name,
      id: nodeKey(n),
      doc: { id: nodeKey(n), level: n.level, index: n.index, hash: n.hash, ...(n.level === 0 ? { position: event.position } : {}) } satisfies LogTreeNodeDoc,
      fresh: true,
    }));
    const ownEvent = event.streamId === treeHeadsStreamId;
    return {
      state: { size: range.size, lastPosition: event.position, range: range.nodes, grownTo: ownEvent ? state.grownTo : range.size },
      writes,
    };
  },
};
