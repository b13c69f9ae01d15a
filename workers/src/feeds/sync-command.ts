/**
 * `npm run feeds:sync -- <feed-id> [--file PATH | --url URL]`: the command behind server/src/feeds-sync-main.ts,
 * apart from the process so it can be tested. A composition root: it reads the environment and
 * builds the SQLite event store the embedded server uses.
 *
 * Environment: DATA_DIR (default ./data; the store is DATA_DIR/walletscreen.db), FEEDS_ENABLED
 * (which feeds may be synced; unset, each feed's default), FEED_URLS (mirrors to download from),
 * the blockchain data sources' settings for feeds read from the chain (ETHERSCAN_API_KEY,
 * TRONGRID_API_KEY, BLOCKSCOUT_ETHEREUM_URL, …: chain-data/config.ts), LOG_LEVEL (default warn:
 * the summary line is the output).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, createLogger, parseEnv, readCommandLine } from '@walletscreen/platform';
import type { SyncCommandIO } from '../shared/download';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { ChainDataConfigError, chainDataConfigFromEnv } from '../chain-data/config';
import { allFeeds, enabledFeedIds, isFeedId } from './catalog';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { feedsCacheDir, type FeedSyncResult } from './sync';
import { runRecordedFeedSync } from './sync-log';

const feedLines = allFeeds
  .map(
    (f) =>
      `    ${f.id.padEnd(22)}${f.kind === 'download' ? (f.collector ? 'reads the chain' : 'downloads') : f.kind === 'upload' ? 'needs --file' : 'shipped, nothing to sync'}; ${f.enabledByDefault ? 'on' : 'off'} by default; licence ${f.licence.name}`,
  )
  .join('\n');

export const feedsSyncUsage = `usage: npm run feeds:sync -- <feed-id> [--file PATH | --url URL]
  Imports a version of an intelligence feed into DATA_DIR/walletscreen.db.
  <feed-id>     one of:
${feedLines}
  --file PATH   a local copy of the feed's file
  --url URL     download from URL (default: the feed's FEED_URLS mirror, or its own address)
  A feed must be enabled (FEEDS_ENABLED) to be synced.`;

type Args = { feed?: string; file?: string; url?: string; help?: boolean };

function parseArgs(argv: readonly string[]): Args | string {
  const line = readCommandLine(argv, { file: { type: 'string' }, url: { type: 'string' } }, { positionals: 2 });
  if (typeof line === 'string') return line;
  const [feed, other] = line.positionals;
  if (other !== undefined) return `give one feed id, not "${feed}" and "${other}"`;
  const args: Args = { ...line.values, feed };
  if (args.help) return args;
  if (args.feed === undefined) return 'give the feed id';
  if (!isFeedId(args.feed)) return `unknown feed "${args.feed}"`;
  if (args.file !== undefined && args.url !== undefined) return 'give --file or --url, not both';
  if (args.url !== undefined && !/^https?:\/\//i.test(args.url)) return `--url must be an http(s) URL, got "${args.url}"`;
  return args;
}

/** One line: what was imported (or that nothing changed), its version, entries, what was left out and why. */
export function feedSummaryLine(r: FeedSyncResult): string {
  const status = r.status === 'imported' ? `imported as version ${r.version}` : `unchanged (this file is already version ${r.version}, in force)`;
  const reasons = Object.entries(r.skipped.reasons).map(([reason, n]) => `${n}: ${reason}`);
  const skipped = r.skipped.count > 0 ? `; ${r.skipped.count} left out (${reasons.join('; ')}); first: ${r.skipped.examples.join(' | ')}` : '; none left out';
  return `Feed ${r.feedId} ${status}: ${r.entryCount} labelled addresses${skipped}; sha256 ${r.sha256}`;
}

export async function runFeedsSyncCommand(io: SyncCommandIO): Promise<number> {
  const args = parseArgs(io.argv);
  if (typeof args === 'string') {
    io.stderr(`feeds:sync: ${args}\n${feedsSyncUsage}`);
    return 2;
  }
  if (args.help || args.feed === undefined || !isFeedId(args.feed)) {
    io.stdout(feedsSyncUsage);
    return 0;
  }
  let enabled;
  let mirror: string | undefined;
  let chainData;
  try {
    const env = parseEnv({ FEEDS_ENABLED: io.env.FEEDS_ENABLED, FEED_URLS: io.env.FEED_URLS });
    enabled = enabledFeedIds(env.FEEDS_ENABLED);
    mirror = env.FEED_URLS?.[args.feed];
    chainData = chainDataConfigFromEnv(io.env);
  } catch (error) {
    const problems = error instanceof ConfigError || error instanceof ChainDataConfigError ? error.problems.join('; ') : String(error);
    io.stderr(`feeds:sync: ${problems}`);
    return 2;
  }
  const dataDir = io.env.DATA_DIR?.trim() || './data';
  const logger = io.logger ?? createLogger({ level: io.env.LOG_LEVEL?.trim() || 'warn', name: 'feeds-sync' });
  let eventStore: SqliteEventStore | null = null;
  try {
    mkdirSync(dataDir, { recursive: true });
    eventStore = new SqliteEventStore({ file: path.join(dataDir, 'walletscreen.db') });
    const result = await runRecordedFeedSync({
      eventStore,
      feedId: args.feed,
      enabled,
      file: args.file,
      url: args.file === undefined ? (args.url ?? mirror) : undefined,
      fetch: io.fetch,
      chainData,
      cacheDir: feedsCacheDir(dataDir),
      clock: io.clock ?? (() => new Date()),
      logger,
      trigger: 'command-line',
    });
    io.stdout(feedSummaryLine(result));
    return 0;
  } catch (error) {
    const message = error instanceof FeedError ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    io.stderr(`feeds:sync failed: ${message}`);
    return 1;
  } finally {
    await eventStore?.close();
  }
}
