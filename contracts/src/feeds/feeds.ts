/**
 * Intelligence feeds (the admin's Feeds screen and `GET /api/admin/feeds`): third-party and
 * shipped lists of labelled addresses that the intelligence stage of a check reads besides the
 * shipped labels file. Each feed is recorded version by version (a stream `feed-<id>`, or the
 * shipped file's hash), and every label a check uses names its feed and version.
 */
import { z } from 'zod';
import { formatDate } from '../common/format';
import { uploadFileName } from '../common/upload';

/**
 * The feeds WalletScreen knows, by id:
 * - `opensanctions-crypto`: OpenSanctions' crypto wallets (CC BY-NC 4.0: not for commercial use
 *   without a licence from OpenSanctions; off by default);
 * - `ethereum-darklist`: MyEtherWallet's ethereum-lists address darklist (MIT);
 * - `contract-sets`: mixer and bridge contracts shipped with WalletScreen;
 * - `custom-labels`: the administrator's own labels file, uploaded on the Feeds screen;
 * - `graphsense-tagpacks`: GraphSense's public TagPacks (MIT): half a million attributed addresses,
 *   exchanges' proof-of-reserves wallets, miners, CoinJoin coordinators, ransomware, sextortion, …
 * - `stablecoin-freezes`: addresses Tether (USDT) and Circle (USDC) froze, read from their blacklist
 *   events on Ethereum and TRON (public blockchain data);
 * - `scamsniffer`: ScamSniffer's public phishing/drainer addresses (GPL-3.0, downloaded at sync,
 *   7 days behind ScamSniffer's own data);
 * - `defihacklabs`: attackers and attack contracts of the DeFi exploits DeFiHackLabs reproduces
 *   (Apache-2.0);
 * - `defillama-cex`: exchanges' proof-of-reserves wallets from DefiLlama's CEX adapters (ISC per
 *   its package.json; the adapters are read as text, never run);
 */
export const feedIds = [
  'opensanctions-crypto',
  'ethereum-darklist',
  'contract-sets',
  'custom-labels',
  'graphsense-tagpacks',
  'stablecoin-freezes',
  'scamsniffer',
  'defihacklabs',
  'defillama-cex',
] as const;
export type FeedId = (typeof feedIds)[number];

/** How a feed's versions arrive: downloaded from its URL (or read from a file), shipped with the code, or uploaded by an admin. */
export const feedKinds = ['download', 'shipped', 'upload'] as const;
export type FeedKind = (typeof feedKinds)[number];

/** What started a feed sync: an admin's "Sync now", an admin's upload, `npm run feeds:sync`. */
export const feedSyncTriggers = ['admin-sync', 'upload', 'command-line', 'refresh'] as const;
export type FeedSyncTrigger = (typeof feedSyncTriggers)[number];

/** The feed id of a path parameter; an unknown id is simply not found. */
export const feedIdParamsSchema = z.object({ id: z.enum(feedIds).meta({ description: 'The feed id' }) });

const skippedSchema = z.object({
  /** Entries of the file that were not used. */
  count: z.number().int(),
  /** How many for each reason ("not a valid ethereum address": 3). */
  reasons: z.record(z.string(), z.number().int()),
  /** The first few, each named ("line 12 (0xabc…): not a valid ethereum address"). */
  examples: z.array(z.string()),
});

/** One feed as the Feeds screen shows it. */
export const feedStatusSchema = z.object({
  id: z.enum(feedIds),
  name: z.string(),
  description: z.string(),
  kind: z.enum(feedKinds),
  /** Whether checks read it (the operator's setting); a disabled feed is never downloaded nor used. */
  enabled: z.boolean(),
  enabled_by_default: z.boolean(),
  licence: z.object({
    name: z.string(),
    url: z.string().nullable(),
    /** False when the licence does not allow commercial use without the publisher's own licence. */
    commercial_use: z.boolean(),
  }),
  /** The risk categories its entries can carry. */
  categories: z.array(z.string()),
  /** Where "Sync now" downloads it from; null for shipped and uploaded feeds. */
  url: z.string().nullable(),
  /** The version in force: the import's sequence number, or the first 12 hex digits of a shipped file's SHA-256; null when none. */
  version: z.string().nullable(),
  /** SHA-256 (hex) of the file of the version in force. */
  sha256: z.string().nullable(),
  /** Labelled addresses in the version in force. */
  entries: z.number().int(),
  /** The version in force's entries by chain and category ({ "bitcoin": { "exchange": 337962 } }); null when none is in force. */
  counts: z.record(z.string(), z.record(z.string(), z.number().int())).nullable(),
  /** When the version in force was imported; null for shipped feeds and feeds never imported. */
  imported_at: z.string().nullable(),
  /** Where the version in force came from: the URL, a file path, or "uploaded by <e-mail>: <file name>". */
  origin: z.string().nullable(),
  /** What the version in force left out, with reasons; null when nothing was left out or none is in force. */
  skipped: skippedSchema.nullable(),
  /** The last sync attempt: when, what started it, how it went, and why it failed. */
  last_sync: z
    .object({
      at: z.string(),
      trigger: z.enum(feedSyncTriggers),
      result: z.enum(['imported', 'unchanged', 'failed']),
      /** The failure's kind (download-failed, invalid-file, empty-feed, …); null when it did not fail. */
      code: z.string().nullable(),
      /** The failure in full; null when it did not fail. */
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;

export const feedsStatusResponseSchema = z.object({ feeds: z.array(feedStatusSchema) });
export type FeedsStatusResponse = z.infer<typeof feedsStatusResponseSchema>;

/** POST /api/admin/feeds/:id/sync and /api/admin/feeds/custom-labels: how it went, and the feed after it. */
export const feedSyncResponseSchema = z.object({
  result: z.enum(['imported', 'unchanged', 'failed']),
  /** Why it failed, in words; null otherwise. */
  error: z.string().nullable(),
  feed: feedStatusSchema,
});
export type FeedSyncResponse = z.infer<typeof feedSyncResponseSchema>;

/** The largest labels file an admin may upload. */
export const CUSTOM_LABELS_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/admin/feeds/custom-labels's query; the body is the labels file itself. */
export const customLabelsUploadQuerySchema = z.object({
  file_name: uploadFileName(),
});

/** A failure's kind in words, for the Feeds screen (never the raw code). */
export function feedFailureWords(code: string): string {
  switch (code) {
    case 'download-failed':
      return "the feed's server could not be reached or did not deliver the file";
    case 'file-missing':
      return 'the file was not found';
    case 'invalid-file':
      return 'the file is not in the format of this feed';
    case 'empty-feed':
      return 'the file holds no usable address';
    case 'too-large':
      return 'the file is too large';
    case 'disabled':
      return 'the feed is turned off';
    case 'not-downloadable':
      return 'this feed cannot be downloaded';
    default:
      return 'an unexpected error occurred (the server log has the details)';
  }
}

/** "Last sync on 24.11.2026 failed: the file holds no usable address". */
export function feedFailureNote(sync: NonNullable<FeedStatus['last_sync']>): string {
  return `Last sync on ${formatDate(sync.at)} failed: ${sync.code ? feedFailureWords(sync.code) : 'an unexpected error occurred'}`;
}
