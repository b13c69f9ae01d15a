/**
 * Attribution at size (issue 28): every feed enabled by default synced into a fresh data directory
 * (GraphSense's TagPacks from a local copy, half a million tags; the others from their test
 * fixtures, since this machine cannot download them), the labels read model folded as the server
 * folds it, then the label lookups of BENCH_LABEL_CHECKS checks, each asking, as the intelligence
 * stage does, for BENCH_LABEL_ADDRESSES addresses at once (a tenth of them labelled, the rest random
 * valid Bitcoin addresses). Prints the sync and fold times, the store's size, the time and CPU per
 * check's lookups, and the heap before and after the lookups (it must stay flat: nothing of the
 * feeds is held in memory).
 *
 *   BENCH_TAGPACKS (../shared/data/graphsense-tagpacks), BENCH_LABEL_CHECKS (500), BENCH_LABEL_ADDRESSES (300)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import path from 'node:path';
import { addressTypes } from '@walletscreen/contracts/addresses/random-addresses';
import { createLogger } from '@walletscreen/platform';
import { createInProcessBus, SqliteEventStore, SqliteReadStore } from '@walletscreen/platform/adapters';
import { startProjections } from '@walletscreen/projections';
import { feedLabelsProjection } from '@walletscreen/projections/feeds/feed-labels.projection';
import { feedLabels } from '@walletscreen/projections/feeds/queries';
import { allFeeds, enabledFeedIds } from '@walletscreen/workers/feeds/catalog';
import { storedFeedLabels } from '@walletscreen/workers/feeds/feed-labels';
import { runFeedSync } from '@walletscreen/workers/feeds/sync';
import { benchFeedCopies, ms, percentile, repoRoot } from './support';

const CHECKS = Number(process.env.BENCH_LABEL_CHECKS ?? 500);
const PER_CHECK = Number(process.env.BENCH_LABEL_ADDRESSES ?? 300);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
// The heap is read after a full collection (the bench runs in-process, without --expose-gc on the command line).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

export async function run(): Promise<Record<string, number | string>> {
  const root = repoRoot();
  const localCopies = benchFeedCopies(root);
  const enabled = enabledFeedIds(undefined);
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-bench-labels-'));
  const logger = createLogger({ level: 'silent' });
  const eventStore = new SqliteEventStore({ file: path.join(dir, 'walletscreen.db') });
  const readStore = new SqliteReadStore({ file: path.join(dir, 'read-models.db') });
  const results: Record<string, number | string> = {
    conditions: `default feeds (${enabled.join(', ')}); ${CHECKS} checks of ${PER_CHECK} addresses (10 % labelled), node ${process.version}`,
  };
  try {
    const heapBefore = heap();
    const syncStarted = performance.now();
    let entries = 0;
    for (const feed of allFeeds.filter((f) => enabled.includes(f.id) && f.kind === 'download')) {
      const file = localCopies[feed.id];
      if (!file) throw new Error(`no local copy of the default feed ${feed.id} for the bench`);
      const started = performance.now();
      const r = await runFeedSync({ eventStore, feedId: feed.id, enabled, file, clock: () => new Date(), logger });
      entries += r.entryCount;
      results[`sync ${feed.id}: entries (skipped)`] = `${r.entryCount.toLocaleString('en-US')} (${r.skipped.count.toLocaleString('en-US')})`;
      results[`sync ${feed.id}: ms (read, parse, record)`] = Math.round(performance.now() - started);
    }
    const recordedMs = performance.now() - syncStarted;
    results['heap after recording: MB'] = mb(heap());
    const foldStarted = performance.now();
    const runner = await startProjections({ bus: createInProcessBus(eventStore), readStore, projections: [feedLabelsProjection], logger });
    await runner.waitFor(await eventStore.headPosition(), 600_000);
    await runner.stop();
    const foldMs = performance.now() - foldStarted;
    results['sync all default feeds: s (record + fold the read model)'] = Math.round((recordedMs + foldMs) / 100) / 10;
    results['fold of the labels read model: ms'] = Math.round(foldMs);
    results['labels in the read model'] = await feedLabels.count(readStore);
    results['event store: MB'] = mb(statSync(path.join(dir, 'walletscreen.db')).size);
    results['read models: MB'] = mb(statSync(path.join(dir, 'read-models.db')).size);
    results['heap after sync: MB (before sync)'] = `${mb(heap())} (${mb(heapBefore)})`;
    results['entries synced'] = entries;

    // The checks' addresses: a tenth from the labels (every chain), the rest random Bitcoin addresses.
    const labelled = await feedLabels.find(readStore, { limit: CHECKS * Math.ceil(PER_CHECK / 10), where: { key: { gte: 'bitcoin:', lt: 'bitcoin;' } } });
    const p2pkh = addressTypes.find((t) => t.name === 'bitcoin-p2pkh')!;
    const checks = Array.from({ length: CHECKS }, (_, c) => {
      const mine = labelled.slice(c * Math.ceil(PER_CHECK / 10), (c + 1) * Math.ceil(PER_CHECK / 10)).map((l) => l.address);
      const random = Array.from({ length: PER_CHECK - mine.length }, () => p2pkh.make(randomBytes(p2pkh.bytes)).input);
      return [...mine, ...random];
    });
    const labels = storedFeedLabels({ readStore, enabled });
    await labels.labelsFor('bitcoin', checks[0]!); // statements prepared, pages warm
    const heapLookups = heap();
    const times: number[] = [];
    let found = 0;
    const cpu = process.cpuUsage();
    for (const addresses of checks) {
      const t = performance.now();
      found += (await labels.labelsFor('bitcoin', addresses)).size;
      times.push(performance.now() - t);
    }
    const used = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    results['lookups per check: mean ms'] = ms(times.reduce((a, b) => a + b, 0) / times.length);
    results['lookups per check: p95 ms'] = ms(percentile(times, 95));
    results['lookups per check: CPU ms'] = ms((used.user + used.system) / 1000 / CHECKS);
    results['labelled addresses found per check'] = Math.round(found / CHECKS);
    results['heap after lookups: MB (before lookups)'] = `${mb(heap())} (${mb(heapLookups)})`;
    return results;
  } finally {
    await readStore.close();
    await eventStore.close();
    if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
