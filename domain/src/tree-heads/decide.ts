/**
 * Recording tree heads: a signed head is recorded when it is newer than the latest (a larger tree;
 * two processes that signed at once record one), and every delivery to the witness with its
 * outcome. The head comes signed on the command: the decider holds no key and reads no clock.
 */
import { Invalid } from '../errors';
import type { CommandMetadata, Decider } from '../decider';
import { treeHeadEvents, type TreeHeadEvent, type TreeHeadSigned, type TreeHeadWitnessed } from './events';
import { evolveTreeHeads, initialTreeHeadsState, type TreeHeadsState } from './state';

export type TreeHeadsCommand =
  | { type: 'RecordTreeHead'; data: TreeHeadSigned; metadata: CommandMetadata }
  | { type: 'RecordWitnessDelivery'; data: Omit<TreeHeadWitnessed, 'at'>; metadata: CommandMetadata };

export function decideTreeHeads(command: TreeHeadsCommand, state: TreeHeadsState): TreeHeadEvent[] {
  switch (command.type) {
    case 'RecordTreeHead': {
      const head = command.data;
      if (head.treeSize === 0) throw new Invalid('An empty log has no tree head to record');
      // A head of this size or a larger one is recorded already: nothing new.
      if (state.latest && head.treeSize <= state.latest.treeSize) return [];
      return [{ type: 'TreeHeadSigned', data: head }];
    }
    case 'RecordWitnessDelivery':
      return [{ type: 'TreeHeadWitnessed', data: { ...command.data, at: command.metadata.now } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const treeHeadsDecider: Decider<TreeHeadsState, TreeHeadsCommand, TreeHeadEvent> = {
  initialState: initialTreeHeadsState,
  evolve: evolveTreeHeads,
  decide: decideTreeHeads,
  types: treeHeadEvents.typeSet,
};
