import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../event-store/sqlite/sqlite-event-store';
import { SqliteReadStore } from '../../read-store/sqlite/sqlite-read-store';
import { messageBusContract } from '../contract-suite';
import { createInProcessBus } from './in-process-bus';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-bus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

messageBusContract('in-process, fed by the SQLite store', {
  open: async (name) => {
    const file = path.join(dir, `${name}.db`);
    const store = new SqliteEventStore({ file, pollIntervalMs: 50 });
    // Its groups' progress beside the events, as the embedded profile keeps it (platform/src/composition.ts).
    const progress = new SqliteReadStore({ file });
    return {
      store,
      bus: createInProcessBus(store, { progress }),
      close: async () => {
        await progress.close();
        await store.close();
      },
    };
  },
});
