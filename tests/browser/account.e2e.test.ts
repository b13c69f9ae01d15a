/**
 * The Account screen in a real browser against the real server: reached from the sidebar; the
 * change-password form refuses a wrong current password on its field; a change signs another
 * browser out at its next call while this one stays; the other browser's session is listed and
 * signed out from here; a purchase's receipt downloads as a PDF. axe-core audits the screen.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { accountMessages } from '@walletscreen/contracts';
import { expectAccessible } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let base: string;
const customer = { email: 'account@exchange.example', password: 'Acc0unt-Passphrase', username: 'Exchange' };
const newPassword = 'N3w-Account-Passphrase';

beforeAll(async () => {
  server = await startTestServer();
  base = server.url.replace('localhost', '127.0.0.1');
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  // A purchase through the built-in test-payment provider, for the receipt.
  const token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: customer })).body.token;
  const checkout = await server.api<{ checkout_url: string }>('POST', '/api/billing/create-subscription-session', { token, body: { price_id: 'starter' } });
  const session = /session=(lcs_[\w-]{32})$/.exec(checkout.body.checkout_url)![1]!;
  expect((await server.api('POST', '/api/billing/local/complete', { token, body: { session } })).status).toBe(200);
  await server.projections.waitFor(await server.eventStore.headPosition());
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

async function signedInPage(password: string, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    baseURL: base,
    acceptDownloads: true,
    ...(userAgent ? { userAgent } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(customer.email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/dashboard/**');
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));

it('changes the password (the other browser is signed out, this one stays), signs out a session and downloads a receipt', async () => {
  const other = await signedInPage(
    customer.password,
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  );
  const page = await signedInPage(customer.password);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Account' }).click();
  await page.waitForURL('**/dashboard/account');
  await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();

  // Both sessions are listed, this one marked.
  const sessions = page.getByRole('table', { name: 'Active sessions' });
  await sessions.getByRole('row').filter({ hasText: 'Chrome on Windows' }).waitFor();
  await sessions.getByText('This browser').waitFor();
  const purchases = page.getByRole('table', { name: 'Purchase history' });
  await purchases.getByRole('row').filter({ hasText: 'Starter' }).waitFor();
  await expectAccessible(page, '/dashboard/account');
  await screenshot(page, 'account-page');

  // A wrong current password shows on its field; nothing changes.
  await field(page, 'Current password').fill('not-the-password');
  await field(page, 'New password').fill(newPassword);
  await field(page, 'Repeat new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText(accountMessages.currentPasswordWrong).waitFor();
  await expectAccessible(page, '/dashboard/account with a refused change');

  await field(page, 'Current password').fill(customer.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText(accountMessages.passwordChanged).waitFor();
  // The other browser's session is gone from the list, and its next call signs it out.
  await sessions.getByRole('row').filter({ hasText: 'Chrome on Windows' }).waitFor({ state: 'detached' });
  await other.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'History' }).click();
  await other.waitForURL('**/login');
  // This one goes on.
  await page.reload();
  await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
  expect(page.url()).toMatch(/\/dashboard\/account$/);

  // Another sign-in, signed out from here with its own button.
  const third = await signedInPage(newPassword, 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
  await page.reload();
  const row = sessions.getByRole('row').filter({ hasText: 'Firefox on Linux' });
  await row.getByRole('button', { name: /^Sign out Firefox on Linux/ }).click();
  await row.waitFor({ state: 'detached' });
  await third.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'History' }).click();
  await third.waitForURL('**/login');

  // The receipt.
  const [download] = await Promise.all([page.waitForEvent('download'), purchases.getByRole('button', { name: /^Download receipt WS-/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Receipt_WS-\d{8}-[0-9A-F]{8}\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
}, 120_000);
