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
