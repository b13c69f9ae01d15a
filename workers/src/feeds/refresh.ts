/**
 * The feeds' refresh the workers run (the composition root starts it with FEEDS_ENABLED, FEED_URLS
 * and FEEDS_SYNC_INTERVAL_HOURS): each enabled feed that has a download (not a shipped one, not your
 * own labels) is synced in the background like the OFAC list (see shared/periodic-sync.ts): at start when
 * it was never synced or its last success is older than FEEDS_SYNC_INTERVAL_HOURS, then every
 * interval. Every attempt is in the feeds' sync log; a failure keeps the version in force.
 * FEEDS_SYNC_INTERVAL_HOURS=0 turns it off.
 */
import type { FeedId } from '@walletscreen/contracts';
import type { EventStore, Logger } from '@walletscreen/platform';
import { FeedError } from '@walletscreen/domain/feed/errors';
import type { ChainDataConfig } from '../chain-data/types';
import { startPeriodicSync, type PeriodicSync } from '../shared/periodic-sync';
import { feedDefinitions } from './catalog';
import { cachedFeedSyncLog, runRecordedFeedSync } from './sync-log';

export function startFeedsRefresh(deps: {
  eventStore: EventStore;
  logger: Logger;
  clock: () => Date;
  intervalHours: number;
  enabled: readonly FeedId[];
  /** Mirrors (FEED_URLS). */
  urls?: Partial<Record<FeedId, string>>;
  /** The blockchain data sources feeds built from the chain read (ETHERSCAN_API_KEY, TRONGRID_API_KEY, …). */
  chainData?: ChainDataConfig;
  fetch?: typeof fetch;
  /** Whether writes are halted (the event store's integrity is in doubt): a due sync waits. */
  paused?: () => boolean;
  /** Where collected files are kept for the next sync to go on from (feedsCacheDir). */
  cacheDir?: string;
}): PeriodicSync {
  const { eventStore, logger, clock, enabled } = deps;
  const downloadable = enabled.filter((id) => feedDefinitions[id].kind === 'download');
  if (!(deps.intervalHours > 0)) {
    if (downloadable.length > 0) logger.info('automatic feed refresh is off (FEEDS_SYNC_INTERVAL_HOURS=0)');
    return { stop: async () => undefined };
  }
  const syncLog = cachedFeedSyncLog(eventStore);
  const refreshes = downloadable.map((feedId) =>
    startPeriodicSync({
      logger,
      clock,
      intervalHours: deps.intervalHours,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.paused ? { paused: deps.paused } : {}),
      async lastSuccessMs() {
        const at = (await syncLog())[feedId]?.lastSuccessAt;
        return at ? Date.parse(at) : null;
      },
      async sync(download) {
        const result = await runRecordedFeedSync({
          eventStore,
          feedId,
          enabled,
          url: deps.urls?.[feedId],
          fetch: download,
          ...(deps.chainData ? { chainData: deps.chainData } : {}),
          ...(deps.cacheDir ? { cacheDir: deps.cacheDir } : {}),
          clock,
          logger,
          trigger: 'refresh',
        });
        logger.info(
          { feedId, status: result.status, version: result.version, entries: result.entryCount, skipped: result.skipped.count },
          'feed sync finished',
        );
      },
      failureMessage: 'feed sync failed: the version in force stays, and the sync is retried later',
      failureFields: (error) => ({ feedId, code: error instanceof FeedError ? error.code : undefined }),
    }),
  );
  return {
    async stop() {
      await Promise.all(refreshes.map((r) => r.stop()));
    },
  };
}
