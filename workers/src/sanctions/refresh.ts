/**
 * The OFAC refresh the workers run (the composition root starts it with SANCTIONS_SYNC_INTERVAL_HOURS
 * and OFAC_SDN_URL): at start, when no list is loaded or the last successful sync is older
 * than the interval, and then every interval, it runs the sanctions sync in the background. Every
 * attempt is recorded in the sync log; a failure (offline is normal) is logged, leaves the list in
 * force, is retried after a quarter of the interval, and never stops the server.
 * SANCTIONS_SYNC_INTERVAL_HOURS=0 turns it off.
 */
import type { EventStore, Logger } from '@walletscreen/platform';
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';
import { startPeriodicSync, type PeriodicSync } from '../shared/periodic-sync';
import { cachedSanctionsIndex } from './sanctions-store';
import { OFAC_SDN_ADVANCED_URL } from './sync';
import { cachedSanctionsSyncLog, runRecordedSanctionsSync } from './sync-log';

export type SanctionsRefresh = PeriodicSync;

export function startSanctionsRefresh(deps: {
  eventStore: EventStore;
  logger: Logger;
  clock: () => Date;
  intervalHours: number;
  url?: string;
  fetch?: typeof fetch;
  /** Whether writes are halted (the event store's integrity is in doubt): a due sync waits. */
  paused?: () => boolean;
}): SanctionsRefresh {
  const { eventStore, logger, clock } = deps;
  if (!(deps.intervalHours > 0)) {
    logger.info('automatic OFAC list refresh is off (SANCTIONS_SYNC_INTERVAL_HOURS=0)');
    return { stop: async () => undefined };
  }
  const url = deps.url ?? OFAC_SDN_ADVANCED_URL;
  const sanctions = cachedSanctionsIndex(eventStore);
  const syncLog = cachedSanctionsSyncLog(eventStore);
  return startPeriodicSync({
    logger,
    clock,
    intervalHours: deps.intervalHours,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.paused ? { paused: deps.paused } : {}),
    /** When the list in force was last confirmed: the last successful sync, or the import itself. */
    async lastSuccessMs() {
      const [index, log] = await Promise.all([sanctions(), syncLog()]);
      if (!index) return null;
      const times = [index.meta.importedAt, log.lastSuccessAt].filter((t): t is string => t !== null).map((t) => Date.parse(t));
      return times.length > 0 ? Math.max(...times) : null;
    },
    async sync(download) {
      // The refresh never forces: an older or undated list at the URL fails, and the list in force stays.
      const result = await runRecordedSanctionsSync({ eventStore, url, fetch: download, clock, logger, trigger: 'refresh' });
      logger.info(
        { status: result.status, publishedAt: result.publishedAt, addresses: result.addressCount, sha256: result.sha256 },
        'OFAC sanctions list sync finished',
      );
    },
    failureMessage: 'OFAC sanctions list sync failed: the list in force stays, and the sync is retried later',
    failureFields: (error) => ({ code: error instanceof SanctionsListError ? error.code : undefined }),
  });
}
