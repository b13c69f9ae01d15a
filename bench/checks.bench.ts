/**
 * Wallet checks end to end under load (issue 3): the real embedded server (HTTP, socket.io, the
 * seven stages, SQLite event store, projections) in this thread; in a worker thread of the same
 * process, the clients (HTTP POSTs with an Idempotency-Key, some retried or sent twice at once,
 * one socket.io client per user) and the blockchain data source (an Esplora replayed on loopback,
 * answering at once, about a different wallet for every check, so every check fetches its data
 * over HTTP). Both threads read the same wall clock (performance.timeOrigin + now()).
 *
 * Three runs after a warm-up:
 * - bare baseline: the same clients (closed loop, BENCH_CHECKS requests at BENCH_CONCURRENCY) against
 *   an Express route that only appends the events one warm-up check recorded to a SQLite event
 *   store of its own: the process CPU per request there is the floor the product's CPU per check is
 *   compared with (the ratio travels between machines better than milliseconds do);
 * - throughput: a closed loop of BENCH_CHECKS checks at BENCH_CONCURRENCY (each client sends its
 *   next check when the last one answered): the checks/s the server sustains;
 * - latency: an open loop at BENCH_RATE checks/s (the target rate) for BENCH_LATENCY_CHECKS
 *   checks: POST sent → the check's `WalletCheckCompleted` recorded (the event's recorded time)
 *   and → the HTTP answer with the report; a check event recorded → its socket.io message received.
 * Then the charges: no check charged twice, none unpaid, every balance equal to what its events say.
 *
 *   BENCH_CHECKS (2000), BENCH_CONCURRENCY (32), BENCH_RATE (200), BENCH_LATENCY_CHECKS (2000),
 *   BENCH_WARMUP (200), BENCH_CPU_PROFILE (a file: the server thread's CPU profile over both runs),
 *   BENCH_HEAP_PROFILE (a file: its sampled allocations over both runs), BENCH_KEEP (set: the data
 *   directory is left in place, its path printed, to look at what the run recorded)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Session } from 'node:inspector';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import express from 'express';
import { io, type Socket } from 'socket.io-client';
import type { CheckProgress } from '@walletscreen/contracts';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { startEmbedded } from '@walletscreen/server/embedded';
import { createLogger, type EventStore, type RecordedEvent } from '@walletscreen/platform';
import { customers } from '@walletscreen/projections/customers/queries';
import { SqliteEventStore } from '@walletscreen/platform/event-store/sqlite/sqlite-event-store';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { enabledFeedIds, feedDefinitions } from '@walletscreen/workers/feeds/catalog';
import { runFeedSync } from '@walletscreen/workers/feeds/sync';
import { addresses as a } from '@walletscreen/workers/testing/replay-server';
import { benchFeedCopies, ms, nextMessage, percentile, repoRoot, startEsploraReplay, walletFor } from './support';

const ROLE = 'walletscreen-checks-bench-load';
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const N = env('BENCH_CHECKS', 2000);
const CONCURRENCY = env('BENCH_CONCURRENCY', 32);
const RATE = env('BENCH_RATE', 200);
const LATENCY_CHECKS = env('BENCH_LATENCY_CHECKS', 2000);
/** At least one: the bare baseline replays the events of a warm-up check. */
const WARMUP = Math.max(1, env('BENCH_WARMUP', 200));
/** The registration bonus: each user runs exactly this many checks. */
const CHECKS_PER_USER = 20;
/** Every 10th check is sent again after its answer; every 25th is sent twice at once. */
const retriedAfter = (i: number) => i % 10 === 3;
const sentTwice = (i: number) => i % 25 === 7;
/** Every 50th wallet is on the sanctions list itself (every wallet has one listed counterparty). */
const sanctioned = (i: number) => i % 50 === 11;

const wallClock = () => performance.timeOrigin + performance.now();

