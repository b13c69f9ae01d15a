/**
 * A recorded intelligence feed as events: one stream per feed, `feed-<id>`, with one
 * `FeedVersionImported` per distinct file imported (told apart by the SHA-256 of its bytes). The
 * latest import is the version in force; earlier ones stay for the audit trail ("which version of
 * the darklist did check X use?"). Each import carries all its entries, so the version in force
 * needs the stream's last event only (as the OFAC list's does), however long the stream grows.
 */
import { z } from 'zod';
import { feedIds, networks, type FeedId } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';

export const feedStreamPrefix = 'feed-';
export const feedStreamId = (id: FeedId): string => `${feedStreamPrefix}${id}`;

/** Categories of labelled addresses, from the intelligence feeds (the risk model weighs each). */
export const riskCategories = ['sanctioned', 'mixer', 'darknet', 'ransomware', 'scam', 'theft', 'gambling', 'exchange', 'defi', 'bridge', 'other'] as const;
export type RiskCategory = (typeof riskCategories)[number];

/** One labelled address of a feed, as recorded with its import and read by checks. */
export const feedEntrySchema = z.object({
  /** `parseAddress(address, network).normalized`. */
  address: z.string(),
  /** The network it was listed on; an EVM address matches on every EVM network (its chain's key). */
  network: z.enum(networks),
  category: z.enum(riskCategories),
  name: z.string(),
  /** The URL of the listing, or of the feed when entries have no page of their own. */
  source: z.string(),
  /** Where the listed party is (a country), or the listing authority's country, when the feed says. */
  jurisdiction: z.string().optional(),
  /** When the feed says it was listed (YYYY-MM-DD). */
  listedAt: z.string().optional(),
});
export type FeedEntry = z.infer<typeof feedEntrySchema>;

/** What a file left out: counts by reason, and the first few named. */
export const skippedEntriesSchema = z.object({ count: z.number(), reasons: z.record(z.string(), z.number()), examples: z.array(z.string()) });
export type SkippedEntries = z.infer<typeof skippedEntriesSchema>;

export const feedVersionImportedSchema = z.object({
  feedId: z.enum(feedIds),
  /** The import's sequence number on the stream: 1, 2, … (the version a check records). */
  version: z.number(),
  /** SHA-256 (hex) of the file's bytes. */
  sha256: z.string(),
  /** When the file was downloaded, read or uploaded (ISO-8601). */
  fetchedAt: z.string(),
  /** The URL, the file path, or "uploaded by <e-mail>: <file name>". */
  origin: z.string(),
  entryCount: z.number(),
  entries: z.array(feedEntrySchema),
  /** What the file left out, with reasons. */
  skipped: skippedEntriesSchema,
});
export type FeedVersionImported = z.infer<typeof feedVersionImportedSchema>;

export const feedEvents = eventUnion([eventSchema('FeedVersionImported', feedVersionImportedSchema)]);
export type FeedEvent = z.infer<typeof feedEvents.schema>;
export const feedEventTypes = feedEvents.types;
