/**
 * A feed's state, folded from its stream `feed-<id>`: the version in force, without its entries
 * (they are in the event). It depends only on the latest import, so folding the stream's last event
 * gives it (the workers load it so: see `lastEventStreams`).
 */
import type { FeedId } from '@walletscreen/contracts';
import type { FeedEvent, SkippedEntries } from './events';

export type FeedState =
  | { status: 'empty' }
  | { status: 'loaded'; feedId: FeedId; version: number; sha256: string; fetchedAt: string; origin: string; entryCount: number; skipped: SkippedEntries };

export const initialFeedState: FeedState = { status: 'empty' };

export function evolveFeed(_state: FeedState, event: FeedEvent): FeedState {
  switch (event.type) {
    case 'FeedVersionImported': {
      const d = event.data;
      return {
        status: 'loaded',
        feedId: d.feedId,
        version: d.version,
        sha256: d.sha256,
        fetchedAt: d.fetchedAt,
        origin: d.origin,
        entryCount: d.entryCount,
        skipped: d.skipped,
      };
    }
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}
