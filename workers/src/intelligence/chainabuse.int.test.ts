/**
 * The Chainabuse client against a real HTTP server on 127.0.0.1 that replays responses in the
 * API's documented shape (workers/test-fixtures/intelligence).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createIntelligence, summarizeChainabuse, type Intelligence } from './intelligence';

const fixture = (name: string) => readFileSync(path.resolve(__dirname, '../../test-fixtures/intelligence', name));

const API_KEY = 'ca_test_5e3b9f0d7c1a4e2b8f6d';
const ADDRESS = '0x5fd3a3e6b0b9e1c17a5a3c61e2a4c0bd28d4e7a1';

interface Reply {
  status?: number;
  fixture?: string;
  json?: unknown;
  headers?: Record<string, string>;
  /** Never answer. */
  hang?: boolean;
}
interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

let server: Server;
let baseUrl: string;
let replies: Reply[];
let seen: Seen[];
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers });
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    if (reply.hang) {
      hanging.push(res);
      return;
    }
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.fixture ? fixture(reply.fixture) : JSON.stringify(reply.json ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v0`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let slept: number[];
beforeEach(() => {
  replies = [];
  seen = [];
  slept = [];
});

const intelligence = (overrides: { apiKey?: string; timeoutMs?: number; baseUrl?: string } = {}): Intelligence =>
  createIntelligence({
    chainabuse: { baseUrl: overrides.baseUrl ?? baseUrl, apiKey: 'apiKey' in overrides ? overrides.apiKey : API_KEY, timeoutMs: overrides.timeoutMs ?? 2000 },
    sleep: async (ms) => {
      slept.push(ms);
    },
  });

describe('Chainabuse reports', () => {
  it('found: counts the reports, names their categories and links the public page', async () => {
    replies = [{ fixture: 'chainabuse-reports-found.json' }];
    const result = await intelligence().chainabuseReports('ethereum', ADDRESS);

    expect(result).toEqual({ status: 'ok', reports: 3, categories: ['phishing', 'rug pull'], url: `https://www.chainabuse.com/address/${ADDRESS}` });
    expect(summarizeChainabuse(result)).toBe(`3 reports (phishing, rug pull): https://www.chainabuse.com/address/${ADDRESS}`);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v0/reports' });
    expect(Object.fromEntries(seen[0]!.query)).toEqual({ address: ADDRESS, page: '1', perPage: '50' });
    expect(seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${API_KEY}:${API_KEY}`).toString('base64')}`);
    expect(seen[0]!.headers.accept).toBe('application/json');
  });

  it("takes Chainabuse's total when it holds more reports than the page read", async () => {
    replies = [{ json: { reports: [{ id: 'r1', scamCategory: 'SEXTORTION' }], count: 57 } }];
    await expect(intelligence().chainabuseReports('bitcoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).resolves.toEqual({
      status: 'ok',
      reports: 57,
      categories: ['sextortion'],
      url: 'https://www.chainabuse.com/address/1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    });
  });

  it('none: no reports', async () => {
    replies = [{ fixture: 'chainabuse-reports-none.json' }];
    const result = await intelligence().chainabuseReports('tron', 'TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSi');
    expect(result).toEqual({ status: 'ok', reports: 0, categories: [], url: 'https://www.chainabuse.com/address/TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSi' });
    expect(summarizeChainabuse(result)).toBe('No reports');
  });

  it('401, a wrong key: unavailable with a plain reason that does not contain the key, and no retry', async () => {
    replies = [{ status: 401, fixture: 'chainabuse-401.json' }];
    const result = await intelligence().chainabuseReports('ethereum', ADDRESS);
    expect(result).toEqual({ status: 'unavailable', reason: "Chainabuse refused this installation's API key (HTTP 401); ask your administrator to renew it" });
    expect(JSON.stringify(result)).not.toContain(API_KEY);
    expect(seen).toHaveLength(1);
  });

  it('429 then success: one retry after the Retry-After the server asked for', async () => {
    replies = [{ status: 429, fixture: 'chainabuse-429.json', headers: { 'retry-after': '2' } }, { fixture: 'chainabuse-reports-found.json' }];
    const result = await intelligence().chainabuseReports('ethereum', ADDRESS);
    expect(result).toMatchObject({ status: 'ok', reports: 3 });
    expect(seen).toHaveLength(2);
    expect(slept).toEqual([2000]);
  });

  it('429 asking for a longer wait than the client allows: unavailable at once', async () => {
    replies = [{ status: 429, fixture: 'chainabuse-429.json', headers: { 'retry-after': '3600' } }];
    await expect(intelligence().chainabuseReports('ethereum', ADDRESS)).resolves.toEqual({
      status: 'unavailable',
      reason: 'Chainabuse is rate-limiting this API key (HTTP 429); it asked to wait 3600 s before trying again',
    });
    expect(seen).toHaveLength(1);
    expect(slept).toEqual([]);
  });

  it('500 twice: one retry after a back-off, then unavailable', async () => {
    replies = [{ status: 500, fixture: 'chainabuse-500.json' }];
    await expect(intelligence().chainabuseReports('ethereum', ADDRESS)).resolves.toEqual({
      status: 'unavailable',
      reason: 'Chainabuse had a server error (HTTP 500)',
    });
    expect(seen).toHaveLength(2);
    expect(slept).toEqual([1000]);
  });

  it('an answer that is not the reports list: unavailable', async () => {
    replies = [{ json: { message: 'maintenance' } }];
    await expect(intelligence().chainabuseReports('ethereum', ADDRESS)).resolves.toEqual({
      status: 'unavailable',
      reason: 'Chainabuse answered in an unexpected format (no list of reports)',
    });
  });

  it('no answer within the time limit: unavailable, saying how long it waited', async () => {
    replies = [{ hang: true }];
    const started = Date.now();
    await expect(intelligence({ timeoutMs: 300 }).chainabuseReports('ethereum', ADDRESS)).resolves.toEqual({
      status: 'unavailable',
      reason: 'Chainabuse did not answer within 0.3 s',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(seen).toHaveLength(1);
  });

  it('nothing listening: unavailable, without the key in the reason', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const result = await intelligence({ baseUrl: `http://127.0.0.1:${port}/v0` }).chainabuseReports('ethereum', ADDRESS);
    expect(result).toEqual({ status: 'unavailable', reason: 'Chainabuse could not be reached: the connection was refused' });
    expect(JSON.stringify(result)).not.toContain(API_KEY);
  });

  it('not configured: answers at once and sends no request', async () => {
    replies = [{ fixture: 'chainabuse-reports-found.json' }];
    const client = intelligence({ apiKey: undefined });
    expect(client.chainabuseConfigured).toBe(false);
    await expect(client.chainabuseReports('ethereum', ADDRESS)).resolves.toEqual({
      status: 'not-configured',
      reason: 'Not queried: Chainabuse is not set up on this installation',
    });
    expect(seen).toEqual([]);
  });

  it("the caller's cancellation is passed on, not reported as an outage", async () => {
    replies = [{ hang: true }];
    const controller = new AbortController();
    const pending = intelligence().chainabuseReports('ethereum', ADDRESS, controller.signal);
    setTimeout(() => controller.abort(new Error('check cancelled')), 50);
    await expect(pending).rejects.toThrow('check cancelled');
  });
});
