/**
 * Event-store throughput on this machine: single-event appends, batched appends and read-all,
 * each next to a bare better-sqlite3 loop doing the same inserts/selects on the same schema
 * (WAL, synchronous=NORMAL), with the ratio.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore, openSqliteDatabase } from '@walletscreen/platform/adapters';

const SINGLE = 20_000;
const BATCHES = 400;
const BATCH = 250;
const STREAMS = 1_000;
const data = { walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7', riskScore: 42, note: 'benchmark payload' };

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
const time = async (fn: () => Promise<void> | void) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

function bareDb(dir: string) {
  const db = openSqliteDatabase(path.join(dir, 'bare.db'));
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream_id TEXT NOT NULL,
    revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, recorded_at TEXT NOT NULL, UNIQUE (stream_id, revision));
    CREATE INDEX events_type ON events (type, position);`);
  return db;
}

export async function run(): Promise<Record<string, number>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-bench-'));
  try {
    // Bare better-sqlite3.
    const bare: Database.Database = bareDb(dir);
    const insert = bare.prepare('INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const revs = new Array<number>(STREAMS).fill(-1);
    const one = bare.transaction((i: number) => {
      const s = i % STREAMS;
      insert.run(randomUUID(), `s-${s}`, ++revs[s]!, 'BenchEvent', JSON.stringify(data), '{}', new Date().toISOString());
    });
    const bareSingleMs = await time(() => {
      for (let i = 0; i < SINGLE; i++) one.immediate(i);
    });
    const many = bare.transaction((b: number) => {
      const stream = `b-${b}`;
      for (let i = 0; i < BATCH; i++) insert.run(randomUUID(), stream, i, 'BenchEvent', JSON.stringify(data), '{}', new Date().toISOString());
    });
    const bareBatchMs = await time(() => {
      for (let b = 0; b < BATCHES; b++) many.immediate(b);
    });
    const select = bare.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT 1000');
    let bareRead = 0;
    const bareReadMs = await time(() => {
      for (let after = 0; ;) {
        const rows = select.all(after) as Array<{ position: number }>;
        if (rows.length === 0) break;
        bareRead += rows.length;
        after = rows[rows.length - 1]!.position;
      }
    });
    bare.close();

    // The event store.
    const store = new SqliteEventStore({ file: path.join(dir, 'store.db') });
    const expected = new Array<number | 'no-stream'>(STREAMS).fill('no-stream');
    const singleMs = await time(async () => {
      for (let i = 0; i < SINGLE; i++) {
        const s = i % STREAMS;
        const r = await store.append(`s-${s}`, [{ id: randomUUID(), type: 'BenchEvent', data }], { expectedRevision: expected[s]! });
        expected[s] = r.nextExpectedRevision;
      }
    });
    const batchMs = await time(async () => {
      for (let b = 0; b < BATCHES; b++) {
        const events = Array.from({ length: BATCH }, () => ({ id: randomUUID(), type: 'BenchEvent', data }));
        await store.append(`b-${b}`, events, { expectedRevision: 'no-stream' });
      }
    });
    let read = 0;
    const readMs = await time(async () => {
      for (let after = 0; ;) {
        const page = await store.readAll({ after, maxCount: 1000 });
        if (page.length === 0) break;
        read += page.length;
        after = page[page.length - 1]!.position;
      }
    });
    await store.close();

    const results = {
      'bare insert, 1 row per transaction (rows/s)': rate(SINGLE, bareSingleMs),
      'event store append, 1 event per append (events/s)': rate(SINGLE, singleMs),
      'ratio single': +(bareSingleMs / singleMs).toFixed(2),
      [`bare insert, ${BATCH} rows per transaction (rows/s)`]: rate(BATCHES * BATCH, bareBatchMs),
      [`event store append, ${BATCH} events per append (events/s)`]: rate(BATCHES * BATCH, batchMs),
      'ratio batched': +(bareBatchMs / batchMs).toFixed(2),
      'bare select, pages of 1000 (rows/s)': rate(bareRead, bareReadMs),
      'event store readAll, pages of 1000, JSON decoded (events/s)': rate(read, readMs),
      'ratio read-all': +(bareReadMs / readMs).toFixed(2),
    };
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
