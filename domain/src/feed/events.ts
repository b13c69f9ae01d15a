/**
 * A recorded intelligence feed as events: one stream per feed, `feed-<id>`, with one
 * `FeedVersionImported` per distinct file imported (told apart by the SHA-256 of its bytes). The
 * latest import is the version in force; earlier ones stay for the audit trail ("which version of
 * the darklist did check X use?"). The version in force needs the stream's last event only (as the
 * OFAC list's does), however long the stream grows. Imports before issue 28 carry their entries in
 * the event; since, the entries are recorded in parts first (../feed-entries) and the import names them.
 */
import { z } from 'zod';
import { feedIds, networks, type FeedId, type Network } from '@walletscreen/contracts';
import { chainOfNetwork, isEvmNetwork } from '../sanctions-list/listing';
import { eventSchema, eventUnion } from '../decider';

export const feedStreamPrefix = 'feed-';
export const feedStreamId = (id: FeedId): string => `${feedStreamPrefix}${id}`;

/**
 * Categories of labelled addresses, from the intelligence feeds (the risk model weighs each). The
 * later ones came with attribution at depth (issue 28): appended, never reordered, since the frozen
 * risk models iterate this list:
 * - `sextortion`: addresses from sextortion spam e-mails; `phishing`: phishing sites and wallet drainers;
 * - `exploit`: attackers of hacked services and DeFi exploits; `terrorism`: terrorism financing and
 *   violent extremism named by authorities or researchers;
 * - `miner`: mining pools' payout and coinbase addresses; `coinjoin`: CoinJoin coordinators and
 *   their fee collectors (Wasabi, Samourai Whirlpool, JoinMarket);
 * - `frozen`: addresses a stablecoin issuer froze (USDT's and USDC's blacklists).
 */
export const riskCategories = [
  'sanctioned',
  'mixer',
  'darknet',
  'ransomware',
  'scam',
  'theft',
  'gambling',
  'exchange',
  'defi',
  'bridge',
  'other',
  'sextortion',
  'phishing',
  'exploit',
  'terrorism',
  'miner',
  'coinjoin',
  'frozen',
] as const;
export type RiskCategory = (typeof riskCategories)[number];

/**
 * How sure a feed is of a label, in GraphSense's published vocabulary (TagPack schema): from an
 * authority (a sanctions list, a court), from the service itself (proof of reserves), from forensic
 * research, crawled from the web, read from the ledger (an issuer's freeze), or from a transaction
 * nobody vouched for.
 */
export const labelConfidences = ['authority_data', 'service_data', 'ledger_immanent', 'forensic', 'web_crawl', 'untrusted_transaction'] as const;
export type LabelConfidence = (typeof labelConfidences)[number];

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
  /** How sure the feed is (absent: the feed does not say). */
  confidence: z.enum(labelConfidences).optional(),
  /** The party behind the address, as the feed names it ("bitmex", "lazarusgroup"). */
  actor: z.string().optional(),
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
  /** The entries, in the event itself: versions imported before issue 28 (small feeds). */
  entries: z.array(feedEntrySchema).optional(),
  /** Since issue 28: the import whose parts hold the entries (stream `feed-entries-<feed>-<import>`), and how many parts. */
  importId: z.string().optional(),
  parts: z.number().int().optional(),
  /** Entries by chain and category ("bitcoin": { "exchange": 337962 }), for the Feeds screen; absent before issue 28. */
  counts: z.record(z.string(), z.record(z.string(), z.number().int())).optional(),
  /** What the file left out, with reasons. */
  skipped: skippedEntriesSchema,
});
export type FeedVersionImported = z.infer<typeof feedVersionImportedSchema>;

export const feedEvents = eventUnion([eventSchema('FeedVersionImported', feedVersionImportedSchema)]);
export type FeedEvent = z.infer<typeof feedEvents.schema>;
export const feedEventTypes = feedEvents.types;

/**
 * The key a recorded entry is found by: its chain and its address as recorded (normalized when it
 * was parsed; EVM addresses lower-cased, so one key serves every EVM network). The workers key a
 * screened address the same way after normalizing it (feeds/feed.ts `feedKeyOf`).
 */
export const feedEntryKey = (network: Network, normalizedAddress: string): string =>
  isEvmNetwork(network) || network === 'ethereum-classic'
    ? `${chainOfNetwork(network)}:${normalizedAddress.toLowerCase()}`
    : `${chainOfNetwork(network)}:${normalizedAddress}`;

/** Entries by chain and category ("bitcoin": { "exchange": 337962 }), as a version records them for the Feeds screen. */
export function countEntries(entries: readonly Pick<FeedEntry, 'network' | 'category'>[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const e of entries) {
    const byCategory = (counts[chainOfNetwork(e.network)] ??= {});
    byCategory[e.category] = (byCategory[e.category] ?? 0) + 1;
  }
  return counts;
}
