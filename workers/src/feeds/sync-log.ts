/**
 * Every attempt to sync a feed is recorded in the feeds' sync log (`feeds-sync`, see
 * domain/src/feed-sync-log): `runRecordedFeedSync` runs a sync and records its outcome, and
 * `cachedFeedSyncLog` reads the log for the feeds' status.
 */
import { randomUUID } from 'node:crypto';
import type { FeedSyncTrigger } from '@walletscreen/contracts';
import type { EventStore } from '@walletscreen/platform';
import { AggregateRepository, CommandHandler } from '@walletscreen/domain/command-handler';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { feedSyncLogDecider, type FeedSyncLogCommand } from '@walletscreen/domain/feed-sync-log/decide';
import { feedSyncStreamId } from '@walletscreen/domain/feed-sync-log/events';
import type { FeedSyncLogState } from '@walletscreen/domain/feed-sync-log/state';
import { lastEventStreams } from '@walletscreen/domain/last-event-streams';
import { assertSyncable, feedSyncOrigin, runFeedSync, type FeedSyncOptions, type FeedSyncResult } from './sync';

/** The sync log's state, cached; each call reads only the attempts recorded since the last one. */
export function cachedFeedSyncLog(eventStore: EventStore): () => Promise<FeedSyncLogState> {
  const log = new AggregateRepository(eventStore, feedSyncLogDecider);
  return async () => (await log.load(feedSyncStreamId)).state;
}

/**
 * Records one attempt at the end of the log (retrying when another writer got there first). Its
 * decider records every attempt whatever the log holds, so only the log's revision is read, from
 * its last event.
 */
export async function recordFeedSync(eventStore: EventStore, command: FeedSyncLogCommand): Promise<void> {
  await new CommandHandler(lastEventStreams(eventStore), feedSyncLogDecider).execute(feedSyncStreamId, command, { commandId: randomUUID() });
}

/**
 * `runFeedSync`, with the attempt recorded in the sync log: its result (with the entries it left
 * out), or why it failed (the error is then rethrown). A failure to record is logged, and does not
 * hide the sync's own outcome. A feed that cannot be synced at all (turned off, shipped) is
 * refused before: that is no attempt, and nothing is recorded.
 */
export async function runRecordedFeedSync(options: FeedSyncOptions & { trigger: FeedSyncTrigger }): Promise<FeedSyncResult> {
  assertSyncable(options.feedId, options.enabled, options.file);
  const origin = feedSyncOrigin(options);
  const { trigger, feedId } = options;
  const record = async (command: FeedSyncLogCommand) => {
    try {
      await recordFeedSync(options.eventStore, command);
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
    await record({ type: 'RecordFeedSyncFailure', data: { feedId, origin, trigger, code, reason }, metadata: { now: options.clock().toISOString() } });
    throw error;
  }
  await record({
    type: 'RecordFeedSyncSuccess',
    data: {
      feedId,
      origin: result.origin,
      trigger,
      status: result.status,
      version: result.version,
      sha256: result.sha256,
      entryCount: result.entryCount,
      skipped: result.skipped,
    },
    metadata: { now: options.clock().toISOString() },
  });
  return result;
}
