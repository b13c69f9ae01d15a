/**
 * An auditor in a real browser against the real server: an admin adds the auditor from Customers
 * (the form's own validation first), the auditor signs in to the admin area, is told the access is
 * read-only, reads customers and the sanctions page without a single action on them, and the audit
 * log shows what the auditor viewed.
 */
import type { Browser, Page } from 'playwright-core';
import { adminMessages } from '@walletscreen/contracts';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { expectAccessible } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let base: string;
const customer = { email: 'desk@otc.example', password: 'Otc-Desk-Passphrase-9', username: 'OTC Desk' };
const auditor = { email: 'vera@audit.example', name: 'Vera Auditor', password: 'Review-Passphrase-31' };

beforeAll(async () => {
  server = await startTestServer({});
  base = server.url.replace('localhost', '127.0.0.1');
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

async function signInToAdminArea(email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, baseURL: base });
  const page = await context.newPage();
  await page.goto('/admin-login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/admin/customers');
  return page;
}

it('an admin adds an auditor, who reads the admin area without any action and whose views are recorded', async () => {
  const admin = await signInToAdminArea(ADMIN.email, ADMIN.password);
  await admin.getByRole('button', { name: 'Add auditor' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add an auditor' });
  await dialog.getByRole('button', { name: 'Add auditor' }).click();
  // The form says what is missing before anything is sent.
  await dialog.getByText(adminMessages.auditorNameRequired).waitFor();
  await dialog.getByLabel(/e-?mail/i).fill(auditor.email);
  await dialog.getByLabel('Name').fill(auditor.name);
  await dialog.getByLabel('First password').fill(auditor.password);
  await expectAccessible(admin, 'the add-auditor modal');
  await dialog.getByRole('button', { name: 'Add auditor' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const auditorRow = admin.locator(`[data-testid="customer-row"][data-email="${auditor.email}"]`);
  await auditorRow.getByText('Auditor').waitFor();
  // An auditor runs no checks: no Top Up; an admin can still block the account.
  expect(await auditorRow.getByRole('button', { name: `Top up ${auditor.email}` }).count()).toBe(0);
  expect(await auditorRow.getByRole('button', { name: `Block ${auditor.email}` }).count()).toBe(1);

  const page = await signInToAdminArea(auditor.email, auditor.password);
  await page.getByText('Auditor · read-only').waitFor();
  await page.locator(`[data-testid="customer-row"][data-email="${customer.email}"]`).waitFor();
  expect(await page.getByRole('button', { name: /^(Top up|Block|Unblock) / }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Add auditor' }).count()).toBe(0);
  expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
  await expectAccessible(page, 'Customers, read-only');
  await screenshot(page, 'auditor-customers');

  await page.getByRole('link', { name: 'Sanctions & lists' }).click();
  await page.getByRole('heading', { name: 'Custom block and allow lists' }).waitFor();
  expect(await page.getByRole('button', { name: /Sync now|Upload|Remove/ }).count()).toBe(0);

  // What the auditor viewed is in the audit log, as the admin reads it.
  const recorded = await server.eventStore.readStream(`auditor-access-${userIdForEmail(auditor.email)}`);
  expect(recorded.map((e) => (e.data as { path: string }).path)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^\/api\/admin\/customers/), expect.stringMatching(/^\/api\/admin\/lists/)]),
  );
  await admin.getByRole('link', { name: 'Audit log' }).click();
  await admin.getByText('Auditor viewed data').first().waitFor();
}, 90_000);
