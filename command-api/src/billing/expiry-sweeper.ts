import type { Logger, ReadStore } from '@walletscreen/platform';
import { usersWithExpiredPurchases } from '@walletscreen/projections/billing/queries';

export interface ExpirySweeper {
  /** Expires what is left of every purchase past its expiry; the number of checks expired. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Appends PurchasedChecksExpired for purchases past their expiry, at start and every interval, so
 * the read models (customers, purchases) follow expiry through events. Charging never spends an
 * expired purchase, swept or not.
 */
export function startExpirySweeper(deps: {
  readStore: ReadStore;
  expire: (userId: string) => Promise<number>;
  /** Resolves once the read models have caught up with the store. */
  catchUp: () => Promise<void>;
  clock: () => Date;
  logger: Logger;
  intervalMs?: number;
}): ExpirySweeper {
  let running: Promise<number> | undefined;
  let stopped = false;

  async function sweepNow(): Promise<number> {
    await deps.catchUp();
    let expired = 0;
    for (const userId of await usersWithExpiredPurchases(deps.readStore, deps.clock().toISOString())) {
      if (stopped) break;
      try {
        expired += await deps.expire(userId);
      } catch (error) {
        deps.logger.error({ err: error, userId }, 'purchased checks could not be expired');
      }
    }
    if (expired > 0) deps.logger.info({ expired }, 'purchased checks expired');
    return expired;
  }

  const sweep = () => {
    // One sweep at a time; a sweep asked for during another runs after it.
    const next = (running ?? Promise.resolve(0)).catch(() => 0).then(sweepNow);
    running = next;
    return next;
  };
  const tick = () => void sweep().catch((error: unknown) => deps.logger.error({ err: error }, 'purchase expiry sweep failed'));
  const timer = setInterval(tick, deps.intervalMs ?? 3_600_000);
  timer.unref();
  tick();

  return {
    sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
