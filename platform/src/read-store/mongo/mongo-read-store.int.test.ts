/**
 * The ReadStore contract against a real MongoDB wire server, given by TEST_MONGO_URL, e.g.
 *   eval "$(scripts/services/ferretdb.sh start)" && TEST_MONGO_URL="$MONGO_URL" npx jest platform/src/read-store/mongo
 * Without TEST_MONGO_URL the suite is skipped (and says so); it never fails for lack of a server.
 * Each test gets its own database, dropped afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { Checkpoint } from '../port';
import { readStoreContract } from '../contract-suite';
import { MongoReadStore } from './mongo-read-store';

const url = process.env.TEST_MONGO_URL;

if (!url) {
  console.warn('MongoReadStore contract skipped: TEST_MONGO_URL is not set (start one with scripts/services/ferretdb.sh start)');
  describe.skip('ReadStore contract: MongoDB (TEST_MONGO_URL not set)', () => {
    it('needs TEST_MONGO_URL', () => undefined);
  });
} else {
  const mongoUrl = url;
  const database = (name: string) => `ws_test_${name}`;
  const open = (name: string) => new MongoReadStore({ url: mongoUrl, database: database(name) });
  const destroy = async (name: string) => {
    const s = open(name);
    try {
      await s.dropDatabase();
    } finally {
      await s.close();
    }
  };

  readStoreContract('MongoDB (mongodb driver)', { open: async (name) => open(name), destroy });

  /** Crashes after the documents are written, before the checkpoint. */
  class CrashingStore extends MongoReadStore {
    protected override async finish(): Promise<void> {
      throw new Error('crash before the checkpoint');
    }
  }

  describe('MongoReadStore without transactions', () => {
    const c = 'people';
    let name: string;
    beforeEach(() => {
      name = `r${randomUUID().slice(0, 8)}`;
    });
    afterEach(async () => destroy(name));

    const batch = (n: number) => [
      { collection: c, id: 'a', doc: { id: 'a', n } },
      { collection: c, id: 'b', doc: { id: 'b', n } },
      { collection: c, id: 'gone', doc: null },
    ];

    it('a redelivered batch changes nothing', async () => {
      const store = open(name);
      try {
        await store.commit([{ collection: c, id: 'gone', doc: { id: 'gone', n: 0 } }], { name: 'p', position: 4 });
        await store.commit(batch(1), { name: 'p', position: 7 });
        // The same events folded again over the already-updated documents give other values:
        // the position guard must refuse them, including a resurrection of the deleted document.
        await store.commit(batch(2), { name: 'p', position: 7 });
        await store.commit([...batch(3), { collection: c, id: 'gone', doc: { id: 'gone', n: 3 } }], { name: 'p', position: 5 });
        expect(await store.find(c, { sort: [{ field: 'id', direction: 'asc' }] })).toEqual([
          { id: 'a', n: 1 },
          { id: 'b', n: 1 },
        ]);
        expect(await store.get(c, 'gone')).toBeNull();
        expect(await store.count(c)).toBe(2);
        // A later batch applies.
        await store.commit([{ collection: c, id: 'a', doc: { id: 'a', n: 9 } }], { name: 'p', position: 8 });
        expect(await store.get(c, 'a')).toEqual({ id: 'a', n: 9 });
      } finally {
        await store.close();
      }
    });

    it('a crash between the documents and the checkpoint is rolled forward, and redelivery changes nothing', async () => {
      const setup = open(name);
      await setup.commit([{ collection: c, id: 'gone', doc: { id: 'gone', n: 0 } }], { name: 'p', position: 3 });
      await setup.close();

      const crashing = new CrashingStore({ url: mongoUrl, database: database(name) });
      const cp: Checkpoint = { name: 'p', position: 7 };
      await expect(crashing.commit(batch(1), cp)).rejects.toThrow('crash before the checkpoint');
      await crashing.close();

      const store = open(name);
      try {
        // Documents are there, the checkpoint is not finished yet: a reader sees the finished one,
        // and getCheckpoint (the owner's) rolls the journal forward.
        expect(await store.get(c, 'a')).toEqual({ id: 'a', n: 1 });
        expect(await store.peekCheckpoint('p')).toBe(3);
        expect(await store.getCheckpoint('p')).toBe(7);
        expect(await store.getCheckpoint('p')).toBe(7);
        // A runner that redelivers anyway (from position 3) changes nothing.
        await store.commit(batch(2), cp);
        expect(await store.getMany(c, ['a', 'b', 'gone'])).toEqual(
          new Map([
            ['a', { id: 'a', n: 1 }],
            ['b', { id: 'b', n: 1 }],
          ]),
        );
        expect(await store.getCheckpoint('p')).toBe(7);
      } finally {
        await store.close();
      }
    });

    it('a reader rolling a journal forward late never closes a newer journal nor moves the checkpoint back', async () => {
      const crashing = new CrashingStore({ url: mongoUrl, database: database(name) });
      await expect(crashing.commit(batch(1), { name: 'p', position: 7 })).rejects.toThrow('crash before the checkpoint');
      // Another process (an API replica watching the checkpoints) reads the journal of 7 and is slow to apply it.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      class SlowReader extends MongoReadStore {
        protected override async apply(...args: Parameters<MongoReadStore['apply']>): Promise<void> {
          await held;
          return super.apply(...args);
        }
      }
      const reader = new SlowReader({ url: mongoUrl, database: database(name) });
      const owner = open(name);
      try {
        const late = reader.getCheckpoint('p');
        // Meanwhile the owner finishes 7 and journals 9, then stops before finishing it.
        expect(await owner.getCheckpoint('p')).toBe(7);
        await expect(crashing.commit(batch(2), { name: 'p', position: 9 })).rejects.toThrow('crash before the checkpoint');
        release();
        await late;
        expect(await owner.getCheckpoint('p')).toBe(9);
        expect(await owner.get(c, 'a')).toEqual({ id: 'a', n: 2 });
      } finally {
        await crashing.close();
        await reader.close();
        await owner.close();
      }
    });

    it('a late commit of an older batch never moves the checkpoint back', async () => {
      const store = open(name);
      try {
        await store.commit(batch(1), { name: 'p', position: 9 });
        // A process that lost the projection to another one finishes its older batch late.
        await store.commit(batch(2), { name: 'p', position: 7 });
        await store.commit([], { name: 'p', position: 8 });
        expect(await store.getCheckpoint('p')).toBe(9);
        expect(await store.get(c, 'a')).toEqual({ id: 'a', n: 1 });
        await store.commit([], { name: 'p', position: 10 });
        expect(await store.peekCheckpoint('p')).toBe(10);
      } finally {
        await store.close();
      }
    });

    it('rejects documents that use the reserved fields', async () => {
      const store = open(name);
      try {
        await expect(store.commit([{ collection: c, id: 'a', doc: { _pos: 1 } }], { name: 'p', position: 1 })).rejects.toThrow('reserved field _pos');
      } finally {
        await store.close();
      }
    });
  });
}
