/** The feeds' sync log's state, folded from `feeds-sync`: each feed's last attempt, for the feeds' status. */
import type { FeedId, FeedSyncTrigger } from '@walletscreen/contracts';
import type { FeedSyncEvent, FeedSyncSucceeded } from './events';

export interface FeedSyncAttempt {
  at: string;
  trigger: FeedSyncTrigger;
  result: FeedSyncSucceeded['status'] | 'failed';
  code: string | null;
  reason: string | null;
  /** When a sync of this feed last succeeded (imported or unchanged); null when never. */
  lastSuccessAt?: string | null;
}

/** The last attempt of each feed. */
export type FeedSyncLogState = Partial<Record<FeedId, FeedSyncAttempt>>;

export const initialFeedSyncLogState: FeedSyncLogState = {};

export function evolveFeedSyncLog(state: FeedSyncLogState, event: FeedSyncEvent): FeedSyncLogState {
  switch (event.type) {
    case 'FeedSyncSucceeded': {
      const d = event.data;
      return { ...state, [d.feedId]: { at: d.at, trigger: d.trigger, result: d.status, code: null, reason: null, lastSuccessAt: d.at } };
    }
    case 'FeedSyncFailed': {
      const d = event.data;
      return {
        ...state,
        [d.feedId]: { at: d.at, trigger: d.trigger, result: 'failed', code: d.code, reason: d.reason, lastSuccessAt: state[d.feedId]?.lastSuccessAt ?? null },
      };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
