/**
 * Recording a feed sync attempt: every attempt is recorded, at the time on the command, whatever
 * the log holds (an append-only log has nothing to refuse).
 */
import type { CommandMetadata, Decider } from '../decider';
import { feedSyncEvents, type FeedSyncEvent, type FeedSyncFailed, type FeedSyncSucceeded } from './events';
import { evolveFeedSyncLog, initialFeedSyncLogState, type FeedSyncLogState } from './state';

export type FeedSyncLogCommand =
  | { type: 'RecordFeedSyncSuccess'; data: Omit<FeedSyncSucceeded, 'at'>; metadata: CommandMetadata }
  | { type: 'RecordFeedSyncFailure'; data: Omit<FeedSyncFailed, 'at'>; metadata: CommandMetadata };

export function decideFeedSyncLog(command: FeedSyncLogCommand, _state: FeedSyncLogState): FeedSyncEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'RecordFeedSyncSuccess': {
      const d = command.data;
      return [
        {
          type: 'FeedSyncSucceeded',
          data: {
            feedId: d.feedId,
            origin: d.origin,
            trigger: d.trigger,
            status: d.status,
            version: d.version,
            sha256: d.sha256,
            entryCount: d.entryCount,
            skipped: d.skipped,
            at,
          },
        },
      ];
    }
    case 'RecordFeedSyncFailure': {
      const d = command.data;
      return [{ type: 'FeedSyncFailed', data: { feedId: d.feedId, origin: d.origin, trigger: d.trigger, code: d.code, reason: d.reason, at } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const feedSyncLogDecider: Decider<FeedSyncLogState, FeedSyncLogCommand, FeedSyncEvent> = {
  initialState: initialFeedSyncLogState,
  evolve: evolveFeedSyncLog,
  decide: decideFeedSyncLog,
  types: feedSyncEvents.typeSet,
};
