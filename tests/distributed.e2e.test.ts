/**
 * The distributed shape as separate processes on real servers: two command-api processes, two
 * workers, a projections process and the relay, over a Kafka broker of the test's own (so it can be
 * killed and started again), the MongoDB-protocol server of TEST_MONGO_URL and one SQLite event
 * store. Users check wallets through both APIs and see their own progress live; an admin's block
 * through one API reaches the user's socket on the other; a batch and a
 * watched wallet's list-change alert run on the workers and show through either API; a worker killed
 * with SIGKILL in the middle of a check leaves it to the other, charged once; Kafka killed and
 * started again during a run loses nothing and applies nothing twice; a webhook is delivered once by
 * the two workers and redelivered on an API's request; the read models then equal a
 * rebuild from the store, and `npm run projections:rebuild` rebuilds them in MongoDB once the
 * projections process is stopped, while the API replicas keep running and switch to them.
 * Needs TEST_KAFKA_BROKERS (a sign the Kafka jars are installed: scripts/services/kafka.sh) and
 * TEST_MONGO_URL (scripts/services/ferretdb.sh); .ci/run provides both. Skipped, with the reason, otherwise.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { Webhook } from 'standardwebhooks';
import { ACCOUNT_BLOCKED, accountMessages, type CheckProgress, type CreateWebhookResponse, type WebhookDelivery } from '@walletscreen/contracts';
import { createLogger, type RecordedEvent } from '@walletscreen/platform';
import { createInProcessBus, MongoReadStore, SqliteEventStore } from '@walletscreen/platform/adapters';
import { allProjections, collectionsOf, rebuildProjections, watchReadModels } from '@walletscreen/projections';
import { checks } from '@walletscreen/projections/checks/queries';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { runRebuildCommand } from '@walletscreen/server/operations';
import type { ProcessKind } from '@walletscreen/server/processes';
import { bundleServerProcesses, startServerProcess, stopServerProcess, warningsOf, type ServerProcess } from './support/server-processes';
import { addresses as a, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { importSanctionsListInto } from './support/sanctions';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const root = path.resolve(__dirname, '..');
const execFileAsync = promisify(execFile);
const kafkaInstalled = process.env.TEST_KAFKA_BROKERS;
const mongoUrl = process.env.TEST_MONGO_URL;
const skipReason = !kafkaInstalled
  ? 'TEST_KAFKA_BROKERS is not set (scripts/services/kafka.sh start)'
  : !mongoUrl
    ? 'TEST_MONGO_URL is not set (scripts/services/ferretdb.sh start)'
    : null;
if (skipReason) console.warn(`full-system test skipped: ${skipReason}`);
const maybe = skipReason ? describe.skip : describe;

const PASSWORD = 'Distributed-Passphrase-7';

maybe('the distributed shape, process by process', () => {
  const run = randomUUID().slice(0, 8);
  const work = mkdtempSync(path.join(tmpdir(), 'ws-system-'));
  const dataDir = path.join(work, 'data');
  const bundles = path.join(root, 'dist', 'system-test', run);
  const database = `ws_sys_${run}`;
  const rebuiltDatabase = `ws_sys_${run}_rebuilt`;
  const procs: ServerProcess[] = [];
  let kafkaEnv: NodeJS.ProcessEnv;
  let replay: ReplayServer;
  let receiver: WebhookReceiver;
  /** The prefix of the worker whose next chain-data request is to hang (it is then killed). */
  let holdNext = false;
  let held: 'a' | 'b' | null = null;

  /** scripts/services/kafka.sh on the test's broker (asynchronously: the test's own HTTP clients keep running meanwhile). */
  const kafka = async (command: 'start' | 'stop' | 'kill') => {
    try {
      const { stdout } = await execFileAsync(path.join(root, 'scripts/services/kafka.sh'), [command], {
        cwd: root,
        env: kafkaEnv,
        encoding: 'utf8',
        timeout: 120_000,
      });
      return stdout.trim();
    } catch (error) {
      throw new Error(`kafka.sh ${command} failed: ${(error as { stderr?: string }).stderr ?? String(error)}`, { cause: error });
    }
  };

  const env = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    JWT_SECRET: `system-test-secret-${run}-0123456789abcdef`,
    ADMIN_EMAIL: 'admin@system.test',
    ADMIN_PASSWORD: 'Adm1n-Passphrase!',
    SANCTIONS_SYNC_INTERVAL_HOURS: '0',
    FEEDS_SYNC_INTERVAL_HOURS: '0',
    // No tree head on a timer: one appended after a test took the store's head would be in the live read models only.
    AUDIT_LOG_TREE_HEAD_SECONDS: '0',
    // Every desk registers from loopback.
    REGISTRATION_RATE_LIMIT_PER_ADDRESS: '1000',
    KAFKA_BROKERS: kafkaEnv.KAFKA_BROKERS!,
    KAFKA_TOPIC_PREFIX: `ws-sys-${run}`,
    KAFKA_SESSION_TIMEOUT_MS: '6000',
    MONGO_URL: mongoUrl!,
    MONGO_DATABASE: database,
    SQLITE_POLL_MS: '50',
    CHECK_WAIT_MS: '0',
    CHECK_STAGE_TIMEOUT_MS: '120000',
    CHAIN_DATA_TIMEOUT_MS: '120000',
    CHAIN_DATA_RETRIES: '0',
    // Every check asks the chain-data source, so the test sees which worker runs it.
    CHAIN_DATA_CACHE_TTL_MS: '0',
    // Direct counterparties only: the recorded chain data holds no traced hops (a trace that cannot read them is partial: Incomplete).
    TRACE_DEPTH: '1',
    // The feeds on by default before GraphSense's TagPacks, which this machine cannot download (tests/support/server.ts).
    FEEDS_ENABLED: 'ethereum-darklist,contract-sets,custom-labels',
    // The test's webhook receiver is on loopback.
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
    ...extra,
  });

  /** Starts one process from its bundle and resolves once it says it runs. */
  async function start(kind: ProcessKind, name: string, extra: Record<string, string> = {}): Promise<ServerProcess> {
    const proc = await startServerProcess({ root, bundles, kind, name, env: env(extra), log: path.join(work, `${name}.log`) });
    procs.push(proc);
    return proc;
  }
  const stop = stopServerProcess;

  const byName = (name: string) => procs.filter((p) => p.name === name && p.child.exitCode === null && p.child.signalCode === null).at(-1)!;

  beforeAll(async () => {
    mkdirSync(dataDir, { recursive: true });
    // A sanctions list in the store, so checks give verdicts and keep their charge (an Incomplete one is given back).
    await importSanctionsListInto(dataDir);
    // One bundle per kind of process, built once (the processes start from them, as from dist/server).
    bundleServerProcesses(root, bundles, ['api', 'workers', 'projections', 'relay']);

    // A broker of the test's own, on free ports, in its own directory (the jars kafka.sh installed are shared).
    const [port, controllerPort] = [await freePort(), await freePort()];
    kafkaEnv = { ...process.env, KAFKA_STATE_DIR: path.join(work, 'kafka'), KAFKA_PORT: String(port), KAFKA_CONTROLLER_PORT: String(controllerPort) };
    kafkaEnv.KAFKA_BROKERS = (await kafka('start')).replace(/^KAFKA_BROKERS=/, '');

    // Chain data: worker a and worker b each have their own prefix, so the test sees who runs a check.
    const chainReply = (fixture: string) => (request: { path: string }) => {
      if (holdNext && !held) {
        holdNext = false;
        held = request.path.startsWith('/a/') ? 'a' : 'b';
        return { hang: true };
      }
      return { fixture };
    };
    replay = await startReplayServer([
      { path: new RegExp(`^/[ab]/api/address/${a.btcWallet}$`), replies: [chainReply('esplora/address-small.json')] },
      { path: new RegExp(`^/[ab]/api/address/${a.btcWallet}/txs$`), replies: [chainReply('esplora/txs-small.json')] },
    ]);

    receiver = await startWebhookReceiver();
    await start('relay', 'relay');
    await start('projections', 'projections');
    await Promise.all([
      start('workers', 'worker-a', { BITCOIN_ESPLORA_URLS: `${replay.url}/a/api` }),
      start('workers', 'worker-b', { BITCOIN_ESPLORA_URLS: `${replay.url}/b/api` }),
      start('api', 'api-1', { API_KEY_RATE_LIMIT: '6' }),
      start('api', 'api-2', { API_KEY_RATE_LIMIT: '6' }),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => stop(p).catch(() => undefined)));
    await kafka('stop').catch(() => undefined);
    await replay?.close();
    await receiver?.close();
    for (const db of [database, rebuiltDatabase]) {
      const store = new MongoReadStore({ url: mongoUrl!, database: db });
      await store.dropDatabase().catch(() => undefined);
      await store.close();
    }
    rmSync(bundles, { recursive: true, force: true });
    // TEST_KEEP_SYSTEM_DIR=1 keeps the processes' logs and data for a look after a failure.
    if (process.env.TEST_KEEP_SYSTEM_DIR) console.warn(`full-system test: logs and data kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }, 60_000);

  /**
   * Like the web app, the test keeps the newest consistency token an answer or a socket message
   * carried and sends it with every later call, so a read through either replica shows what was
   * written through the other (command-api/src/http/consistency.ts).
   */
  let newestToken = 0;
  const noteToken = (value: string | null | undefined) => {
    const position = Number(value);
    if (value && Number.isSafeInteger(position) && position > newestToken) newestToken = position;
  };

  async function call<T>(proc: ServerProcess, method: string, route: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
    const res = await fetch(proc.url!.replace('localhost', '127.0.0.1') + route, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(newestToken > 0 ? { 'Consistency-Token': String(newestToken) } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    noteToken(res.headers.get('Consistency-Token'));
    return { status: res.status, body: (await res.json()) as T };
  }

  /** Registers through one API and signs in through the other: the replicas share the session secret. */
  async function signUp(email: string, via: ServerProcess, other: ServerProcess): Promise<string> {
    expect((await call(via, 'POST', '/api/auth/register', { email, password: PASSWORD, username: 'Desk' })).status).toBe(201);
    const login = await call<{ token: string }>(other, 'POST', '/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    return login.body.token;
  }

  const analyze = (proc: ServerProcess, token: string) =>
    call<CheckProgress>(proc, 'POST', '/api/transactions/analyze-realtime', { wallet_address: a.btcWallet }, token, { 'Idempotency-Key': randomUUID() });

  /** The check's result, waiting up to `waitMs` for it (the API waits at most 30 s per call). */
  async function result(proc: ServerProcess, token: string, checkId: string, waitMs = 60_000) {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const res = await call<CheckProgress>(
        proc,
        'GET',
        `/api/transactions/checks/${checkId}?wait=${Math.min(30_000, Math.max(0, deadline - Date.now()))}`,
        undefined,
        token,
      );
      if (res.body.status !== 'running') return res;
      if (Date.now() >= deadline) {
        // What the processes said meanwhile: the only account of a check that never ended.
        console.warn(`check ${checkId} still running after ${waitMs} ms; the processes' warnings:\n${procs.map((p) => warningsOf(p)).join('\n\n')}`);
        return res;
      }
    }
  }

  async function connect(proc: ServerProcess, token: string): Promise<{ socket: Socket; seen: CheckProgress[] }> {
    const socket = io(proc.url!.replace('localhost', '127.0.0.1'), { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    const seen: CheckProgress[] = [];
    socket.on('check:progress', (p: CheckProgress) => {
      noteToken(p.consistency_token);
      seen.push(p);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, seen };
  }

  const tokens = new Map<string, string>();
  /** Every check started, by user email. */
  const started = new Map<string, string[]>();
  const note = (email: string, checkId: string) => started.set(email, [...(started.get(email) ?? []), checkId]);

  it('users check through both APIs and each sees only their own progress, live', async () => {
    const [api1, api2] = [byName('api-1'), byName('api-2')];
    tokens.set('one@system.test', await signUp('one@system.test', api1, api2));
    tokens.set('two@system.test', await signUp('two@system.test', api2, api1));
    const one = await connect(api1, tokens.get('one@system.test')!);
    const two = await connect(api2, tokens.get('two@system.test')!);
    try {
      // Each user checks through the API their socket is not connected to.
      const [r1, r2] = await Promise.all([analyze(api2, tokens.get('one@system.test')!), analyze(api1, tokens.get('two@system.test')!)]);
      expect([r1.status, r2.status]).toEqual([202, 202]);
      note('one@system.test', r1.body.check_id);
      note('two@system.test', r2.body.check_id);
      const [d1, d2] = await Promise.all([
        result(api1, tokens.get('one@system.test')!, r1.body.check_id),
        result(api2, tokens.get('two@system.test')!, r2.body.check_id),
      ]);
      expect(d1.body).toMatchObject({ status: 'completed', check_id: r1.body.check_id });
      expect(d2.body).toMatchObject({ status: 'completed', check_id: r2.body.check_id });
      await until(() => one.seen.some((p) => p.status === 'completed') && two.seen.some((p) => p.status === 'completed'));
      expect(one.seen.map((p) => p.check_id)).toEqual(one.seen.map(() => r1.body.check_id));
      expect(two.seen.map((p) => p.check_id)).toEqual(two.seen.map(() => r2.body.check_id));
      for (const { seen } of [one, two]) {
        expect(seen.map((p) => p.stage)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 7]);
        expect(seen.at(-1)).toMatchObject({ status: 'completed', result: { wallet_address: a.btcWallet } });
      }
      // History (a read model the projections process writes to MongoDB) shows it through either API.
      const history = await call<Array<{ id: string }>>(api2, 'GET', '/api/transactions/history', undefined, tokens.get('one@system.test'));
      expect(history.body.map((h) => h.id)).toEqual([r1.body.check_id]);
    } finally {
      one.socket.close();
      two.socket.close();
    }
  }, 90_000);

  it("an admin's block through one API reaches the user's socket on the other at once, which is then closed", async () => {
    const [api1, api2] = [byName('api-1'), byName('api-2')];
    const token = await signUp('blocked@system.test', api1, api2);
    const { socket } = await connect(api2, token);
    try {
      const told = new Promise<{ message: unknown; reason: string }>((resolve) => {
        let message: unknown;
        socket.on(ACCOUNT_BLOCKED, (m: unknown) => (message = m));
        socket.on('disconnect', (reason) => resolve({ message, reason }));
      });
      const admin = await call<{ token: string }>(api1, 'POST', '/api/admin/admin-login', { email: 'admin@system.test', password: 'Adm1n-Passphrase!' });
      expect((await call(api1, 'POST', `/api/admin/block-user/${userIdForEmail('blocked@system.test')}`, {}, admin.body.token)).status).toBe(200);
      const { message, reason } = await told;
      expect(message).toEqual({ message: accountMessages.blocked, at: expect.any(String) });
      expect(reason).toBe('io server disconnect');
    } finally {
      socket.close();
    }
  }, 60_000);

  it('an API key created through one API works on the other, its screening runs on the workers, and its rate limit is shared by the replicas', async () => {
    const [api1, api2] = [byName('api-1'), byName('api-2')];
    const token = await signUp('keys@system.test', api1, api2);
    const created = await call<{ key: string; id: string }>(api1, 'POST', '/api/keys', { name: 'system' }, token);
    expect(created.status).toBe(201);
    const withKey = (proc: ServerProcess, method: string, route: string, body?: unknown, headers: Record<string, string> = {}) =>
      call<Record<string, unknown>>(proc, method, route, body, undefined, { 'X-API-Key': created.body.key, ...headers });

    const screening = await withKey(api2, 'POST', '/api/v1/screenings', { address: a.btcWallet, reference: 'system-1' }, { 'Idempotency-Key': randomUUID() });
    expect([200, 202]).toContain(screening.status);
    const id = screening.body.id as string;
    let done = screening;
    for (let i = 0; i < 10 && done.body.status === 'running'; i++) done = await withKey(api1, 'GET', `/api/v1/screenings/${id}?wait=30000`);
    expect(done.body).toMatchObject({ id, status: 'completed', reference: 'system-1' });

    // API_KEY_RATE_LIMIT is 6 a minute here: 2 calls above, then 4 more across both replicas, and the next is refused by either.
    for (const proc of [api1, api2, api1, api2]) expect((await withKey(proc, 'GET', '/api/v1/screenings')).status).toBe(200);
    expect((await withKey(api2, 'GET', '/api/v1/screenings')).status).toBe(429);
    expect((await withKey(api1, 'GET', '/api/v1/screenings')).status).toBe(429);

    // Revoked through one replica, refused by the other at once.
    expect((await call(api2, 'DELETE', `/api/keys/${created.body.id}`, undefined, token)).status).toBe(200);
    expect((await withKey(api1, 'GET', '/api/v1/screenings')).status).toBe(401);
  }, 120_000);

  it('a batch submitted through one API runs on the workers, is followed live through the other, and charges once', async () => {
    const [api1, api2] = [byName('api-1'), byName('api-2')];
    const token = await signUp('batches@system.test', api1, api2);
    const watcher = io(api2.url!.replace('localhost', '127.0.0.1'), { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    const messages: Array<{ batch_id: string; status: string; consistency_token?: string }> = [];
    watcher.on('batch:progress', (m: { batch_id: string; status: string; consistency_token?: string }) => messages.push(m));
    await new Promise<void>((resolve, reject) => {
      watcher.once('connect', () => resolve());
      watcher.once('connect_error', reject);
    });
    try {
      const rows = {
        rows: [
          { address: a.btcWallet, reference: 'sys-1' },
          { address: a.btcWallet, reference: 'sys-2' },
        ],
        file_name: 'system.json',
      };
      const created = await call<{ id: string; wallets: number }>(api1, 'POST', '/api/batches', rows, token);
      expect(created.status).toBe(202);
      expect(created.body.wallets).toBe(1);
      await until(() => messages.some((m) => m.batch_id === created.body.id && m.status === 'completed'), 90_000);
      // As the web app does: the next read sends back the message's token and shows the batch as the message did.
      const shown = messages.find((m) => m.batch_id === created.body.id && m.status === 'completed')!;
      expect(shown.consistency_token).toMatch(/^[0-9]+$/);
      const readAfter = { 'Consistency-Token': shown.consistency_token! };
      const batch = await call<{ status: string; completed: number }>(api2, 'GET', `/api/batches/${created.body.id}`, undefined, token, readAfter);
      expect(batch.body).toMatchObject({ status: 'completed', completed: 1 });
      const listed = await call<{ items: Array<{ status: string; reference: string; check_id: string }> }>(
        api2,
        'GET',
        `/api/batches/${created.body.id}/rows`,
        undefined,
        token,
        readAfter,
      );
      expect(listed.body.items.map((r) => [r.status, r.reference])).toEqual([
        ['completed', 'sys-1'],
        ['completed', 'sys-2'],
      ]);
      // The same rows again: the same batch, nothing charged.
      const again = await call<{ id: string }>(api2, 'POST', '/api/batches', rows, token);
      expect([again.status, again.body.id]).toEqual([200, created.body.id]);
      expect((await call<{ checks_left: number }>(api1, 'GET', '/api/profile', undefined, token)).body.checks_left).toBe(19);
    } finally {
      watcher.close();
    }
  }, 120_000);

  it('a watched wallet that a custom list added through one API names is re-screened on the workers, and the alert shows through the other', async () => {
    const [api1, api2] = [byName('api-1'), byName('api-2')];
    const token = await signUp('watch@system.test', api1, api2);
    const checked = await analyze(api1, token);
    expect((await result(api1, token, checked.body.check_id)).body.status).toBe('completed');
    const watched = await call<{ added: number }>(
      api2,
      'POST',
      '/api/watchlist',
      { address: a.btcWallet, check_id: checked.body.check_id, reference: 'sys-watch' },
      token,
    );
    expect([watched.status, watched.body.added]).toEqual([201, 1]);
    const admin = (await call<{ token: string }>(api1, 'POST', '/api/admin/admin-login', { email: 'admin@system.test', password: 'Adm1n-Passphrase!' })).body
      .token;
    expect((await call(api1, 'POST', '/api/admin/lists', { name: 'System blocklist', kind: 'block', content: `${a.btcWallet}\n` }, admin)).status).toBe(201);
    let open: { items: Array<{ reference: string | null; check_id: string; evidence: { trigger: string } }> } = { items: [] };
    await until(async () => {
      open = (await call<typeof open>(api2, 'GET', '/api/alerts?status=open', undefined, token)).body;
      return open.items.length > 0;
    }, 60_000);
    expect(open.items).toHaveLength(1);
    expect(open.items[0]).toMatchObject({ reference: 'sys-watch', evidence: { trigger: 'list-change' } });
    // Free: the list-change re-screen charged nothing.
    expect((await call<{ checks_left: number }>(api1, 'GET', '/api/profile', undefined, token)).body.checks_left).toBe(19);
  }, 120_000);

  it('a webhook endpoint added through one API hears of a screening through the other once, and a redelivery asked of an API is sent by a worker', async () => {
    const [api1, api2] = [byName('api-1'), byName('api-2')];
    const token = await signUp('hooks@system.test', api1, api2);
    const endpoint = await call<CreateWebhookResponse>(
      api1,
      'POST',
      '/api/webhooks',
      { url: `${receiver.url}/system`, events: ['screening.completed'] },
      token,
    );
    expect(endpoint.status).toBe(201);
    const check = await analyze(api2, token);
    expect(check.status).toBe(202);
    const [message] = await receiver.waitFor('/system', 1, 90_000);
    const headers = {
      'webhook-id': String(message!.headers['webhook-id']),
      'webhook-timestamp': String(message!.headers['webhook-timestamp']),
      'webhook-signature': String(message!.headers['webhook-signature']),
    };
    expect(new Webhook(endpoint.body.secret).verify(message!.body, headers)).toMatchObject({
      type: 'screening.completed',
      data: { id: check.body.check_id, status: 'completed' },
    });

    // Two workers, one delivery: the log (MongoDB, through the other API) shows one attempt.
    let log: WebhookDelivery[] = [];
    await until(async () => {
      log = (await call<{ items: WebhookDelivery[] }>(api2, 'GET', `/api/webhooks/${endpoint.body.id}/deliveries`, undefined, token)).body.items;
      return log[0]?.status === 'succeeded';
    }, 30_000);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ id: headers['webhook-id'], attempt_count: 1, last_status_code: 200 });

    // The API processes send nothing themselves: a worker finds the redelivery in the log.
    const redeliver = await fetch(`${api2.url!.replace('localhost', '127.0.0.1')}/api/webhooks/${endpoint.body.id}/deliveries/${log[0]!.id}/redeliver`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(redeliver.status).toBe(202);
    const [, again] = await receiver.waitFor('/system', 2, 30_000);
    expect(again!.headers['webhook-id']).toBe(headers['webhook-id']);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(receiver.received.filter((r) => r.path === '/system')).toHaveLength(2);
  }, 180_000);

  it('a worker killed with SIGKILL in the middle of a check leaves it to the other worker, charged once', async () => {
    const token = tokens.get('one@system.test')!;
    holdNext = true;
    held = null;
    const res = await analyze(byName('api-1'), token);
    expect(res.status).toBe(202);
    note('one@system.test', res.body.check_id);
    // One worker's blockchain stage is waiting on its source: kill that worker there.
    await until(() => held !== null, 30_000);
    const victim = byName(held === 'a' ? 'worker-a' : 'worker-b');
    await stop(victim, 'SIGKILL');

    // The group gives the dead worker's partitions to the other one, which delivers the request again.
    const done = await result(byName('api-2'), token, res.body.check_id, 60_000);
    expect(done.body).toMatchObject({ status: 'completed', check_id: res.body.check_id });
    const events = await readStream(`check-${res.body.check_id}`);
    expect(events.map((e) => e.type)).toEqual([
      'WalletCheckRequested',
      ...Array.from({ length: 7 }, () => 'WalletCheckStageCompleted'),
      'WalletCheckCompleted',
    ]);
    expect(events.slice(1, 8).map((e) => (e.data as { stage: number }).stage)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // The killed worker comes back and joins the group again.
    await start('workers', victim.name, { BITCOIN_ESPLORA_URLS: `${replay.url}/${held}/api` });
  }, 120_000);

  it('Kafka killed and started again during a run: every check finishes once, nothing is charged twice', async () => {
    const [api1, api2] = [byName('api-1'), byName('api-2')];
    tokens.set('three@system.test', await signUp('three@system.test', api1, api2));
    const users = [...tokens.keys()];
    const submit = async (i: number) => {
      const email = users[i % users.length]!;
      const res = await analyze(i % 2 ? api1 : api2, tokens.get(email)!);
      expect(res.status).toBe(202);
      note(email, res.body.check_id);
      return { email, checkId: res.body.check_id };
    };
    const before = await Promise.all([0, 1, 2, 3, 4, 5].map(submit));
    await kafka('kill');
    // While the broker is down the APIs still take checks: they are in the store, and reach the workers later.
    const during = await Promise.all([6, 7, 8, 9].map(submit));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await kafka('start');

    for (const { email, checkId } of [...before, ...during]) {
      const done = await result(api1, tokens.get(email)!, checkId, 90_000);
      expect(done.body).toMatchObject({ status: 'completed', check_id: checkId });
    }
    // Each check once, in full; each user charged exactly once per check and never refunded.
    for (const [email, checks] of started) {
      for (const checkId of checks) {
        const types = (await readStream(`check-${checkId}`)).map((e) => e.type);
        expect(types).toEqual(['WalletCheckRequested', ...Array.from({ length: 7 }, () => 'WalletCheckStageCompleted'), 'WalletCheckCompleted']);
      }
      const userEvents = await readStream(`user-${userIdForEmail(email)}`);
      const charged = userEvents.filter((e) => e.type === 'CheckCharged').map((e) => (e.data as { checkId: string }).checkId);
      expect(charged.sort()).toEqual([...checks].sort());
      expect(userEvents.filter((e) => e.type === 'CheckRefunded')).toEqual([]);
      const profile = await call<{ checks_left: number }>(api2, 'GET', '/api/profile', undefined, tokens.get(email));
      expect(profile.body.checks_left).toBe(20 - checks.length);
    }
  }, 240_000);

  it('the read models in MongoDB equal a rebuild from the store', async () => {
    const logger = createLogger({ level: 'silent' });
    const store = new SqliteEventStore({ file: path.join(dataDir, 'walletscreen.db'), pollIntervalMs: 20 });
    const live = new MongoReadStore({ url: mongoUrl!, database });
    const rebuilt = new MongoReadStore({ url: mongoUrl!, database: rebuiltDatabase });
    const watch = watchReadModels({ readStore: live, projections: allProjections });
    try {
      const head = await store.headPosition();
      await watch.waitFor(head, 60_000);
      await rebuildProjections({ bus: createInProcessBus(store), readStore: rebuilt, projections: allProjections, head: async () => head, logger });
      const collections = collectionsOf(allProjections);
      const sorted = (docs: unknown[]) => docs.map((d) => JSON.stringify(d)).sort();
      for (const collection of collections) {
        const [l, r] = [await live.find(collection), await rebuilt.find(collection)];
        expect({ collection, docs: sorted(l) }).toEqual({ collection, docs: sorted(r) });
      }
      expect(await checks.count(live)).toBeGreaterThanOrEqual(13);
    } finally {
      watch.stop();
      await live.close();
      await rebuilt.close();
      await store.close();
    }
  }, 120_000);

  it('projections:rebuild refuses while a projections process runs; with it stopped, it rebuilds MongoDB beside the live read models and the running API replicas switch to them without a restart', async () => {
    const lines: { stdout: string[]; stderr: string[] } = { stdout: [], stderr: [] };
    const io = { argv: [], env: env({ LOG_LEVEL: 'silent' }), stdout: (l: string) => lines.stdout.push(l), stderr: (l: string) => lines.stderr.push(l) };
    expect(await runRebuildCommand(io)).toBe(1);
    expect(lines.stderr.join('\n')).toMatch(/^projections:rebuild refused: a projections process is running \(ws-sys-\w+\.projection-[\w-]+: /);

    const live = new MongoReadStore({ url: mongoUrl!, database });
    const [api1, api2] = [byName('api-1'), byName('api-2')];
    const token = tokens.get('one@system.test')!;
    const [checkId] = started.get('one@system.test')!;
    const historyOf = async (api: ServerProcess) =>
      (await call<Array<{ id: string; wallet_address: string }>>(api, 'GET', '/api/transactions/history', undefined, token)).body.find((h) => h.id === checkId)
        ?.wallet_address;
    try {
      const collections = collectionsOf(allProjections);
      const snapshot = async (prefix: string) =>
        Object.fromEntries(
          await Promise.all(collections.map(async (c) => [c, (await live.find(`${prefix}${c}`)).map((d) => JSON.stringify(d)).sort()] as const)),
        );
      const before = await snapshot('');
      // Only the projections process stops; the relay, the workers and both API replicas keep running.
      await stop(byName('projections'));
      // A read model gone wrong (what a rebuild is for): the History document of a check, altered in place.
      const doc = (await checks.get(live, checkId!))!;
      await live.commit([{ collection: checks.name, id: checkId!, doc: { ...doc, wallet_address: 'altered' } }]);
      expect(await historyOf(api1)).toBe('altered');
      expect(await historyOf(api2)).toBe('altered');

      lines.stderr.length = 0;
      expect(await runRebuildCommand(io)).toBe(0);
      expect(lines.stderr).toEqual([]);
      expect(lines.stdout.join('\n')).toMatch(/^rebuilt \d+ read models \(.*\) from \d+ events in \d+ ms; running processes now read generation 1$/);
      // Generation 1 holds what the live read models held before they were altered; generation 0 is gone.
      expect(await snapshot('g1_')).toEqual(before);
      expect(await checks.count(live)).toBe(0);
      // The replicas that were running all along answer from the rebuilt read models.
      await until(async () => (await historyOf(api1)) === a.btcWallet && (await historyOf(api2)) === a.btcWallet, 5_000);
      expect(api1.child.exitCode).toBeNull();
      expect(api2.child.exitCode).toBeNull();
      // The relay's checkpoint is not a read model: it stays.
      expect(await live.getCheckpoint('relay-kafka')).toBeGreaterThan(0);

      // A projections process started again folds into generation 1, and a new check shows in History through both replicas.
      await start('projections', 'projections-2');
      const again = await analyze(api1, token);
      expect(again.status).toBe(202);
      expect((await result(api2, token, again.body.check_id)).body.status).toBe('completed');
      await until(
        async () =>
          (await call<Array<{ id: string }>>(api2, 'GET', '/api/transactions/history', undefined, token)).body.some((h) => h.id === again.body.check_id),
        15_000,
      );
      expect(await live.count(`g1_${checks.name}`)).toBe(before[checks.name]!.length + 1);
    } finally {
      await live.close();
    }
  }, 180_000);

  async function readStream(streamId: string): Promise<RecordedEvent[]> {
    const store = new SqliteEventStore({ file: path.join(dataDir, 'walletscreen.db') });
    try {
      return await store.readStream(streamId);
    } finally {
      await store.close();
    }
  }
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(condition: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
