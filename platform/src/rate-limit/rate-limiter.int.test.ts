/**
 * The rate limiter on each of its stores: in memory, in a real SQLite file shared by two
 * connections (two API processes on one file), and in MongoDB shared by two clients
 * (TEST_MONGO_URL; skipped without it). The same facts hold on each.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';
import { MongoReadStore } from '../read-store/mongo/mongo-read-store';
import type { ReadStore } from '../read-store/port';
import { createRateLimiter, sharedRateLimitStore, type RateLimitStore } from './rate-limiter';

interface Stores {
  /** Whether two handles share their counts (separate processes on one store). */
  shared: boolean;
  /** Whether concurrent calls are counted exactly (FerretDB 1.x does not make findAndModify with upsert atomic; MongoDB does). */
  atomic: boolean;
  /** Two handles on the same store (one per process). */
  open(): Promise<{ first: RateLimitStore; second: RateLimitStore; close(): Promise<void> }>;
}

function rateLimiterContract(name: string, stores: Stores) {
  describe(`rate limiter: ${name}`, () => {
    it('allows `limit` calls per window for a key, then refuses with the time to wait; other keys have their own count', async () => {
      const { first, close } = await stores.open();
      try {
        const policy = { name: `t${randomUUID().slice(0, 8)}`, limit: 3, windowSeconds: 60 };
        const limiter = createRateLimiter(policy, first);
        const outcomes = [];
        for (let i = 0; i < 4; i++) outcomes.push(await limiter.consume('key-a'));
        expect(outcomes.map((o) => [o.allowed, o.remaining])).toEqual([
          [true, 2],
          [true, 1],
          [true, 0],
          [false, 0],
        ]);
        expect(outcomes[3]!.resetMs).toBeGreaterThan(0);
        expect(outcomes[3]!.resetMs).toBeLessThanOrEqual(60_000);
        expect(await limiter.consume('key-b')).toMatchObject({ allowed: true, remaining: 2, limit: 3 });
      } finally {
        await close();
      }
    });

    it('gives a refunded call back to its key', async () => {
      const { first, close } = await stores.open();
      try {
        const limiter = createRateLimiter({ name: `r${randomUUID().slice(0, 8)}`, limit: 2, windowSeconds: 60 }, first);
        await limiter.consume('key-a');
        await limiter.consume('key-a');
        await limiter.refund('key-a');
        expect(await limiter.consume('key-a')).toMatchObject({ allowed: true, remaining: 0 });
        expect(await limiter.consume('key-a')).toMatchObject({ allowed: false });
      } finally {
        await close();
      }
    });

    if (stores.shared) {
      it('shares the counts between processes using the same store', async () => {
        const { first, second, close } = await stores.open();
        try {
          const policy = { name: `s${randomUUID().slice(0, 8)}`, limit: 4, windowSeconds: 60 };
          const [one, two] = [createRateLimiter(policy, first), createRateLimiter(policy, second)];
          const allowed = [];
          for (const l of [one, two, one, two, one, two]) allowed.push((await l.consume('shared-key')).allowed);
          expect(allowed).toEqual([true, true, true, true, false, false]);
        } finally {
          await close();
        }
      });
    }

    if (stores.atomic) {
      it('counts calls arriving at once exactly', async () => {
        const { first, second, close } = await stores.open();
        try {
          const policy = { name: `c${randomUUID().slice(0, 8)}`, limit: 4, windowSeconds: 60 };
          const [one, two] = [createRateLimiter(policy, first), createRateLimiter(policy, second)];
          const allowed = await Promise.all([one, two, one, two, one, two].map((l) => l.consume('burst-key').then((o) => o.allowed)));
          expect(allowed.filter(Boolean)).toHaveLength(4);
        } finally {
          await close();
        }
      });
    }
  });
}

// In memory the counts belong to one limiter (one process), so nothing is shared.
rateLimiterContract('memory', {
  shared: false,
  atomic: false,
  open: async () => ({ first: 'memory' as const, second: 'memory' as const, close: async () => undefined }),
});

