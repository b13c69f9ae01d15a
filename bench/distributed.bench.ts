/**
 * The distributed shape against the embedded default (issue 5), measured the same way: wallet
 * checks through the real HTTP API, a closed loop of BENCH_CHECKS checks at BENCH_CONCURRENCY
 * after BENCH_WARMUP warm-up checks (each client sends its next check when its last one answered).
 * The clients and the blockchain data source (an Esplora replayed on loopback, answering at once,
 * about a different valid wallet for every check, so every check fetches its data over HTTP) run
 * in a worker thread of this process, as in bench/checks.bench.ts. Every POST waits for the report
 * (CHECK_WAIT_MS=30000): latency = POST sent → answer received, and → the check's
 * `WalletCheckCompleted` as recorded by the store; checks/s = checks / (first POST → last answer).
 *
 * - embedded: `startEmbedded` in this thread (one SQLite file, the in-process bus).
 * - distributed: separate OS processes bundled from server/src/*-main.ts, as
 *   tests/distributed.e2e.test.ts starts them: 2 api (the clients alternate between them), 2
 *   workers, 1 projections, 1 relay; one SQLite event store file that they share (each process
 *   sees the others' appends by polling it every BENCH_SQLITE_POLL_MS), Kafka and a
 *   MongoDB-protocol read store. Afterwards: every check completed, each charged exactly once
 *   (`CheckCharged` per check in the users' streams).
 *   Projection lag: during the measured checks, this thread reads every ~10 ms the lowest stored
 *   checkpoint of the read models (`peekCheckpoint`, as the API replicas do); for each event appended meanwhile, lag = first read at which that lowest
 *   checkpoint had reached the event's position − the event's `recordedAt` (also per read model).
 *   The read models get BENCH_CATCH_UP_MS to catch up after the warm-up and after the last
 *   answer; an event still not reached then counts with a lower bound (printed "≥").
 *   CPU: each process's user + system time during the measured checks, from /proc (Kafka's and
 *   FerretDB's where their scripts keep a pid); embedded: this process, both threads.
 * - relay: BENCH_RELAY_EVENTS events already in a fresh SQLite store (100 per append, 1,000
 *   streams), then `startKafkaRelay` in this thread (6 partitions, a fresh topic prefix): events/s
 *   from its start until Kafka acknowledged the last event.
 *
 * Kafka and the read store come from KAFKA_BROKERS and MONGO_URL, else from scripts/services/kafka.sh
 * and ferretdb.sh (started here if they were not running, and then stopped again); without them
 * the distributed figures are skipped. The run's topics and database are deleted afterwards.
 *
 *   BENCH_CHECKS (1000), BENCH_CONCURRENCY (32), BENCH_WARMUP (100), BENCH_RELAY_EVENTS (20000),
 *   BENCH_SQLITE_POLL_MS (20), BENCH_CATCH_UP_MS (60000); BENCH_SHAPES (embedded,distributed,relay:
 *   the parts to run, e.g. `distributed` alone to measure a change to the distributed shape in a
 *   third of the time)
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { bundleServerProcesses, startServerProcess, stopServerProcess, type ServerProcess } from '../tests/support/server-processes';
import { startEmbedded } from '@walletscreen/server/embedded';
import { createLogger, type EventStore } from '@walletscreen/platform';
import { MongoReadStore, SqliteEventStore, SqliteReadStore } from '@walletscreen/platform/adapters';
import { startKafkaRelay } from '@walletscreen/platform/message-bus/kafka/relay';
import { kafkaTopics } from '@walletscreen/platform/message-bus/kafka/topics';
import { allProjections } from '@walletscreen/projections';
import { ms, nextMessage, percentile, repoRoot, startEsploraReplay, walletFor } from './support';

const ROLE = 'walletscreen-distributed-bench-load';
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const N = env('BENCH_CHECKS', 1000);
const CONCURRENCY = env('BENCH_CONCURRENCY', 32);
const WARMUP = env('BENCH_WARMUP', 100);
const RELAY_EVENTS = env('BENCH_RELAY_EVENTS', 20_000);
const SQLITE_POLL_MS = env('BENCH_SQLITE_POLL_MS', 20);
/** How long the read models may take to catch up (before the measured checks, and after them). */
const CATCH_UP_MS = env('BENCH_CATCH_UP_MS', 60_000);
const SHAPES = new Set((process.env.BENCH_SHAPES ?? 'embedded,distributed,relay').split(',').map((s) => s.trim()));
/** The registration bonus: each user runs at most this many checks. */
const CHECKS_PER_USER = 20;
const CHECKPOINT_READ_EVERY_MS = 10;
const RELAY_STREAMS = 1000;
const RELAY_EVENTS_PER_APPEND = 100;
const PROCESS_COUNTS = { relay: 1, projections: 1, workers: 2, api: 2 };