/** Checks `from` (inclusive) to `to` (exclusive), as a closed loop of `concurrency` clients or an open loop at `rate` per second. */
type Load = { name: string; from: number; to: number; /** The bare baseline's route instead of the product's (no retried keys). */ bare?: string } & (
  { concurrency: number } | { rate: number }
);
type Command = { cmd: 'connect'; base: string; users: Array<{ token: string }> } | ({ cmd: 'phase' } & Load) | { cmd: 'finish' };

interface CheckSample {
  i: number;
  sentAt: number;
  answeredAt: number;
  status: number;
  checkId: string | null;
  resultStatus: string | null;
  /** Answers to the retried / duplicated POSTs of the same key. */
  repeats: Array<{ status: number; checkId: string | null }>;
}
interface SocketSample {
  checkId: string;
  stage: number;
  status: string;
  at: number;
}
interface PhaseResult {
  checks: CheckSample[];
  start: number;
  end: number;
}

// ---------------------------------------------------------------------------------------------
// The load thread: the provider on loopback and the clients.

async function loadThread(root: string) {
  const port = parentPort!;
  const replay = await startEsploraReplay(root);
  port.postMessage({ type: 'replay-ready', url: replay.url });

  const messages: SocketSample[] = [];
  let base = '';
  let users: Array<{ token: string }> = [];
  let sockets: Socket[] = [];

  let url = '';
  const post = async (user: { token: string }, wallet: string, key: string) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'idempotency-key': key },
      body: JSON.stringify({ wallet_address: wallet }),
    });
    const body = (await res.json()) as { check_id?: string; status?: string };
    return { status: res.status, checkId: body.check_id ?? null, resultStatus: body.status ?? null };
  };

  /** One check: its POST (twice at once for some), then a retry of the same key for some. */
  const check = async (i: number): Promise<CheckSample> => {
    const user = users[i % users.length]!;
    const key = `bench-check-${i}`;
    const wallet = walletFor(i);
    const sentAt = wallClock();
    const repeats = url.endsWith('/analyze-realtime');
    const [first, ...others] = await Promise.all([post(user, wallet, key), ...(repeats && sentTwice(i) ? [post(user, wallet, key)] : [])]);
    const answeredAt = wallClock();
    if (repeats && retriedAfter(i)) others.push(await post(user, wallet, key));
    return { i, sentAt, answeredAt, ...first, repeats: others.map((o) => ({ status: o.status, checkId: o.checkId })) };
  };

  async function phase(load: Load): Promise<PhaseResult> {
    url = load.bare ?? `${base}/api/transactions/analyze-realtime`;
    const checks: CheckSample[] = [];
    const start = wallClock();
    if ('concurrency' in load) {
      let next = load.from;
      const client = async () => {
        for (let i = next++; i < load.to; i = next++) checks.push(await check(i));
      };
      await Promise.all(Array.from({ length: load.concurrency }, client));
    } else {
      // Each check is sent at its time, whatever the others are doing.
      const pending: Array<Promise<void>> = [];
      for (let i = load.from; i < load.to; i++) {
        const due = start + ((i - load.from) * 1000) / load.rate;
        const wait = due - wallClock();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        pending.push(check(i).then((c) => void checks.push(c)));
      }
      await Promise.all(pending);
    }
    return { checks, start, end: Math.max(...checks.map((c) => c.answeredAt)) };
  }

  port.on('message', (m: Command) => {
    void (async () => {
      if (m.cmd === 'connect') {
        base = m.base;
        users = m.users;
        sockets = await Promise.all(
          users.map(
            (u) =>
              new Promise<Socket>((resolve, reject) => {
                const s = io(base, { path: '/socket.io', auth: { token: u.token }, transports: ['websocket'] });
                s.on('check:progress', (p: CheckProgress) => messages.push({ checkId: p.check_id, stage: p.stage, status: p.status, at: wallClock() }));
                s.once('connect', () => resolve(s));
                s.once('connect_error', reject);
              }),
          ),
        );
        port.postMessage({ type: 'connected' });
      } else if (m.cmd === 'phase') {
        port.postMessage({ type: 'phase-done', result: await phase(m) });
      } else {
        // Late socket messages (the completed one can trail the HTTP answer).
        await new Promise((r) => setTimeout(r, 500));
        for (const s of sockets) s.close();
        await replay.close();
        port.postMessage({ type: 'finished', messages });
      }
    })();
  });
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) {
  void loadThread((workerData as { root: string }).root);
}

