/**
 * The SPA as Chromium receives it from the real server (issue 13): the landing page's first visit
 * within its budgets (≤ 250 KB over the network, headers included; ≤ 150 KB of script gzipped), its
 * assets compressed and cached for good; and no Content-Security-Policy violation anywhere a
 * customer and an admin go: the landing page (its tooltip and mobile menu, loaded on demand), sign
 * in, a wallet check through to its PDF, every dashboard and admin screen, a notification, and the
 * API docs page.
 *
 * The SPA is served from dist/: run `npm run build` first.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { launchBrowser, screenshot } from '../support/browser';
import { measureFirstLoad } from '../support/page-weight';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

const KB = 1024;

let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes(), { path: '/chainabuse/reports', replies: [{ json: { reports: [], count: 0 } }] }]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAINABUSE_URL: `${replay.url}/chainabuse`,
    CHAINABUSE_API_KEY: 'e2e-test-key',
    CHAIN_DATA_RETRIES: '0',
  });
  base = server.url.replace('localhost', '127.0.0.1');
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
});

it('loads the landing page within its budgets, compressed, its hashed assets cached for good', async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const weight = await measureFirstLoad(context, `${base}/`, (page) => page.getByRole('heading', { name: /Is This Wallet Clean\?/i }).waitFor());
  await context.close();
  const summary = {
    transferredKB: Math.round(weight.transferred / KB),
    scriptGzippedKB: Math.round(weight.scriptGzipped / KB),
    decodedKB: Math.round(weight.decoded / KB),
  };
  console.log(`landing page, first visit: ${JSON.stringify(summary)}`);

  expect(weight.transferred).toBeLessThanOrEqual(250 * KB);
  expect(weight.scriptGzipped).toBeLessThanOrEqual(150 * KB);
  // Everything of size came compressed: scripts and styles larger than 1 KB as brotli (Chromium accepts it).
  const big = weight.responses.filter((r) => (r.type === 'Script' || r.type === 'Stylesheet') && r.decoded > KB);
  expect(big.length).toBeGreaterThan(0);
  expect(big.filter((r) => r.encoding !== 'br').map((r) => r.url)).toEqual([]);
  expect(weight.transferred).toBeLessThan(weight.decoded / 3);

  const script = big.find((r) => r.type === 'Script')!;
  const res = await fetch(script.url);
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
}, 60_000);

it('sets the stored or the system colour scheme before the app script runs, from a file the policy allows', async () => {
  const scheme = async (stored: string | null) => {
    const context = await browser.newContext({ colorScheme: 'dark', baseURL: base });
    if (stored) await context.addInitScript((value) => localStorage.setItem('mantine-color-scheme-value', value), stored);
    const page = await context.newPage();
    // The app never starts: what the page shows before it does is all there is.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    const attribute = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await context.close();
    return { attribute, background };
  };
  const system = await scheme(null);
  expect(system.attribute).toBe('dark');
  const light = await scheme('light');
  expect(light.attribute).toBe('light');
  // The stylesheet follows the attribute: the two pages are painted differently before any script.
  expect(system.background).not.toBe(light.background);
}, 60_000);

/** A context that records every CSP violation its pages report, and their console's CSP complaints. */
async function watchedContext(violations: string[], viewport = { width: 1440, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: base, acceptDownloads: true });
  await context.exposeBinding('reportViolation', ({ page }, text: string) => violations.push(`${page.url()}: ${text}`));
  // Added through DevTools, not as a page script, so the policy under test does not block it.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { reportViolation: (t: string) => Promise<void> }).reportViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  context.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(`${message.location().url}: ${message.text()}`);
  });
  context.on('weberror', (error) => violations.push(`page error: ${error.error().message}`));
  return context;
}

async function visit(page: Page, url: string, ready: () => Promise<unknown>) {
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
}

it('reports no CSP violation on the landing page, a check with its PDF, every dashboard and admin screen, and the API docs', async () => {
  const violations: string[] = [];

  // The landing page, its tooltip (loaded on first hover) and, on a phone, its drawer menu.
  const wide = await watchedContext(violations);
  let page = await wide.newPage();
  page.setDefaultTimeout(30_000);
  await visit(page, '/', () => page.getByRole('heading', { name: /Is This Wallet Clean\?/i }).waitFor());
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Switch to (dark|light) theme/ })
    .hover();
  await page
    .getByRole('tooltip')
    .filter({ hasText: /Switch to (dark|light) theme/ })
    .waitFor();
  await wide.close();
  const narrow = await watchedContext(violations, { width: 390, height: 844 });
  page = await narrow.newPage();
  await visit(page, '/', () => page.getByRole('heading', { name: /Is This Wallet Clean\?/i }).waitFor());
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign in' }).waitFor();
  await screenshot(page, 'landing-mobile-menu');
  await narrow.close();

  // A customer: signs in, checks a wallet, downloads its PDF, opens every dashboard screen.
  const customer = { email: 'csp@exchange.example', username: 'Exchange Ltd', password: 'Str0ng-Passphrase-2026' };
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  const context = await watchedContext(violations);
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await visit(page, '/login', () => page.getByRole('button', { name: /^login$/i }).waitFor());
  await page.getByLabel(/e-?mail/i).fill(customer.email);
  await page.getByLabel(/password/i).fill(customer.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/dashboard/wallet-checker');
  await page.getByTestId('wallet-address-input').fill(a.btcWallet);
  await page.getByTestId('check-button').click();
  const result = page.getByTestId('analysis-result');
  await result.waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download AML Report' }).click()]);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  for (const screen of ['history', 'top-up', 'batch', 'watchlist', 'alerts', 'api-keys', 'webhooks']) {
    await visit(page, `/dashboard/${screen}`, () => page.getByRole('navigation', { name: 'Dashboard' }).waitFor());
  }
  await context.close();

  // An admin: every admin screen (Financial Stats draws charts), and a notification (the audit export's).
  const admin = await watchedContext(violations);
  page = await admin.newPage();
  page.setDefaultTimeout(30_000);
  await visit(page, '/admin-login', () => page.getByRole('button', { name: /^login$/i }).waitFor());
  await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/admin/customers');
  for (const screen of ['customers', 'purchases', 'history', 'wallets', 'financial-stats', 'sanctions', 'streams', 'audit']) {
    await visit(page, `/admin/${screen}`, () => page.getByRole('heading', { level: 1 }).first().waitFor());
  }
  await page.getByRole('button', { name: /Export JSONL/ }).click();
  await page.getByText('Export ready').waitFor();
  await screenshot(page, 'admin-audit-export-notification');
  await admin.close();

  expect(violations).toEqual([]);

  // The API docs page, under its own policy. Redoc's sidebar always asks its maker's CDN for a logo;
  // refusing it is the policy's point (the page reaches nothing but this origin), so that refusal,
  // and only it, is expected.
  const docsViolations: string[] = [];
  const docs = await watchedContext(docsViolations);
  page = await docs.newPage();
  await visit(page, '/api/docs', () => page.getByText('/api/transactions/analyze-realtime').first().waitFor({ timeout: 30_000 }));
  await docs.close();
  const redocLogo = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
  expect(docsViolations.filter((v) => !v.includes(redocLogo))).toEqual([]);
}, 240_000);