const wallClock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const execFileAsync = promisify(execFile);

/** Checks `from` (inclusive) to `to` (exclusive), closed loop; check i goes to API i mod bases.length, as user i mod tokens.length. */
interface Phase {
  label: string;
  bases: string[];
  tokens: string[];
  from: number;
  to: number;
  concurrency: number;
}
type Command = { cmd: 'phase' } & Phase;

interface CheckSample {
  sentAt: number;
  answeredAt: number;
  status: number;
  checkId: string | null;
  resultStatus: string | null;
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

  const check = async (phase: Phase, i: number): Promise<CheckSample> => {
    const sentAt = wallClock();
    const res = await fetch(`${phase.bases[i % phase.bases.length]}/api/transactions/analyze-realtime`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${phase.tokens[i % phase.tokens.length]}`,
        'idempotency-key': `${phase.label}-${i}`,
      },
      body: JSON.stringify({ wallet_address: walletFor(i) }),
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await res.json()) as { check_id?: string; status?: string };
    return { sentAt, answeredAt: wallClock(), status: res.status, checkId: body.check_id ?? null, resultStatus: body.status ?? null };
  };

  async function closedLoop(phase: Phase): Promise<PhaseResult> {
    const checks: CheckSample[] = [];
    const start = wallClock();
    let next = phase.from;
    const client = async () => {
      for (let i = next++; i < phase.to; i = next++) checks.push(await check(phase, i));
    };
    await Promise.all(Array.from({ length: phase.concurrency }, client));
    return { checks, start, end: Math.max(...checks.map((c) => c.answeredAt)) };
  }

  port.on('message', (m: Command) => {
    void closedLoop(m).then((result) => port.postMessage({ type: 'phase-done', result }));
  });
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) {
  void loadThread((workerData as { root: string }).root);
}

// ---------------------------------------------------------------------------------------------
// The bench thread.

const sortedNumbers = (values: number[]) => values.sort((x, y) => x - y);

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

interface BenchUser {
  email: string;
  token: string;
}

/** Registers `count` users through `bases` (registered through one, signed in through the next). */
async function registerUsers(bases: string[], count: number, label: string): Promise<BenchUser[]> {
  const post = async <T>(base: string, p: string, body: unknown): Promise<T> => {
    const res = await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const user = { email: `${label}-${i}@desk.example`, password: `Bench-Passphrase-${i}-x`, username: `Bench desk ${i}` };
      await post(bases[i % bases.length]!, '/api/auth/register', user);
      const { token } = await post<{ token: string }>(bases[(i + 1) % bases.length]!, '/api/auth/login', user);
      return { email: user.email, token };
    },
  );
}

/** What the store recorded about the measured checks: completion times and charges. */
interface Recorded {
  completedAt: Map<string, number>;
  charges: Map<string, number>;
}

async function readRecorded(store: EventStore, users: BenchUser[]): Promise<Recorded> {
  const completedAt = new Map<string, number>();
  for (let after = 0; ;) {
    const page = await store.readAll({ after, maxCount: 5000, filter: { eventTypes: ['WalletCheckCompleted'] } });
    if (page.length === 0) break;
    after = page[page.length - 1]!.position;
    for (const e of page) completedAt.set((e.data as { checkId: string }).checkId, Date.parse(e.recordedAt));
  }
  const charges = new Map<string, number>();
  for (const user of users) {
    for (const e of await store.readStream(`user-${userIdForEmail(user.email)}`)) {
      if (e.type !== 'CheckCharged') continue;
      const { checkId } = e.data as { checkId: string };
      charges.set(checkId, (charges.get(checkId) ?? 0) + 1);
    }
  }
  return { completedAt, charges };
}

/** The figures of one measured closed loop. */
function figures(run: PhaseResult, recorded: Recorded) {
  const toAnswer = sortedNumbers(run.checks.map((c) => c.answeredAt - c.sentAt));
  const toCompleted: number[] = [];
  let notCompleted = 0;
  let chargedTwice = 0;
  let uncharged = 0;
  for (const c of run.checks) {
    const completed = c.checkId ? recorded.completedAt.get(c.checkId) : undefined;
    if (c.status !== 200 || c.resultStatus !== 'completed' || completed === undefined) notCompleted++;
    if (completed !== undefined) toCompleted.push(completed - c.sentAt);
    const charged = recorded.charges.get(c.checkId ?? '') ?? 0;
    if (charged === 0) uncharged++;
    if (charged > 1) chargedTwice++;
  }
  sortedNumbers(toCompleted);
  return {
    seconds: (run.end - run.start) / 1000,
    checksPerSecond: run.checks.length / ((run.end - run.start) / 1000),
    answered: (p: number) => percentile(toAnswer, p),
    completed: (p: number) => percentile(toCompleted, p),
    notCompleted,
    chargedTwice,
    uncharged,
  };
}
type Figures = ReturnType<typeof figures>;

interface Load {
  replayUrl: string;
  phase(phase: Omit<Phase, 'from' | 'to'>, from: number, to: number): Promise<PhaseResult>;
}

// ---------------------------------------------------------------------------------------------
// Embedded.

/** One run's results: its figures, and the CPU time (s) each process used during the measured checks. */
interface RunResult {
  figures: Figures;
  cpu: Record<string, number>;
}

async function embeddedRun(load: Load, work: string): Promise<RunResult> {
  const silent = createLogger({ level: 'silent' });
  const server = await startEmbedded({
    env: {
      DATA_DIR: path.join(work, 'embedded'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      BITCOIN_ESPLORA_URLS: `${load.replayUrl}/api`,
      // The loopback Esplora is our own: no requests-per-second limit.
      CHAIN_DATA_RATE_LIMITS: 'esplora=0',
      CHECK_WAIT_MS: '30000',
      SANCTIONS_SYNC_INTERVAL_HOURS: '0',
      FEEDS_SYNC_INTERVAL_HOURS: '0',
      REGISTRATION_RATE_LIMIT_PER_ADDRESS: '1000000',
      REGISTRATION_RATE_LIMIT_TOTAL: '1000000',
    },
    clock: () => new Date(),
    logger: silent,
  });
  try {
    const base = server.url.replace('localhost', '127.0.0.1');
    const users = await registerUsers([base], Math.ceil((WARMUP + N) / CHECKS_PER_USER), 'embedded');
    const phase = { label: 'embedded', bases: [base], tokens: users.map((u) => u.token), concurrency: CONCURRENCY };
    const caughtUp = async () => server.projections.waitFor(await server.eventStore.headPosition(), 60_000);
    await caughtUp();
    if (WARMUP > 0) await load.phase(phase, 0, WARMUP);
    await caughtUp();
    const cpuBefore = process.cpuUsage();
    const measured = await load.phase(phase, WARMUP, WARMUP + N);
    const used = process.cpuUsage(cpuBefore);
    return { figures: figures(measured, await readRecorded(server.eventStore, users)), cpu: { 'bench process': (used.user + used.system) / 1e6 } };
  } finally {
    await server.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Services: Kafka and the MongoDB-protocol read store.

interface Service {
  value: string;
  /** The server's pid, where its script started it (for its CPU time). */
  pid?: number;
  stop(): Promise<void>;
}

/** The service from `variable`, else from its script (started here when it was not running, stopped by `stop`). */
async function service(root: string, name: 'kafka' | 'ferretdb', variable: 'KAFKA_BROKERS' | 'MONGO_URL'): Promise<Service | { problem: string }> {
  const given = process.env[variable];
  if (given) return { value: given, stop: async () => undefined };
  const script = path.join(root, 'scripts', 'services', `${name}.sh`);
  const running = await execFileAsync('bash', [script, 'url'], { cwd: root }).then(
    () => true,
    () => false,
  );
  try {
    const { stdout } = await execFileAsync('bash', [script, 'start'], { cwd: root, timeout: 600_000 });
    const value = new RegExp(`^${variable}=(.+)$`, 'm').exec(stdout)?.[1];
    if (!value) return { problem: `${name}.sh start printed no ${variable}` };
    const stateDir = path.resolve(root, (name === 'kafka' ? process.env.KAFKA_STATE_DIR : process.env.FERRETDB_STATE_DIR) || path.join('.services', name));
    const pid = existsSync(path.join(stateDir, 'pid')) ? Number(readFileSync(path.join(stateDir, 'pid'), 'utf8')) : undefined;
    return { value, pid, stop: running ? async () => undefined : async () => void (await execFileAsync('bash', [script, 'stop'], { cwd: root })) };
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    return { problem: `${name}.sh start failed: ${stderr ? stderr.split('\n').slice(-3).join(' | ') : String(error)}` };
  }
}

// ---------------------------------------------------------------------------------------------
// Distributed.

type Kind = keyof typeof PROCESS_COUNTS;

/** CPU time (user + system) a process used so far, in s, from /proc (NaN where there is none). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

interface ProjectionLag {
  all: Array<{ ms: number; exact: boolean }>;
  byProjection: Array<{ name: string; lags: Array<{ ms: number; exact: boolean }> }>;
  /** Events appended during the measured checks. */
  events: number;
  behindAtStart: number;
  /** The median time between two checkpoint reads, in ms. */
  readEvery: number;
}

interface CheckpointSample {
  at: number;
  /** Each projection's stored checkpoint (in the order of allProjections). */
  positions: number[];
}

/** The read models' stored checkpoints: read on demand, or every CHECKPOINT_READ_EVERY_MS between start() and stop(). */
function checkpointSampler(mongoUrl: string, database: string) {
  const store = new MongoReadStore({ url: mongoUrl, database });
  const names = allProjections.map((p) => p.name);
  const samples: CheckpointSample[] = [];
  let lowest = 0;
  let sampling: Promise<void> | undefined;
  let stopped = false;
  const read = async (): Promise<number[]> => {
    const positions = await Promise.all(names.map((n) => store.peekCheckpoint(n)));
    lowest = Math.max(lowest, Math.min(...positions));
    return positions;
  };
  return {
    names,
    samples,
    /** The lowest checkpoint, as last read. */
    lowest: () => lowest,
    /** Whether the lowest checkpoint reached `position` within `timeoutMs`. */
    async reach(position: number, timeoutMs: number): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (!sampling) await read();
        if (lowest >= position) return true;
        if (Date.now() > deadline) return false;
        await sleep(CHECKPOINT_READ_EVERY_MS);
      }
    },
    start() {
      stopped = false;
      sampling = (async () => {
        while (!stopped) {
          const positions = await read();
          samples.push({ at: wallClock(), positions });
          await sleep(CHECKPOINT_READ_EVERY_MS);
        }
      })();
    },
    async stop() {
      stopped = true;
      await sampling;
      sampling = undefined;
    },
    close: () => store.close(),
  };
}

/**
 * For each event: the first read at which `checkpoint` (of a sample's positions) had reached the
 * event's position, minus the event's recordedAt, in ms, sorted. An event never reached counts
 * with its lower bound (the last read − recordedAt), marked inexact.
 */
function projectionLags(samples: CheckpointSample[], events: Array<{ position: number; recordedAt: string }>, checkpoint: (positions: number[]) => number) {
  const lags: Array<{ ms: number; exact: boolean }> = [];
  const last = samples.at(-1)?.at ?? NaN;
  let s = 0;
  let reached = samples.length > 0 ? checkpoint(samples[0]!.positions) : 0;
  for (const e of events) {
    while (s < samples.length && reached < e.position) {
      s++;
      if (s < samples.length) reached = Math.max(reached, checkpoint(samples[s]!.positions));
    }
    const recorded = Date.parse(e.recordedAt);
    lags.push(s < samples.length ? { ms: samples[s]!.at - recorded, exact: true } : { ms: last - recorded, exact: false });
  }
  return lags.sort((x, y) => x.ms - y.ms);
}

/** A percentile of `projectionLags`, "≥ " before a lower bound. */
const lagPercentile = (lags: Array<{ ms: number; exact: boolean }>, p: number) => {
  const lag = lags[Math.min(lags.length - 1, Math.max(0, Math.ceil((p / 100) * lags.length) - 1))];
  return lag ? `${lag.exact ? '' : '≥ '}${ms(lag.ms)}` : 'n/a';
};

async function distributedRun(
  root: string,
  load: Load,
  work: string,
  services: { brokers: string; mongoUrl: string; pids: Record<string, number | undefined> },
): Promise<RunResult & { lag: ProjectionLag }> {
  const { brokers, mongoUrl } = services;
  const run = randomUUID().slice(0, 8);
  const dir = path.join(work, 'distributed');
  const dataDir = path.join(dir, 'data');
  const bundles = path.join(root, 'dist', 'bench', `distributed-${run}`);
  const database = `ws_bench_${run}`;
  const topicPrefix = `ws-bench-${run}`;
  mkdirSync(dataDir, { recursive: true });
  const procs: ServerProcess[] = [];
  const sampler = checkpointSampler(mongoUrl, database);

  const processEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    // The "process is running" line is an info line; the logs go to files in the run's directory.
    LOG_LEVEL: 'info',
    JWT_SECRET: `bench-secret-${run}-0123456789abcdef0123456789`,
    ADMIN_EMAIL: 'admin@bench.example',
    ADMIN_PASSWORD: 'Adm1n-Passphrase!',
    SANCTIONS_SYNC_INTERVAL_HOURS: '0',
    FEEDS_SYNC_INTERVAL_HOURS: '0',
    // Every bench user registers from loopback.
    REGISTRATION_RATE_LIMIT_PER_ADDRESS: '1000000',
    REGISTRATION_RATE_LIMIT_TOTAL: '1000000',
    KAFKA_BROKERS: brokers,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    MONGO_URL: mongoUrl,
    MONGO_DATABASE: database,
    SQLITE_POLL_MS: String(SQLITE_POLL_MS),
    CHECK_WAIT_MS: '30000',
    ...extra,
  });

  /** Starts one process from its bundle and resolves once it says it runs. */
  async function start(kind: Kind, name: string, extra: Record<string, string> = {}): Promise<ServerProcess> {
    const proc = await startServerProcess({ root, bundles, kind, name, env: processEnv(extra), log: path.join(dir, `${name}.log`) });
    procs.push(proc);
    return proc;
  }

  const kafka = new Kafka({ clientId: 'walletscreen-bench', brokers: brokers.split(','), logLevel: logLevel.ERROR });
  try {
    // One bundle per kind of process, as `npm run build` makes them for dist/server.
    bundleServerProcesses(root, bundles, Object.keys(PROCESS_COUNTS) as Kind[]);

    await start('relay', 'relay');
    await start('projections', 'projections');
    const workerEnv = { BITCOIN_ESPLORA_URLS: `${load.replayUrl}/api`, CHAIN_DATA_RATE_LIMITS: 'esplora=0' };
    const servers = await Promise.all([
      ...Array.from({ length: PROCESS_COUNTS.workers }, (_, i) => start('workers', `workers-${i + 1}`, workerEnv)),
      ...Array.from({ length: PROCESS_COUNTS.api }, (_, i) => start('api', `api-${i + 1}`)),
    ]);
    const bases = servers.filter((p) => p.name.startsWith('api-')).map((p) => p.url!);

    const store = new SqliteEventStore({ file: path.join(dataDir, 'walletscreen.db') });
    try {
      const users = await registerUsers(bases, Math.ceil((WARMUP + N) / CHECKS_PER_USER), 'distributed');
      const phase = { label: 'distributed', bases, tokens: users.map((u) => u.token), concurrency: CONCURRENCY };
      await sampler.reach(await store.headPosition(), CATCH_UP_MS);
      if (WARMUP > 0) await load.phase(phase, 0, WARMUP);
      await sampler.reach(await store.headPosition(), CATCH_UP_MS);

      const startPosition = await store.headPosition();
      const behindAtStart = startPosition - sampler.lowest();
      const pids: Record<string, number | undefined> = { ...Object.fromEntries(procs.map((p) => [p.name, p.child.pid])), ...services.pids };
      const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
      const benchCpu = process.cpuUsage();
      sampler.start();
      const measured = await load.phase(phase, WARMUP, WARMUP + N);
      const endPosition = await store.headPosition();
      const used = process.cpuUsage(benchCpu);
      const cpu: Record<string, number> = {
        ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid) - cpuBefore[name]!])),
        'bench process': (used.user + used.system) / 1e6,
      };
      await sampler.reach(endPosition, CATCH_UP_MS);
      await sampler.stop();

      await Promise.all(procs.map((p) => stopServerProcess(p)));
      const appended: Array<{ position: number; recordedAt: string }> = [];
      for (let after = startPosition; after < endPosition;) {
        const page = await store.readAll({ after, maxCount: 5000 });
        if (page.length === 0) break;
        after = page[page.length - 1]!.position;
        appended.push(...page.filter((e) => e.position <= endPosition).map((e) => ({ position: e.position, recordedAt: e.recordedAt })));
      }
      const samples = sampler.samples;
      const intervals = sortedNumbers(samples.slice(1).map((x, i) => x.at - samples[i]!.at));
      return {
        figures: figures(measured, await readRecorded(store, users)),
        cpu,
        lag: {
          all: projectionLags(samples, appended, (positions) => Math.min(...positions)),
          byProjection: sampler.names.map((name, k) => ({ name, lags: projectionLags(samples, appended, (positions) => positions[k]!) })),
          events: appended.length,
          behindAtStart,
          readEvery: percentile(intervals, 50),
        },
      };
    } finally {
      await store.close();
    }
  } finally {
    await sampler.stop();
    await Promise.all(procs.map((p) => stopServerProcess(p)));
    await sampler.close();
    await dropForGood(mongoUrl, database);
    await deleteTopics(kafka, topicPrefix);
    rmSync(bundles, { recursive: true, force: true });
  }
}

/**
 * Drops the run's database, again if it comes back: FerretDB finishes a bulk write whose client
 * has exited, so the writes of a stopped process may recreate it for a while.
 */
async function dropForGood(mongoUrl: string, database: string) {
  const readStore = new MongoReadStore({ url: mongoUrl, database });
  const client = new MongoClient(mongoUrl);
  try {
    const deadline = Date.now() + 180_000;
    let absentFor = 0;
    while (absentFor < 5 && Date.now() < deadline) {
      const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
      if (databases.some((d) => d.name === database)) {
        await readStore.dropDatabase();
        absentFor = 0;
      } else absentFor++;
      await sleep(1000);
    }
    if (absentFor < 5) console.warn(`the read-store database ${database} was still being written to 3 minutes after the processes stopped; drop it by hand`);
  } finally {
    await client.close();
    await readStore.close();
  }
}

async function deleteTopics(kafka: Kafka, prefix: string) {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = Object.values(kafkaTopics(prefix));
    const existing = new Set(await admin.listTopics());
    await admin.deleteTopics({ topics: topics.filter((t) => existing.has(t)) });
  } finally {
    await admin.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// The relay alone.

async function relayRun(work: string, brokers: string) {
  const file = path.join(work, 'relay', 'walletscreen.db');
  mkdirSync(path.dirname(file), { recursive: true });
  const store = new SqliteEventStore({ file });
  const checkpoints = new SqliteReadStore({ file });
  const kafka = new Kafka({ clientId: 'walletscreen-bench', brokers: brokers.split(','), logLevel: logLevel.ERROR });
  const topicPrefix = `ws-bench-relay-${randomUUID().slice(0, 8)}`;
  try {
    // Events shaped like a check's stage events (a few hundred bytes of JSON each).
    for (let appended = 0; appended < RELAY_EVENTS; appended += RELAY_EVENTS_PER_APPEND) {
      const count = Math.min(RELAY_EVENTS_PER_APPEND, RELAY_EVENTS - appended);
      const stream = `relay-bench-${(appended / RELAY_EVENTS_PER_APPEND) % RELAY_STREAMS}`;
      const events = Array.from({ length: count }, (_, k) => ({
        id: randomUUID(),
        type: 'WalletCheckStageCompleted',
        data: {
          checkId: stream,
          stage: (k % 7) + 1,
          result: { walletAddress: walletFor(appended + k), transactions: 12, counterparties: 7, riskScore: 0.37, notes: 'bench event for the relay' },
        },
        metadata: { command: 'bench', correlationId: randomUUID() },
      }));
      await store.append(stream, events, { expectedRevision: 'any' });
    }
    const head = await store.headPosition();
    const started = wallClock();
    const relay = await startKafkaRelay({ kafka, store, checkpoints, topicPrefix, partitions: 6, logger: createLogger({ level: 'silent' }) });
    const ready = wallClock();
    const publishedAtReady = relay.published;
    try {
      await relay.waitFor(head, 300_000);
    } finally {
      await relay.stop();
    }
    const end = wallClock();
    return {
      events: head,
      startupMs: ready - started,
      perSecond: head / ((end - started) / 1000),
      perSecondAfterStartup: (head - publishedAtReady) / ((end - ready) / 1000),
    };
  } finally {
    await deleteTopics(kafka, topicPrefix);
    await checkpoints.close();
    await store.close();
  }
}

// ---------------------------------------------------------------------------------------------

export async function run(): Promise<Record<string, number | string>> {
  const root = repoRoot();
  const work = mkdtempSync(path.join(tmpdir(), 'ws-bench-distributed-'));
  const worker = new Worker(__filename, { workerData: { role: ROLE, root } });
  try {
    const { url: replayUrl } = await nextMessage<{ url: string }>(worker, 'replay-ready');
    const load: Load = {
      replayUrl,
      async phase(phase, from, to) {
        const answer = nextMessage<{ result: PhaseResult }>(worker, 'phase-done');
        worker.postMessage({ cmd: 'phase', ...phase, from, to } satisfies Command);
        return (await answer).result;
      },
    };
    const embedded = SHAPES.has('embedded') ? await embeddedRun(load, work) : null;

    const kafka = await service(root, 'kafka', 'KAFKA_BROKERS');
    const mongo = await service(root, 'ferretdb', 'MONGO_URL');
    const results: Record<string, number | string> = {
      machine: `${cpus()[0]?.model.trim() ?? 'unknown cpu'}, ${availableParallelism()} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
      conditions: `${N} checks after ${WARMUP} warm-up, closed loop at concurrency ${CONCURRENCY}; ${Math.ceil((WARMUP + N) / CHECKS_PER_USER)} users; a distinct wallet per check, its Esplora data replayed on loopback`,
    };
    let distributed: (RunResult & { lag: ProjectionLag }) | null = null;
    let relay: Awaited<ReturnType<typeof relayRun>> | null = null;
    try {
      if (!SHAPES.has('distributed') && !SHAPES.has('relay')) {
        results['distributed figures'] = 'skipped: not in BENCH_SHAPES';
      } else if ('value' in kafka && 'value' in mongo) {
        results['distributed shape'] = `${Object.entries(PROCESS_COUNTS)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')}; Kafka ${kafka.value}, read store ${mongo.value}, SQLITE_POLL_MS=${SQLITE_POLL_MS}`;
        if (SHAPES.has('distributed'))
          distributed = await distributedRun(root, load, work, {
            brokers: kafka.value,
            mongoUrl: mongo.value,
            pids: { kafka: kafka.pid, ferretdb: mongo.pid },
          });
        if (SHAPES.has('relay')) relay = await relayRun(work, kafka.value);
      } else {
        results['distributed figures'] = `skipped: ${[kafka, mongo].flatMap((s) => ('problem' in s ? [s.problem] : [])).join('; ')}`;
      }
    } finally {
      for (const s of [kafka, mongo]) if ('value' in s) await s.stop();
    }

    const side = (f: (x: RunResult) => string | number) => `${embedded ? f(embedded) : '–'} / ${distributed ? f(distributed) : '–'}`;
    const cpuTotal = (x: RunResult) => Object.values(x.cpu).reduce((sum, seconds) => sum + (Number.isNaN(seconds) ? 0 : seconds), 0);
    Object.assign(results, {
      'embedded / distributed': '',
      '  checks/s (first POST → last answer)': side((x) => Math.round(x.figures.checksPerSecond)),
      '  POST → answer with the report, p50 (ms)': side((x) => ms(x.figures.answered(50))),
      '  POST → answer with the report, p99 (ms)': side((x) => ms(x.figures.answered(99))),
      '  POST → WalletCheckCompleted recorded, p50 (ms)': side((x) => ms(x.figures.completed(50))),
      '  POST → WalletCheckCompleted recorded, p99 (ms)': side((x) => ms(x.figures.completed(99))),
      '  checks not completed': side((x) => x.figures.notCompleted),
      '  checks charged more than once / not charged': side((x) => `${x.figures.chargedTwice}, ${x.figures.uncharged}`),
      '  CPU per check, all processes measured, clients included (ms)': side((x) => ms((cpuTotal(x) * 1000) / N)),
    });
    if (distributed) {
      const { lag, cpu } = distributed;
      Object.assign(results, {
        [`  distributed: CPU used during the measured checks (${ms(distributed.figures.seconds)} s), s`]: Object.entries(cpu)
          .filter(([, seconds]) => !Number.isNaN(seconds))
          .map(([name, seconds]) => `${name} ${ms(seconds)}`)
          .join(', '),
        'projection lag, distributed: event recorded → stored checkpoint at its position (ms)': '',
        '  lowest of all read models: p50 / p99 / max': `${lagPercentile(lag.all, 50)} / ${lagPercentile(lag.all, 99)} / ${lagPercentile(lag.all, 100)}`,
        ...Object.fromEntries(lag.byProjection.map(({ name, lags }) => [`  ${name}: p50 / p99`, `${lagPercentile(lags, 50)} / ${lagPercentile(lags, 99)}`])),
        '  events appended during the measured checks': lag.events,
        [`  of them not reached ${CATCH_UP_MS / 1000} s after the last answer (counted as ≥)`]: lag.all.filter((l) => !l.exact).length,
        '  read models behind at the start of the measured checks (events)': lag.behindAtStart,
        '  checkpoints read every, p50 (ms)': ms(lag.readEvery),
      });
    }
    if (relay) {
      Object.assign(results, {
        [`kafka relay: ${relay.events} events in a SQLite store, 6 partitions`]: '',
        '  events/s (start → last event acknowledged)': Math.round(relay.perSecond),
        '  events/s after start-up': Math.round(relay.perSecondAfterStartup),
        '  start-up: topics created, producer connected (ms)': ms(relay.startupMs),
      });
    }
    return results;
  } finally {
    // Closes the clients and the replayed Esplora with the thread.
    await worker.terminate();
    rmSync(work, { recursive: true, force: true });
  }
}
