/**
 * Admin controls in a real browser against the real server (issue 29): the header says who is
 * signed in; a top-up of a custom amount with a note; a block whose reason the customer is told
 * when signing in; the Admins page adds an admin and removes them again.
 */
import type { Browser, Page } from 'playwright-core';
import { accountMessages, adminMessages } from '@walletscreen/contracts';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let base: string;
const customer = { email: 'desk@otc.example', password: 'Otc-Desk-Passphrase-42', username: 'OTC desk' };
const newAdmin = { email: 'second@walletscreen.test', username: 'Second', password: 'Second-Admin-Passphrase-9' };

beforeAll(async () => {
  server = await startTestServer();
  base = server.url.replace('localhost', '127.0.0.1');
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  await server.projections.waitFor(await server.eventStore.headPosition());
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
  return context.newPage();
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

const row = (page: Page) => page.locator(`[data-testid="customer-row"][data-email="${customer.email}"]`);

describe('admin controls', () => {
  it('says who is signed in, tops up a custom amount with a note, and blocks with a reason the customer is told', async () => {
    const admin = await adminPage();
    const who = admin.getByTestId('signed-in-as');
    await who.getByText(ADMIN.email).waitFor();
    await who.getByText('admin', { exact: true }).waitFor();

    await admin.getByRole('button', { name: `Top up ${customer.email}` }).click();
    const dialog = admin.getByRole('dialog');
    const amount = dialog.getByLabel('Checks to add');
    await amount.fill('10001');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText(adminMessages.amountInvalid).waitFor();
    await amount.fill('250');
    await dialog.getByText(adminMessages.amountInvalid).waitFor({ state: 'detached' });
    expect(await amount.getAttribute('aria-invalid')).not.toBe('true');
    await dialog.getByLabel('Note').fill('Goodwill for the outage');
    await admin.waitForTimeout(400);
    await screenshot(admin, 'admin-topup-custom-amount');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(admin).getByTestId('customer-checks').getByText('270', { exact: true }).waitFor();
    await admin.getByText(/now has 270 checks left \(\+250\)/).waitFor();

    await admin.getByRole('button', { name: `Block ${customer.email}` }).click();
    await dialog.getByLabel('Reason').fill('Chargebacks under review');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(admin).getByText('Blocked').waitFor();

    const shopper = await newPage();
    await shopper.goto('/login');
    await shopper.getByLabel(/e-?mail/i).fill(customer.email);
    await shopper.getByLabel(/password/i).fill(customer.password);
    await shopper.getByRole('button', { name: /^login$/i }).click();
    await shopper.getByText(`${accountMessages.blocked} Reason: Chargebacks under review`).waitFor();
    await screenshot(shopper, 'customer-blocked-with-reason');

    // The audit log records the top-up's note.
    const topUps = await server.api<{ items: { data: { amount: number; reason: string } }[] }>('GET', '/api/admin/audit?type=ChecksToppedUp', {
      token: (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token,
    });
    expect(topUps.body.items[0]!.data).toMatchObject({ amount: 250, reason: 'Goodwill for the outage' });
    await shopper.context().close();
    await admin.context().close();
  }, 60_000);

  it('adds an admin on the Admins page and removes them; the only other admin is oneself', async () => {
    const admin = await adminPage();
    await admin.getByRole('link', { name: 'Admins', exact: true }).click();
    await admin.waitForURL('**/admin/admins');
    const table = admin.getByRole('table', { name: 'Admins' });
    await table.getByText(ADMIN.email).waitFor();
    // Oneself cannot be removed.
    await expect(admin.getByRole('button', { name: `Remove ${ADMIN.email} as an admin` }).count()).resolves.toBe(0);

    await admin.getByRole('button', { name: 'Add admin' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add an admin' });
    await dialog.getByLabel('E-mail').fill(newAdmin.email);
    await dialog.getByLabel('Name').fill(newAdmin.username);
    await dialog.getByLabel('First password').fill(newAdmin.password);
    await dialog.getByRole('button', { name: 'Add admin' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await table.locator(`[data-testid="admin-row"][data-email="${newAdmin.email}"]`).waitFor();
    await screenshot(admin, 'admin-admins');

    await admin.getByRole('button', { name: `Remove ${newAdmin.email} as an admin` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Remove admin' });
    await confirm.getByLabel('Reason').fill('Trial over');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await table.locator(`[data-testid="admin-row"][data-email="${newAdmin.email}"]`).waitFor({ state: 'detached' });
    await admin.context().close();
  }, 60_000);
});
