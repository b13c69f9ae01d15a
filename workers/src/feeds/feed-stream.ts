/**
 * A recorded feed as events: one stream per feed, `feed-<id>`, with one `FeedVersionImported` per
 * distinct file imported (told apart by the SHA-256 of its bytes). The latest import is the
 * version in force; earlier ones stay for the audit trail ("which version of the darklist did
 * check X use?"). Each import carries all its entries, so the version in force needs the stream's
 * last event only (as the OFAC list's does, see sanctions/sanctions-store.ts), however long the
 * stream grows.
 *
 * Here: the events, the state, `evolve`, the pure `decideFeedImport`, and reading the last event.
 */
import type { FeedId } from '@walletscreen/contracts';
import type { EventStore, RecordedEvent } from '@walletscreen/platform';
import { FeedError, type FeedEntry, type SkippedEntries } from './feed';

export const feedStreamPrefix = 'feed-';
export const feedStreamId = (id: FeedId): string => `${feedStreamPrefix}${id}`;

export interface FeedVersionImportedData {
  feedId: FeedId;
  /** The import's sequence number on the stream: 1, 2, … (the version a check records). */
  version: number;
  /** SHA-256 (hex) of the file's bytes. */
  sha256: string;
  /** When the file was downloaded, read or uploaded (ISO-8601). */
  fetchedAt: string;
  /** The URL, the file path, or "uploaded by <e-mail>: <file name>". */
  origin: string;
  entryCount: number;
  entries: FeedEntry[];
  /** What the file left out, with reasons. */
  skipped: SkippedEntries;
}

export type FeedStreamEvent = { type: 'FeedVersionImported'; data: FeedVersionImportedData };
export const feedStreamEventTypes: ReadonlySet<string> = new Set<FeedStreamEvent['type']>(['FeedVersionImported']);

export type FeedState =
  | { status: 'empty' }
  | { status: 'loaded'; feedId: FeedId; version: number; sha256: string; fetchedAt: string; origin: string; entryCount: number; skipped: SkippedEntries };

export const initialFeedState: FeedState = { status: 'empty' };

/** The state depends only on the latest import, so folding the last event gives the decider's state. */
export function evolveFeed(state: FeedState, event: FeedStreamEvent): FeedState {
  switch (event.type) {
    case 'FeedVersionImported': {
      const d = event.data;
      return { status: 'loaded', feedId: d.feedId, version: d.version, sha256: d.sha256, fetchedAt: d.fetchedAt, origin: d.origin, entryCount: d.entryCount, skipped: d.skipped };
    }
    default: {
      const _exhaustive: never = event.type;
      return state;
    }
  }
}

export interface ImportFeedVersion {
  type: 'ImportFeedVersion';
  data: { feedId: FeedId; sha256: string; origin: string; entries: FeedEntry[]; skipped: SkippedEntries };
  metadata: { now: string };
}

/**
 * ImportFeedVersion: pure and synchronous. A file with no usable entry is refused (so a broken
 * download never empties the feed in force); the file in force again (same SHA-256) decides
 * nothing ("unchanged"); anything else is the next version.
 */
export function decideFeedImport(command: ImportFeedVersion, state: FeedState): FeedStreamEvent[] {
  const { data } = command;
  if (data.entries.length === 0) {
    const why = data.skipped.count > 0 ? `all ${data.skipped.count} of its entries were left out (${Object.entries(data.skipped.reasons).map(([r, n]) => `${n}: ${r}`).join('; ')})` : 'it holds no entry';
    throw new FeedError('empty-feed', `Nothing was imported: ${why}. The version in force stays.`);
  }
  if (state.status === 'loaded' && state.sha256 === data.sha256) return [];
  return [
    {
      type: 'FeedVersionImported',
      data: {
        feedId: data.feedId,
        version: state.status === 'loaded' ? state.version + 1 : 1,
        sha256: data.sha256,
        fetchedAt: command.metadata.now,
        origin: data.origin,
        entryCount: data.entries.length,
        entries: data.entries,
        skipped: data.skipped,
      },
    },
  ];
}

/** The stream's last event and its revision (the one to append after). */
export async function lastFeedEvent(eventStore: EventStore, id: FeedId): Promise<{ event: FeedStreamEvent | null; revision: number | 'no-stream' }> {
  const streamId = feedStreamId(id);
  const revision = await eventStore.streamRevision(streamId);
  if (revision === 'no-stream') return { event: null, revision };
  const [recorded]: RecordedEvent[] = await eventStore.readStream(streamId, { fromRevision: revision, maxCount: 1 });
  const event = recorded && feedStreamEventTypes.has(recorded.type) ? ({ type: recorded.type, data: recorded.data } as FeedStreamEvent) : null;
  return { event, revision };
}

/** The decider's state and the revision to append after. */
export async function loadFeedState(eventStore: EventStore, id: FeedId): Promise<{ state: FeedState; revision: number | 'no-stream' }> {
  const { event, revision } = await lastFeedEvent(eventStore, id);
  return { state: event ? evolveFeed(initialFeedState, event) : initialFeedState, revision };
}
