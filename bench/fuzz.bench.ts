/**
 * The fuzz suite of tests/fuzz.int.test.ts at a much larger count (issue 13), on the real embedded
 * server: every operation of the OpenAPI document × every category of abuse, FUZZ_RUNS requests
 * each (after a warm-up pass of one each), seeded by FUZZ_SEED (printed, to replay a failure).
 * Prints the requests sent, the count per status, 5xx and other broken oracles, p50/p99 latency,
 * and RSS and heap (after a full GC) after the warm-up and at the end.
 *
 *   FUZZ_RUNS (10), FUZZ_SEED (from the clock), FUZZ_ONLY (part of an operation, e.g. "POST /api/keys")
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEmbedded } from '@walletscreen/server/embedded';
import type { OpenApiDocument } from '../tests/support/fuzz/fuzz-requests';
import { emptyStats, fuzzOperationsOnce, heapAfterGc, operationsToFuzz, prototypeSnapshot, type FuzzTarget } from '../tests/support/fuzz/fuzz-run';
import { createLogger } from '@walletscreen/platform';
import { ms, percentile, repoRoot } from './support';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const ONLY = process.env.FUZZ_ONLY;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function run(): Promise<Record<string, number | string>> {
  const prototypesBefore = prototypeSnapshot().join('|');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-bench-fuzz-'));
  const admin = { email: 'admin@bench.example', password: 'Bench-Admin-Passphrase-1' };
  const server = await startEmbedded({
    env: {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SANCTIONS_SYNC_INTERVAL_HOURS: '0',
      FEEDS_SYNC_INTERVAL_HOURS: '0',
      MONITORING_SCHEDULER_INTERVAL_SECONDS: '0',
      API_KEY_RATE_LIMIT: '1000000',
      OFAC_SDN_URL: 'http://127.0.0.1:9/sdn.xml',
      CHECK_WAIT_MS: '0',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    logger: createLogger({ level: 'silent' }),
  });
  const base = server.url.replace('localhost', '127.0.0.1');
  try {
    const call = async <T>(method: string, url: string, body?: unknown, token?: string) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const user = { email: 'fuzz@bench.example', password: 'Bench-Fuzz-Passphrase-1', username: 'Fuzz' };
    await call('POST', '/api/auth/register', user);
    const session = (await call<{ token: string }>('POST', '/api/auth/login', user)).token;
    const adminToken = (await call<{ token: string }>('POST', '/api/admin/admin-login', admin)).token;
    const { key } = await call<{ key: string }>('POST', '/api/keys', { name: 'fuzz', scopes: ['screen', 'read', 'monitor'] }, session);
    // A sanctions list in force, so the drop-in screening calls screen rather than answer 503 (as they must with none).
    const list = readFileSync(path.join(repoRoot(), 'workers', 'test-fixtures', 'sanctions', 'sdn.csv'));
    const uploaded = await fetch(`${base}/api/admin/sanctions/upload?file_name=sdn.csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${adminToken}` },
      body: list,
    });
    if (!uploaded.ok) throw new Error(`sanctions list upload: ${uploaded.status} ${await uploaded.text()}`);
    const doc = await call<OpenApiDocument>('GET', '/api/openapi.json');
    const url = new URL(base);
    const target: FuzzTarget = { host: url.hostname, port: Number(url.port), doc, credentials: { session, admin: adminToken, apiKey: key } };
    console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}${ONLY ? ` FUZZ_ONLY=${ONLY}` : ''}`);

    const warmStats = emptyStats();
    await fuzzOperationsOnce(target, { seed: SEED, runs: 1, only: ONLY, stats: warmStats });
    const warm = heapAfterGc();
    const stats = emptyStats();
    const started = performance.now();
    await fuzzOperationsOnce(target, {
      seed: SEED + 1,
      runs: RUNS,
      only: ONLY,
      stats,
      afterOperation: async (op, i) => {
        if (i % 10 === 9) console.log(`  … ${i + 1} operations, ${stats.sent} requests, ${stats.violations.length} broken oracles (last: ${op.key})`);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const end = heapAfterGc();

    for (const v of stats.violations.slice(0, 20)) console.log(`VIOLATION ${v}`);
    const sorted = [...stats.latenciesMs].sort((a, b) => a - b);
    const serverErrors = Object.entries(stats.byStatus)
      .filter(([s]) => Number(s) >= 500)
      .reduce((n, [, c]) => n + c, 0);
    return {
      seed: String(SEED),
      'operations fuzzed': operationsToFuzz(target, ONLY).length,
      'operations covered': stats.covered.size,
      'requests sent (after a warm-up pass of these)': warmStats.sent,
      'requests sent (measured)': stats.sent,
      'requests per second': Math.round(stats.sent / seconds),
      ...Object.fromEntries(Object.entries(stats.byStatus).map(([status, n]) => [`answers ${status === '0' ? 'missing' : status}`, n])),
      '5xx answers': serverErrors,
      'broken oracles (properties that failed)': stats.violations.length,
      'latency p50 (ms)': ms(percentile(sorted, 50)),
      'latency p99 (ms)': ms(percentile(sorted, 99)),
      'latency max (ms)': ms(sorted.at(-1) ?? NaN),
      'heap used after GC, after warm-up (MB)': mb(warm.heapUsed),
      'heap used after GC, at the end (MB)': mb(end.heapUsed),
      'rss after warm-up (MB)': mb(warm.rss),
      'rss at the end (MB)': mb(end.rss),
      'built-in prototypes unchanged': prototypeSnapshot().join('|') === prototypesBefore ? 'yes' : 'NO',
    };
  } finally {
    // The embedded server's close() sometimes never settles (nothing left to wait on, so Node
    // would exit with 13 before the figures are printed): give it five seconds.
    await Promise.race([server.close(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