rateLimiterContract('SQLite file, two connections', {
  shared: true,
  atomic: true,
  async open() {
    const dir = mkdtempSync(path.join(tmpdir(), 'ws-rate-'));
    const file = path.join(dir, 'walletscreen.db');
    const stores: ReadStore[] = [new SqliteReadStore({ file }), new SqliteReadStore({ file })];
    return {
      first: sharedRateLimitStore(stores[0]!),
      second: sharedRateLimitStore(stores[1]!),
      async close() {
        for (const s of stores) await s.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
});

describe('rate limiter: sweeping expired counts from the SQLite file', () => {
  const setUp = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ws-rate-'));
    const store = new SqliteReadStore({ file: path.join(dir, 'walletscreen.db') });
    const sqlite = (sharedRateLimitStore(store) as { sqlite: Database }).sqlite;
    return { store, sqlite, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
  };

  it('deletes the counts whose window has ended, and keeps the live ones', async () => {
    const { store, sqlite, cleanUp } = setUp();
    const errors: unknown[] = [];
    const short = createRateLimiter(
      { name: 'sweep_short', limit: 5, windowSeconds: 1 },
      { sqlite },
      { sweepEveryMs: 100, keepExpiredMs: 0, onSweepError: (e) => errors.push(e) },
    );
    const long = createRateLimiter(
      { name: 'sweep_long', limit: 5, windowSeconds: 60 },
      { sqlite },
      { sweepEveryMs: 100, keepExpiredMs: 0, onSweepError: (e) => errors.push(e) },
    );
    try {
      for (const key of ['a', 'b', 'c']) {
        await short.consume(key);
        await long.consume(key);
      }
      const rows = (table: string) => (sqlite.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      expect([rows('rate_limit_sweep_short'), rows('rate_limit_sweep_long')]).toEqual([3, 3]);
      await new Promise((resolve) => setTimeout(resolve, 1_400));
      expect([rows('rate_limit_sweep_short'), rows('rate_limit_sweep_long')]).toEqual([0, 3]);
      // A swept key starts a new window.
      expect(await short.consume('a')).toMatchObject({ allowed: true, remaining: 4 });
      expect(errors).toEqual([]);
    } finally {
      short.close();
      long.close();
      await store.close();
      cleanUp();
    }
  });

  it('stops sweeping once closed; a store closed under a running sweep raises nothing', async () => {
    const { store, sqlite, cleanUp } = setUp();
    const errors: unknown[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const options = { sweepEveryMs: 50, keepExpiredMs: 0, onSweepError: (e: unknown) => errors.push(e) };
    const closed = createRateLimiter({ name: 'sweep_closed', limit: 5, windowSeconds: 1 }, { sqlite }, options);
    const running = createRateLimiter({ name: 'sweep_running', limit: 5, windowSeconds: 60 }, { sqlite }, options);
    try {
      await closed.consume('a');
      await running.consume('a');
      closed.close();
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect((sqlite.prepare('SELECT COUNT(*) AS n FROM rate_limit_sweep_closed').get() as { n: number }).n).toBe(1);
      await store.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(errors).toEqual([]);
      expect(unhandled).toEqual([]);
    } finally {
      running.close();
      process.off('unhandledRejection', onUnhandled);
      cleanUp();
    }
  });
});

const mongoUrl = process.env.TEST_MONGO_URL;
if (mongoUrl) {
  rateLimiterContract('MongoDB, two clients', {
    shared: true,
    atomic: false,
    async open() {
      const database = `ws_test_rate_${randomUUID().slice(0, 8)}`;
      const stores = [new MongoReadStore({ url: mongoUrl, database }), new MongoReadStore({ url: mongoUrl, database })];
      return {
        first: sharedRateLimitStore(stores[0]!),
        second: sharedRateLimitStore(stores[1]!),
        async close() {
          await stores[0]!.dropDatabase().catch(() => undefined);
          for (const s of stores) await s.close();
        },
      };
    },
  });
} else {
  console.warn('rate limiter on MongoDB skipped: TEST_MONGO_URL is not set (start one with scripts/services/ferretdb.sh start)');
}
