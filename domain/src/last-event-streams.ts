/**
 * Streams read from their last event, for the aggregates whose state depends on that event only:
 * an imported list version (the OFAC list, a feed) carries the whole list, so the version in force
 * needs neither the versions before it nor reading them, however long the stream grows. A command
 * handler over these streams loads such an aggregate by folding the stream's last event (and, once
 * it holds the state, the last of the events appended since).
 */
import type { EventStreams, StoredEvent } from './command-handler';

/** What reading a stream's last event needs of the event store (platform's EventStore port has it). */
export interface StreamsWithRevision extends EventStreams {
  readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<StoredEvent[]>;
  /** The revision of the stream's last event, or 'no-stream'. */
  streamRevision(streamId: string): Promise<number | 'no-stream'>;
}

export function lastEventStreams(store: StreamsWithRevision): EventStreams {
  return {
    async readStream(streamId, options) {
      const revision = await store.streamRevision(streamId);
      if (revision === 'no-stream' || revision < (options?.fromRevision ?? 0)) return [];
      return store.readStream(streamId, { fromRevision: revision, maxCount: 1 });
    },
    append: (streamId, events, options) => store.append(streamId, events, options),
  };
}
