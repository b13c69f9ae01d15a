import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../event-store/sqlite/sqlite-event-store';
import { messageBusContract } from '../contract-suite';
import { createInProcessBus } from './in-process-bus';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-bus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

messageBusContract('in-process, fed by the SQLite store', {
  open: async (name) => {
    const store = new SqliteEventStore({ file: path.join(dir, `${name}.db`), pollIntervalMs: 50 });
    return { store, bus: createInProcessBus(store), close: () => store.close() };
  },
});
