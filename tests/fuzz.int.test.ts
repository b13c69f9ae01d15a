/**
 * Fuzzing every route of the OpenAPI document (issue 13) on the real embedded server: for every
 * operation the document lists (the public API with an API key, the web API with a session, the
 * admin calls with an admin session, the unauthenticated ones) and every category of abuse that
 * applies (wrong types, missing and extra fields, `__proto__` keys, NUL bytes and other odd
 * values, malformed JSON, bodies past the limit, 10,000-level nesting, odd path parameters and
 * query strings, lying or oversized headers, credentials that are not valid, wrong methods):
 * never a 5xx, every 4xx a problem+json with a title, the server answering between operations,
 * no built-in prototype changed, nothing appended for a refused request, and the heap flat.
 *
 * A bounded count here (FUZZ_RUNS requests per operation and category, 1 by default, after a
 * warm-up pass of one; the seed is printed for replay: FUZZ_SEED=<seed>, and FUZZ_ONLY=<part of
 * "POST /api/keys"> narrows it); `npm run bench -- fuzz` runs many more.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { categoriesFor, fuzzOperations, type OpenApiDocument } from './support/fuzz/fuzz-requests';
import {
  emptyStats,
  fuzzOperationsOnce,
  heapAfterGc,
  prototypeSnapshot,
  rejectedRequestsAppend,
  sampleRequests,
  type FuzzTarget,
} from './support/fuzz/fuzz-run';
import { rawRequest, type RawRequest } from './support/fuzz/raw-http';
import { ADMIN, startTestServer, type TestServer } from './support/server';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
const ONLY = process.env.FUZZ_ONLY;

/**
 * Events a refused request is meant to leave behind, each a record of the attempt rather than a
 * change: an admin's sanctions upload that is refused (too large, not a list) is written to the
 * sync log the status screen shows (workers/src/sanctions/upload.ts), and so is an admin's upload of
 * custom labels that is refused (not a labels file) to the feeds' sync log the Feeds screen shows; a
 * request signed with a valid API key is a use of the key whatever its body, recorded (at most once
 * a minute) as the key's last use.
 */
const RECORDS_OF_REFUSALS = ['SanctionsSyncFailed', 'FeedSyncFailed', 'ApiKeyUsed'];

let server: TestServer;
let target: FuzzTarget;
const prototypesBefore = prototypeSnapshot();

