import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventStoreContract } from '../contract-suite';
import { SqliteEventStore } from './sqlite-event-store';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-es-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

eventStoreContract('SQLite (better-sqlite3, WAL)', {
  open: async (name) => new SqliteEventStore({ file: path.join(dir, `${name}.db`), pollIntervalMs: 50 }),
  destroy: async (name) => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(dir, `${name}.db${suffix}`), { force: true });
  },
});
