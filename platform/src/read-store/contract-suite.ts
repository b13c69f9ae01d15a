/** The ReadStore contract: every adapter runs it (SQLite now, MongoDB in the distributed profile). */
import { randomUUID } from 'node:crypto';
import type { ReadStore } from './port';

export interface ReadStoreContractOptions {
  open(name: string): Promise<ReadStore>;
  destroy?(name: string): Promise<void>;
}

interface Doc {
  id: string;
  email: string;
  n: number;
  role: string;
  at: string;
}

export function readStoreContract(adapter: string, options: ReadStoreContractOptions): void {
  describe(`ReadStore contract: ${adapter}`, () => {
    let store: ReadStore;
    let name: string;
    const c = 'people';
    const doc = (id: string, email: string, n: number, role = 'user', at = '2026-01-01T00:00:00.000Z'): Doc => ({ id, email, n, role, at });

    beforeEach(async () => {
      name = `r${randomUUID().slice(0, 8)}`;
      store = await options.open(name);
      await store.ensureIndexes([{ collection: c, fields: ['email'] }]);
    });
    afterEach(async () => {
      await store.close();
      await options.destroy?.(name);
    });

    it('writes, reads, replaces and deletes documents', async () => {
      await store.commit([{ collection: c, id: 'a', doc: doc('a', 'a@x.io', 1) }]);
      expect(await store.get<Doc>(c, 'a')).toEqual(doc('a', 'a@x.io', 1));
      await store.commit([{ collection: c, id: 'a', doc: doc('a', 'a@x.io', 2) }]);
      expect((await store.get<Doc>(c, 'a'))?.n).toBe(2);
      await store.commit([{ collection: c, id: 'a', doc: null }]);
      expect(await store.get(c, 'a')).toBeNull();
      expect(await store.get(c, 'missing')).toBeNull();
    });

    it('writes a document marked fresh, and replaces one already there under its id (indexed fields too)', async () => {
      await store.commit([{ collection: c, id: 'f', doc: doc('f', 'old@x.io', 1) }]);
      await store.commit([
        { collection: c, id: 'f', doc: doc('f', 'new@x.io', 2), fresh: true },
        { collection: c, id: 'g', doc: doc('g', 'g@x.io', 3), fresh: true },
      ]);
      expect(await store.get<Doc>(c, 'f')).toEqual(doc('f', 'new@x.io', 2));
      expect(await store.get<Doc>(c, 'g')).toEqual(doc('g', 'g@x.io', 3));
      expect(await store.count(c, { email: 'old@x.io' })).toBe(0);
      expect(await store.count(c, { email: 'new@x.io' })).toBe(1);
    });

    it('deletes by condition in its place in the batch, on indexed and unindexed fields alike', async () => {
      await store.commit([
        { collection: c, id: 'a', doc: doc('a', 'a@x.io', 1, 'old') },
        { collection: c, id: 'b', doc: doc('b', 'b@x.io', 2, 'old') },
        { collection: c, id: 'c', doc: doc('c', 'c@x.io', 3, 'new') },
      ]);
      await store.commit(
        [
          { collection: c, id: 'd', doc: doc('d', 'd@x.io', 4, 'old') },
          { collection: c, deleteWhere: { role: 'old', n: { lt: 4 } } },
          { collection: c, id: 'e', doc: doc('e', 'e@x.io', 5, 'old') },
          { collection: c, deleteWhere: { email: { in: ['c@x.io'] } } },
        ],
        { name: 'p', position: 5 },
      );
      expect((await store.find<Doc>(c)).map((d) => d.id)).toEqual(['d', 'e']);
      // Nothing matches: nothing changes.
      await store.commit([{ collection: c, deleteWhere: { role: 'none' } }]);
      expect(await store.count(c)).toBe(2);
    });

    it('stores the checkpoint with the writes', async () => {
      expect(await store.getCheckpoint('p')).toBe(0);
      await store.commit([{ collection: c, id: 'a', doc: doc('a', 'a@x.io', 1) }], { name: 'p', position: 7 });
      expect(await store.getCheckpoint('p')).toBe(7);
      await store.commit([], { name: 'p', position: 9 });
      expect(await store.getCheckpoint('p')).toBe(9);
      expect(await store.peekCheckpoint('p')).toBe(9);
      expect(await store.peekCheckpoint('never')).toBe(0);
    });

    it('finds by equality, case-insensitive substring, ranges and sets, sorted and paged', async () => {
      await store.commit([
        { collection: c, id: 'a', doc: doc('a', 'Alice@Example.com', 3, 'user', '2026-01-01T10:00:00.000Z') },
        { collection: c, id: 'b', doc: doc('b', 'bob@example.com', 1, 'admin', '2026-01-02T10:00:00.000Z') },
        { collection: c, id: 'c', doc: doc('c', 'carol@other.org', 2, 'blocked', '2026-01-03T10:00:00.000Z') },
      ]);
      const ids = (docs: Doc[]) => docs.map((d) => d.id);
      expect(ids(await store.find<Doc>(c, { where: { email: { contains: 'EXAMPLE' } }, sort: [{ field: 'n', direction: 'asc' }] }))).toEqual(['b', 'a']);
      expect(ids(await store.find<Doc>(c, { where: { role: 'admin' } }))).toEqual(['b']);
      expect(ids(await store.find<Doc>(c, { where: { role: { in: ['admin', 'blocked'] } }, sort: [{ field: 'n', direction: 'desc' }] }))).toEqual(['c', 'b']);
      expect(
        ids(
          await store.find<Doc>(c, {
            where: { at: { gte: '2026-01-02T00:00:00.000Z', lte: '2026-01-03T23:59:59.999Z' } },
            sort: [{ field: 'at', direction: 'asc' }],
          }),
        ),
      ).toEqual(['b', 'c']);
      expect(ids(await store.find<Doc>(c, { sort: [{ field: 'at', direction: 'desc' }], limit: 1, offset: 1 }))).toEqual(['b']);
      expect(await store.count(c, { email: { contains: 'example' } })).toBe(2);
      const many = await store.getMany<Doc>(c, ['a', 'c', 'zz']);
      expect([...many.keys()].sort()).toEqual(['a', 'c']);
    });

    it('treats a search text literally, not as a pattern', async () => {
      await store.commit([
        { collection: c, id: 'a', doc: doc('a', 'a_b%c@x.io', 1) },
        { collection: c, id: 'b', doc: doc('b', 'axbyc@x.io', 1) },
      ]);
      expect((await store.find<Doc>(c, { where: { email: { contains: '_b%' } } })).map((d) => d.id)).toEqual(['a']);
    });

    it('grants a lease to one holder at a time, renews it for its holder and hands it over only once expired or released', async () => {
      const t = 1_000_000;
      expect(await store.tryLease('relay', 'a', 5_000, t)).toEqual({ holder: 'a', expiresAt: t + 5_000 });
      // Another holder, before expiry: refused, the lease unchanged.
      expect(await store.tryLease('relay', 'b', 5_000, t + 1_000)).toEqual({ holder: 'a', expiresAt: t + 5_000 });
      // Its holder renews it.
      expect(await store.tryLease('relay', 'a', 5_000, t + 2_000)).toEqual({ holder: 'a', expiresAt: t + 7_000 });
      expect(await store.tryLease('relay', 'b', 5_000, t + 6_999)).toEqual({ holder: 'a', expiresAt: t + 7_000 });
      // Expired: taken over; the old holder can no longer renew it.
      expect(await store.tryLease('relay', 'b', 5_000, t + 7_000)).toEqual({ holder: 'b', expiresAt: t + 12_000 });
      expect(await store.tryLease('relay', 'a', 5_000, t + 7_001)).toEqual({ holder: 'b', expiresAt: t + 12_000 });
      // Released by someone else: nothing; by its holder: free at once.
      await store.releaseLease('relay', 'a');
      expect(await store.tryLease('relay', 'c', 5_000, t + 8_000)).toEqual({ holder: 'b', expiresAt: t + 12_000 });
      await store.releaseLease('relay', 'b');
      expect(await store.tryLease('relay', 'c', 5_000, t + 8_000)).toEqual({ holder: 'c', expiresAt: t + 13_000 });
      // Leases are independent of each other.
      expect((await store.tryLease('other', 'a', 5_000, t + 8_000)).holder).toBe('a');
    });

    it('resets collections and checkpoints for a rebuild', async () => {
      await store.commit([{ collection: c, id: 'a', doc: doc('a', 'a@x.io', 1) }], { name: 'p', position: 3 });
      await store.reset([c], ['p']);
      expect(await store.count(c)).toBe(0);
      expect(await store.getCheckpoint('p')).toBe(0);
    });
  });
}
