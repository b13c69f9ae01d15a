/**
 * An admin manages a customer in a real browser against the real server: tops them up and sees
 * the count change, blocks them (the customer, signed in in another browser context, is signed
 * out at once and told why, and cannot sign in again), unblocks them; and finds the customer's check
 * in the admin history by e-mail.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { accountMessages } from '@walletscreen/contracts';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let base: string;
const customer = { email: 'ops@broker.example', password: 'Broker-Passphrase-77', username: 'Broker' };
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

beforeAll(async () => {
  server = await startTestServer({
    BLOCKSCOUT_POLYGON_URL: 'http://127.0.0.1:9/polygon',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
  });
  base = server.url.replace('localhost', '127.0.0.1');
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  // One completed check, for the admin history.
  const token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: customer })).body.token;
  const check = await server.api('POST', '/api/transactions/analyze-realtime', {
    token,
    body: { wallet_address: WALLET, network: 'polygon' },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(check.status).toBe(200);
  // Its Polygon source cannot be reached here: Incomplete, and its check is given back.
  for (let i = 0; i < 100; i++) {
    if ((await server.api<{ checks_left: number }>('GET', '/api/profile', { token })).body.checks_left === 20) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await server.projections.waitFor(await server.eventStore.headPosition());
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

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
}

async function adminPage(): Promise<Page> {
  const page = await newPage();
  await page.goto('/admin-login');
  await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/admin/customers');
  return page;
}

/** Modals fade in: a screenshot waits for the transition to end. */
async function settledScreenshot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

const row = (page: Page) => page.locator(`[data-testid="customer-row"][data-email="${customer.email}"]`);

