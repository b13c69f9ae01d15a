/**
 * A customer buys a plan in a real browser through the local test-payment provider (no Stripe key)
 * and sees the new count; an admin then finds the purchase on the Purchases screen.
 */
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let base: string;
const customer = { email: 'treasury@exchange.example', password: 'Treasury-Passphrase-51', username: 'Exchange' };

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

async function newPage(viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: base });
  return context.newPage();
}

it('a customer buys the Professional plan with a test payment and sees 70 premium checks', async () => {
  const page = await newPage();
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(customer.email);
  await page.getByLabel(/password/i).fill(customer.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/dashboard/**');
  await page.getByTestId('premium-checks').first().filter({ hasText: '20' }).waitFor();

  await page.goto('/dashboard/top-up');
  await page.getByRole('heading', { name: 'Upgrade Your Plan' }).waitFor();
  const card = page.locator('[data-testid="plan-card"][data-plan="professional"]');
  await card.waitFor();
  expect(await page.getByTestId('plan-card').count()).toBe(3);
  expect(await card.getByTestId('plan-price').textContent()).toBe('$99.00');
  expect(await card.getByTestId('plan-price-per-check').textContent()).toBe('$1.98 per check');
  await expect(card.getByText('50 Wallet Checks').isVisible()).resolves.toBe(true);
  await screenshot(page, 'billing-top-up');

  await card.getByRole('button', { name: 'Buy Professional' }).click();
  await page.waitForURL('**/dashboard/top-up/confirm?session=*');
  await page.getByText('Test payment — no money is charged').waitFor();
  await page.getByTestId('confirm-amount').filter({ hasText: '$99.00' }).waitFor();
  await screenshot(page, 'billing-confirm');
  // The test-payment notice's title once read at 2.7:1.
  await expectAccessible(page, 'Confirm your purchase');

  await page.getByRole('button', { name: 'Confirm test payment' }).click();
  await page.getByText('50 checks added. You now have 70 premium checks.').waitFor();
  await page.getByTestId('premium-checks').first().filter({ hasText: '70' }).waitFor();
  await screenshot(page, 'billing-confirmed');
  await page.context().close();
}, 60_000);

it('an admin sees the purchase on the Purchases screen, found by e-mail', async () => {
  const page = await newPage();
  await page.goto('/admin-login');
  await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/admin/customers');
  await page.goto('/admin/purchases');
  await page.getByLabel('Search by e-mail').fill('treasury@');
  const row = page.locator(`[data-testid="purchase-row"][data-email="${customer.email}"]`);
  await row.waitFor();
  for (const header of ['User Email', 'Type', 'Amount', 'Remaining Checks', 'Created At', 'Expires At']) {
    await page.getByRole('columnheader', { name: header }).waitFor();
  }
  await row.getByText('Professional').waitFor();
  // Paid on the built-in test-payment page: marked as a test payment.
  expect(await row.getByTestId('purchase-amount').textContent()).toBe('Test$99.00');
  await row.getByTestId('test-payment').waitFor();
  expect(await row.getByTestId('purchase-remaining').textContent()).toMatch(/^50\s*\/ 50$/);
  await screenshot(page, 'billing-admin-purchases');

  await page.getByLabel('Search by e-mail').fill('nobody-bought-this');
  await page.getByText('No purchases found').waitFor();
  await page.context().close();
}, 60_000);
