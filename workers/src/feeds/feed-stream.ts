/**
 * Reading a recorded feed's stream `feed-<id>` (its events: domain/src/feed): the version in force
 * is the stream's last import, which carries all its entries, so only that event is read.
 */
import type { FeedId } from '@walletscreen/contracts';
import type { EventStore } from '@walletscreen/platform';
import { feedEvents, feedStreamId, type FeedEvent } from '@walletscreen/domain/feed/events';

/** The stream's last event and its revision. */
export async function lastFeedEvent(eventStore: EventStore, id: FeedId): Promise<{ event: FeedEvent | null; revision: number | 'no-stream' }> {
  const streamId = feedStreamId(id);
  const revision = await eventStore.streamRevision(streamId);
  if (revision === 'no-stream') return { event: null, revision };
  const [recorded] = await eventStore.readStream(streamId, { fromRevision: revision, maxCount: 1 });
  const event = recorded && feedEvents.typeSet.has(recorded.type) ? ({ type: recorded.type, data: recorded.data } as FeedEvent) : null;
  return { event, revision };
}
