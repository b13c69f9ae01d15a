/**
 * Read-your-writes (issue 26): a settled check is answered from its own stream, with the store
 * position of its outcome as a consistency token; a read that sends the token back is answered
 * once the read models have reached it (bounded), and one that sends a malformed token is refused.
 * The waiting itself is shown on the real middleware with read models that lag on command.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { WalletAnalysis } from '@walletscreen/contracts';
import { CONSISTENCY_TOKEN, readYourWrites, READ_YOUR_WRITES_WAIT_MS } from '@walletscreen/command-api/http/consistency';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { startTestServer, type TestServer } from './support/server';

let replay: ReplayServer;
let server: TestServer;
const user = { email: 'ryw@exchange.example', password: 'Ryw-Passphrase-1', username: 'Ryw' };

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAIN_DATA_RETRIES: '0',
    CHECK_WAIT_MS: '20000',
    MONITORING_SCHEDULER_INTERVAL_SECONDS: '0',
  });
  expect((await server.api('POST', '/api/auth/register', { body: user })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await server.destroy();
  await replay.close();
});

const login = async () => (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;

describe('a settled check', () => {
  it("is answered with its outcome's store position as the consistency token, and a read that sends it back shows the check", async () => {
    const token = await login();
    const res = await server.api<WalletAnalysis & { check_id: string }>('POST', '/api/transactions/analyze-realtime', {
      token,
      body: { wallet_address: a.btcWallet },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(200);
    const events = await server.eventStore.readStream(`check-${res.body.check_id}`);
    expect(events.at(-1)!.type).toBe('WalletCheckCompleted');
    expect(res.headers.get(CONSISTENCY_TOKEN)).toBe(String(events.at(-1)!.position));

    const history = await server.api<Array<{ id: string }>>('GET', '/api/transactions/history', {
      token,
      headers: { [CONSISTENCY_TOKEN]: res.headers.get(CONSISTENCY_TOKEN)! },
    });
    expect(history.status).toBe(200);
    expect(history.body.map((h) => h.id)).toContain(res.body.check_id);
    // The read models have reached the token: the projections' checkpoints are at or past it.
    expect(Math.min(...Object.values(server.projections.positions()))).toBeGreaterThanOrEqual(events.at(-1)!.position);
  });

  it('gives the same token when the same check is asked for again', async () => {
    const token = await login();
    const key = randomUUID();
    const first = await server.api('POST', '/api/transactions/analyze-realtime', {
      token,
      body: { wallet_address: a.btcWallet },
      headers: { 'Idempotency-Key': key },
    });
    const again = await server.api('POST', '/api/transactions/analyze-realtime', {
      token,
      body: { wallet_address: a.btcWallet },
      headers: { 'Idempotency-Key': key },
    });
    expect(again.headers.get(CONSISTENCY_TOKEN)).toBe(first.headers.get(CONSISTENCY_TOKEN));
  });

  it('refuses a read with a malformed token, as a problem naming the header', async () => {
    const token = await login();
    for (const bad of ['-1', 'abc', '1.5', '9'.repeat(16)]) {
      const res = await server.api<{ errors?: Record<string, string> }>('GET', '/api/transactions/history', { token, headers: { [CONSISTENCY_TOKEN]: bad } });
      expect([bad, res.status, res.headers.get('content-type')]).toEqual([bad, 400, expect.stringContaining('application/problem+json')]);
      expect(res.body.errors).toHaveProperty(CONSISTENCY_TOKEN);
    }
  });
});

describe('the read-your-writes middleware', () => {
  /** An app whose read models reach positions when the test says so. */
  async function lagging() {
    let reached = 0;
    const waiting: Array<{ position: number; resolve: () => void }> = [];
    const app = express();
    app.use(
      readYourWrites((position, timeoutMs) => {
        if (position <= reached) return Promise.resolve();
        return new Promise<void>((resolve, reject) => {
          waiting.push({ position, resolve });
          setTimeout(() => reject(new Error('not reached')), timeoutMs).unref();
        });
      }),
    );
    app.all('/x', (_req, res) => void res.json({ reached }));
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(400).json({ error: error.message }));
    const http = await new Promise<import('node:http').Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/x`;
    return {
      url,
      reach(position: number) {
        reached = position;
        for (const w of waiting.splice(0)) if (w.position <= position) w.resolve();
      },
      close: () => new Promise<void>((resolve) => http.close(() => resolve())),
    };
  }

  it('holds a read with a token until the read models reach it, and answers a read without one at once', async () => {
    const app = await lagging();
    try {
      let answered = false;
      const read = fetch(app.url, { headers: { [CONSISTENCY_TOKEN]: '42' } }).then(async (r) => ((answered = true), (await r.json()) as { reached: number }));
      expect(await (await fetch(app.url)).json()).toEqual({ reached: 0 });
      await new Promise((r) => setTimeout(r, 100));
      expect(answered).toBe(false);
      app.reach(42);
      expect(await read).toEqual({ reached: 42 });
    } finally {
      await app.close();
    }
  });

  it('holds any call that carries a token (the PDF of a stored check is a POST that reads), and none that does not', async () => {
    const app = await lagging();
    try {
      expect(await (await fetch(app.url, { method: 'POST' })).json()).toEqual({ reached: 0 });
      const post = fetch(app.url, { method: 'POST', headers: { [CONSISTENCY_TOKEN]: '42' } }).then(async (r) => (await r.json()) as { reached: number });
      await new Promise((r) => setTimeout(r, 50));
      app.reach(42);
      expect(await post).toEqual({ reached: 42 });
    } finally {
      await app.close();
    }
  });

  it('answers with what the read models show once the bounded wait runs out', async () => {
    const app = await lagging();
    try {
      const started = performance.now();
      const res = await fetch(app.url, { headers: { [CONSISTENCY_TOKEN]: '7' } });
      expect(await res.json()).toEqual({ reached: 0 });
      expect(performance.now() - started).toBeGreaterThanOrEqual(READ_YOUR_WRITES_WAIT_MS - 50);
    } finally {
      await app.close();
    }
  });
});
