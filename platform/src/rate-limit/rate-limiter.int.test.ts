/**
 * The rate limiter on each of its stores: in memory, in a real SQLite file shared by two
 * connections (two API processes on one file), and in MongoDB shared by two clients
 * (TEST_MONGO_URL; skipped without it). The same facts hold on each.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
rateLimiterContract('memory', { shared: false, atomic: false, open: async () => ({ first: 'memory' as const, second: 'memory' as const, close: async () => undefined }) });

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
