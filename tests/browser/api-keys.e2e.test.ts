/**
 * A customer's API key in a real browser against the real server: created on the API keys screen
 * and shown once, used from outside the browser (the list then says when), revoked from the screen
 * with the keyboard, after which the same call is refused.
 */
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let base: string;
const customer = { email: 'integrations@exchange.example', password: 'Integr4tion-Passphrase', username: 'Exchange' };

beforeAll(async () => {
  server = await startTestServer();
  base = server.url.replace('localhost', '127.0.0.1');
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

async function signedInPage(colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base, colorScheme });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(customer.email);
  await page.getByLabel(/password/i).fill(customer.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/dashboard/**');
  return page;
}

/** A screenshot once the modals' transitions are over (a spinner's endless turn is not waited for). */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  await screenshot(page, name);
}

/** GET /api/v1/screenings from outside the browser, as a customer's own system would. */
const listScreenings = (key: string) => fetch(`${base}/api/v1/screenings`, { headers: { 'X-API-Key': key } });

it('creates a key shown once, sees its use in the list, revokes it, and the key stops working', async () => {
  const page = await signedInPage();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'API keys' }).click();
  await page.waitForURL('**/dashboard/api-keys');
  await page.getByText('No API keys yet').waitFor();
  const panel = page.getByRole('region', { name: 'How to call the API' });
  await panel.getByText(`curl -s "${base}/api/v1/screenings"`).waitFor();
  expect(await panel.getByRole('link', { name: /API reference/ }).getAttribute('href')).toBe('/api/docs');
  await shot(page, 'api-keys-empty');

  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create an API key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await form.getByText('Give the key a name').waitFor();
  await form.getByLabel(/^Name/).fill('Deposits service');
  await form.getByLabel('Monitor').uncheck();
  // The last day the key works, typed as the app writes dates; it stops at the end of that day (UTC).
  const lastDay = new Date(Date.now() + 365 * 86_400_000);
  const lastDayText = `${String(lastDay.getUTCDate()).padStart(2, '0')}.${String(lastDay.getUTCMonth() + 1).padStart(2, '0')}.${lastDay.getUTCFullYear()}`;
  await form.getByLabel(/^Expires on/).fill(lastDayText);
  await form.getByLabel(/^Expires on/).press('Tab');
  await shot(page, 'api-keys-create');
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await shown.getByText('This is the only time the whole key is shown', { exact: false }).waitFor();
  const key = (await shown.getByTestId('new-api-key').textContent())!.trim();
  expect(key).toMatch(/^wsk_[0-9a-f]{12}_[A-Za-z0-9_-]{54}$/);
  await shot(page, 'api-keys-shown-once');
  await shown.getByRole('button', { name: 'I have copied the key' }).click();
  await shown.waitFor({ state: 'hidden' });
  expect(await page.getByText(key).count()).toBe(0);

  const row = page.getByTestId('api-key-row').filter({ hasText: 'Deposits service' });
  await row.getByText(`${key.slice(0, 16)}…`).waitFor();
  await row.getByText('Screen', { exact: true }).waitFor();
  await row.getByText('Read', { exact: true }).waitFor();
  expect(await row.getByText('Monitor', { exact: true }).count()).toBe(0);
  expect(await row.getByTestId('api-key-status').textContent()).toBe('Active');
  expect(await row.getByTestId('api-key-last-used').textContent()).toBe('Never');
  await row.getByText(lastDayText).waitFor();

  expect((await listScreenings(key)).status).toBe(200);
  // The use is recorded as an event and reaches the list a moment later.
  let lastUsed = 'Never';
  for (let i = 0; i < 20 && lastUsed === 'Never'; i++) {
    await page.reload();
    lastUsed = (await row.getByTestId('api-key-last-used').textContent()) ?? '';
    if (lastUsed === 'Never') await page.waitForTimeout(250);
  }
  expect(lastUsed).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await shot(page, 'api-keys-list');

  // Revoke with the keyboard: the confirmation opens on Cancel; Tab reaches "Revoke key".
  await row.getByRole('button', { name: 'Revoke Deposits service' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
  await confirm.getByText('Calls with this key are refused at once', { exact: false }).waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
  await shot(page, 'api-keys-revoke');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Revoke key');
  await page.keyboard.press('Enter');
  await confirm.waitFor({ state: 'hidden' });
  await row.getByTestId('api-key-status').filter({ hasText: 'Revoked' }).waitFor();
  expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);

  const refused = await listScreenings(key);
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { error: string }).error).toBe('This API key was revoked');
  await page.context().close();
}, 90_000);

it('reads the same in the dark theme', async () => {
  const { body } = await server.api<{ token: string }>('POST', '/api/auth/login', { body: { email: customer.email, password: customer.password } });
  const expiresAt = `${new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)}T23:59:59Z`;
  expect(
    (await server.api('POST', '/api/keys', { token: body.token, body: { name: 'Nightly reconciliation', scopes: ['read'], expires_at: expiresAt } })).status,
  ).toBe(201);
  const page = await signedInPage('dark');
  await page.goto('/dashboard/api-keys');
  await page.getByTestId('api-key-row').nth(1).waitFor();
  expect(await page.getByTestId('api-key-row').first().getByText('Nightly reconciliation').count()).toBe(1);
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
  await shot(page, 'api-keys-list-dark');
  await expectAccessible(page, 'API keys (dark)');
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByRole('dialog', { name: 'Create an API key' }).waitFor();
  await shot(page, 'api-keys-create-dark');
  await expectAccessible(page, 'Create an API key (dark)');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('dialog', { name: 'Create an API key' }).waitFor({ state: 'hidden' });
  await shot(page, 'api-keys-phone-dark');
  await page.context().close();
}, 60_000);
