/**
 * A sanctions list in a test's store, so its checks give verdicts: without one every check is
 * Incomplete (and refunded). A one-entry OFAC CSV list naming `addresses` (by default an address
 * no recorded wallet uses), imported by the workers' own sync.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, type EventStore } from '@walletscreen/platform';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';

export const LISTED_BTC = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';

export async function importSanctionsList(eventStore: EventStore, addresses: readonly string[] = [LISTED_BTC]): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  try {
    const file = path.join(dir, 'sdn.csv');
    const listed = addresses.map((a) => `Digital Currency Address - XBT ${a}`).join('; ');
    writeFileSync(file, `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"${listed}."\n`);
    await runSanctionsSync({ eventStore, file, clock: () => new Date(), logger: createLogger({ level: 'silent' }) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same, into a data directory's store before its server starts. */
export async function importSanctionsListInto(dataDir: string, addresses?: readonly string[]): Promise<void> {
  const store = new SqliteEventStore({ file: path.join(dataDir, 'walletscreen.db') });
  try {
    await importSanctionsList(store, addresses);
  } finally {
    await store.close();
  }
}
