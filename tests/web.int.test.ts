/**
 * How the server answers a browser (issue 13), on the real embedded server over loopback: helmet's
 * security headers with the SPA's Content-Security-Policy (no inline script), HSTS only when
 * PUBLIC_URL is https, the API docs page's own policy; hashed assets cached for good, index.html
 * revalidated; brotli or gzip as the browser accepts, the precompressed files decoding to the very
 * bytes of the asset, other answers compressed as they are sent.
 *
 * The SPA here is a small build of its own (an index.html and a hashed script with its .br and .gz
 * beside it, as the Vite build writes them), so the test needs no `npm run build`; the browser test
 * (tests/browser/web.e2e.test.ts) checks the real build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@walletscreen/platform';
import { REDOC_BUNDLE, docsAssets } from '@walletscreen/command-api/http/docs-page';
import { startEmbedded, type EmbeddedServer } from '@walletscreen/server/embedded';

const SCRIPT = Buffer.from(`export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `screen-${i}`))};\n`);
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Header names as sent, once per header line. */
  names: string[];
  body: Buffer;
}

/** A GET as sent, its body as received: no client decoding anything. */
function get(base: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          names: res.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase()),
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The policy's directives by name. */
const directives = (policy: unknown) =>
  new Map(
    String(policy)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

const dirs: string[] = [];
async function start(env: Record<string, string> = {}): Promise<{ server: EmbeddedServer; base: string }> {
  const root = mkdtempSync(path.join(tmpdir(), 'ws-web-'));
  dirs.push(root);
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const script = path.join(dist, 'assets', 'index-Ab12Cd34.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  const server = await startEmbedded({
    env: {
      DATA_DIR: path.join(root, 'data'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SANCTIONS_SYNC_INTERVAL_HOURS: '0',
      FEEDS_SYNC_INTERVAL_HOURS: '0',
      ...env,
    },
    staticDir: dist,
    logger: createLogger({ level: 'silent' }),
  });
  return { server, base: server.url.replace('localhost', '127.0.0.1') };
}

let plain: { server: EmbeddedServer; base: string };
beforeAll(async () => {
  plain = await start();
}, 60_000);
afterAll(async () => {
  await plain?.server.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends the SPA a policy that allows scripts from this origin only, and the other headers helmet sets', async () => {
    const res = await get(plain.base, '/dashboard/history');
    expect(res.status).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", expect.stringMatching(/^ws:\/\/localhost:/)]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends no HSTS over a plain-http PUBLIC_URL (the default), and sends it with an https one', async () => {
    expect((await get(plain.base, '/')).headers['strict-transport-security']).toBeUndefined();
    expect((await get(plain.base, '/api/health')).headers['strict-transport-security']).toBeUndefined();

    const https = await start({ PUBLIC_URL: 'https://screening.example.com' });
    try {
      for (const url of ['/', '/api/health', '/assets/index-Ab12Cd34.js']) {
        const res = await get(https.base, url);
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
        const csp = directives(res.headers['content-security-policy']);
        expect(csp.has('upgrade-insecure-requests')).toBe(true);
        expect(csp.get('connect-src')).toEqual(["'self'", 'wss://screening.example.com']);
      }
    } finally {
      await https.server.close();
    }
  }, 60_000);

  it('gives the API docs page its own policy (Redoc searches in a blob: worker) and the API its headers', async () => {
    const docs = await get(plain.base, '/api/docs');
    expect(docs.status).toBe(200);
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(docs.names.filter((n) => n === 'content-security-policy')).toHaveLength(1); // replaced, not added to
    const health = await get(plain.base, '/api/health');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['cache-control']).toBe('no-store');
  });
});

describe('caching and compression', () => {
  it('serves a hashed asset as brotli or gzip as accepted, each decoding to the asset, cached for good', async () => {
    const br = await get(plain.base, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(br.body).equals(SCRIPT)).toBe(true);

    const gz = await get(plain.base, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.body).equals(SCRIPT)).toBe(true);

    const identity = await get(plain.base, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/Accept-Encoding/i);
    expect(identity.body.equals(SCRIPT)).toBe(true);

    // Each encoding is its own representation: a cache revalidating one must not be handed another.
    expect(new Set([br.headers.etag, gz.headers.etag, identity.headers.etag]).size).toBe(3);
  });

  it('answers a missing asset with 404, not with the SPA page', async () => {
    const res = await get(plain.base, '/assets/index-Gone0000.js');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });

  it('revalidates index.html on every visit and caches unhashed files for an hour', async () => {
    for (const url of ['/', '/login', '/admin/customers', '/index.html']) {
      const res = await get(plain.base, url);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toContain('/assets/index-Ab12Cd34.js');
    }
    expect((await get(plain.base, '/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('compresses JSON answers as they are sent when the client accepts it, and small ones not at all', async () => {
    const identity = await get(plain.base, '/api/openapi.json', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    const gz = await get(plain.base, '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gz.body.length).toBeLessThan(identity.body.length / 4);
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(identity.body.toString()));
    const br = await get(plain.base, '/api/openapi.json', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);

    const small = await get(plain.base, '/api/health', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ status: 'ok', integrity: { state: 'verified', writes: 'open' } });
  });
});

it('serves the docs renderer copied by the build as its precompressed brotli, cached for an hour', async () => {
  // dist/docs as `npm run build` leaves it (a production image has no redoc in node_modules).
  const docs = mkdtempSync(path.join(tmpdir(), 'ws-docs-'));
  dirs.push(docs);
  const renderer = Buffer.from(`/* redoc */ ${'var x = 1;'.repeat(500)}`);
  writeFileSync(path.join(docs, REDOC_BUNDLE), renderer);
  writeFileSync(path.join(docs, `${REDOC_BUNDLE}.br`), brotliCompressSync(renderer));
  writeFileSync(path.join(docs, `${REDOC_BUNDLE}.gz`), gzipSync(renderer));
  const app = express().use('/api/docs/assets', docsAssets(docs));
  const http = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => http.once('listening', resolve));
  try {
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const br = await get(base, `/api/docs/assets/${REDOC_BUNDLE}`, { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=3600');
    expect(brotliDecompressSync(br.body).equals(renderer)).toBe(true);
    const plain = await get(base, `/api/docs/assets/${REDOC_BUNDLE}`, { 'accept-encoding': 'identity' });
    expect(plain.body.equals(renderer)).toBe(true);
  } finally {
    http.close();
  }
});
