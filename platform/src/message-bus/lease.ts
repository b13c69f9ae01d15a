import type { Logger } from '../logging/logger';
import type { ReadStore } from '../read-store/port';

/**
 * A lease in the read store (`ReadStore.tryLease`): a row with its holder and expiry that only one
 * process holds at a time. The holder renews it every `ttlMs / 4`; another process takes it over
 * only after it expired (its holder died or lost the store), or at once when the holder released it
 * on a clean stop.
 *
 * Fencing: the holder counts the lease as its own only until `ttlMs / 2` before the expiry its last
 * successful renewal set, measured from when it sent that renewal. So it stops acting on the lease
 * (the relay: stops sending to Kafka) a half TTL before anyone else may take it over, as long as
 * the clocks of the processes differ by less than that (they compare expiries by their own clocks).
 * A renewal that finds another holder ends the lease at once.
 */
export interface HeldLease {
  readonly holder: string;
  /** True while the holder may act on the lease (see the fencing note above). */
  valid(): boolean;
  /** Resolves when the lease is lost (taken over, or not renewed in time); never rejects. */
  readonly lost: Promise<void>;
  /** Stops renewing and gives the lease up (another process may take it at once). */
  release(): Promise<void>;
}

export interface LeaseOptions {
  store: Pick<ReadStore, 'tryLease' | 'releaseLease'>;
  name: string;
  holder: string;
  ttlMs: number;
  logger: Logger;
  /** What waits for it, in log lines ("relay"). */
  role: string;
  now?: () => number;
  /** Resolves the wait early (the process stops): `acquireLease` then answers null. */
  cancelled?: Promise<void>;
}

const sleep = (ms: number, cancelled?: Promise<void>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void cancelled?.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Waits until this process holds the lease, logging who holds it meanwhile; null when cancelled first. */
export async function acquireLease(options: LeaseOptions): Promise<HeldLease | null> {
  const { store, name, holder, ttlMs, logger, role } = options;
  const now = options.now ?? Date.now;
  const every = Math.max(50, Math.floor(ttlMs / 4));
  let cancelled = false;
  void options.cancelled?.then(() => (cancelled = true));
  let lastHolder: string | undefined;
  let validUntil = 0;
  for (;;) {
    if (cancelled) return null;
    const sentAt = now();
    try {
      const state = await store.tryLease(name, holder, ttlMs, sentAt);
      if (state.holder === holder) {
        validUntil = sentAt + ttlMs - ttlMs / 2;
        break;
      }
      if (state.holder !== lastHolder) {
        logger.warn(
          { lease: name, holder: state.holder, expiresAt: new Date(state.expiresAt).toISOString() },
          `another ${role} holds the lease ${name}; waiting to take over when it expires`,
        );
        lastHolder = state.holder;
      }
    } catch (error) {
      logger.warn({ err: error, lease: name }, `the ${role} could not read its lease; trying again`);
    }
    await sleep(every, options.cancelled);
  }
  if (cancelled) {
    await store.releaseLease(name, holder).catch(() => undefined);
    return null;
  }
  logger.info({ lease: name, holder, ttlMs }, `this ${role} holds the lease ${name}`);

  let stopped = false;
  let markLost!: () => void;
  const lost = new Promise<void>((resolve) => (markLost = resolve));
  let timer: NodeJS.Timeout | undefined;
  const lose = (reason: string, detail: object) => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    logger.error({ lease: name, holder, ...detail }, `this ${role} lost the lease ${name} (${reason}); it stops until it holds it again`);
    markLost();
  };
  const renew = async () => {
    timer = undefined;
    if (stopped) return;
    const sentAt = now();
    try {
      const state = await store.tryLease(name, holder, ttlMs, sentAt);
      if (stopped) return;
      if (state.holder !== holder) return lose('taken over', { by: state.holder });
      validUntil = sentAt + ttlMs - ttlMs / 2;
    } catch (error) {
      if (stopped) return;
      logger.warn({ err: error, lease: name }, `the ${role} could not renew its lease; trying again`);
    }
    if (now() >= validUntil) return lose('not renewed in time', { validUntil: new Date(validUntil).toISOString() });
    timer = setTimeout(() => void renew(), Math.min(every, Math.max(1, validUntil - now())));
  };
  timer = setTimeout(() => void renew(), every);

  return {
    holder,
    valid: () => !stopped && now() < validUntil,
    lost,
    async release() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      markLost();
      await store
        .releaseLease(name, holder)
        .catch((error: unknown) => logger.warn({ err: error, lease: name }, `the ${role} could not release its lease; it expires by itself`));
    },
  };
}
