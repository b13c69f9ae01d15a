/**
 * `runFeedSync`: reads a feed's file from a local path (given on the command line, or an admin's
 * upload saved to a temporary file) or downloads it from the feed's URL (to a temporary file),
 * hashes its bytes (SHA-256), parses it, and records it as the next version on the feed's stream
 * `feed-<id>`, unless it is the file already in force ("unchanged") or yields no usable entry
 * (refused: the version in force stays). Modelled on the OFAC sync (sanctions/sync.ts), which it
 * leaves alone.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FeedId } from '@walletscreen/contracts';
import type { EventStore, Logger } from '@walletscreen/platform';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { feedDecider } from '@walletscreen/domain/feed/decide';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { countEntries, feedStreamId, type FeedEntry, type SkippedEntries } from '@walletscreen/domain/feed/events';
import { feedEntriesDecider } from '@walletscreen/domain/feed-entries/decide';
import { FEED_ENTRIES_PER_PART, feedEntriesStreamId } from '@walletscreen/domain/feed-entries/events';
import { importedVersionEventId } from '@walletscreen/domain/ids';
import { lastEventStreams } from '@walletscreen/domain/last-event-streams';
import { defaultChainDataConfig, type ChainDataConfig } from '../chain-data/types';
import { downloadToFile } from '../shared/download';
import { feedDefinitions } from './catalog';
import { fileSource, type FeedParseResult } from './feed';
import { lastFeedEvent } from './feed-stream';

export interface FeedSyncOptions {
  eventStore: EventStore;
  feedId: FeedId;
  /** The feeds enabled (FEEDS_ENABLED); a feed not among them is neither downloaded nor imported. */
  enabled: readonly FeedId[];
  /** A local copy of the feed's file; when absent, `url` is downloaded (or, for a feed with a collector, its file is built from APIs). */
  file?: string;
  /** Where to download it from; default the feed's own URL (a collector's APIs, for a feed that has one). */
  url?: string;
  /** Where it came from, as recorded; default the file path or URL ("uploaded by admin@…: labels.json" for an upload). */
  origin?: string;
  /** How messages name the file; default `origin`. */
  name?: string;
  fetch?: typeof fetch;
  /** The blockchain data sources a feed with a collector reads (ETHERSCAN_API_KEY, TRONGRID_API_KEY, …); default the keyless defaults. */
  chainData?: ChainDataConfig;
  clock: () => Date;
  logger: Logger;
  /** Time limit for the whole download (or collection); default 10 minutes. */
  downloadTimeoutMs?: number;
  /**
   * Where a collected file is kept after it was imported (DATA_DIR/cache/feeds), for the next
   * collection to go on from (FeedCollectContext.previous). Only a cache: without it, or with it
   * emptied, a collection reads everything again.
   */
  cacheDir?: string;
}

/** Where a data directory keeps the feeds' collected files (FeedSyncOptions.cacheDir). */
export const feedsCacheDir = (dataDir: string) => path.join(dataDir, 'cache', 'feeds');

/** The kept copy of a feed's last collected file, in the cache directory. */
const collectedCopy = (cacheDir: string, feedId: FeedId) => path.join(cacheDir, `${feedId}.collected.json`);

/** Keeps the file a collection wrote and the sync imported (written aside, then renamed: a reader sees the old copy or the new, whole). */
async function keepCollected(cacheDir: string, feedId: FeedId, file: string): Promise<void> {
  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  const kept = collectedCopy(cacheDir, feedId);
  const aside = `${kept}.${process.pid}.tmp`;
  await copyFile(file, aside);
  await chmod(aside, 0o600);
  await rename(aside, kept);
}

