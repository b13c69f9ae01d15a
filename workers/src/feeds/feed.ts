/**
 * What a feed is: a list of labelled addresses published by someone (or shipped with the code, or
 * uploaded by the administrator), read by the intelligence stage of every check while it is
 * enabled. A definition names the feed, says which of the risk model's categories its entries
 * carry, states its licence plainly, and parses its file into entries.
 *
 * Parsing never drops an entry without trace: an entry that cannot be used (an address that is
 * not valid on its network, a currency we do not screen, a line that is not JSON, an address
 * listed twice) is counted by reason, and the first few are named, so the sync log says what was
 * left out and why. A file that yields no usable entry is refused by the sync and changes nothing.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { parseAddress, type Chain, type FeedId, type Network } from '@walletscreen/contracts';
import type { Logger } from '@walletscreen/platform';
import { feedEntryKey, riskCategories, type FeedEntry, type RiskCategory, type SkippedEntries } from '@walletscreen/domain/feed/events';
import type { ChainDataConfig } from '../chain-data/types';
import { matchKeyFor } from '../sanctions/match-key';
import { sourceFiles, type SourceFile } from './archive';

export type { SourceFile };

export interface FeedParseResult {
  entries: FeedEntry[];
  skipped: SkippedEntries;
}

/** The file being parsed; it may be read more than once (a parser may need two passes). */
export interface FeedSource {
  /** What messages call it: the file name, URL, or upload. */
  name: string;
  /** The whole content as text (for small files). */
  text(): Promise<string>;
  /** The content line by line, without line ends (for line-delimited files of any size). */
  lines(): AsyncIterable<string>;
  /**
   * The files of a feed published as many files (a directory, or a .tar.gz archive of one, as
   * GitHub serves a repository): each with its path inside (an archive's top folder left out),
   * in a stable order. A single file is one file named by its base name.
   */
  files(): AsyncIterable<SourceFile>;
}

export interface FeedLicence {
  name: string;
  /** The licence's text or the publisher's terms; null for the administrator's own data, and for public blockchain data (no licence of its own). */
  url: string | null;
  /** False when the licence does not allow commercial use without the publisher's own licence. */
  commercialUse: boolean;
}

interface FeedDefinitionBase {
  id: FeedId;
  name: string;
  /** One or two sentences for the Feeds screen and the README: what it is and where it comes from. */
  description: string;
  /** The categories its entries can carry, and how they are chosen, in `description`. */
  categories: readonly RiskCategory[];
  licence: FeedLicence;
  /** Whether it is read when FEEDS_ENABLED does not say. */
  enabledByDefault: boolean;
  /** The chains its entries can be on (absent: any): a check of another chain has nothing to read in it. */
  covers?: readonly Chain[];
}

/** What a feed that builds its file from APIs (`FeedCollector`) is given. */
export interface FeedCollectContext {
  /** Where to write the file. */
  file: string;
  /** How requests are sent (a refresh passes one its stop aborts). */
  fetch: typeof fetch;
  /** The blockchain data sources' URLs, keys, time limit per request, retries and rate limits. */
  chainData: ChainDataConfig;
  clock: () => Date;
  logger: Logger;
  /** Time limit for the whole collection. */
  timeoutMs: number;
  /**
   * The file this collector wrote at the last sync that imported (kept in the data directory's
   * cache): a collector that can goes on from it instead of reading everything again. Absent on a
   * first sync or without a cache; a collector never trusts it to be whole or well formed.
   */
  previous?: string;
}

/**
 * A feed whose file is built from APIs (several requests, paged) rather than downloaded from one
 * URL. The file must be deterministic, sorted and without the time it was fetched, so that the
 * same answers hash alike and sync as "unchanged". Failures throw a FeedError naming the source.
 */
export interface FeedCollector {
  /** Where the file is read from with this configuration, as the sync log records it ("blockscout:ethereum https://…, trongrid https://…"). */
  origin(chainData: ChainDataConfig): string;
  collect(ctx: FeedCollectContext): Promise<void>;
}

/**
 * A feed downloaded from `defaultUrl` (or read from a file given to `npm run feeds:sync`). With a
 * `collector`, its file is built from APIs instead, unless a URL (a mirror of such a file) or a
 * file is given; `defaultUrl` then names its default source.
 */
export interface DownloadedFeedDefinition extends FeedDefinitionBase {
  kind: 'download';
  defaultUrl: string;
  collector?: FeedCollector;
  parse(source: FeedSource): Promise<FeedParseResult>;
}

/** A feed whose versions an admin uploads. */
export interface UploadedFeedDefinition extends FeedDefinitionBase {
  kind: 'upload';
  parse(source: FeedSource): Promise<FeedParseResult>;
}

