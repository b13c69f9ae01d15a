/**
 * The OpenAPI document against the running server: every route the Express app mounts under /api
 * is in the document and every documented operation is mounted (read from the app's router stacks,
 * not from the declarations); the document is valid OpenAPI 3.1 for a validator nobody here wrote;
 * the served document is the one built in-process for the typed client, whose committed types
 * are what that document gives today; and each operation's declared security is what the server
 * enforces.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Express } from 'express';
import fc from 'fast-check';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describedRouteGroups, describeApi } from '@walletscreen/command-api/api';
import { servedPath, sizeText } from '@walletscreen/command-api/http/route';
import { ADMIN, startTestServer, type TestServer } from './support/server';

type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: Record<string, unknown> };
type Operation = {
  security?: Record<string, string[]>[];
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description: string; links?: Record<string, { operationId: string; parameters: Record<string, string> }> }>;
  operationId?: string;
  'x-body-limit'?: number;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; servers: { url: string }[] };

let server: TestServer;
let doc: Document;
let userToken: string;
let adminToken: string;
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer();
  const res = await server.api<Document>('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
  const user = { email: 'reader@docs.example', password: 'Reader-Passphrase-1', username: 'Docs Reader' };
  expect((await server.api('POST', '/api/auth/register', { body: user })).status).toBe(201);
  userToken = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
  adminToken = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
  apiKey = (await server.api<{ key: string }>('POST', '/api/keys', { body: { name: 'Docs' }, token: userToken })).body.key;
}, 60_000);
afterAll(() => server?.destroy());

interface Layer {
  route?: { path: string | RegExp; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: string | RegExp;
  name: string;
}

/** What the app mounts: its routes (method and path) and the middleware mounted at a path of its own. */
function mounted(app: Express) {
  const routes: string[] = [];
  const uses: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      const at = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      if (layer.route) {
        if (typeof layer.route.path !== 'string') {
          routes.push(`${Object.keys(layer.route.methods).join(',').toUpperCase()} ${prefix}${String(layer.route.path)}`);
          continue;
        }
        for (const [method, on] of Object.entries(layer.route.methods)) if (on) routes.push(`${method.toUpperCase()} ${prefix}${layer.route.path}`);
      } else if (layer.handle.stack) {
        walk(layer.handle.stack, `${prefix}${at}`);
      } else if (at) {
        uses.push(`${prefix}${at} (${layer.name})`);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return { routes, uses };
}

/** Every operation of the document, with its method and path. */
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));

/** The credentials an operation takes: an admin's session under /api/admin, an API key for the public API, the user's session elsewhere. */
const credentialsFor = (path: string): { token?: string; headers?: Record<string, string> } =>
  path.startsWith('/api/admin/')
    ? { token: adminToken }
    : /^(\/api)?\/(public\/)?v1\//.test(path)
      ? { headers: { 'X-API-Key': apiKey } }
      : { token: userToken };

/** `/api/admin/topup/:id` → `/api/admin/topup/{id}`. */
const asDocumented = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const documented = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));