// ---------------------------------------------------------------------------------------------
// The server thread.

const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');

/** The server thread's CPU profile over a stretch of the run, written to `file` (nothing without one). */
/**
 * The server thread's CPU profile (`BENCH_CPU_PROFILE`) or its allocation profile
 * (`BENCH_HEAP_PROFILE`: sampled allocations, collected ones included) over both runs.
 */
async function startProfile(cpuFile: string | undefined, heapFile: string | undefined): Promise<{ stop(): Promise<void> }> {
  if (!cpuFile && !heapFile) return { stop: async () => undefined };
  const session = new Session();
  session.connect();
  const call = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  if (cpuFile) {
    await call('Profiler.enable');
    await call('Profiler.start');
  }
  if (heapFile) {
    await call('HeapProfiler.enable');
    await call('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  }
  return {
    async stop() {
      if (cpuFile) writeFileSync(cpuFile, JSON.stringify(((await call('Profiler.stop')) as { profile: unknown }).profile));
      if (heapFile) writeFileSync(heapFile, JSON.stringify(((await call('HeapProfiler.stopSampling')) as { profile: unknown }).profile));
      session.disconnect();
    },
  };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]!);
    }),
  );
  return out;
}

/** The server thread's share of a run: event-loop utilisation and delay, process CPU. */
/** Clock ticks of CPU (user + system) the server thread (this process's main thread) has used, from Linux's /proc; null elsewhere. */
function serverThreadTicks(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3, utime 14 and stime 15 (proc(5)).
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}
/** The kernel's clock ticks per second (USER_HZ): 100 on Linux. */
const TICKS_PER_SECOND = 100;

function usage() {
  const threadTicks = serverThreadTicks();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  return () => {
    lag.disable();
    const used = process.cpuUsage(cpu);
    const ticks = serverThreadTicks();
    const serverThreadMs = threadTicks === null || ticks === null ? null : ((ticks - threadTicks) * 1000) / TICKS_PER_SECOND;
    return {
      elu: performance.eventLoopUtilization(elu).utilization,
      lagP99: lag.percentile(99) / 1e6,
      cpuMs: (used.user + used.system) / 1000,
      systemMs: used.system / 1000,
      serverThreadMs,
    };
  };
}

/**
 * The bare baseline: an Express route that appends the events one real check recorded (`template`,
 * read back after the warm-up), one append per event as the check makes them, to a SQLite event
 * store of the same kind in its own file (nothing subscribes to it), and answers with the completed
 * analysis. What is left of the product's CPU per check over this is the product's own work.
 */