beforeAll(async () => {
  console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}${ONLY ? ` FUZZ_ONLY=${ONLY}` : ''}`);
  server = await startTestServer({
    // Nothing runs on its own during the run, so an appended event comes from a request.
    MONITORING_SCHEDULER_INTERVAL_SECONDS: '0',
    API_KEY_RATE_LIMIT: '1000000',
    // A valid sync request fails at once rather than waiting on a network that is not there.
    OFAC_SDN_URL: 'http://127.0.0.1:9/sdn.xml',
    CHECK_WAIT_MS: '0',
  });
  const user = { email: 'fuzz@fuzz.example', password: 'Fuzz-Passphrase-1', username: 'Fuzz' };
  expect((await server.api('POST', '/api/auth/register', { body: user })).status).toBe(201);
  const session = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
  const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
  const key = await server.api<{ key: string }>('POST', '/api/keys', { token: session, body: { name: 'fuzz', scopes: ['screen', 'read', 'monitor'] } });
  expect(key.status).toBe(201);
  // A sanctions list in force, so the drop-in screening calls screen rather than answer 503 (as they must with none).
  const list = readFileSync(path.join(__dirname, '..', 'workers', 'test-fixtures', 'sanctions', 'sdn.csv'), 'utf8');
  const uploaded = await server.api('POST', '/api/admin/sanctions/upload?file_name=sdn.csv', {
    token: admin,
    raw: list,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(uploaded.status).toBe(200);
  const doc = (await server.api<OpenApiDocument>('GET', '/api/openapi.json')).body;
  const url = new URL(server.url.replace('localhost', '127.0.0.1'));
  target = { host: url.hostname, port: Number(url.port), doc, credentials: { session, admin, apiKey: key.body.key } };
}, 60_000);
afterAll(() => server?.destroy());

describe('fuzzing every operation of the OpenAPI document', () => {
  it('covers every path and method the document lists, with the credentials each asks for', () => {
    const operations = fuzzOperations(target.doc);
    const listed = Object.entries(target.doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.map((o) => o.key).sort()).toEqual(listed.sort());
    const kinds = new Set(operations.map((o) => o.auth));
    expect([...kinds].sort()).toEqual(['admin', 'apiKey', 'none', 'session']);
  });

  // The seed that once made the path-parameter generator throw (a lone surrogate given to
  // encodeURIComponent), this run's seed and a few more: a generator never throws, whatever the seed.
  it('generates the requests of every operation and category for any seed without throwing', () => {
    for (const seed of [480141425, SEED, SEED + 1, ...Array.from({ length: 8 }, (_, i) => (SEED * 31 + i * 7919) % 2 ** 31)]) {
      for (const op of fuzzOperations(target.doc))
        for (const category of categoriesFor(op)) expect(sampleRequests(op, category, target, seed, 5)).toHaveLength(5);
    }
  }, 120_000);

  // First, while nothing else runs: the requests of the next test that are accepted start checks and
  // webhook deliveries whose later events (a stage, a retry) would land in a refusal's window.
  it('appends nothing for a refused request (malformed JSON, credentials that are not valid, bodies past the limit)', async () => {
    const stats = emptyStats();
    const appended = await rejectedRequestsAppend(target, server.eventStore, { seed: SEED, runs: 1, only: ONLY, stats, allowed: RECORDS_OF_REFUSALS });
    expect(appended).toEqual([]);
    expect(stats.sent).toBeGreaterThan(100);
  }, 240_000);

  it('answers every request below 500, every refusal as problem+json with a title, and keeps answering', async () => {
    const stats = emptyStats();
    // A first pass warms every route up (compiled schemas, caches) before the heap is measured.
    await fuzzOperationsOnce(target, { seed: SEED, runs: 1, only: ONLY, stats });
    const warm = heapAfterGc();
    await fuzzOperationsOnce(target, { seed: SEED + 1, runs: RUNS, only: ONLY, stats });
    const end = heapAfterGc();
    console.log(
      `fuzz: ${stats.sent} requests, by status ${JSON.stringify(stats.byStatus)}; heap after GC ${mb(warm.heapUsed)} after warm-up, ${mb(end.heapUsed)} at the end; rss ${mb(warm.rss)} → ${mb(end.rss)}`,
    );
    expect(stats.violations).toEqual([]);
    if (!ONLY)
      expect([...stats.covered].sort()).toEqual(
        fuzzOperations(target.doc)
          .map((o) => o.key)
          .sort(),
      );
    // Flat: what a run keeps (events, read models, caches of what it created) is well under this.
    expect(end.heapUsed - warm.heapUsed).toBeLessThan(48 * 1024 * 1024);
  }, 240_000);

  it('answers with problem+json what Node refuses before the app sees it, and at once', async () => {
    const cases: Array<[RawRequest, number]> = [
      [{ method: 'FUZZ', target: '/api/health', headers: [] }, 400],
      [{ method: 'get', target: '/api/health', headers: [] }, 400],
      [{ method: 'GET', target: '/api/health', headers: [['X-Fuzz', 'x'.repeat(20_000)]] }, 431],
      [{ method: 'GET', target: '/api/health', headers: [['Authorization', 'Bearer \u0000']] }, 400],
      [{ method: 'CONNECT', target: '127.0.0.1:443', headers: [] }, 405],
      [
        {
          method: 'GET',
          target: '/api/health',
          headers: [
            ['Connection', 'Upgrade'],
            ['Upgrade', 'h2c'],
          ],
        },
        400,
      ],
      [
        {
          method: 'POST',
          target: '/api/auth/login',
          headers: [
            ['Expect', 'bogus'],
            ['Content-Type', 'application/json'],
          ],
          body: Buffer.from('{}'),
        },
        417,
      ],
    ];
    for (const [request, status] of cases) {
      const answer = await rawRequest(target.host, target.port, request, 5_000);
      expect({
        request: `${request.method} ${JSON.stringify(request.headers).slice(0, 80)}`,
        status: answer.status,
        type: answer.headers['content-type'],
      }).toEqual({
        request: `${request.method} ${JSON.stringify(request.headers).slice(0, 80)}`,
        status,
        type: 'application/problem+json; charset=utf-8',
      });
      expect(JSON.parse(answer.body.toString())).toMatchObject({ status, title: expect.any(String), error: expect.any(String) });
      expect(answer.ms).toBeLessThan(900); // not socket.io's one-second close of an upgrade it does not take
    }
    // The socket.io path still takes its upgrade.
    const socketIo = await rawRequest(
      target.host,
      target.port,
      {
        method: 'GET',
        target: '/socket.io/?EIO=4&transport=websocket',
        headers: [
          ['Connection', 'Upgrade'],
          ['Upgrade', 'websocket'],
          ['Sec-WebSocket-Version', '13'],
          ['Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ=='],
        ],
      },
      1_000,
    );
    expect(socketIo.status).toBe(101);
  });

  it('changes no built-in prototype, in the server realm or in Node\u2019s', () => {
    expect(prototypeSnapshot()).toEqual(prototypesBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
