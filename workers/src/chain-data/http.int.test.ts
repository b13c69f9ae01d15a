import { createServer } from 'node:net';
import { createHttpClient, ProviderError, type HttpClientOptions, type HttpTransport } from './http';
import { requestTransport } from './request-transport';
import { fakeClock, startReplayServer, type ReplayServer } from '../../testing/replay-server';

let server: ReplayServer;
afterEach(async () => {
  await server?.close();
  server = undefined as unknown as ReplayServer;
});

// Every behaviour holds whichever way the request is sent: undici's request (the default) or fetch.
let transport: HttpTransport = requestTransport;

function client(overrides: Partial<HttpClientOptions> = {}) {
  const clock = fakeClock();
  const http = createHttpClient({
    fetch: transport,
    clock: { now: () => clock.now().getTime(), sleep: clock.sleep },
    timeoutMs: 2000,
    retries: 2,
    cacheTtlMs: 60_000,
    rateFor: () => 0,
    random: () => 0.5,
    ...overrides,
  });
  return { http, clock };
}

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe.each([
  ['undici request', requestTransport],
  ['fetch', fetch],
])('the shared JSON helper, sending with %s', (_name, sender) => {
  beforeEach(() => {
    transport = sender;
  });

  it('retries a 429 after the time Retry-After asks for, then succeeds', async () => {
    server = await startReplayServer([
      { path: '/api/address/x', replies: [{ status: 429, text: 'Too Many Requests', headers: { 'retry-after': '3' } }, { json: { ok: true } }] },
    ]);
    const { http, clock } = client();
    const answer = await http.json({ provider: 'mempool.space', url: `${server.url}/api/address/x` });
    expect(answer).toEqual({ data: { ok: true }, attempts: 2, cached: false });
    expect(clock.sleeps).toEqual([3000]);
    expect(server.requests).toHaveLength(2);
  });

  it('backs off exponentially with jitter on 5xx, and gives up with a plain reason and the attempt count', async () => {
    server = await startReplayServer([
      { path: '/api/address/x', replies: [{ status: 503, text: '<html><body>503 Service Temporarily Unavailable</body></html>' }] },
    ]);
    const { http, clock } = client({ backoffBaseMs: 400 });
    const error = await failure(http.json({ provider: 'mempool.space', url: `${server.url}/api/address/x` }));
    expect(error.reason).toBe('mempool.space failed with a server error (HTTP 503; 3 attempts)');
    expect(error.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    // random() = 0.5: half the exponential delay plus a quarter of it.
    expect(clock.sleeps).toEqual([300, 600]);
  });

  it('does not retry other 4xx answers, and quotes what the provider said', async () => {
    server = await startReplayServer([{ path: '/api/address/nope', replies: [{ status: 400, text: 'Invalid Bitcoin address' }] }]);
    const { http } = client();
    const error = await failure(http.json({ provider: 'blockstream.info', url: `${server.url}/api/address/nope` }));
    expect(error.reason).toBe('blockstream.info refused the request (HTTP 400: Invalid Bitcoin address)');
    expect(error.attempts).toBe(1);
    expect(error.status).toBe(400);
  });

  it('gives up at once when Retry-After asks for longer than the cap', async () => {
    server = await startReplayServer([{ path: '/x', replies: [{ status: 429, text: '', headers: { 'retry-after': '120' } }] }]);
    const { http, clock } = client({ maxRetryAfterMs: 10_000 });
    const error = await failure(http.json({ provider: 'trongrid', url: `${server.url}/x` }));
    expect(error.reason).toBe('trongrid is limiting our requests and asked us to wait 120 s (1 attempt)');
    expect(clock.sleeps).toEqual([]);
  });

  it('times out each attempt and says how long it waited', async () => {
    server = await startReplayServer([{ path: '/slow', replies: [{ hang: true }] }]);
    // Long enough for a loaded machine to deliver each attempt to the server before it is given up (150 ms once saw one).
    const { http } = client({ timeoutMs: 500, retries: 1 });
    const error = await failure(http.json({ provider: 'blockscout:base', url: `${server.url}/slow` }));
    expect(error.kind).toBe('timeout');
    expect(error.reason).toBe('blockscout:base did not answer within 0.5 s (2 attempts)');
    expect(server.requests).toHaveLength(2);
  });

  it('reports a source that cannot be reached', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const { http } = client({ retries: 1 });
    const error = await failure(http.json({ provider: 'xrpl', url: `http://127.0.0.1:${port}/`, method: 'POST', body: { method: 'account_info' } }));
    expect(error.reason).toBe('xrpl could not be reached (ECONNREFUSED; 2 attempts)');
  });

  it('serves a repeated request from the cache within its time to live, and asks again after', async () => {
    server = await startReplayServer([{ path: '/rpc', method: 'POST', replies: [{ json: { result: 1 } }, { json: { result: 2 } }] }]);
    const { http, clock } = client({ cacheTtlMs: 60_000 });
    const ask = (params: unknown[]) =>
      http.json({ provider: 'solana-rpc', url: `${server.url}/rpc`, method: 'POST', body: { jsonrpc: '2.0', id: 1, method: 'getBalance', params } });
    expect(await ask(['a'])).toMatchObject({ data: { result: 1 }, cached: false });
    clock.advance(59_000);
    expect(await ask(['a'])).toEqual({ data: { result: 1 }, attempts: 0, cached: true });
    expect(server.requests).toHaveLength(1);
    await ask(['b']);
    expect(server.requests).toHaveLength(2);
    clock.advance(1_000);
    expect(await ask(['a'])).toMatchObject({ data: { result: 2 }, cached: false });
    expect(server.requests).toHaveLength(3);
  });

  it('does not cache failures or answers the provider flags as errors', async () => {
    server = await startReplayServer([
      { path: '/api', replies: [{ json: { status: '0', message: 'NOTOK', result: 'Max rate limit reached' } }, { json: { status: '1', result: '7' } }] },
    ]);
    const { http } = client();
    const check = (d: unknown) => ((d as { status: string }).status === '0' ? { retry: 'Max rate limit reached' } : null);
    expect(await http.json({ provider: 'etherscan-v2', url: `${server.url}/api`, check })).toMatchObject({ data: { result: '7' }, attempts: 2 });
    expect(await http.json({ provider: 'etherscan-v2', url: `${server.url}/api`, check })).toMatchObject({ cached: true });
    expect(server.requests).toHaveLength(2);
  });

  it('never puts a secret in a reason, even when the provider echoes it', async () => {
    server = await startReplayServer([{ path: '/v2/api', replies: [(r) => ({ status: 403, text: `Forbidden: ${r.path}?${r.query.toString()}` })] }]);
    const { http } = client();
    const key = 'SECRET-KEY-4242';
    const error = await failure(http.json({ provider: 'etherscan-v2', url: `${server.url}/v2/api?chainid=1&apikey=${key}`, secrets: [key] }));
    expect(error.reason).toContain('apikey=***');
    expect(error.reason).not.toContain(key);
    expect(error.body).not.toContain(key);
  });

  it('stops when the caller cancels, without retrying', async () => {
    server = await startReplayServer([{ path: '/slow', replies: [{ hang: true }] }]);
    const { http } = client({ timeoutMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(http.json({ provider: 'trongrid', url: `${server.url}/slow`, signal: controller.signal }));
    expect(error.kind).toBe('cancelled');
    expect(server.requests).toHaveLength(1);
  });
});

describe("undici's request as the transport", () => {
  it('follows a redirect as fetch does, sends the method, headers and body, and reads repeated headers', async () => {
    const http = await import('node:http');
    const seen: Array<{ method?: string; url?: string; type?: string; body: string }> = [];
    const srv = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, type: req.headers['content-type'], body });
        if (req.url === '/old') {
          res.writeHead(307, { location: '/new' }).end();
          return;
        }
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(srv.address() as { port: number }).port}`;
    try {
      const answer = await requestTransport(`${base}/old`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"q":1}',
        signal: AbortSignal.timeout(2000),
      });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('{"ok":true}');
      expect(answer.headers.get('Content-Type')).toBe('application/json');
      expect(answer.headers.get('set-cookie')).toBe('a=1, b=2');
      expect(answer.headers.get('retry-after')).toBeNull();
      expect(seen).toEqual([
        { method: 'POST', url: '/old', type: 'application/json', body: '{"q":1}' },
        { method: 'POST', url: '/new', type: 'application/json', body: '{"q":1}' },
      ]);
    } finally {
      await new Promise((resolve) => srv.close(resolve));
    }
  });
});
