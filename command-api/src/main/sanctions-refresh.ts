/**
 * The server's OFAC refresh: at start, when no list is loaded or the last successful sync is older
 * than the interval, and then every interval, it runs the sanctions sync in the background. Every
 * attempt is recorded in the sync log; a failure (offline is normal) is logged, leaves the list in
 * force, is retried after a quarter of the interval, and never stops the server.
 * SANCTIONS_SYNC_INTERVAL_HOURS=0 turns it off.
 */
import type { EventStore, Logger } from '@walletscreen/platform';
import { SanctionsListError } from '@walletscreen/workers/sanctions/errors';
import { cachedSanctionsIndex } from '@walletscreen/workers/sanctions/sanctions-store';
import { OFAC_SDN_ADVANCED_URL } from '@walletscreen/workers/sanctions/sync';
import { cachedSanctionsSyncLog, runRecordedSanctionsSync } from '@walletscreen/workers/sanctions/sync-log';

export interface SanctionsRefresh {
  /** Stops the timer and aborts a download in progress; settles when nothing runs any more. */
  stop(): Promise<void>;
}

/** setTimeout's longest delay (about 24.8 days); a longer wait is taken in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export function startSanctionsRefresh(deps: {
  eventStore: EventStore;
  logger: Logger;
  clock: () => Date;
  intervalHours: number;
  url?: string;
  fetch?: typeof fetch;
}): SanctionsRefresh {
  const { eventStore, logger, clock } = deps;
  if (!(deps.intervalHours > 0)) {
    logger.info('automatic OFAC list refresh is off (SANCTIONS_SYNC_INTERVAL_HOURS=0)');
    return { stop: async () => undefined };
  }
  const intervalMs = deps.intervalHours * 3_600_000;
  const url = deps.url ?? OFAC_SDN_ADVANCED_URL;
  const sanctions = cachedSanctionsIndex(eventStore);
  const syncLog = cachedSanctionsSyncLog(eventStore);
  const aborter = new AbortController();
  const baseFetch = deps.fetch ?? fetch;
  const abortableFetch: typeof fetch = (input, init) => baseFetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, aborter.signal]) : aborter.signal });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = tick();
    }, Math.min(Math.max(0, ms), MAX_DELAY_MS));
    timer.unref();
  }

  /** When the list in force was last confirmed: the last successful sync, or the import itself. */
  async function lastSuccessMs(): Promise<number | null> {
    const [index, log] = await Promise.all([sanctions(), syncLog()]);
    if (!index) return null;
    const times = [index.meta.importedAt, log.lastSuccessAt].filter((t): t is string => t !== null).map((t) => Date.parse(t));
    return times.length > 0 ? Math.max(...times) : null;
  }

  async function tick(): Promise<void> {
    try {
      const last = await lastSuccessMs();
      const now = clock().getTime();
      if (last !== null && now - last < intervalMs) return schedule(last + intervalMs - now);
      if (stopped) return;
      // The refresh never forces: an older or undated list at the URL fails, and the list in force stays.
      const result = await runRecordedSanctionsSync({ eventStore, url, fetch: abortableFetch, clock, logger, trigger: 'refresh' });
      logger.info({ status: result.status, publishedAt: result.publishedAt, addresses: result.addressCount, sha256: result.sha256 }, 'OFAC sanctions list sync finished');
      schedule(intervalMs);
    } catch (error) {
      if (stopped) return;
      const reason = error instanceof Error ? error.message : String(error);
      const retryInHours = deps.intervalHours / 4;
      logger.warn({ reason, code: error instanceof SanctionsListError ? error.code : undefined, retryInHours }, 'OFAC sanctions list sync failed: the list in force stays, and the sync is retried later');
      schedule(intervalMs / 4);
    }
  }

  schedule(0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      aborter.abort();
      await running;
    },
  };
}
