/**
 * No paid check is lost: a check whose stage runs out of time fails and is refunded; a charge whose
 * check never started (the process stopped in between) is started by the sweeper; a server killed
 * with SIGKILL in the middle of a check finishes it after a restart, charged once.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CheckProgress } from '@walletscreen/contracts';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { startEmbeddedProcess } from './support/process';
import { importSanctionsListInto } from './support/sanctions';
import { startTestServer, type TestServer } from './support/server';

let replay: ReplayServer;

beforeAll(async () => {
  replay = await startReplayServer([
    { path: '/hang/api/address/' + a.btcWallet, replies: [{ hang: true }] },
    { path: '/hang/api/address/' + a.btcWallet + '/txs', replies: [{ hang: true }] },
    ...recordedWalletRoutes(),
  ]);
});
afterAll(() => replay.close());

async function signUp(api: TestServer['api'], email: string): Promise<string> {
  const user = { email, password: 'Recovery-Passphrase-9', username: 'Recovery desk' };
  expect((await api('POST', '/api/auth/register', { body: user })).status).toBe(201);
  return (await api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
}

describe('a check whose stage runs out of time', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      BITCOIN_ESPLORA_URLS: `${replay.url}/hang/api`,
      CHAIN_DATA_TIMEOUT_MS: '30000',
      CHAIN_DATA_RETRIES: '0',
      CHECK_STAGE_TIMEOUT_MS: '300',
      CHECK_WAIT_MS: '20000',
    });
  });
  afterAll(() => server.destroy());

  it('fails with the reason, is refunded once, and stays out of History (which lists reports)', async () => {
    const token = await signUp(server.api, 'timeout@desk.example');
    const res = await server.api<CheckProgress & { error: string }>('POST', '/api/transactions/analyze-realtime', {
      token,
      body: { wallet_address: a.btcWallet },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('The analysis could not be completed: the "blockchain" stage did not finish within 300 ms');
    expect(res.body.check_id).toBeTruthy();

    // The refund follows the failure event.
    const userId = userIdForEmail('timeout@desk.example');
    await waitUntil(async () => (await server.eventStore.readStream(`user-${userId}`)).some((e) => e.type === 'CheckRefunded'));
    const types = (await server.eventStore.readStream(`user-${userId}`)).map((e) => e.type).filter((t) => t.startsWith('Check'));
    expect(types).toEqual(['CheckCharged', 'CheckRefunded']);
    expect((await server.api<{ checks_left: number }>('GET', '/api/profile', { token })).body.checks_left).toBe(20);

    await server.projections.waitFor(await server.eventStore.headPosition());
    const check = await server.api<{ error: string; refunded: boolean }>('GET', `/api/transactions/checks/${res.body.check_id}`, { token });
    expect(check.status).toBe(502);
    expect(check.body).toMatchObject({ check_id: res.body.check_id, refunded: true, error: res.body.error });
    const history = await server.api<Array<{ id: string }>>('GET', '/api/transactions/history', { token });
    expect(history.body.map((i) => i.id)).not.toContain(res.body.check_id);
  }, 30_000);
});

describe('a charge whose check never started', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
      XRPL_RPC_URL: 'http://127.0.0.1:9/xrpl',
      CHAIN_DATA_RETRIES: '0',
      CHECK_WAIT_MS: '20000',
    });
  });
  afterAll(() => server.destroy());

  it('is started by the sweeper from what the charge recorded, and appears in History; a bare charge is refunded', async () => {
    const token = await signUp(server.api, 'sweep@desk.example');
    const userId = userIdForEmail('sweep@desk.example');
    const checkId = randomUUID();
    // The API charges, then appends the request: here the process "stopped" after the charge.
    await server.accounts.chargeCheck(userId, checkId, { input: a.btcWallet, address: a.btcWallet, chain: 'bitcoin', network: 'bitcoin' });
    const bare = randomUUID();
    await server.accounts.chargeCheck(userId, bare);
    await server.projections.waitFor(await server.eventStore.headPosition());

    // Within the grace period the API may still be about to append: nothing is touched.
    expect(await server.sweeper.sweep()).toEqual({ started: 0, refunded: 0 });
    server.advance(2 * 60_000);
    expect(await server.sweeper.sweep()).toEqual({ started: 1, refunded: 1 });

    const done = await server.api<CheckProgress>('GET', `/api/transactions/checks/${checkId}?wait=20000`, { token });
    // No sanctions list is loaded here: Incomplete, so its charge is given back too.
    expect(done.body).toMatchObject({ status: 'completed', wallet_address: a.btcWallet, risk_level: 'Incomplete' });
    const moves = async () =>
      (await server.eventStore.readStream(`user-${userId}`))
        .filter((e) => e.type === 'CheckCharged' || e.type === 'CheckRefunded')
        .map((e) => [e.type, (e.data as { checkId: string }).checkId]);
    await waitUntil(async () => (await moves()).length === 4);
    expect((await server.api<{ checks_left: number }>('GET', '/api/profile', { token })).body.checks_left).toBe(20);

    // A second pass, and a retry of the same check, change nothing.
    await server.projections.waitFor(await server.eventStore.headPosition());
    expect(await server.sweeper.sweep()).toEqual({ started: 0, refunded: 0 });
    expect(await moves()).toEqual([
      ['CheckCharged', checkId],
      ['CheckCharged', bare],
      ['CheckRefunded', bare],
      ['CheckRefunded', checkId],
    ]);
    const history = await server.api<Array<{ id: string }>>('GET', '/api/transactions/history', { token });
    expect(history.body.map((i) => i.id)).toContain(checkId);
  }, 30_000);

  it('requests an X-address check with the destination tag its input carries, as the API does', async () => {
    const userId = userIdForEmail('sweep@desk.example');
    const checkId = randomUUID();
    const xAddress = 'XVLhHMPHU98es4dbozjVtdWzVrDjtV8xvjGQTYPiAx6gwDC';
    await server.accounts.chargeCheck(userId, checkId, { input: xAddress, address: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf', chain: 'xrp', network: 'xrp' });
    await server.projections.waitFor(await server.eventStore.headPosition());
    server.advance(2 * 60_000);
    expect(await server.sweeper.sweep()).toEqual({ started: 1, refunded: 0 });
    const [requested] = await server.eventStore.readStream(`check-${checkId}`);
    expect(requested!.data).toMatchObject({ input: xAddress, address: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf', destinationTag: 1 });
    // Let the check finish (its XRP Ledger source is unreachable here) before the server stops.
    const settled = async () =>
      (await server.eventStore.readStream(`check-${checkId}`)).some((e) => e.type === 'WalletCheckCompleted' || e.type === 'WalletCheckFailed');
    for (let i = 0; i < 400 && !(await settled()); i++) await new Promise((r) => setTimeout(r, 25));
    expect(await settled()).toBe(true);
  }, 30_000);
});

describe('a server killed in the middle of a check', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

  async function startProcess(dataDir: string, env: Record<string, string>) {
    const started = await startEmbeddedProcess(dataDir, env);
    children.push(started.child);
    return started;
  }

  async function call<T>(url: string, method: string, route: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
    const res = await fetch(url + route, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  it('finishes the check after a restart, with each stage recorded once and one charge', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-crash-'));
    // A sanctions list in the store, so the check gives a verdict (without one it is Incomplete, and refunded).
    await importSanctionsListInto(dataDir);
    const first = await startProcess(dataDir, {
      BITCOIN_ESPLORA_URLS: `${replay.url}/hang/api`,
      CHAIN_DATA_TIMEOUT_MS: '60000',
      CHAIN_DATA_RETRIES: '0',
      CHECK_WAIT_MS: '0',
    });
    const user = { email: 'crash@desk.example', password: 'Recovery-Passphrase-9', username: 'Crash desk' };
    expect((await call(first.url, 'POST', '/api/auth/register', user)).status).toBe(201);
    const token = (await call<{ token: string }>(first.url, 'POST', '/api/auth/login', user)).body.token;
    const seen = replay.requests.length;
    const started = await call<CheckProgress>(first.url, 'POST', '/api/transactions/analyze-realtime', { wallet_address: a.btcWallet }, token, {
      'Idempotency-Key': randomUUID(),
    });
    expect(started.status).toBe(202);
    const checkId = started.body.check_id;
    // The blockchain stage is waiting on its source: kill the process there.
    await waitUntil(async () => replay.requests.slice(seen).some((r) => r.path.startsWith('/hang/')));
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await startProcess(dataDir, { BITCOIN_ESPLORA_URLS: `${replay.url}/api`, CHECK_WAIT_MS: '20000' });
    const done = await call<CheckProgress>(second.url, 'GET', `/api/transactions/checks/${checkId}?wait=20000`, undefined, token);
    expect(done.body).toMatchObject({ status: 'completed', check_id: checkId });
    expect((await call<{ checks_left: number }>(second.url, 'GET', '/api/profile', undefined, token)).body.checks_left).toBe(19);
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));

    const store = new SqliteEventStore({ file: path.join(dataDir, 'walletscreen.db') });
    try {
      const check = await store.readStream(`check-${checkId}`);
      expect(check.map((e) => e.type)).toEqual([
        'WalletCheckRequested',
        ...Array.from({ length: 7 }, () => 'WalletCheckStageCompleted'),
        'WalletCheckCompleted',
      ]);
      expect(check.slice(1, 8).map((e) => (e.data as { stage: number }).stage)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      const userEvents = await store.readStream(`user-${userIdForEmail(user.email)}`);
      expect(userEvents.filter((e) => e.type === 'CheckCharged')).toHaveLength(1);
      expect(userEvents.filter((e) => e.type === 'CheckRefunded')).toHaveLength(0);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

async function waitUntil(condition: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
