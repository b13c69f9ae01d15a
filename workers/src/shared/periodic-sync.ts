/**
 * A list kept fresh in the background (the OFAC list, each downloadable feed): at start, when
 * nothing was ever synced or the last success is older than the interval, and then every
 * interval, it runs the sync. A failure (offline is normal) is logged, leaves what is in force,
 * is retried after a quarter of the interval, and never stops the server. While `paused` (writes
 * halted: the event store's integrity is in doubt) a due sync waits, asked again every minute.
 * `stop` aborts a download in progress and settles when nothing runs any more.
 */
import type { Logger } from '@walletscreen/platform';

export interface PeriodicSync {
  stop(): Promise<void>;
}

/** setTimeout's longest delay (about 24.8 days); a longer wait is taken in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** While paused, how soon a due sync asks again. */
const PAUSED_RETRY_MS = 60_000;

export function startPeriodicSync(deps: {
  logger: Logger;
  clock: () => Date;
  intervalHours: number;
  /** When what is in force was last confirmed (ms since the epoch); null when never. */
  lastSuccessMs(): Promise<number | null>;
  /** Runs one sync with a `fetch` that `stop` aborts; throws when it fails. */
  sync(download: typeof fetch): Promise<void>;
  /** What the log says when the sync fails, e.g. "OFAC sanctions list sync failed: the list in force stays, and the sync is retried later". */
  failureMessage: string;
  /** Extra fields of that log line (the feed's id, an error code). */
  failureFields?: (error: unknown) => Record<string, unknown>;
  fetch?: typeof fetch;
  /** Whether nothing is to be recorded now (writes halted); a due sync then waits. */
  paused?: () => boolean;
}): PeriodicSync {
  const intervalMs = deps.intervalHours * 3_600_000;
  const aborter = new AbortController();
  const baseFetch = deps.fetch ?? fetch;
  const abortableFetch: typeof fetch = (input, init) =>
    baseFetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, aborter.signal]) : aborter.signal });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(
      () => {
        timer = null;
        running = tick();
      },
      Math.min(Math.max(0, ms), MAX_DELAY_MS),
    );
    timer.unref();
  }

  async function tick(): Promise<void> {
    try {
      const last = await deps.lastSuccessMs();
      const now = deps.clock().getTime();
      if (last !== null && now - last < intervalMs) return schedule(last + intervalMs - now);
      if (stopped) return;
      if (deps.paused?.()) return schedule(Math.min(intervalMs / 4, PAUSED_RETRY_MS));
      await deps.sync(abortableFetch);
      schedule(intervalMs);
    } catch (error) {
      if (stopped) return;
      const reason = error instanceof Error ? error.message : String(error);
      deps.logger.warn({ reason, ...deps.failureFields?.(error), retryInHours: deps.intervalHours / 4 }, deps.failureMessage);
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