describe('the OpenAPI document', () => {
  it('has every route the app mounts under /api (and at the root), and every route it documents is mounted', () => {
    const { routes } = mounted(server.app);
    // The web app's catch-all (when the SPA is built) is the only route mounted that is not the API's.
    const spa = (r: string) => r.startsWith('GET /^(?!\\/api\\/');
    const api = routes.filter((r) => !spa(r)).map(asDocumented);
    expect(api.length).toBeGreaterThan(40);
    expect(new Set(api).size).toBe(api.length); // no route is mounted twice
    expect([...api].sort()).toEqual(documented().sort());
    // Outside /api: only TRM's own path, declared at the root (route.ts atRoot).
    expect(api.filter((r) => !r.split(' ')[1]!.startsWith('/api/'))).toEqual(['POST /public/v1/sanctions/screening']);
  });

  it('mounts nothing else under /api but the reference page renderer and the admin paths guard', () => {
    expect(mounted(server.app).uses.sort()).toEqual(['/api/admin (<anonymous>)', '/api/docs/assets (<anonymous>)']);
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.warnings).toEqual([]);
  });

  it('is the document built in-process from the route declarations (the typed client is generated from that)', () => {
    expect(doc).toEqual(describeApi(doc.servers[0]!.url));
    expect(doc.servers).toEqual([{ url: server.url.replace('localhost', '127.0.0.1') }]);
  });

  it('gives the typed client of tests/support/api-schema.d.ts as committed (npm run openapi:types --check)', async () => {
    const root = path.resolve(__dirname, '..');
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'openapi-types.mjs'), '--check'], { cwd: root });
    expect(stdout).toContain('matches the route declarations');
  }, 60_000);

  it('says which calls take a session (or an API key), and the server asks for one on each of them, and for an admin (or an auditor) where it says so', async () => {
    const declared = describedRouteGroups().flatMap((g) => g.routes);
    const sample: Record<string, string> = { id: randomUUID(), userId: randomUUID(), network: 'bitcoin', address: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT' };
    const url = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => sample[name]!);
    const refused: string[] = [];
    for (const r of declared) {
      const route = { ...r, path: servedPath(r) };
      const operation = doc.paths[asDocumented(route.path)]![route.method]!;
      if (route.auth === 'none') {
        expect(operation.security).toEqual([]);
        continue;
      }
      expect(operation.security).toEqual(
        route.auth === 'session' || route.auth === 'admin' || route.auth === 'audit'
          ? [{ session: [] }]
          : [{ apiKeyHeader: [] }, { apiKeyBearer: [] }, { apiKeyBasic: [] }],
      );
      const anonymous = await server.api(route.method.toUpperCase(), url(route.path));
      if (anonymous.status !== 401) refused.push(`${route.method} ${route.path} without a session: ${anonymous.status}`);
      if (route.auth === 'admin' || route.auth === 'audit') {
        const customer = await server.api(route.method.toUpperCase(), url(route.path), { token: userToken });
        if (customer.status !== 403) refused.push(`${route.method} ${route.path} as a customer: ${customer.status}`);
      }
    }
    expect(refused).toEqual([]);
    expect(declared.filter((r) => r.auth === 'admin').length).toBeGreaterThan(5);
    expect(declared.filter((r) => r.auth === 'audit').length).toBeGreaterThan(10);
    // The admin area's reads are GETs, and nothing else is open to auditors.
    expect(declared.filter((r) => r.auth === 'audit' && r.method !== 'get')).toEqual([]);
  });

  it('tells no one but an admin whether an /api/admin path exists', async () => {
    expect((await server.api('GET', '/api/admin/no-such-screen')).status).toBe(401);
    expect((await server.api('GET', '/api/admin/no-such-screen', { token: userToken })).status).toBe(403);
    expect((await server.api('GET', '/api/admin/no-such-screen', { token: adminToken })).status).toBe(404);
    expect((await server.api('GET', '/api/no-such-call')).status).toBe(404);
    // The admin's sign-in is no secret: another method answers 405 with Allow, as on any other path.
    const wrongMethod = await server.api('DELETE', '/api/admin/admin-login');
    expect([wrongMethod.status, wrongMethod.headers.get('allow')]).toEqual([405, 'POST']);
  });
});

