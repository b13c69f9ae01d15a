/**
 * The record of every attempt to sync a feed, by an admin's "Sync now" or upload, or
 * `npm run feeds:sync`: one stream, `feeds-sync`, with `FeedSyncSucceeded` (imported, or
 * unchanged, with what the file left out) or `FeedSyncFailed` (with the reason) per attempt, each
 * naming its feed, what triggered it and where the file came from. The feed versions themselves
 * stay on `feed-<id>`; this stream answers "when did we last try, from where, and did it work?"
 * (as `sanctions-sync` does for the OFAC list).
 */
import type { FeedId, FeedSyncTrigger } from '@walletscreen/contracts';
import type { EventStore } from '@walletscreen/platform';
import { appendToLog, cachedLogFold } from '../shared/event-log';
import { feedDefinitions } from './catalog';
import { FeedError, type SkippedEntries } from './feed';
import { assertSyncable, runFeedSync, type FeedSyncOptions, type FeedSyncResult } from './sync';

export const feedSyncStreamId = 'feeds-sync';

export interface FeedSyncSucceeded {
  feedId: FeedId;
  origin: string;
  trigger: FeedSyncTrigger;
  status: FeedSyncResult['status'];
  version: number;
  sha256: string;
  entryCount: number;
  /** What the file left out: counted by reason, the first few named. */
  skipped: SkippedEntries;
  at: string;
}

export interface FeedSyncFailed {
  feedId: FeedId;
  origin: string;
  trigger: FeedSyncTrigger;
  /** The FeedError code, or `error` for anything else. */
  code: string;
  reason: string;
  at: string;
}

export type FeedSyncEvent = { type: 'FeedSyncSucceeded'; data: FeedSyncSucceeded } | { type: 'FeedSyncFailed'; data: FeedSyncFailed };
export const feedSyncEventTypes: ReadonlySet<string> = new Set<FeedSyncEvent['type']>(['FeedSyncSucceeded', 'FeedSyncFailed']);

export interface FeedSyncAttempt {
  at: string;
  trigger: FeedSyncTrigger;
  result: FeedSyncResult['status'] | 'failed';
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
      return { ...state, [d.feedId]: { at: d.at, trigger: d.trigger, result: 'failed', code: d.code, reason: d.reason, lastSuccessAt: state[d.feedId]?.lastSuccessAt ?? null } };
    }
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

/** The sync log's state, cached; each call reads only the attempts recorded since the last one. */
export function cachedFeedSyncLog(eventStore: EventStore): () => Promise<FeedSyncLogState> {
  return cachedLogFold<FeedSyncLogState, FeedSyncEvent>(eventStore, feedSyncStreamId, initialFeedSyncLogState, feedSyncEventTypes, evolveFeedSyncLog);
}

/** Appends one attempt at the end of the log (retrying when another writer got there first). */
export async function recordFeedSync(eventStore: EventStore, event: FeedSyncEvent): Promise<void> {
  await appendToLog(eventStore, feedSyncStreamId, event);
}

/**
 * `runFeedSync`, with the attempt recorded in the sync log: its result (with the entries it left
 * out), or why it failed (the error is then rethrown). A failure to record is logged, and does not
 * hide the sync's own outcome. A feed that cannot be synced at all (turned off, shipped) is
 * refused before: that is no attempt, and nothing is recorded.
 */
export async function runRecordedFeedSync(options: FeedSyncOptions & { trigger: FeedSyncTrigger }): Promise<FeedSyncResult> {
  assertSyncable(options.feedId, options.enabled, options.file);
  const feed = feedDefinitions[options.feedId];
  const origin = options.origin ?? options.file ?? options.url ?? (feed.kind === 'download' ? feed.defaultUrl : feed.id);
  const { trigger, feedId } = options;
  const record = async (event: FeedSyncEvent) => {
    try {
      await recordFeedSync(options.eventStore, event);
    } catch (error) {
      options.logger.error({ err: error, feedId }, 'could not record the feed sync attempt');
    }
  };
  let result: FeedSyncResult;
  try {
    result = await runFeedSync(options);
  } catch (error) {
    const code = error instanceof FeedError ? error.code : 'error';
    const reason = error instanceof Error ? error.message : String(error);
    await record({ type: 'FeedSyncFailed', data: { feedId, origin, trigger, code, reason, at: options.clock().toISOString() } });
    throw error;
  }
  await record({
    type: 'FeedSyncSucceeded',
    data: { feedId, origin: result.origin, trigger, status: result.status, version: result.version, sha256: result.sha256, entryCount: result.entryCount, skipped: result.skipped, at: options.clock().toISOString() },
  });
  return result;
}
