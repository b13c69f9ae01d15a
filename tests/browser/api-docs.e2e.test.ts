/**
 * The API reference page in a real browser against the real server: /api/docs renders
 * /api/openapi.json with the renderer this server serves (no CDN), under a Content-Security-Policy
 * that lets the page reach nothing but this origin; a route's summary and its parameters show, and
 * the search finds a route.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.url.replace('localhost', '127.0.0.1');
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

/** The window as a person sees it (the whole page is tens of thousands of pixels tall). */
async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

it('renders the reference page from this server alone, with each route and its parameters', async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
  const page = await context.newPage();
  const answered: string[] = [];
  page.on('response', (response) => answered.push(response.url()));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toMatch(/default-src 'none'.*script-src 'self'/);
  expect(response?.headers()['x-frame-options']).toBe('DENY');

  const analyze = page.getByRole('heading', { name: 'Check a wallet: charges one premium check (bonus first) and runs the seven-stage analysis' });
  await analyze.scrollIntoViewIfNeeded();
  await analyze.waitFor();
  await page.getByText('Idempotency-Key', { exact: true }).first().waitFor();
  await page.getByText('/api/transactions/analyze-realtime').first().waitFor();
  await screenshot(page, 'api-docs');

  await page.getByPlaceholder('Search...').fill('topup');
  await page
    .locator('[data-role="search:results"]')
    .getByRole('menuitem', { name: /Credit a customer with checks/ })
    .waitFor();
  await screenshot(page, 'api-docs-search');

  // Everything the page loaded came from this server (the renderer's CDN logo is refused by the policy).
  expect(answered.filter((url) => !url.startsWith(base) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
  expect(answered).toEqual(expect.arrayContaining([`${base}/api/openapi.json`, `${base}/api/docs/assets/redoc.standalone.js`]));
  expect(errors).toEqual([]);
  await context.close();
}, 60_000);
