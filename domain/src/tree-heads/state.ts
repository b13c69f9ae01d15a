/** The tree heads as recorded, folded from `audit-log-tree-heads`: the latest, and what the witness said of the latest one sent. */
import type { TreeHeadEvent, TreeHeadSigned, TreeHeadWitnessed } from './events';

export interface TreeHeadsState {
  latest: TreeHeadSigned | null;
  /** The outcome of the latest head's delivery to the witness (null before any). */
  witnessed: TreeHeadWitnessed | null;
  count: number;
}

export const initialTreeHeadsState: TreeHeadsState = { latest: null, witnessed: null, count: 0 };

export function evolveTreeHeads(state: TreeHeadsState, event: TreeHeadEvent): TreeHeadsState {
  switch (event.type) {
    case 'TreeHeadSigned':
      return { ...state, latest: event.data, count: state.count + 1 };
    case 'TreeHeadWitnessed':
      return { ...state, witnessed: event.data };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