describe('what the document promises of each operation', () => {
  /** Path parameters that name something by its id (not input to look up, such as an address). */
  const idParameters = (operation: Operation) => (operation.parameters ?? []).filter((p) => p.in === 'path' && /(^id|Id)$/.test(p.name));

  it('answers 404, as documented, to an id in the path that cannot exist, on every path that has one', async () => {
    const withIds = operations().filter(({ operation }) => idParameters(operation).length > 0);
    expect(withIds.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const { method, path, operation } of withIds) {
      if (!operation.responses['404']) wrong.push(`${method} ${path} documents no 404`);
      for (const malformed of ['not-an-id', '0', 'x'.repeat(300), '%E2%80%8B']) {
        const url = path.replace(/\{([A-Za-z0-9_]+)\}/g, () => malformed);
        const res = await server.api(method, url, credentialsFor(path));
        if (res.status !== 404) wrong.push(`${method} ${url.slice(0, 80)}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("links each answer only to operations that exist, filling exactly their path's parameters from the answer's body", () => {
    const byId = new Map(operations().map((o) => [o.operation.operationId, o]));
    const problems: string[] = [];
    let links = 0;
    for (const { method, path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [name, link] of Object.entries(response.links ?? {})) {
          links++;
          const target = byId.get(link.operationId);
          const where = `${method} ${path} ${status} ${name}`;
          if (!target) {
            problems.push(`${where}: no operation ${link.operationId}`);
            continue;
          }
          const pathParameters = [...target.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
          if (JSON.stringify(Object.keys(link.parameters).sort()) !== JSON.stringify(pathParameters))
            problems.push(`${where}: parameters ${Object.keys(link.parameters).join(', ')}`);
          for (const expression of Object.values(link.parameters))
            if (!/^\$response\.body#\/[\w/]+$/.test(expression)) problems.push(`${where}: ${expression}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(links).toBeGreaterThan(0);
  });

  it('documents 400 on every operation that takes input (every read takes the consistency token), and 413 with its limit on every one that takes a body', () => {
    const missing: string[] = [];
    for (const { method, path, operation } of operations()) {
      const input = method === 'GET' || operation.requestBody || (operation.parameters ?? []).some((p) => p.in !== 'path');
      if (input && !operation.responses['400']) missing.push(`${method} ${path}: no 400`);
      if (operation.requestBody) {
        if (!operation.responses['413']) missing.push(`${method} ${path}: no 413`);
        if (typeof operation['x-body-limit'] !== 'number') missing.push(`${method} ${path}: no x-body-limit`);
      } else if (operation['x-body-limit'] !== undefined) missing.push(`${method} ${path}: a body limit without a body`);
    }
    expect(missing).toEqual([]);
  });

  it("refuses with 413 a JSON body one byte past the operation's documented limit", async () => {
    const jsonBodies = operations().filter(
      ({ operation }) => operation.requestBody?.content['application/json'] && (operation['x-body-limit'] ?? 0) <= 32 * 1024 * 1024,
    );
    expect(jsonBodies.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const { method, path, operation } of jsonBodies) {
      const limit = operation['x-body-limit']!;
      const url = path.replace(/\{id\}/g, randomUUID()).replace(/\{([A-Za-z0-9_]+)\}/g, () => randomUUID());
      // {"a":"xxx…"}: exactly limit + 1 bytes.
      const over = `{"a":"${'x'.repeat(limit + 1 - 8)}"}`;
      expect(Buffer.byteLength(over)).toBe(limit + 1);
      const res = await server.api<{ error?: string }>(method, url, { ...credentialsFor(path), raw: over });
      // The answer says the limit, as the document does.
      const says = `The request body is too large: this call takes at most ${sizeText(limit)}`;
      if (res.status !== 413 || res.body.error !== says)
        wrong.push(`${method} ${path} (limit ${limit}): ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('refuses at once, unread, a body whose Content-Length is past the limit, and closes the connection', async () => {
    const limit = doc.paths['/api/v1/watchlist']!.post!['x-body-limit']!;
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(
          `POST /api/v1/watchlist HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${limit + 1}\r\n\r\n{}`,
        ),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.setTimeout(5_000, () => reject(new Error(`no answer within 5 s: ${text}`)));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('this call takes at most 19.5 MB');
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
  });

  it('keeps the other calls to small bodies, and gives the bulk watchlist room for its 10,000 wallets', () => {
    const limit = (method: string, path: string) => doc.paths[path]![method]!['x-body-limit'];
    expect(limit('post', '/api/auth/login')).toBe(64 * 1024);
    expect(limit('patch', '/api/webhooks/{id}')).toBe(64 * 1024);
    expect(limit('post', '/api/watchlist')).toBe(10_000 * 2048);
    expect(limit('post', '/api/v1/watchlist')).toBe(10_000 * 2048);
    expect(doc.paths['/api/v1/watchlist']!.post!.responses['413']!.description).toBe('Body larger than 19.5 MB');
  });

  it('watches 10,000 wallets in one call, as the bulk watchlist promises', async () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({
      address: `0x${randomUUID().replaceAll('-', '')}${i.toString(16).padStart(8, '0')}`,
      network: 'ethereum',
      reference: `customer-${i}`,
      tags: ['bulk', 'docs'],
    }));
    const body = JSON.stringify({ items });
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    const res = await server.api<{ created: number; items: unknown[] }>('POST', '/api/v1/watchlist', { headers: { 'X-API-Key': apiKey }, raw: body });
    expect(res.status).toBe(201);
    expect(res.body.items).toHaveLength(10_000);
  }, 120_000);
});

describe('what the document says of text', () => {
  /** Every `pattern` a request's text must match (parameters and bodies, components included), with where it is. */
  const requestPatterns = () => {
    const found = new Map<string, string>();
    const walk = (value: unknown, at: string) => {
      if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${at}[${i}]`));
      if (!value || typeof value !== 'object') return;
      const pattern = (value as { pattern?: unknown }).pattern;
      if (typeof pattern === 'string' && !found.has(pattern)) found.set(pattern, at);
      for (const [key, v] of Object.entries(value)) walk(v, `${at}.${key}`);
    };
    for (const { method, path, operation } of operations()) {
      walk(operation.parameters, `${method} ${path} parameters`);
      walk(operation.requestBody, `${method} ${path} body`);
    }
    walk((doc as unknown as { components: unknown }).components, 'components');
    return found;
  };

  it('refuses a NUL in every text it gives a pattern, as the server refuses one in any text (property)', () => {
    const patterns = requestPatterns();
    expect(patterns.size).toBeGreaterThan(10);
    for (const [pattern, at] of patterns) {
      const re = new RegExp(pattern, 'u');
      fc.assert(
        fc.property(fc.stringMatching(re), fc.nat(), (text, at_) => {
          const i = at_ % (text.length + 1);
          const withNul = `${text.slice(0, i)}\u0000${text.slice(i)}`;
          if (re.test(withNul)) throw new Error(`${at}: the pattern ${pattern} takes ${JSON.stringify(withNul)}, which the server refuses`);
        }),
        { numRuns: 50 },
      );
    }
  });

  it("takes exactly the texts the server takes in a required text field: a watch's tag (property, over real HTTP)", async () => {
    // A user of its own: the reader's watchlist is full (10,000 wallets, above).
    const tagger = { email: 'tagger@docs.example', password: 'Tagger-Passphrase-1', username: 'Docs Tagger' };
    expect((await server.api('POST', '/api/auth/register', { body: tagger })).status).toBe(201);
    const token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: tagger })).body.token;
    const watched = await server.api<{ items: Array<{ id: string }> }>('POST', '/api/watchlist', {
      token,
      body: { address: 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m' },
    });
    expect(watched.status).toBe(201);
    const id = watched.body.items[0]!.id;
    const tag = (
      doc.paths['/api/watchlist/{id}']!.patch!.requestBody!.content['application/json'] as {
        schema: { properties: { tags: { items: { pattern: string; maxLength: number } } } };
      }
    ).schema.properties.tags.items;
    const pattern = new RegExp(tag.pattern, 'u');
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u0000', '\u200b', '\u001c'),
        fc.string({ unit: 'binary', maxLength: 1 }),
      ),
      maxLength: 8,
    });
    await fc.assert(
      fc.asyncProperty(text, async (t) => {
        const res = await server.api('PATCH', `/api/watchlist/${id}`, { token, body: { tags: [t] } });
        expect([t, res.status]).toEqual([t, pattern.test(t) && t.length <= tag.maxLength ? 200 : 400]);
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
