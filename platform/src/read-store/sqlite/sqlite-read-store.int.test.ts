import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readStoreContract } from '../contract-suite';
import { SqliteReadStore } from './sqlite-read-store';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-rs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

readStoreContract('SQLite (better-sqlite3, WAL)', {
  open: async (name) => new SqliteReadStore({ file: path.join(dir, `${name}.db`) }),
});

describe('SQLite specifics', () => {
  it('writes the commits of one turn of the event loop in one transaction; one that fails fails only its caller', async () => {
    const store = new SqliteReadStore({ file: path.join(dir, 'grouped.db') });
    const probe = new SqliteReadStore({ file: path.join(dir, 'grouped.db') });
    // data_version moves once per transaction committed by another connection.
    const version = () => probe.db.pragma('data_version', { simple: true }) as number;
    const before = version();
    const results = await Promise.allSettled([
      store.commit([{ collection: 'a', id: '1', doc: { n: 1 } }], { name: 'pa', position: 5 }),
      store.commit([{ collection: 'b', id: '1', doc: { n: 2 } }], { name: 'pb', position: 6 }),
      store.commit([{ collection: 'a', id: '2', doc: { n: 3 } }], { name: 'pc', position: 7 }),
    ]);
    const transactions = version() - before;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(transactions).toBe(1);
    expect(await probe.getMany('a', ['1', '2'])).toEqual(
      new Map([
        ['1', { n: 1 }],
        ['2', { n: 3 }],
      ]),
    );

    const failing = await Promise.allSettled([
      store.commit([{ collection: 'a', id: '3', doc: { n: 4 } }], { name: 'pa', position: 8 }),
      store.commit([{ collection: 'b', id: '2', doc: { big: 1n } }], { name: 'pb', position: 9 }),
      store.commit([{ collection: 'b', id: '3', doc: { n: 5 } }], { name: 'pc', position: 10 }),
    ]);
    expect(failing.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await probe.get('a', '3')).toEqual({ n: 4 });
    expect(await probe.get('b', '2')).toBeNull();
    expect(await probe.get('b', '3')).toEqual({ n: 5 });
    expect([await probe.getCheckpoint('pa'), await probe.getCheckpoint('pb'), await probe.getCheckpoint('pc')]).toEqual([8, 6, 10]);
    await store.close();
    await probe.close();
  });
});

describe('indexed fields kept in columns', () => {
  const fieldNames = ['a', 'b', 'c'] as const;
  // Values of every JSON kind, a missing field among them, and a few that collide (1 and true, '1' and 1).
  const value = fc.oneof(
    fc.constantFrom(undefined, null, true, false, 0, 1, -1, 2.5, '', '1', 'x', 'X', 'ab', '2026-01-01T00:00:00.000Z'),
    fc.integer({ min: -3, max: 3 }),
    fc.string({ maxLength: 3 }),
    fc.constantFrom({ k: 1 }, [1, 'a']),
  );
  const docArb = fc.record({ a: value, b: value, c: value, n: fc.integer() }, { requiredKeys: ['n'] });
  const write = fc.record({ id: fc.constantFrom('1', '2', '3', '4', '5'), doc: fc.option(docArb, { nil: null, freq: 6 }) });
  const scalar = fc.constantFrom(null, true, false, 0, 1, -1, 2.5, '', '1', 'x', 'ab');
  const condition = fc.oneof(
    scalar,
    scalar.map((eq) => ({ eq })),
    fc.array(scalar, { maxLength: 3 }).map((values) => ({ in: values })),
    fc.constantFrom('', 'a', 'X', '1').map((contains) => ({ contains })),
    fc.record({ gte: fc.constantFrom(0, 1, 'a'), lt: fc.constantFrom(2, 'x', 'b') }, { requiredKeys: [] }),
  );
  const query = fc.record(
    {
      where: fc.dictionary(fc.constantFrom(...fieldNames, 'n'), condition, { maxKeys: 2 }),
      sort: fc.array(fc.record({ field: fc.constantFrom(...fieldNames, 'n'), direction: fc.constantFrom('asc' as const, 'desc' as const) }), { maxLength: 2 }),
      limit: fc.integer({ min: 1, max: 4 }),
      offset: fc.integer({ min: 0, max: 2 }),
    },
    { requiredKeys: [] },
  );

  it('answers every query as the documents alone do, through writes that change indexed fields or not', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(write, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.array(query, { minLength: 1, maxLength: 6 }),
        async (commits, queries) => {
          run += 1;
          const indexed = new SqliteReadStore({ file: path.join(dir, `cols-${run}.db`) });
          const plain = new SqliteReadStore({ file: path.join(dir, `plain-${run}.db`) });
          try {
            await indexed.ensureIndexes([
              { collection: 'd', fields: ['a', 'b'] },
              { collection: 'd', fields: ['c'] },
            ]);
            for (const writes of commits) {
              const ws = writes.map((w) => ({ collection: 'd', id: w.id, doc: w.doc }));
              await Promise.all([indexed.commit(ws), plain.commit(ws)]);
            }
            for (const q of queries) {
              expect(await indexed.find('d', q)).toEqual(await plain.find('d', q));
              expect(await indexed.count('d', q.where)).toBe(await plain.count('d', q.where));
            }
          } finally {
            await indexed.close();
            await plain.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('fills the columns of a table indexed by an earlier version (on the JSON) and drops that index; another connection follows', async () => {
    const file = path.join(dir, 'migrated.db');
    const old = new SqliteReadStore({ file });
    await old.commit([
      { collection: 'd', id: '1', doc: { user: 'u1', at: '2026-01-02', ok: true } },
      { collection: 'd', id: '2', doc: { user: 'u2', at: '2026-01-01', ok: false } },
    ]);
    old.db.exec("CREATE INDEX rm_d__user_at ON rm_d (json_extract(doc, '$.user'), json_extract(doc, '$.at'))");
    const other = new SqliteReadStore({ file });
    expect(await other.find('d', { where: { ok: true } })).toEqual([{ user: 'u1', at: '2026-01-02', ok: true }]);

    await old.ensureIndexes([{ collection: 'd', fields: ['user', 'at'] }]);
    const indexes = old.db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rm_d' AND sql IS NOT NULL").all();
    expect(indexes.map((i) => i.name)).toEqual(['rm_d__c__user_at']);
    expect(old.db.prepare('SELECT id, f_user, f_at FROM rm_d ORDER BY id').all()).toEqual([
      { id: '1', f_user: 'u1', f_at: '2026-01-02' },
      { id: '2', f_user: 'u2', f_at: '2026-01-01' },
    ]);
    // The other connection read the table before it had columns: its writes fill them now.
    await other.commit([{ collection: 'd', id: '2', doc: { user: 'u3', at: '2026-01-03', ok: false } }]);
    expect(await old.find('d', { where: { user: 'u3' } })).toEqual([{ user: 'u3', at: '2026-01-03', ok: false }]);
    expect(old.db.prepare('SELECT f_user FROM rm_d WHERE id = ?').get('2')).toEqual({ f_user: 'u3' });
    const plan = old.db.prepare<[], { detail: string }>("EXPLAIN QUERY PLAN SELECT doc FROM rm_d WHERE f_user = 'u1'").all();
    expect(plan.map((p) => p.detail).join()).toContain('rm_d__c__user_at');
    await old.close();
    await other.close();
  });
});
