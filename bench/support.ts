/** What the end-to-end benchmarks share: the wallets they check and the blockchain data source they replay. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { FeedId } from '@walletscreen/contracts';
import { bech32Encode, convertBits } from '@walletscreen/contracts/addresses/bech32';
import { addresses as a, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';

/** A distinct, valid P2WPKH address per check. */
export function walletFor(i: number): string {
  const program = createHash('sha256').update(`bench-wallet-${i}`).digest().subarray(0, 20);
  return bech32Encode('bc', [0, ...convertBits(program, 8, 5, true)!], 'bech32');
}

/** The repository (the bundle runs from dist/bench). */
export function repoRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'workers', 'test-fixtures', 'chain-data'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/**
 * A local copy of every downloaded feed, as a fresh install's default feeds are synced (this
 * machine cannot download them): GraphSense's TagPacks from the shared snapshot (`BENCH_TAGPACKS`
 * to point elsewhere), the others from their test fixtures. Absent where no copy is at hand.
 */
export function benchFeedCopies(root: string): Partial<Record<FeedId, string>> {
  const fixture = (name: string) => path.join(root, 'workers/test-fixtures/feeds', name);
  const tagpacks = process.env.BENCH_TAGPACKS ?? path.resolve(root, '../shared/data/graphsense-tagpacks');
  return {
    ...(existsSync(tagpacks) ? { 'graphsense-tagpacks': tagpacks } : {}),
    'ethereum-darklist': fixture('addresses-darklist.json'),
    'opensanctions-crypto': fixture('opensanctions-entities.ftm.json'),
    'stablecoin-freezes': fixture('stablecoin-freezes-collected.json'),
    scamsniffer: fixture('scamsniffer-all.json'),
    defihacklabs: fixture('defihacklabs'),
    'defillama-cex': fixture('defillama-adapters'),
  };
}

/** An Esplora on loopback that answers at once with the recorded wallet's answers, rewritten for whichever wallet is asked about. */
export async function startEsploraReplay(root: string): Promise<ReplayServer> {
  const fixtures = path.join(root, 'workers', 'test-fixtures', 'chain-data', 'esplora');
  const summary = readFileSync(path.join(fixtures, 'address-small.json'), 'utf8');
  const txs = readFileSync(path.join(fixtures, 'txs-small.json'), 'utf8');
  const json = { 'content-type': 'application/json' };
  const about = (text: string, p: string) => ({ text: text.replaceAll(a.btcWallet, decodeURIComponent(p.split('/')[3]!)), headers: json });
  return startReplayServer([
    { path: /^\/api\/address\/[^/]+$/, replies: [(r) => about(summary, r.path)] },
    { path: /^\/api\/address\/[^/]+\/txs$/, replies: [(r) => about(txs, r.path)] },
  ]);
}

/** The next message of this type from the load thread. */
export const nextMessage = <T>(worker: Worker, type: string) =>
  new Promise<T>((resolve, reject) => {
    const onMessage = (m: { type: string } & T) => {
      if (m.type !== type) return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve(m);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });

/** The p-th percentile of sorted values (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Milliseconds to one decimal. */
export const ms = (v: number) => Math.round(v * 10) / 10;