/** Where a sync reads the feed's file from, as recorded: the file, the URL given, a collector's APIs, or the feed's own URL. */
export function feedSyncOrigin(options: Pick<FeedSyncOptions, 'feedId' | 'file' | 'url' | 'origin' | 'chainData'>): string {
  const feed = feedDefinitions[options.feedId];
  if (options.origin !== undefined) return options.origin;
  if (options.file !== undefined) return options.file;
  if (options.url !== undefined) return options.url;
  if (feed.kind !== 'download') return feed.id;
  return feed.collector ? feed.collector.origin(options.chainData ?? defaultChainDataConfig) : feed.defaultUrl;
}

export interface FeedSyncResult {
  /** `unchanged`: this exact file (same SHA-256) is already the version in force. */
  status: 'imported' | 'unchanged';
  feedId: FeedId;
  /** The version in force after the sync. */
  version: number;
  origin: string;
  sha256: string;
  bytes: number;
  entryCount: number;
  skipped: SkippedEntries;
}

/** SHA-256 and size of a file (or of a directory's files), read once. */
async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new FeedError('file-missing', error.code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file}: ${error.message}`, { cause: error });
  });
  const hash = createHash('sha256');
  let bytes = 0;
  const add = async (one: string) => {
    for await (const chunk of createReadStream(one, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
    }
  };
  if (info.isDirectory()) {
    // A feed published as many files (a local copy of a repository): each file's path and bytes, in order.
    const names = (await readdir(file, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(file, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
    for (const name of names) {
      hash.update(`${name}\0`);
      await add(path.join(file, name));
    }
    return { sha256: hash.digest('hex'), bytes };
  }
  if (!info.isFile()) throw new FeedError('file-missing', `${file} is not a file`);
  await add(file);
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * Throws when this feed cannot be synced at all, before anything is read: it is turned off, shipped
 * with the code, or (your own labels) has no download. Such a refusal is not a sync attempt, so the
 * sync log does not record it.
 */
export function assertSyncable(feedId: FeedId, enabled: readonly FeedId[], file: string | undefined): void {
  const feed = feedDefinitions[feedId];
  if (!enabled.includes(feedId)) {
    throw new FeedError('disabled', `the feed ${feedId} is turned off (FEEDS_ENABLED does not include it): nothing was downloaded or imported`);
  }
  if (feed.kind === 'shipped') {
    throw new FeedError(
      'not-downloadable',
      `the feed ${feedId} is shipped with WalletScreen: its version changes with the code, there is nothing to download or import`,
    );
  }
  if (feed.kind === 'upload' && file === undefined) {
    throw new FeedError('not-downloadable', `the feed ${feedId} has no download: upload a labels file on the Feeds screen, or give one with --file`);
  }
}

/** Records an import's entries in parts of FEED_ENTRIES_PER_PART on its own stream; answers how many parts. */
async function recordEntries(options: {
  streams: ReturnType<typeof lastEventStreams>;
  feedId: FeedId;
  importId: string;
  sha256: string;
  entries: readonly FeedEntry[];
  clock: () => Date;
}): Promise<number> {
  const { feedId, importId, sha256, entries } = options;
  const streamId = feedEntriesStreamId(feedId, importId);
  const handler = new CommandHandler(options.streams, feedEntriesDecider);
  let part = 0;
  for (let at = 0; at < entries.length; at += FEED_ENTRIES_PER_PART, part++) {
    await handler.execute(
      streamId,
      {
        type: 'RecordFeedEntries',
        data: { feedId, importId, sha256, part, entries: entries.slice(at, at + FEED_ENTRIES_PER_PART) },
        metadata: { now: options.clock().toISOString() },
      },
      { commandId: `${importId}|${part}`, maxAttempts: 5 },
    );
  }
  return part;
}

export async function runFeedSync(options: FeedSyncOptions): Promise<FeedSyncResult> {
  const { eventStore, feedId, clock, logger } = options;
  const feed = feedDefinitions[feedId];
  assertSyncable(feedId, options.enabled, options.file);
  if (feed.kind === 'shipped') throw new FeedError('not-downloadable', `the feed ${feedId} is shipped with WalletScreen`);
  let tempDir: string | null = null;
  try {
    let file = options.file;
    const url = options.url ?? (feed.kind === 'download' ? feed.defaultUrl : '');
    const origin = feedSyncOrigin(options);
    const name = options.name ?? origin;
    const collector = feed.kind === 'download' && options.url === undefined ? feed.collector : undefined;
    if (file === undefined && collector) {
      tempDir = await mkdtemp(path.join(tmpdir(), `walletscreen-feed-${feedId}-`));
      file = path.join(tempDir, 'feed');
      logger.info({ feedId, origin }, 'collecting a feed');
      await collector.collect({
        file,
        fetch: options.fetch ?? fetch,
        chainData: options.chainData ?? defaultChainDataConfig,
        clock,
        logger,
        timeoutMs: options.downloadTimeoutMs ?? 10 * 60_000,
        ...(options.cacheDir && existsSync(collectedCopy(options.cacheDir, feedId)) ? { previous: collectedCopy(options.cacheDir, feedId) } : {}),
      });
    } else if (file === undefined) {
      tempDir = await mkdtemp(path.join(tmpdir(), `walletscreen-feed-${feedId}-`));
      file = path.join(tempDir, 'feed');
      logger.info({ feedId, url }, 'downloading a feed');
      await downloadToFile(url, file, {
        fetch: options.fetch ?? fetch,
        timeoutMs: options.downloadTimeoutMs ?? 10 * 60_000,
        userAgent: 'WalletScreen feed sync',
        fail: (reason, cause) => new FeedError('download-failed', reason, cause === undefined ? undefined : { cause }),
      });
    }
    const { sha256, bytes } = await hashFile(file);
    let parsed: FeedParseResult;
    try {
      parsed = await feed.parse(fileSource(file, name));
    } catch (error) {
      if (error instanceof FeedError) throw error;
      throw new FeedError('invalid-file', `${name} could not be read as the ${feed.name} feed: ${(error as Error).message}`, { cause: error });
    }
    const streamId = feedStreamId(feedId);
    const streams = lastEventStreams(eventStore);
    const { event: inForce } = await lastFeedEvent(eventStore, feedId);
    // The entries, in parts, first (an unchanged file records none); the version then puts them in force.
    // The import is named after the version it is meant to become and the file: a file imported
    // again later (going back to an earlier version) records its entries again, under a new import.
    const importId = `v${(inForce?.data.version ?? 0) + 1}-${sha256.slice(0, 16)}`;
    const parts = inForce?.data.sha256 === sha256 ? 0 : await recordEntries({ streams, feedId, importId, sha256, entries: parsed.entries, clock });
    const { events, state } = await new CommandHandler(streams, feedDecider).execute(
      streamId,
      {
        type: 'ImportFeedVersion',
        data: { feedId, sha256, origin, importId, parts, entryCount: parsed.entries.length, counts: countEntries(parsed.entries), skipped: parsed.skipped },
        metadata: { now: clock().toISOString() },
      },
      { commandId: sha256, eventId: (_event, _index, revision) => importedVersionEventId(streamId, revision, sha256), maxAttempts: 5 },
    );
    // The collected file, imported (or the same as the version in force): the next collection goes on from it.
    if (collector && options.cacheDir) {
      await keepCollected(options.cacheDir, feedId, file).catch((error: unknown) =>
        logger.warn({ err: error, feedId, cacheDir: options.cacheDir }, 'the collected feed file could not be kept: the next sync reads everything again'),
      );
    }
    const base = { feedId, origin, sha256, bytes, entryCount: parsed.entries.length, skipped: parsed.skipped };
    const version = state.status === 'loaded' ? state.version : 0;
    if (events.length === 0) {
      logger.info({ feedId, sha256 }, 'feed unchanged');
      return { status: 'unchanged', version, ...base };
    }
    logger.info({ feedId, version, entries: parsed.entries.length, skipped: parsed.skipped.count, sha256 }, 'feed imported');
    return { status: 'imported', version, ...base };
  } finally {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}