/** A feed shipped with the code: its version is its file's hash, like the shipped labels file's. */
export interface ShippedFeedDefinition extends FeedDefinitionBase {
  kind: 'shipped';
  /** The shipped entries, the file's SHA-256 and its version (the hash's first 12 hex digits). */
  shipped(): { entries: readonly FeedEntry[]; sha256: string; version: string };
}

export type FeedDefinition = DownloadedFeedDefinition | UploadedFeedDefinition | ShippedFeedDefinition;

/** Feeds whose versions are recorded on a `feed-<id>` stream. */
export type RecordedFeedDefinition = DownloadedFeedDefinition | UploadedFeedDefinition;
export const isRecorded = (feed: FeedDefinition): feed is RecordedFeedDefinition => feed.kind !== 'shipped';

/** How many skipped entries a sync names; the rest are only counted. */
export const SKIPPED_EXAMPLES = 5;

/**
 * The key an address is told apart by: its chain and its per-chain match key (EVM: lower case, every
 * EVM network; Bitcoin Cash: its CashAddr form). Entries are recorded in that form (`EntryCollector`),
 * so the labels read model keys them alike (`feedEntryKey`).
 */
export const feedKeyOf = (network: Network, address: string): string => feedEntryKey(network, matchKeyFor(network, address));

const categories: ReadonlySet<string> = new Set(riskCategories);

/**
 * Collects a file's entries: validates each address on its network (stored normalized), keeps the
 * first entry of an address and counts the others, and counts every entry left out by reason.
 */
export class EntryCollector {
  private readonly entries: FeedEntry[] = [];
  private readonly seen = new Set<string>();
  private readonly skipped: SkippedEntries = { count: 0, reasons: {}, examples: [] };

  /** Leaves an entry out: `where` names it ("line 12", "entry 3 (0xabc…)"), `reason` says why. */
  skip(where: string, reason: string): void {
    this.skipped.count++;
    this.skipped.reasons[reason] = (this.skipped.reasons[reason] ?? 0) + 1;
    if (this.skipped.examples.length < SKIPPED_EXAMPLES) this.skipped.examples.push(`${where}: ${reason}`);
  }

  /** Adds an entry whose address is given as listed; false when it was left out (and counted). */
  add(where: string, entry: Omit<FeedEntry, 'address'> & { address: string }): boolean {
    const text = entry.address.trim();
    if (!categories.has(entry.category)) {
      this.skip(where, `unknown category "${entry.category}"`);
      return false;
    }
    const parsed = parseAddress(text, entry.network);
    if (!parsed.ok) {
      this.skip(where, `not a valid ${entry.network} address`);
      return false;
    }
    // Bitcoin Cash is recorded in its CashAddr form, the form its match key has (legacy addresses too).
    const address = entry.network === 'bitcoin-cash' ? matchKeyFor(entry.network, parsed.address.normalized) : parsed.address.normalized;
    // An address may carry several categories (an exchange's wallet that also collects CoinJoin fees): one entry of each.
    const key = `${feedKeyOf(entry.network, address)}|${entry.category}`;
    if (this.seen.has(key)) {
      this.skip(where, 'address listed more than once in the same category (the first listing is kept)');
      return false;
    }
    this.seen.add(key);
    const name = entry.name.trim().slice(0, 200) || 'Listed address';
    this.entries.push({
      address,
      network: entry.network,
      category: entry.category,
      name,
      source: entry.source,
      ...(entry.jurisdiction ? { jurisdiction: entry.jurisdiction } : {}),
      ...(entry.listedAt ? { listedAt: entry.listedAt } : {}),
      ...(entry.confidence ? { confidence: entry.confidence } : {}),
      ...(entry.actor ? { actor: entry.actor.slice(0, 100) } : {}),
    });
    return true;
  }

  result(): FeedParseResult {
    return { entries: this.entries, skipped: this.skipped };
  }
}

/** A file on disk as a source: read whole, or line by line (any size). */
export function fileSource(file: string, name: string = file): FeedSource {
  return {
    name,
    text: () => readFile(file, 'utf8'),
    async *lines() {
      const rl = createInterface({ input: createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 }), crlfDelay: Infinity });
      for await (const line of rl) yield line;
    },
    files: () => sourceFiles(file),
  };
}

/** Text in memory as a source (an upload, a test). */
export function textSource(content: string, name: string): FeedSource {
  return {
    name,
    text: () => Promise.resolve(content),
    async *lines() {
      for (const line of content.split(/\r?\n/)) yield line;
    },
    async *files() {
      yield { path: path.basename(name), text: () => Promise.resolve(content) };
    },
  };
}

/** "0xabc…": an address as messages quote it (long ones cut). */
export const quoted = (text: string): string => (text.length > 48 ? `${text.slice(0, 45)}…` : text);
