/**
 * Rate limits (fixed windows, one bucket per key) with rate-limiter-flexible: in memory for one
 * process, in the SQLite file or MongoDB when several API processes must share the counts.
 */
import type { Db } from 'mongodb';
import type { Database } from 'better-sqlite3';
import { RateLimiterMemory, RateLimiterMongo, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ReadStore } from '../read-store/port';

export interface RateLimitPolicy {
  /** Names the bucket family (and the table or collection the counts are kept in). */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitOutcome {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

export interface RateLimiter {
  readonly policy: RateLimitPolicy;
  consume(key: string): Promise<RateLimitOutcome>;
  /** Gives back one call counted for the key in its current window (a call that, in the end, did not count). */
  refund(key: string): Promise<void>;
  /** Stops the periodic sweep of expired counts; call before closing the store it counts in. */
  close(): void;
}

export interface RateLimiterOptions {
  /** How often expired counts are deleted from a SQLite store (default every 5 minutes). */
  sweepEveryMs?: number;
  /** How long an expired count is kept before a sweep deletes it (default an hour, as the library does). */
  keepExpiredMs?: number;
  /** Told when a sweep fails; the next sweep tries again. */
  onSweepError?: (error: unknown) => void;
}

export type RateLimitStore = 'memory' | { sqlite: Database } | { mongo: Db };

/** Where a read store can keep shared counts: its SQLite connection or Mongo database (memory otherwise). */
export function sharedRateLimitStore(readStore: ReadStore): RateLimitStore {
  const store = readStore as unknown as { db?: unknown };
  if (store.db && typeof (store.db as Database).prepare === 'function') return { sqlite: store.db as Database };
  if (store.db && typeof (store.db as Db).collection === 'function') return { mongo: store.db as Db };
  return 'memory';
}

/** RateLimiterSQLite's sweep (a public method its type declarations leave out). */
interface SweepableSQLiteLimiter {
  clearExpired(beforeMs: number): Promise<void>;
}

export function createRateLimiter(policy: RateLimitPolicy, store: RateLimitStore, limiterOptions: RateLimiterOptions = {}): RateLimiter {
  const options = { points: policy.limit, duration: policy.windowSeconds, keyPrefix: `rl_${policy.name}` };
  let ready: Promise<RateLimiterAbstract>;
  let sweep: NodeJS.Timeout | undefined;
  if (store === 'memory') ready = Promise.resolve(new RateLimiterMemory(options));
  else if ('sqlite' in store) {
    // The table is created after construction; its callback says when the limiter can count.
    const sqlite = store.sqlite;
    ready = new Promise((resolve, reject) => {
      // The library's own sweep (clearExpiredByTimeout) has no way to stop it, and fires on a closed
      // connection after the store is closed; this one is stopped by close().
      const limiter: RateLimiterSQLite = new RateLimiterSQLite(
        { ...options, storeClient: sqlite, storeType: 'better-sqlite3', tableName: `rate_limit_${policy.name}`, clearExpiredByTimeout: false },
        (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(JSON.stringify(error))) : resolve(limiter)),
      );
    });
    const keepExpiredMs = limiterOptions.keepExpiredMs ?? 3_600_000;
    sweep = setInterval(() => {
      if (!sqlite.open) return;
      void ready
        .then((limiter) => (limiter as unknown as SweepableSQLiteLimiter).clearExpired(Date.now() - keepExpiredMs))
        .catch((error: unknown) => limiterOptions.onSweepError?.(error));
    }, limiterOptions.sweepEveryMs ?? 300_000);
    sweep.unref();
  } else ready = Promise.resolve(new RateLimiterMongo({ ...options, storeClient: store.mongo, tableName: `rate_limit_${policy.name}` }));
  // A failure to set up surfaces on the first call, not as an unhandled rejection.
  ready.catch(() => undefined);
  return {
    policy,
    async consume(key) {
      const limiter = await ready;
      try {
        const res = await limiter.consume(key);
        return { allowed: true, limit: policy.limit, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        return { allowed: false, limit: policy.limit, remaining: 0, resetMs: error.msBeforeNext };
      }
    },
    async refund(key) {
      await (await ready).reward(key, 1);
    },
    close() {
      if (sweep) clearInterval(sweep);
      sweep = undefined;
    },
  };
}
