/**
 * Issue 29's security findings on the real embedded server through HTTP: the data directory is its
 * user's alone, another site's page cannot open a socket, headers past 16 KB are answered 431 even
 * when a body follows them, and no text with a NUL character is stored.
 */
import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { io } from 'socket.io-client';
import { socketMessages, socketRefusalSchema } from '@walletscreen/contracts';
import { FILE_WITH_NUL } from '@walletscreen/command-api/http/control-characters';
import { socketOriginAllowed } from '@walletscreen/command-api/checks/socket-gateway';
import { ADMIN, expectAppendsNothing, startTestServer, type TestServer } from './support/server';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = { email: 'hardening@example.com', password: 'Hardening-Passphrase-1', username: 'Hardening' };
  await server.api('POST', '/api/auth/register', { body: user });
  token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
});
afterAll(() => server.destroy());

const base = () => server.url.replace('localhost', '127.0.0.1');

/** Any method on any path (fetch refuses some methods), with its answer's status, headers and body. */
const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request(`${base()}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });

it('keeps the data directory and every file in it private to the service user (the events, read models, WAL files, secret)', async () => {
  const files = readdirSync(server.dataDir, { recursive: true, withFileTypes: true });
  expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['walletscreen.db', 'read-models.db', 'jwt-secret']));
  expect(statSync(server.dataDir).mode & 0o777).toBe(0o700);
  for (const f of files) {
    const mode = statSync(path.join(f.parentPath, f.name)).mode & 0o777;
    expect([f.name, mode]).toEqual([f.name, f.isDirectory() ? 0o700 : 0o600]);
  }
});

describe('socket.io origins', () => {
  const connect = (origin: string | undefined) =>
    new Promise<string>((resolve) => {
      const socket = io(base(), { path: '/socket.io', auth: { token }, transports: ['websocket'], ...(origin ? { extraHeaders: { origin } } : {}) });
      socket.on('connect', () => {
        socket.close();
        resolve('connected');
      });
      socket.on('connect_error', (e) => {
        socket.close();
        resolve(`refused: ${e.message}`);
      });
    });

  it("opens a socket for the product's own pages and for a client that is no browser, and refuses another site's page", async () => {
    expect(await connect(base())).toBe('connected');
    expect(await connect(undefined)).toBe('connected');
    expect(await connect('https://evil.example')).toMatch(/^refused/);
    expect(await connect(base().replace('127.0.0.1', 'evil.example'))).toMatch(/^refused/);
  });

  it("holds one user's connections to 20 open at once and 60 opened a minute, refusing the excess with the reason and when to try again", async () => {
    const user = { email: 'many-tabs@example.com', password: 'Many-Tabs-Passphrase-1', username: 'Many Tabs' };
    await server.api('POST', '/api/auth/register', { body: user });
    const theirs = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
    const sockets: ReturnType<typeof io>[] = [];
    const open = () =>
      new Promise<{ connected: true } | { message: string; data: unknown }>((resolve) => {
        const socket = io(base(), { path: '/socket.io', auth: { token: theirs }, transports: ['websocket'], reconnection: false, forceNew: true });
        sockets.push(socket);
        socket.on('connect', () => resolve({ connected: true }));
        socket.on('connect_error', (e: Error & { data?: unknown }) => resolve({ message: e.message, data: e.data }));
      });
    try {
      // 500 at once, as a runaway client would.
      const started = performance.now();
      const outcomes = await Promise.all(Array.from({ length: 500 }, open));
      expect(performance.now() - started).toBeLessThan(20_000);
      const refused = outcomes.filter((o): o is { message: string; data: unknown } => 'message' in o);
      expect(outcomes.filter((o) => 'connected' in o)).toHaveLength(20);
      expect(sockets.filter((s) => s.connected)).toHaveLength(20);
      const tooManyOpen = refused.filter((o) => o.message === socketMessages.tooManyOpen(20));
      const tooManyAttempts = refused.filter((o) =>
        /^Too many live connections opened for this account: at most 60 a minute\. Try again in \d+ s\.$/.test(o.message),
      );
      expect([tooManyOpen.length, tooManyAttempts.length]).toEqual([40, 440]);
      for (const o of refused) expect(socketRefusalSchema.parse(o.data)).toMatchObject({ status: 429 });
      // Another user is not held by this one's count.
      expect(await connect(base())).toBe('connected');
    } finally {
      for (const s of sockets) s.close();
    }
  }, 30_000);

  it('takes PUBLIC_URL as the only origin, with its loopback aliases on the port it listens on when it is local', () => {
    expect(socketOriginAllowed('https://screen.example.com', 'https://screen.example.com', 3000)).toBe(true);
    expect(socketOriginAllowed('http://127.0.0.1:3000', 'https://screen.example.com', 3000)).toBe(false);
    expect(socketOriginAllowed('https://screen.example.com.evil.example', 'https://screen.example.com', 3000)).toBe(false);
    expect(socketOriginAllowed('http://127.0.0.1:3000', 'http://localhost:3000', 3000)).toBe(true);
    expect(socketOriginAllowed('http://[::1]:3000', 'http://localhost:3000', 3000)).toBe(true);
    expect(socketOriginAllowed('http://127.0.0.1:4000', 'http://localhost:3000', 3000)).toBe(false);
    expect(socketOriginAllowed('null', 'http://localhost:3000', 3000)).toBe(false);
  });
});

it('answers 431 with a problem to headers past 16 KB, a body following them', async () => {
  const url = new URL('/api/auth/login', base());
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-padding': 'a'.repeat(16 * 1024) } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(100_000) }));
  });
  expect(answer.status).toBe(431);
  expect(JSON.parse(answer.body)).toMatchObject({ status: 431, title: 'Request headers too large' });
});

describe('NUL characters', () => {
  it('refuses a NUL in any text of a JSON body or query, naming the field, and records nothing', async () => {
    const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
    const refused = async (method: 'POST' | 'GET', path: string, options: { token?: string; body?: unknown }, field: string) => {
      const res = await expectAppendsNothing(server, () => server.api<{ error: string; errors: Record<string, string> }>(method, path, options));
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.errors[field]).toBe(`${field} contains a NUL character (U+0000), which no text field may hold`);
    };
    await refused('POST', '/api/auth/register', { body: { email: 'nul@example.com', password: 'Nul-Passphrase-123', username: 'Nul\u0000Byte' } }, 'username');
    await refused(
      'POST',
      '/api/watchlist',
      { token, body: { items: [{ address: 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m', tag: 'desk\u0000a' }] } },
      'items[0].tag',
    );
    await refused('POST', '/api/keys', { token, body: { name: 'key\u0000', scopes: ['read'] } }, 'name');
    await refused('GET', '/api/transactions/history?search=a%00b', { token }, 'search');
    await refused('POST', '/api/admin/lists', { token: admin, body: { name: 'List\u0000', kind: 'block', entries: [] } }, 'name');
    // An uploaded file (the raw body) is told it is no text file: a UTF-16 export, or a binary file.
    const utf16 = Buffer.from('\ufeff{"labels": []}', 'utf16le');
    const upload = await expectAppendsNothing(server, () =>
      fetch(`${base()}/api/admin/feeds/custom-labels?file_name=labels.json`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/octet-stream' },
        body: utf16,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error: string } })),
    );
    expect(upload).toEqual({ status: 400, body: expect.objectContaining({ error: FILE_WITH_NUL }) });
  });
});

describe('the API contract', () => {
  it('names every operation with a unique operationId, webhooks included, and declares how webhook messages are signed', async () => {
    const doc = (
      await server.api<{
        paths: Record<string, Record<string, { operationId?: string }>>;
        webhooks: Record<string, { post: { operationId?: string; security?: unknown } }>;
      }>('GET', '/api/openapi.json')
    ).body;
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    const webhookIds = Object.values(doc.webhooks).map((w) => w.post.operationId);
    expect([...ids, ...webhookIds].every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set([...ids, ...webhookIds]).size).toBe(ids.length + webhookIds.length);
    expect(doc.paths['/api/v1/screenings/{id}']?.get?.operationId).toBe('getV1ScreeningsById');
    for (const w of Object.values(doc.webhooks)) expect(w.post.security).toEqual([{ webhookSignature: [] }]);
  });

  it("answers every unknown path and method under /api and the drop-ins' own paths with problem JSON, never HTML", async () => {
    const paths = [
      '/api',
      '/api/',
      '/api/no-such-call',
      '/api/v1/no-such-call',
      '/api/v1/screenings/x/y/z',
      '/api/profile',
      '/api/profile/',
      '/api/v1/sanctions/screening',
      '/api/%E0%A4%A',
      '/api//',
      '/api/docs/assets/no-such-file.js',
      '/API/PROFILE',
      '/public',
      '/public/',
      '/public/v1/sanctions/screening',
      '/public/v1/sanctions/screening/',
      '/public/v1/no-such-call',
      '/public/%E0%A4%A',
    ];
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'SEARCH', 'LOCK', 'QUERY'];
    const wrong: string[] = [];
    for (const path of paths) {
      for (const method of methods) {
        const res = await send(method, path, { authorization: `Bearer ${token}` });
        const type = String(res.headers['content-type'] ?? '');
        const body = res.body;
        const ok = res.status >= 200 && res.status < 300;
        // A refusal is problem JSON (HEAD: its headers say so, with no body); nothing is ever HTML.
        if (type.includes('html') || (!ok && !type.startsWith('application/problem+json')) || (!ok && method !== 'HEAD' && !body.startsWith('{')))
          wrong.push(`${method} ${path}: ${res.status} ${type} ${body.slice(0, 60)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 405 with Allow to a method a declared path does not take, and 404 to a path that does not exist', async () => {
    const res = await fetch(`${base()}/api/profile`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.json()).toMatchObject({ status: 405, title: 'Method not allowed' });
    const screening = await fetch(`${base()}/api/v1/screenings/some-id`, { method: 'PATCH' });
    expect(screening.status).toBe(405);
    expect((await fetch(`${base()}/api/no-such-thing`, { method: 'DELETE' })).status).toBe(404);
  });
});
