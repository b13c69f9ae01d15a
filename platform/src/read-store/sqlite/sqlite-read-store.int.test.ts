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
    expect(await probe.getMany('a', ['1', '2'])).toEqual(new Map([['1', { n: 1 }], ['2', { n: 3 }]]));

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
