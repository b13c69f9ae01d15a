import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GENESIS_HASH, eventHash, verifyChain } from '../hash-chain';
import { SqliteEventStore } from './sqlite-event-store';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-chain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = (store: SqliteEventStore) => ({ readAll: store.readAll.bind(store), lastAssignedPosition: () => store.lastAssignedPosition() });

async function seeded(name: string) {
  const store = new SqliteEventStore({ file: path.join(dir, `${name}.db`), clock: () => new Date('2026-11-22T10:00:00.000Z') });
  await store.append('user-a', [{ id: randomUUID(), type: 'UserRegistered', data: { userId: 'a', email: 'a@example.com' } }], {
    expectedRevision: 'no-stream',
  });
  await store.append(
    'user-a',
    [1, 2, 3].map((n) => ({ id: randomUUID(), type: 'CheckCharged', data: { userId: 'a', n }, metadata: { by: 'test' } })),
    { expectedRevision: 0 },
  );
  await store.append('user-b', [{ id: randomUUID(), type: 'UserRegistered', data: { userId: 'b' } }], { expectedRevision: 'no-stream' });
  return store;
}

it('links every appended event to the one before it, batches included', async () => {
  const store = await seeded('linked');
  const events = await store.readAll();
  expect(events.map((e) => e.position)).toEqual([1, 2, 3, 4, 5]);
  expect(events[0]!.prevHash).toBe(GENESIS_HASH);
  for (let i = 1; i < events.length; i++) expect(events[i]!.prevHash).toBe(events[i - 1]!.hash);
  for (const e of events) expect(eventHash(e.prevHash!, e)).toBe(e.hash);
  await expect(verifyChain(source(store))).resolves.toMatchObject({ ok: true, count: 5, headPosition: 5, headHash: events[4]!.hash });
  await store.close();
});

it('finds a row edited, removed in the middle or removed from the end, directly in the file', async () => {
  const store = await seeded('tampered');
  const file = path.join(dir, 'tampered.db');
  const raw = new Database(file);
  raw.prepare('UPDATE events SET data = ? WHERE position = 3').run(JSON.stringify({ userId: 'a', n: 20 }));
  await expect(verifyChain(source(store))).resolves.toMatchObject({
    ok: false,
    count: 2,
    problem: { kind: 'hash-mismatch', position: 3, streamId: 'user-a', type: 'CheckCharged', revision: 2 },
  });
  raw.prepare('DELETE FROM events WHERE position = 3').run();
  await expect(verifyChain(source(store))).resolves.toMatchObject({ problem: { kind: 'position-gap', position: 4, expected: 3 } });
  raw.prepare('DELETE FROM events WHERE position >= 3').run();
  await expect(verifyChain(source(store))).resolves.toMatchObject({ problem: { kind: 'truncated', position: 2, expected: 5 } });
  raw.close();
  await store.close();
});

it('adds the chain to a store written before it, in position order, when first opened', async () => {
  const file = path.join(dir, 'legacy.db');
  const old = new Database(file);
  old.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream_id TEXT NOT NULL,
    revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, recorded_at TEXT NOT NULL, UNIQUE (stream_id, revision));`);
  const insert = old.prepare('INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (let i = 0; i < 2500; i++)
    insert.run(randomUUID(), `s-${i % 7}`, Math.floor(i / 7), 'Old', JSON.stringify({ b: i, a: [i] }), '{}', '2025-01-01T00:00:00.000Z');
  old.close();

  const store = new SqliteEventStore({ file });
  await expect(verifyChain(source(store))).resolves.toMatchObject({ ok: true, count: 2500 });
  await store.append('s-new', [{ id: randomUUID(), type: 'New', data: {} }], { expectedRevision: 'no-stream' });
  await store.close();
  // Opened again: nothing is recomputed, and the chain goes on.
  const again = new SqliteEventStore({ file });
  await expect(verifyChain(source(again))).resolves.toMatchObject({ ok: true, count: 2501, headPosition: 2501 });
  await again.close();
});
