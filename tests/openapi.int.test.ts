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
import path from 'node:path';
import { promisify } from 'node:util';
import type { Express } from 'express';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describedRouteGroups, describeApi } from '@walletscreen/command-api/api';
import { ADMIN, startTestServer, type TestServer } from './support/server';

type Operation = { security?: Record<string, string[]>[]; summary?: string };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; servers: { url: string }[] };

let server: TestServer;
let doc: Document;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  const res = await server.api<Document>('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
  const user = { email: 'reader@docs.example', password: 'Reader-Passphrase-1', username: 'Docs Reader' };
  expect((await server.api('POST', '/api/auth/register', { body: user })).status).toBe(201);
  userToken = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
  adminToken = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
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

/** `/api/admin/topup/:id` → `/api/admin/topup/{id}`. */
const asDocumented = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const documented = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));

describe('the OpenAPI document', () => {
  it('has every route the app mounts under /api, and every route it documents is mounted', () => {
    const { routes } = mounted(server.app);
    const api = routes.filter((r) => r.split(' ')[1]!.startsWith('/api/')).map(asDocumented);
    expect(api.length).toBeGreaterThan(40);
    expect(new Set(api).size).toBe(api.length); // no route is mounted twice
    expect([...api].sort()).toEqual(documented().sort());
    // Outside /api: only the web app's catch-all (when the SPA is built).
    expect(routes.filter((r) => !r.split(' ')[1]!.startsWith('/api/')).every((r) => r.startsWith('GET /^(?!\\/api\\/'))).toBe(true);
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
    const url = (path: string) => `/api${path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => sample[name]!)}`;
    const refused: string[] = [];
    for (const route of declared) {
      const operation = doc.paths[asDocumented(`/api${route.path}`)]![route.method]!;
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
  });
});
