/**
 * Tamper detection at start on a large store (issue 29): BENCH_INTEGRITY_EVENTS events (100,000 by
 * default) appended to a fresh data directory's SQLite store, then the embedded server started on it
 * three times: first (the read models are built, the chain walked whole), again with the verified
 * position remembered (only what was appended since is read), and again with that record deleted
 * (the whole chain walked once more). Each start is timed to the moment it serves, with the
 * verification's own report (mode, events read); the verification alone is timed too.
 *
 *   BENCH_INTEGRITY_EVENTS (100000)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StoreIntegrity } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { SqliteEventStore, sqliteFiles, verifiedHeadFile, verifiedHeadFileStore } from '@walletscreen/platform/adapters';
import { createIntegrityMonitor } from '@walletscreen/command-api/integrity/monitor';
import { startEmbedded } from '@walletscreen/server/embedded';

const EVENTS = Number(process.env.BENCH_INTEGRITY_EVENTS ?? 100_000);
const BATCH = 500;

const time = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now();
  const result = await fn();
  return [result, Math.round(performance.now() - t)];
};

export async function run(): Promise<Record<string, number | string>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-bench-integrity-'));
  const logger = createLogger({ level: 'silent' });
  // Keeps this process alive between the servers' starts and stops (their own timers are unref'd).
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    const file = sqliteFiles(dir).events;
    const store = new SqliteEventStore({ file });
    // Auditors' views: an event every projection but the audit log passes over, about 300 bytes of data each.
    for (let i = 0; i < EVENTS; i += BATCH) {
      const auditorId = randomUUID();
      const events = Array.from({ length: Math.min(BATCH, EVENTS - i) }, (_, j) => ({
        id: randomUUID(),
        type: 'AuditorViewedData',
        data: {
          by: { userId: auditorId, email: `auditor-${i}@regulator.example`, role: 'auditor' },
          method: 'GET',
          path: `/api/admin/customers/${randomUUID()}?view=${i + j}`,
          params: { userId: randomUUID() },
          at: new Date(Date.UTC(2026, 0, 1) + (i + j) * 1000).toISOString(),
        },
      }));
      await store.append(`auditor-access-${auditorId}`, events, { expectedRevision: 'no-stream' });
    }
    const verification = async () => {
      const monitor = createIntegrityMonitor({
        chain: { readAll: store.readAll.bind(store), lastAssignedPosition: () => store.lastAssignedPosition() },
        verifiedHead: verifiedHeadFileStore(verifiedHeadFile(file)),
        eventStore: store,
        clock: () => new Date(),
        logger,
      });
      return time(() => monitor.verify());
    };
    const [full, fullMs] = await verification();
    const [incremental, incrementalMs] = await verification();
    await store.close();

    const env = {
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SANCTIONS_SYNC_INTERVAL_HOURS: '0',
      FEEDS_SYNC_INTERVAL_HOURS: '0',
      PRICES_URL: 'http://127.0.0.1:9/coingecko',
      FEEDS_ENABLED: 'custom-labels',
    };
    const start = async () => {
      const [server, ms] = await time(() => startEmbedded({ env, logger }));
      const integrity = (await (await fetch(`${server.url}/api/health`)).json()) as { integrity: StoreIntegrity };
      await server.close();
      return { ms, integrity: integrity.integrity };
    };
    const describe = (s: { ms: number; integrity: StoreIntegrity }) =>
      `${s.ms} ms (${s.integrity.mode}, ${s.integrity.checked_events} events read, ${s.integrity.state})`;
    rmSync(verifiedHeadFile(file));
    const first = await start();
    const remembered = await start();
    rmSync(verifiedHeadFile(file));
    const walked = await start();

    return {
      events: EVENTS,
      'verification alone, whole chain (no record)': `${fullMs} ms (${full.checked_events} events, ${full.state})`,
      'verification alone, from the remembered position': `${incrementalMs} ms (${incremental.checked_events} events, ${incremental.state})`,
      'server start, first (read models built, whole chain walked)': describe(first),
      'server start, position remembered': describe(remembered),
      'server start, record deleted (whole chain walked)': describe(walked),
    };
  } finally {
    clearInterval(keepAlive);
    rmSync(dir, { recursive: true, force: true });
  }
}
