/**
 * The record of every attempt to sync a feed, by an admin's "Sync now" or upload, the server's
 * refresh, or `npm run feeds:sync`: one stream, `feeds-sync`, with `FeedSyncSucceeded` (imported,
 * or unchanged, with what the file left out) or `FeedSyncFailed` (with the reason) per attempt,
 * each naming its feed, what triggered it and where the file came from. The feed versions
 * themselves stay on `feed-<id>`; this stream answers "when did we last try, from where, and did
 * it work?" (as `sanctions-sync` does for the OFAC list).
 */
import { z } from 'zod';
import { feedIds, feedSyncTriggers } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';
import { skippedEntriesSchema } from '../feed/events';

export const feedSyncStreamId = 'feeds-sync';

export const feedSyncSucceededSchema = z.object({
  feedId: z.enum(feedIds),
  /** The URL, the file path, or "uploaded by <e-mail>: <file name>". */
  origin: z.string(),
  trigger: z.enum(feedSyncTriggers),
  /** `unchanged`: the file was the version in force already. */
  status: z.enum(['imported', 'unchanged']),
  /** The version in force after the sync. */
  version: z.number(),
  sha256: z.string(),
  entryCount: z.number(),
  /** What the file left out: counted by reason, the first few named. */
  skipped: skippedEntriesSchema,
  at: z.string(),
});
export type FeedSyncSucceeded = z.infer<typeof feedSyncSucceededSchema>;

export const feedSyncFailedSchema = z.object({
  feedId: z.enum(feedIds),
  origin: z.string(),
  trigger: z.enum(feedSyncTriggers),
  /** The FeedError code, or `error` for anything else. */
  code: z.string(),
  reason: z.string(),
  at: z.string(),
});
export type FeedSyncFailed = z.infer<typeof feedSyncFailedSchema>;

export const feedSyncEvents = eventUnion([eventSchema('FeedSyncSucceeded', feedSyncSucceededSchema), eventSchema('FeedSyncFailed', feedSyncFailedSchema)]);
export type FeedSyncEvent = z.infer<typeof feedSyncEvents.schema>;
export const feedSyncEventTypes = feedSyncEvents.types;