async function startBare(file: string, template: RecordedEvent[], checkId: string) {
  const store = new SqliteEventStore({ file });
  const completed = template.find((e) => e.type === 'WalletCheckCompleted')?.data;
  const app = express();
  app.use(express.json());
  let n = 0;
  app.post('/bare/check', async (_req, res) => {
    const id = `bare-${n++}`;
    for (const e of template) {
      await store.append(e.streamId.replace(checkId, id), [{ id: randomUUID(), type: e.type, data: e.data, metadata: e.metadata }], {
        expectedRevision: 'any',
      });
    }
    res.json({ check_id: id, status: 'completed', result: completed });
  });
  const http = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => http.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/bare/check`,
    async close() {
      await new Promise((resolve) => http.close(resolve));
      await store.close();
    },
  };
}

/** The events a check recorded, in position order (its own stream and its charge in the user's). */
async function eventsOfCheck(store: EventStore, after: number, checkId: string): Promise<RecordedEvent[]> {
  const found: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after, maxCount: 2000 });
    if (page.length === 0) return found;
    after = page[page.length - 1]!.position;
    found.push(...page.filter((e) => (e.data as { checkId?: string } | null)?.checkId === checkId));
  }
}

interface Recorded {
  requested?: number;
  stages: number[];
  completed?: number;
  failed?: number;
}

/** The figures of one run, from the clients' samples and the recorded events. */
function figures(run: PhaseResult, messages: SocketSample[], recorded: Map<string, Recorded>) {
  const toCompleted: number[] = [];
  const toAnswer: number[] = [];
  let notCompleted = 0;
  for (const c of run.checks) {
    const completed = c.checkId ? recorded.get(c.checkId)?.completed : undefined;
    if (completed === undefined) {
      notCompleted++;
      continue;
    }
    toCompleted.push(completed - c.sentAt);
    toAnswer.push(c.answeredAt - c.sentAt);
  }
  toCompleted.sort((x, y) => x - y);
  toAnswer.sort((x, y) => x - y);
  const lastCompleted = Math.max(...run.checks.map((c) => recorded.get(c.checkId ?? '')?.completed ?? c.answeredAt));
  const ids = new Set(run.checks.map((c) => c.checkId));
  const toSocket: number[] = [];
  const received = new Map<string, number>();
  let unmatched = 0;
  for (const m of messages) {
    if (!ids.has(m.checkId)) continue;
    const r = recorded.get(m.checkId);
    const eventAt = m.status === 'completed' ? r?.completed : m.stage === 0 ? r?.requested : r?.stages[m.stage];
    if (eventAt === undefined) {
      unmatched++;
      continue;
    }
    received.set(m.checkId, (received.get(m.checkId) ?? 0) + 1);
    toSocket.push(m.at - eventAt);
  }
  toSocket.sort((x, y) => x - y);
  // Each check: its request, seven stages and the completion.
  const missing = run.checks.reduce((sum, c) => sum + Math.max(0, 9 - (received.get(c.checkId ?? '') ?? 0)), 0);
  return {
    checksPerSecond: run.checks.length / ((lastCompleted - run.start) / 1000),
    completed: (p: number) => percentile(toCompleted, p),
    answered: (p: number) => percentile(toAnswer, p),
    socket: (p: number) => percentile(toSocket, p),
    notCompleted,
    missing,
    unmatched,
    socketMessages: toSocket.length,
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const root = repoRoot();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-bench-checks-'));
  const load = new Worker(__filename, { workerData: { role: ROLE, root } });
  const silent = createLogger({ level: 'silent' });
  try {
    const { url: replayUrl } = await nextMessage<{ url: string }>(load, 'replay-ready');
    const server = await startEmbedded({
      env: {
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        BITCOIN_ESPLORA_URLS: `${replayUrl}/api`,
        // The loopback Esplora is our own: no requests-per-second limit (the public ones keep theirs).
        CHAIN_DATA_RATE_LIMITS: 'esplora=0',
        CHECK_WAIT_MS: '30000',
        // The list is imported below; nothing is downloaded.
        SANCTIONS_SYNC_INTERVAL_HOURS: '0',
        FEEDS_SYNC_INTERVAL_HOURS: '0',
        // Every bench user registers from loopback.
        REGISTRATION_RATE_LIMIT_PER_ADDRESS: '1000000',
        REGISTRATION_RATE_LIMIT_TOTAL: '1000000',
      },
      clock: () => new Date(),
      logger: silent,
    });
    try {
      const base = server.url.replace('localhost', '127.0.0.1');
      const total = WARMUP + N + LATENCY_CHECKS;
      const userCount = Math.ceil(total / CHECKS_PER_USER);

      // The OFAC list: one counterparty of every wallet, and every 50th wallet itself.
      const csv = path.join(dataDir, 'sdn.csv');
      const listed = Array.from({ length: total }, (_, i) => i)
        .filter(sanctioned)
        .map((i) => `Digital Currency Address - XBT ${walletFor(i)}`);
      writeFileSync(
        csv,
        `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${a.btcA}; ${listed.join('; ')}."\n`,
      );
      await runSanctionsSync({ eventStore: server.eventStore, file: csv, clock: () => new Date(), logger: silent });
      // Every default feed on, as a fresh install runs: GraphSense's TagPacks from the local snapshot
      // (half a million labels in the read model that every check looks up), its labels folded before
      // the first check. Without the snapshot every check would say the feed was not read.
      const enabled = enabledFeedIds(undefined);
      const copies = benchFeedCopies(root);
      const feedsLoaded = enabled.every((id) => feedDefinitions[id].kind !== 'download' || copies[id] !== undefined);
      for (const id of enabled) {
        const file = copies[id];
        if (feedDefinitions[id].kind === 'download' && file) {
          await runFeedSync({ eventStore: server.eventStore, feedId: id, enabled, file, clock: () => new Date(), logger: silent });
        }
      }
      await server.projections.waitFor(await server.eventStore.headPosition(), 300_000);

      // Users, through the API (each has the registration bonus of 20 checks).
      const api = async <T>(p: string, body: unknown): Promise<T> => {
        const res = await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
        return (await res.json()) as T;
      };
      const users = await mapLimit(
        Array.from({ length: userCount }, (_, i) => i),
        8,
        async (i) => {
          const user = { email: `bench-${i}@desk.example`, password: `Bench-Passphrase-${i}-x`, username: `Bench desk ${i}` };
          await api('/api/auth/register', user);
          const { token } = await api<{ token: string }>('/api/auth/login', user);
          return { token, userId: userIdForEmail(user.email) };
        },
      );
      await server.projections.waitFor(await server.eventStore.headPosition(), 60_000);
      const startPosition = await server.eventStore.headPosition();

      const send = <T>(command: Command, reply: string) => {
        const answer = nextMessage<T>(load, reply);
        load.postMessage(command);
        return answer;
      };
      const phase = async (l: Load) => {
        const result = (await send<{ result: PhaseResult }>({ cmd: 'phase', ...l }, 'phase-done')).result;
        await server.analysis.drain();
        return result;
      };
      await send({ cmd: 'connect', base, users: users.map((u) => ({ token: u.token })) }, 'connected');
      const warmup = await phase({ name: 'warm-up', from: 0, to: WARMUP, concurrency: CONCURRENCY });

      // The bare baseline, in the same run, on the same clients: one real check's events appended per request.
      const sample = warmup.checks.find((c) => c.checkId !== null)!.checkId!;
      const template = await eventsOfCheck(server.eventStore, startPosition, sample);
      const bare = await startBare(path.join(dataDir, 'bare.db'), template, sample);
      let used = usage();
      const bareRun = await send<{ result: PhaseResult }>(
        { cmd: 'phase', name: 'bare', from: 0, to: N, concurrency: CONCURRENCY, bare: bare.url },
        'phase-done',
      );
      const bareUsage = used();
      await bare.close();
      const bareCpu = bareUsage.cpuMs / bareRun.result.checks.length;

      const profile = await startProfile(process.env.BENCH_CPU_PROFILE, process.env.BENCH_HEAP_PROFILE);
      used = usage();
      const closed = await phase({ name: 'throughput', from: WARMUP, to: WARMUP + N, concurrency: CONCURRENCY });
      const closedUsage = used();
      used = usage();
      const open = await phase({ name: 'latency', from: WARMUP + N, to: total, rate: RATE });
      const openUsage = used();
      await profile.stop();
      const { messages } = await send<{ messages: SocketSample[] }>({ cmd: 'finish' }, 'finished');
      const all = [...warmup.checks, ...closed.checks, ...open.checks];

      // What the store recorded.
      await server.projections.waitFor(await server.eventStore.headPosition(), 60_000);
      const recorded = new Map<string, Recorded>();
      const failures = new Map<string, number>();
      const charges = new Map<string, number>();
      const chargedPerUser = new Map<string, number>();
      const refundedPerUser = new Map<string, number>();
      const at = (e: RecordedEvent) => Date.parse(e.recordedAt);
      for (let after = startPosition; ;) {
        const page = await server.eventStore.readAll({ after, maxCount: 2000 });
        if (page.length === 0) break;
        after = page[page.length - 1]!.position;
        for (const e of page) {
          const d = e.data as { checkId?: string; userId?: string; stage?: number; reason?: string };
          if (e.type === 'CheckCharged') {
            charges.set(d.checkId!, (charges.get(d.checkId!) ?? 0) + 1);
            chargedPerUser.set(d.userId!, (chargedPerUser.get(d.userId!) ?? 0) + 1);
          } else if (e.type === 'CheckRefunded') {
            refundedPerUser.set(d.userId!, (refundedPerUser.get(d.userId!) ?? 0) + 1);
          } else if (e.type.startsWith('WalletCheck')) {
            let r = recorded.get(d.checkId!);
            if (!r) recorded.set(d.checkId!, (r = { stages: [] }));
            if (e.type === 'WalletCheckRequested') r.requested = at(e);
            else if (e.type === 'WalletCheckStageCompleted') r.stages[d.stage!] = at(e);
            else if (e.type === 'WalletCheckCompleted') r.completed = at(e);
            else if (e.type === 'WalletCheckFailed') {
              r.failed = at(e);
              failures.set(d.reason!, (failures.get(d.reason!) ?? 0) + 1);
            }
          }
        }
      }

      // Answers: every POST 200 with the completed report; a retried key answers with its check.
      let badAnswers = 0;
      let badRepeats = 0;
      for (const c of all) {
        if (c.status !== 200 || c.resultStatus !== 'completed' || !c.checkId) badAnswers++;
        if (c.repeats.some((r) => r.status !== 200 || r.checkId !== c.checkId)) badRepeats++;
      }
      // Charges: once per check, none for a retry, balances agree with the events.
      const doubleCharges = [...charges.values()].filter((n) => n > 1).length;
      const checkIds = new Set(all.map((c) => c.checkId).filter((id): id is string => id !== null));
      const uncharged = [...checkIds].filter((id) => !charges.has(id)).length;
      const chargedWithoutCheck = [...charges.keys()].filter((id) => !checkIds.has(id)).length;
      let balanceMismatches = 0;
      for (let u = 0; u < users.length; u++) {
        const id = users[u]!.userId;
        const state = await server.accounts.load(id);
        const customer = await customers.get(server.readStore, id);
        const byEvents = CHECKS_PER_USER - (chargedPerUser.get(id) ?? 0) + (refundedPerUser.get(id) ?? 0);
        const issued = all.filter((c) => c.i % users.length === u).length;
        const left = state.status === 'registered' ? state.bonusChecks + state.purchasedChecks : NaN;
        if (left !== byEvents || customer?.remaining_checks !== byEvents || (chargedPerUser.get(id) ?? 0) !== issued) balanceMismatches++;
      }
      const failed = [...recorded.values()].filter((r) => r.failed !== undefined).length;

      const t = figures(closed, messages, recorded);
      const l = figures(open, messages, recorded);
      const chargesOk = doubleCharges === 0 && uncharged === 0 && chargedWithoutCheck === 0 && balanceMismatches === 0;
      return {
        machine: `${cpus()[0]?.model.trim() ?? 'unknown cpu'}, ${availableParallelism()} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
        conditions: `${users.length} users, one socket.io client each; ${WARMUP} warm-up checks; a distinct wallet per check, its Esplora data replayed on loopback; default feeds (${feedsLoaded ? 'GraphSense TagPacks loaded from the local snapshot, the others from their test fixtures' : 'not all loaded: checks say so'})`,
        [`throughput run: ${N} checks, closed loop at concurrency ${CONCURRENCY}`]: '',
        '  checks/s sustained': Math.round(t.checksPerSecond),
        '  target ≥ 250 checks/s': verdict(t.checksPerSecond >= 250),
        '  POST → completed recorded, p50 / p95 / p99 (ms)': `${ms(t.completed(50))} / ${ms(t.completed(95))} / ${ms(t.completed(99))}`,
        '  check event recorded → socket.io client, p50 / p99 (ms)': `${ms(t.socket(50))} / ${ms(t.socket(99))}`,
        '  server thread: event-loop utilisation / delay p99 (ms)': `${closedUsage.elu.toFixed(2)} / ${ms(closedUsage.lagP99)}`,
        '  process CPU per check, both threads (ms)': ms(closedUsage.cpuMs / closed.checks.length),
        '    of which in the kernel (system time, ms)': ms(closedUsage.systemMs / closed.checks.length),
        '    of which the server thread (the rest: the clients and blockchain replay, GC helpers; ms)':
          closedUsage.serverThreadMs === null ? 'n/a (no /proc)' : ms(closedUsage.serverThreadMs / closed.checks.length),
        [`  bare baseline (the same clients; ${template.length} events per request appended by an Express route), CPU per request (ms)`]: ms(bareCpu),
        '    bare baseline, of which in the kernel (ms)': ms(bareUsage.systemMs / bareRun.result.checks.length),
        '    bare baseline, of which the server thread (ms)':
          bareUsage.serverThreadMs === null ? 'n/a (no /proc)' : ms(bareUsage.serverThreadMs / bareRun.result.checks.length),
        '  bare baseline: requests/s / answers not 200': `${Math.round(bareRun.result.checks.length / ((bareRun.result.end - bareRun.result.start) / 1000))} / ${bareRun.result.checks.filter((c) => c.status !== 200).length}`,
        '  product / bare baseline, CPU per check': (closedUsage.cpuMs / closed.checks.length / bareCpu).toFixed(2),
        '  target ≤ 4 ms per check': verdict(closedUsage.cpuMs / closed.checks.length <= 4),
        [`latency run: ${LATENCY_CHECKS} checks, open loop at ${RATE} checks/s`]: '',
        '  checks/s completed': Math.round(l.checksPerSecond),
        '  POST → WalletCheckCompleted recorded, p50 (ms)': ms(l.completed(50)),
        '  POST → WalletCheckCompleted recorded, p95 (ms)': ms(l.completed(95)),
        '  POST → WalletCheckCompleted recorded, p99 (ms)': ms(l.completed(99)),
        '  POST → WalletCheckCompleted recorded, max (ms)': ms(l.completed(100)),
        '  target p50 ≤ 20 ms': verdict(l.completed(50) <= 20),
        '  target p99 ≤ 100 ms': verdict(l.completed(99) <= 100),
        '  POST → HTTP answer with the report, p50 / p99 (ms)': `${ms(l.answered(50))} / ${ms(l.answered(99))}`,
        '  check event recorded → socket.io client, p50 (ms)': ms(l.socket(50)),
        '  check event recorded → socket.io client, p99 (ms)': ms(l.socket(99)),
        '  check event recorded → socket.io client, max (ms)': ms(l.socket(100)),
        '  target socket p99 ≤ 20 ms': verdict(l.socket(99) <= 20),
        '  server thread at this rate: event-loop utilisation / delay p99 (ms)': `${openUsage.elu.toFixed(2)} / ${ms(openUsage.lagP99)}`,
        'both runs and the warm-up': '',
        '  requests sent (with retried and duplicated keys)': all.reduce((s, c) => s + 1 + c.repeats.length, 0),
        '  answers not 200 with the report / retries answered with another check': `${badAnswers} / ${badRepeats}`,
        '  checks not completed / failed': `${t.notCompleted + l.notCompleted} / ${failed}`,
        ...(failures.size > 0 ? { '  most frequent failure': [...failures].sort((x, y) => y[1] - x[1])[0]!.join(' × ') } : {}),
        '  socket messages received / missing / unmatched': `${t.socketMessages + l.socketMessages} / ${t.missing + l.missing} / ${t.unmatched + l.unmatched}`,
        '  checks charged more than once': doubleCharges,
        '  checks without a charge / charges without a check': `${uncharged} / ${chargedWithoutCheck}`,
        '  balances disagreeing with the events': balanceMismatches,
        '  target zero double charges': verdict(chargesOk),
      };
    } finally {
      await server.close();
    }
  } finally {
    await load.terminate();
    if (process.env.BENCH_KEEP) console.log(`data directory kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}
