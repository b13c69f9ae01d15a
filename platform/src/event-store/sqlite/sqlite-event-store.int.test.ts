import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventStoreContract } from '../contract-suite';
import { startBackgroundCheckpointer } from './background-checkpointer';
import { SqliteEventStore } from './sqlite-event-store';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-es-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

eventStoreContract('SQLite (better-sqlite3, WAL)', {
  open: async (name) => new SqliteEventStore({ file: path.join(dir, `${name}.db`), pollIntervalMs: 50 }),
  destroy: async (name) => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(dir, `${name}.db${suffix}`), { force: true });
  },
});

describe('SQLite specifics', () => {
  it('wakes a subscriber once for the appends of one turn of the event loop, and hands them over in one batch', async () => {
    const store = new SqliteEventStore({ file: path.join(dir, 'batched.db'), pollIntervalMs: 10_000 });
    const batches: number[][] = [];
    const sub = store.subscribe({ after: 0 }, (events) => void batches.push(events.map((e) => e.position)));
    const prompt: number[][] = [];
    const live = store.subscribe({ after: 0, prompt: true }, (events) => void prompt.push(events.map((e) => e.position)));
    await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 5; i++) await store.append(`s-${i}`, [{ id: randomUUID(), type: 'T', data: { i } }], { expectedRevision: 'no-stream' });
    await new Promise((r) => setTimeout(r, 20));
    expect(batches).toEqual([[1, 2, 3, 4, 5]]);
    expect(prompt.flat()).toEqual([1, 2, 3, 4, 5]);
    await sub.close();
    await live.close();
    await store.close();
  });

  it('has its WAL checkpointed by a background thread, and checkpoints itself again once that stops', async () => {
    const file = path.join(dir, 'checkpointed.db');
    const store = new SqliteEventStore({ file });
    const checkpointer = startBackgroundCheckpointer({ file, connections: [store.db], intervalMs: 20 });
    expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const before = statSync(file).size;
    const data = { text: 'x'.repeat(2000) };
    for (let i = 0; i < 500; i++) await store.append(`s-${i}`, [{ id: randomUUID(), type: 'T', data }], { expectedRevision: 'no-stream' });
    // The pages reach the database file without any commit here having checkpointed.
    for (let i = 0; i < 100 && statSync(file).size < before + 1_000_000; i++) await new Promise((r) => setTimeout(r, 20));
    expect(statSync(file).size).toBeGreaterThan(before + 1_000_000);
    await checkpointer.stop();
    expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(await store.readAll({ maxCount: 1 })).toHaveLength(1);
    await store.close();
  });

  it('hands subscribers what this process appended from memory, exactly as the file reads back, and what another process appended from the file', async () => {
    const file = path.join(dir, 'shared.db');
    const here = new SqliteEventStore({ file, pollIntervalMs: 20 });
    const other = new SqliteEventStore({ file, pollIntervalMs: 20 });
    const all: number[] = [];
    const filtered: number[] = [];
    const seen: Array<Awaited<ReturnType<typeof here.readAll>>> = [];
    const sub = here.subscribe({ after: 0, batchSize: 7 }, (events) => {
      all.push(...events.map((e) => e.position));
      seen.push(events);
    });
    // Only the other process's events pass this filter: the ones held in memory are passed over once.
    const only = here.subscribe({ after: 0, filter: { streamPrefixes: ['other-'] } }, (events) => void filtered.push(...events.map((e) => e.position)));
    const when = '2026-11-24T12:00:00.000Z';
    const expected: number[] = [];
    const fromOther: number[] = [];
    for (let i = 0; i < 60; i++) {
      const store = i % 13 === 5 ? other : here;
      const data = { i, nested: { list: [i, { deep: `v${i}` }] }, at: when, none: null, unicode: 'né\u0000' };
      const { position } = await store.append(`${store === other ? 'other' : 'here'}-${i}`, [{ id: randomUUID(), type: 'T', data, metadata: { n: i } }], {
        expectedRevision: 'no-stream',
      });
      expected.push(position);
      if (store === other) fromOther.push(position);
      if (i % 10 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    for (let t = 0; t < 200 && (all.length < expected.length || filtered.length < fromOther.length); t++) await new Promise((r) => setTimeout(r, 10));
    expect(all).toEqual(expected);
    expect(filtered).toEqual(fromOther);
    // What subscribers got from memory equals what the file reads back.
    expect(JSON.parse(JSON.stringify(seen.flat()))).toEqual(JSON.parse(JSON.stringify(await here.readAll())));
    // Shared by every subscriber: frozen all the way down.
    const e = seen.flat().find((x) => x.streamId.startsWith('here-'))!;
    expect(() => (e.data as { nested: { list: unknown[] } }).nested.list.push(1)).toThrow(TypeError);
    await sub.close();
    await only.close();
    await here.close();
    await other.close();
  });
});
