/**
 * An admin audits in a real browser against the real server: the audit log shows a customer's
 * registration and sign-in with their e-mail, filters by type, opens an event (its JSON and hash),
 * verifies the chain, shows the balance history and exports JSON Lines; Sanctions & lists shows the
 * OFAC status and takes a small block list upload, then removes it after a confirmation.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let base: string;
const customer = { email: 'auditee@fund.example', password: 'Auditee-Passphrase-9', username: 'Auditee' };

beforeAll(async () => {
  server = await startTestServer();
  base = server.url.replace('localhost', '127.0.0.1');
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  expect((await server.api('POST', '/api/auth/login', { body: customer })).status).toBe(200);
  await server.projections.waitFor(await server.eventStore.headPosition());
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

async function adminPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/admin-login');
  await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/admin/customers');
  return page;
}

it('shows the audit log with e-mails, filters by type, opens an event, verifies the chain and exports JSON Lines', async () => {
  const page = await adminPage();
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.waitForURL('**/admin/audit');
  const table = page.getByRole('table', { name: 'Audit log' });
  // Each event reads by its human name, with the recorded type beside it.
  const registered = table.getByRole('row', { name: /User registered \(UserRegistered\)/ }).filter({ hasText: customer.email });
  await registered.waitFor();
  expect(await registered.getByText('User registered', { exact: true }).count()).toBe(1);
  expect(await registered.getByTestId('event-type').textContent()).toBe('UserRegistered');
  await table
    .getByRole('row', { name: /UserSignedIn/ })
    .filter({ hasText: customer.email })
    .first()
    .waitFor();
  await screenshot(page, 'admin-audit-log');

  await page.getByRole('combobox', { name: 'Event type' }).click();
  await page.getByRole('option', { name: 'Signed in (UserSignedIn)' }).click();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('table[aria-label="Audit log"] tbody tr')].every((r) => r.textContent?.includes('UserSignedIn')),
  );
  expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(2); // the admin's sign-in and the customer's

  await table
    .getByRole('row', { name: /UserSignedIn/ })
    .filter({ hasText: customer.email })
    .first()
    .click();
  const drawer = page.getByRole('dialog');
  await drawer.getByText('"area": "dashboard"').waitFor();
  await drawer.getByText(/^[0-9a-f]{64}$/).waitFor();
  await page.waitForTimeout(400);
  await screenshot(page, 'admin-audit-event');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Verify chain' }).click();
  await page.getByText('Chain intact').waitFor();

  await table.getByRole('button', { name: customer.email }).first().click();
  await page.getByRole('table', { name: 'Balance changes' }).getByText('User registered', { exact: true }).waitFor();
  await screenshot(page, 'admin-audit-verified-balance');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSONL' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^walletscreen-audit-\d{4}-\d{2}-\d{2}\.jsonl$/);
  const lines = readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string });
  expect(lines.length).toBeGreaterThanOrEqual(2);
  expect(lines.every((l) => l.type === 'UserSignedIn')).toBe(true);
  await page.context().close();
}, 60_000);

it('shows the OFAC status and uploads, then removes, a small block list', async () => {
  const page = await adminPage();
  await page.getByRole('link', { name: 'Sanctions & lists' }).click();
  await page.waitForURL('**/admin/sanctions');
  await page.getByText('No list loaded').waitFor();
  await page.getByText('No custom list is in force.').waitFor();

  await page.getByLabel('List name').fill('Desk blocklist');
  await page
    .getByRole('form', { name: 'Upload a list' })
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'blocklist.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('# our own\n0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed # scam report\nnot-an-address\n'),
    });
  await page.getByRole('button', { name: 'Upload' }).click();
  const lists = page.getByRole('table', { name: 'Custom lists' });
  await lists.getByRole('row', { name: /Desk blocklist/ }).waitFor();
  await page.getByText('1 line rejected', { exact: true }).waitFor();
  await page.waitForTimeout(400);
  await screenshot(page, 'admin-sanctions-lists');

  await page.getByRole('button', { name: 'Remove Desk blocklist' }).click();
  await page.getByRole('dialog', { name: 'Remove this list?' }).getByRole('button', { name: 'Remove list' }).click();
  await page.getByText('No custom list is in force.').waitFor();
  const events = await server.eventStore.readAll({ filter: { eventTypes: ['CustomListUploaded', 'CustomListRemoved'] } });
  expect(events.map((e) => e.type)).toEqual(['CustomListUploaded', 'CustomListRemoved']);
  await page.context().close();
}, 60_000);
