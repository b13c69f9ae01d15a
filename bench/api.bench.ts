/**
 * The public API against the web path (issue 12), in the same run, on the real embedded server:
 *
 * - authentication alone: a session token (`accounts.authenticate`) against an API key
 *   (`accounts.authenticateApiKey`), BENCH_AUTH_CALLS each, alternated twice: µs per call;
 * - screenings end to end: closed loops of BENCH_API_CHECKS checks at BENCH_API_CONCURRENCY, every
 *   check about a different wallet (Esplora replayed on loopback), alternating the web path
 *   (`POST /api/transactions/analyze-realtime` with the session token) and the public API
 *   (`POST /api/v1/screenings` with an API key), two rounds each: checks/s and the process's CPU
 *   per check (clients and server in this thread, the same client work on both paths).
 *
 * - webhook delivery: one endpoint (a receiver on loopback) subscribed to `batch.completed`, and
 *   BENCH_WEBHOOK_EVENTS finished batches recorded at BENCH_WEBHOOK_RATE per second (an open loop:
 *   each batch's `BatchSubmitted` and `BatchCompleted` appended at its time, whatever the deliveries
 *   do; screenings would measure the analysis pipeline's capacity, which the checks benchmark
 *   does); each message's delay from its event (`BatchCompleted` recorded, the message's
 *   `timestamp`) to its arrival at the receiver, through the outbox, the dispatcher, signing and
 *   HTTP: p50, p99, max.
 *
 *   BENCH_AUTH_CALLS (20000), BENCH_API_CHECKS (400), BENCH_API_CONCURRENCY (16),
 *   BENCH_WEBHOOK_EVENTS (2000), BENCH_WEBHOOK_RATE (200)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { batchStreamId, type BatchCompleted, type BatchSubmitted } from '@walletscreen/domain/batch/events';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { startEmbedded } from '@walletscreen/server/embedded';
import { createLogger } from '@walletscreen/platform';
import { ms, percentile, repoRoot, startEsploraReplay, walletFor } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const AUTH_CALLS = env('BENCH_AUTH_CALLS', 20_000);
const CHECKS = env('BENCH_API_CHECKS', 400);
const CONCURRENCY = env('BENCH_API_CONCURRENCY', 16);
const WEBHOOK_EVENTS = env('BENCH_WEBHOOK_EVENTS', 2000);
const WEBHOOK_RATE = env('BENCH_WEBHOOK_RATE', 200);

/** A webhook receiver on loopback: for each message, its arrival minus its event's time (the message's timestamp). */
async function startReceiver() {
  const delays: number[] = [];
  const eventTimes: number[] = [];
  const arrivals: Array<{ id: string; arrived: number; event: number }> = [];
  let onMessage = () => {};
  const http = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const arrived = Date.now();
      const { timestamp } = JSON.parse(body) as { timestamp: string };
      eventTimes.push(Date.parse(timestamp));
      delays.push(arrived - Date.parse(timestamp));
      arrivals.push({ id: String(req.headers['webhook-id']), arrived, event: Date.parse(timestamp) });
      res.end('ok');
      onMessage();
    });
  });
  http.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/hooks`,
    delays,
    eventTimes,
    arrivals,
    /** Resolves once `count` messages arrived (rejects after `timeoutMs`). */
    waitFor(count: number, timeoutMs: number) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${delays.length} of ${count} webhooks arrived in ${timeoutMs} ms`)), timeoutMs);
        onMessage = () => {
          if (delays.length >= count) {
            clearTimeout(timer);
            resolve();
          }
        };
        onMessage();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const replay = await startEsploraReplay(repoRoot());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-bench-api-'));
  const server = await startEmbedded({
    env: {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
      CHAIN_DATA_RATE_LIMITS: 'esplora=0',
      SANCTIONS_SYNC_INTERVAL_HOURS: '0',
      FEEDS_SYNC_INTERVAL_HOURS: '0',
      API_KEY_RATE_LIMIT: '1000000',
      ADMIN_EMAIL: 'admin@bench.example',
      ADMIN_PASSWORD: 'Bench-Admin-Passphrase-1',
      // The benchmark's webhook receiver is on loopback.
      WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
    },
    logger: createLogger({ level: 'silent' }),
  });
  const base = server.url.replace('localhost', '127.0.0.1');
  try {
    const user = { email: 'bench-api@bench.example', password: 'Bench-Api-Passphrase-1', username: 'Bench' };
    await server.accounts.register(user);
    const userId = userIdForEmail(user.email);
    await server.accounts.topUp(
      userId,
      { amount: 10_000, reason: 'benchmark' },
      { userId: userIdForEmail('admin@bench.example'), email: 'admin@bench.example' },
    );
    const token = await server.accounts.login(user, '127.0.0.1');
    const { key } = await server.accounts.createApiKey(userId, { name: 'bench', expiresAt: null });

    // Authentication alone.
    const authTimes: Record<'session' | 'key', number[]> = { session: [], key: [] };
    const authRound = async (kind: 'session' | 'key') => {
      const start = performance.now();
      for (let i = 0; i < AUTH_CALLS; i++) {
        if (kind === 'session') await server.accounts.authenticate(`Bearer ${token}`);
        else await server.accounts.authenticateApiKey(key);
      }
      authTimes[kind].push(((performance.now() - start) * 1000) / AUTH_CALLS);
    };
    for (let round = 0; round < 2; round++) {
      await authRound('session');
      await authRound('key');
    }

    // Screenings end to end.
    let next = 0;
    const send = async (kind: 'web' | 'api') => {
      const i = next++;
      const headers = { 'content-type': 'application/json', 'Idempotency-Key': `bench-api-${i}-${kind}` };
      const res =
        kind === 'web'
          ? await fetch(`${base}/api/transactions/analyze-realtime`, {
              method: 'POST',
              headers: { ...headers, authorization: `Bearer ${token}` },
              body: JSON.stringify({ wallet_address: walletFor(i) }),
            })
          : await fetch(`${base}/api/v1/screenings`, {
              method: 'POST',
              headers: { ...headers, 'X-API-Key': key },
              body: JSON.stringify({ address: walletFor(i) }),
            });
      const body = (await res.json()) as { status?: string };
      if (res.status !== 200 || body.status !== 'completed') throw new Error(`${kind} check ${i}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    };
    const loop = async (kind: 'web' | 'api', count: number) => {
      let left = count;
      const cpu = process.cpuUsage();
      const start = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (left > 0) {
            left--;
            await send(kind);
          }
        }),
      );
      const seconds = (performance.now() - start) / 1000;
      const used = process.cpuUsage(cpu);
      return { perSecond: count / seconds, cpuMsPerCheck: (used.user + used.system) / 1000 / count };
    };
    await loop('web', 50);
    await loop('api', 50);
    const results: Record<'web' | 'api', Array<{ perSecond: number; cpuMsPerCheck: number }>> = { web: [], api: [] };
    for (let round = 0; round < 2; round++) {
      results.web.push(await loop('web', CHECKS));
      results.api.push(await loop('api', CHECKS));
    }

    // Webhook delivery after the event, at WEBHOOK_RATE events/s (open loop).
    const receiver = await startReceiver();
    let webhook: { p50: number; p99: number; max: number; rate: number; events: number; scheduledP99: number; claimedP99: number };
    try {
      const created = await fetch(`${base}/api/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ url: receiver.url, events: ['batch.completed'] }),
      });
      if (created.status !== 201) throw new Error(`webhook endpoint: ${created.status} ${await created.text()}`);
      const finishedBatch = (i: number) => {
        const batchId = randomUUID();
        const at = new Date().toISOString();
        const submitted: BatchSubmitted = {
          batchId,
          userId,
          fileName: `bench-${i}.csv`,
          rowCount: 0,
          walletCount: 0,
          key: `bench-${i}`,
          contentHash: `bench-${i}`,
          source: 'api',
          at,
        };
        const completed: BatchCompleted = { batchId, userId, completed: 0, failed: 0, skipped: [], at };
        return server.eventStore.append(
          batchStreamId(batchId),
          [
            { id: randomUUID(), type: 'BatchSubmitted', data: submitted },
            { id: randomUUID(), type: 'BatchCompleted', data: completed },
          ],
          { expectedRevision: 'no-stream' },
        );
      };
      const start = performance.now();
      const appends: Array<Promise<unknown>> = [];
      for (let i = 0; i < WEBHOOK_EVENTS; i++) {
        const wait = start + (i * 1000) / WEBHOOK_RATE - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        appends.push(finishedBatch(i));
      }
      await Promise.all(appends);
      await receiver.waitFor(WEBHOOK_EVENTS, 60_000);
      const sorted = [...receiver.delays].sort((x, y) => x - y);
      const times = [...receiver.eventTimes].sort((x, y) => x - y);
      // Where the time goes: event → delivery recorded (the outbox), → attempt claimed (the dispatcher).
      const scheduled: number[] = [];
      const claimed: number[] = [];
      for (const { id, event } of receiver.arrivals) {
        const stream = await server.eventStore.readStream(`webhook-delivery-${id}`);
        const at = (type: string) => Date.parse(stream.find((e) => e.type === type)!.recordedAt);
        scheduled.push(at('WebhookDeliveryScheduled') - event);
        claimed.push(at('WebhookDeliveryClaimed') - event);
      }
      const p99 = (values: number[]) =>
        percentile(
          [...values].sort((x, y) => x - y),
          99,
        );
      webhook = {
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted[sorted.length - 1]!,
        rate: (WEBHOOK_EVENTS - 1) / ((times[times.length - 1]! - times[0]!) / 1000),
        events: WEBHOOK_EVENTS,
        scheduledP99: p99(scheduled),
        claimedP99: p99(claimed),
      };
    } finally {
      await receiver.close();
    }

    const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
    const r1 = (v: number) => Math.round(v * 10) / 10;
    const r2 = (v: number) => Math.round(v * 100) / 100;
    return {
      'auth: session token, µs per call (mean of 2 rounds)': r2(mean(authTimes.session)),
      'auth: API key, µs per call (mean of 2 rounds)': r2(mean(authTimes.key)),
      'auth: API key / session token': r2(mean(authTimes.key) / mean(authTimes.session)),
      [`web path (session): checks/s (${CHECKS} × 2, concurrency ${CONCURRENCY})`]: r1(mean(results.web.map((r) => r.perSecond))),
      'public API (key): checks/s': r1(mean(results.api.map((r) => r.perSecond))),
      'web path: process CPU ms per check': r2(mean(results.web.map((r) => r.cpuMsPerCheck))),
      'public API: process CPU ms per check': r2(mean(results.api.map((r) => r.cpuMsPerCheck))),
      'rounds (web / api checks/s)': results.web.map((w, i) => `${r1(w.perSecond)} / ${r1(results.api[i]!.perSecond)}`).join(', '),
      [`webhook: events (batches completed, open loop at ${WEBHOOK_RATE}/s)`]: webhook.events,
      'webhook: events/s recorded': r1(webhook.rate),
      'webhook: delivery after the event, p50 ms': ms(webhook.p50),
      [`webhook: delivery after the event, p99 ms (at ${WEBHOOK_RATE} events/s)`]: ms(webhook.p99),
      'webhook: delivery after the event, max ms': ms(webhook.max),
      'webhook: event → delivery recorded (outbox), p99 ms': ms(webhook.scheduledP99),
      'webhook: event → attempt claimed, p99 ms': ms(webhook.claimedP99),
    };
  } finally {
    await server.close();
    await replay.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