/** Opens the action's confirm modal from the customer's row and confirms it. */
async function confirmAction(page: Page, action: 'Top up' | 'Block' | 'Unblock', shot?: string) {
  await page.getByRole('button', { name: `${action} ${customer.email}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
  if (shot) await settledScreenshot(page, shot);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('an admin managing a customer', () => {
  it('tops up, blocks (the customer is signed out and cannot sign in) and unblocks', async () => {
    const shopper = await newPage();
    await signIn(shopper, customer.email, customer.password);
    await shopper.waitForURL('**/dashboard/wallet-checker');

    const admin = await adminPage();
    await admin.getByLabel(/search/i).fill('broker');
    await expect(row(admin).getByTestId('customer-checks').textContent()).resolves.toBe('20');

    // Cancel changes nothing.
    await admin.getByRole('button', { name: `Top up ${customer.email}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'hidden' });

    await confirmAction(admin, 'Top up', 'admin-customers-confirm-topup');
    await row(admin).getByTestId('customer-checks').getByText('30', { exact: true }).waitFor();
    await admin.getByText(/now has 30 checks left/).waitFor();
    await screenshot(admin, 'admin-customers-topped-up');

    await confirmAction(admin, 'Block', 'admin-customers-confirm-block');
    await row(admin).getByText('Blocked').waitFor();
    await admin.getByRole('button', { name: `Unblock ${customer.email}` }).waitFor();
    await screenshot(admin, 'admin-customers-blocked');

    // The customer is told at once, without clicking anything: the server's socket message ends the
    // session and the sign-in page says why (within a second of the block, not at the next call).
    await shopper.waitForURL('**/login', { timeout: 3_000 });
    const notice = shopper.getByTestId('signed-out-notice');
    await notice.getByText('You have been signed out').waitFor({ timeout: 1_000 });
    await notice.getByText(accountMessages.blocked).waitFor();
    expect(await shopper.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull();
    await settledScreenshot(shopper, 'customer-blocked-signed-out');
    // Opening the dashboard again does not get past sign-in.
    await shopper.goto('/dashboard/history');
    await shopper.waitForURL('**/login');
    await signIn(shopper, customer.email, customer.password);
    await shopper.getByText(accountMessages.blocked).waitFor();
    await settledScreenshot(shopper, 'customer-blocked-sign-in');

    await confirmAction(admin, 'Unblock');
    await row(admin).getByText('User', { exact: true }).waitFor();
    await admin.getByRole('button', { name: `Block ${customer.email}` }).waitFor();

    await signIn(shopper, customer.email, customer.password);
    await shopper.waitForURL('**/dashboard/wallet-checker');

    // The audit log shows all of it, each with the admin's e-mail.
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.waitForURL('**/admin/audit');
    await admin.getByRole('textbox', { name: 'Admin', exact: true }).fill(ADMIN.email);
    const audit = admin.getByRole('table', { name: 'Audit log' });
    const mine = (type: RegExp) => audit.getByRole('row', { name: type }).filter({ hasText: customer.email }).filter({ hasText: ADMIN.email });
    // Filtered by the server to this admin's three actions.
    await admin.getByText('3 events', { exact: true }).waitFor();
    await expect(audit.getByRole('row', { name: /UserSignedIn|UserRegistered/ }).count()).resolves.toBe(0);
    await mine(/ChecksToppedUp/).waitFor();
    await mine(/UserRoleChanged/)
      .nth(1)
      .waitFor();
    await screenshot(admin, 'admin-audit-by-admin');
    await shopper.context().close();
    await admin.context().close();
  }, 60_000);

  it("suspends the customer's API keys with a block, says so at Block, Unblock and on their API keys page, and re-enables them at the admin's word", async () => {
    const integrator = { email: 'desk@integrator.example', password: 'Integrator-Passphrase-9', username: 'Integrator' };
    expect((await server.api('POST', '/api/auth/register', { body: integrator })).status).toBe(201);
    const token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: integrator })).body.token;
    const { key } = (await server.api<{ key: string }>('POST', '/api/keys', { token, body: { name: 'Payouts' } })).body;
    const screenings = async () => (await server.api('GET', '/api/v1/screenings', { headers: { 'X-API-Key': key } })).status;
    expect(await screenings()).toBe(200);
    const theirRow = (page: Page) => page.locator(`[data-testid="customer-row"][data-email="${integrator.email}"]`);
    const act = async (page: Page, name: string, says: RegExp, shot: string) => {
      await theirRow(page).getByRole('button', { name }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(says).waitFor();
      await settledScreenshot(page, shot);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.waitFor({ state: 'hidden' });
    };

    const admin = await adminPage();
    await admin.getByLabel(/search/i).fill('integrator');
    await act(admin, `Block ${integrator.email}`, /Their API keys are suspended too/, 'admin-customers-confirm-block-keys');
    await theirRow(admin).getByText('Blocked').waitFor();
    expect(await screenings()).toBe(403);
    await act(admin, `Unblock ${integrator.email}`, /Their API keys stay suspended/, 'admin-customers-confirm-unblock-keys');
    await admin.getByText(`${integrator.email} is unblocked. 1 API key stays suspended: re-enable it from the list.`).waitFor();
    const reenable = theirRow(admin).getByRole('button', { name: `Re-enable the 1 API key of ${integrator.email}` });
    await reenable.waitFor();
    await screenshot(admin, 'admin-customers-keys-suspended');
    expect(await screenings()).toBe(401);

    // The customer reads it on their API keys page.
    const desk = await newPage();
    await signIn(desk, integrator.email, integrator.password);
    await desk.waitForURL('**/dashboard/wallet-checker');
    await desk.goto('/dashboard/api-keys');
    await desk.getByTestId('api-keys-suspended').getByText('1 key is suspended').waitFor();
    await desk.locator('[data-testid="api-key-row"][data-status="suspended"]').getByText('Suspended').waitFor();
    await screenshot(desk, 'api-keys-suspended');

    await act(admin, `Re-enable the 1 API key of ${integrator.email}`, /They work again at once/, 'admin-customers-confirm-reenable-keys');
    await reenable.waitFor({ state: 'detached' });
    expect(await screenings()).toBe(200);
    await desk.reload();
    await desk.locator('[data-testid="api-key-row"][data-status="active"]').waitFor();
    expect(await desk.getByTestId('api-keys-suspended').count()).toBe(0);
    await desk.context().close();
    await admin.context().close();
  }, 60_000);

  it("finds the customer's checks in the admin history by e-mail, with the e-mail in the table and the details", async () => {
    const admin = await adminPage();
    await admin.goto('/admin/history');
    await admin.getByRole('heading', { name: 'Admin: Wallet Checks History' }).waitFor();
    await admin.getByTestId('history-row').first().waitFor();
    await admin.getByLabel('Email', { exact: true }).fill('nobody@');
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByTestId('history-empty').waitFor();
    await admin.getByLabel('Email', { exact: true }).fill('BROKER');
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByTestId('history-email').getByText(customer.email).waitFor();
    await screenshot(admin, 'admin-history');
    // A check is named by its id, not by its row number (which changed with every filter).
    const row = admin.getByTestId('history-row').filter({ hasText: customer.email }).first();
    const checkId = (await row.getAttribute('data-check-id'))!;
    expect(await row.getByTestId('check-id').textContent()).toBe(checkId.slice(0, 8));
    await row.getByRole('button', { name: `Details of check ${checkId.slice(0, 8)}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Check ${checkId.slice(0, 8)} details` });
    await dialog.getByText('Email').waitFor();
    await dialog.getByText(customer.email).waitFor();
    await dialog.getByText('AML Report').first().waitFor();
    await settledScreenshot(admin, 'admin-history-details');
    await admin.context().close();
  }, 60_000);
});
