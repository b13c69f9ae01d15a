/**
 * An admin loads OFAC's list from a file on the Sanctions & lists screen, in a real browser against
 * the real server: the status card goes from "No list loaded" to the list in force (publication
 * date, format, where it came from, what its addresses cover); an older file is refused in words,
 * the card noting the refused attempt; ticking "Replace the list in force even though this file is
 * older" loads it. The files are the invented fixtures of workers/test-fixtures/sanctions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

const fixture = (name: string) => readFileSync(path.resolve(__dirname, '../../workers/test-fixtures/sanctions', name));

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

async function sanctionsPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, baseURL: base });
  const page = await context.newPage();
  await page.goto('/admin-login');
  await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/admin/customers');
  await page.getByRole('link', { name: 'Sanctions & lists' }).click();
  await page.waitForURL('**/admin/sanctions');
  return page;
}

/** A customer signed in on the Wallet Checker. */
async function walletChecker(): Promise<Page> {
  const user = { email: 'desk@exchange.example', password: 'Desk-Passphrase-2026', username: 'Desk' };
  await server.api('POST', '/api/auth/register', { body: user });
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 }, baseURL: base })).newPage();
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(user.email);
  await page.getByLabel(/password/i).fill(user.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/dashboard/wallet-checker');
  return page;
}

it('loads an OFAC file from the Sanctions & lists screen, and the status card shows the list in force', async () => {
  // A customer's Wallet Checker, open before the list is loaded, warns that none is.
  const customer = await walletChecker();
  await customer.getByText('Sanctions screening unavailable').waitFor();

  const page = await sanctionsPage();
  await page.getByText('No list loaded').waitFor();
  const form = page.getByRole('form', { name: 'Load an OFAC file' });
  await expectDisabled(form.getByRole('button', { name: 'Load OFAC file' }));

  await form.locator('input[type="file"]').setInputFiles({ name: 'SDN_ADVANCED.XML', mimeType: 'application/xml', buffer: fixture('SDN_ADVANCED.XML') });
  await form.getByRole('button', { name: 'Load OFAC file' }).click();
  await form.getByText('File loaded').waitFor();
  await form.getByText('The list in force is now SDN_ADVANCED.XML published 20.11.2026, with 19 listed addresses.').waitFor();

  // The card updated: the list in force, its date and age, where it came from, what it covers.
  await page.getByText('20.11.2026', { exact: true }).waitFor();
  await page.getByText(/^published (today|yesterday|\d+ days ago)$/).waitFor();
  await page.getByText(`uploaded by ${ADMIN.email}: SDN_ADVANCED.XML`).waitFor();
  // Every listed address is screened: XMR and ZEC on their own chains, against the lists only.
  await page.getByText("19 screened, 3 of them under another chain than their ticker's").waitFor();
  await expectNoText(page, 'Cannot be screened, on chains WalletScreen does not support');
  await expectNoText(page, 'No list loaded');
  await page.waitForTimeout(300);
  await screenshot(page, 'admin-sanctions-ofac-loaded');
  await page.context().close();

  // The customer's page, still open, checks a Bitcoin address OFAC lists under USDT (Omni Layer):
  // flagged, and the warning goes once the check shows the list was used.
  await customer.getByTestId('wallet-address-input').fill('129eYFMGqbRpqTpJn2TyvnM1gfjCEXTJxD');
  await customer.getByTestId('check-button').click();
  const result = customer.getByTestId('analysis-result');
  await result
    .getByText('Sanctioned: IBIS RELAY SERVICES LTD. (OFAC SDN: CYBER2; listed under USDT (Omni Layer))', { exact: true })
    .waitFor({ timeout: 60_000 });
  await result.getByText('High Risk').first().waitFor();
  await customer.getByText('Sanctions screening unavailable').waitFor({ state: 'detached' });
  await customer.context().close();
}, 90_000);

it('refuses an older file in words, and loads it when told to replace the newer list', async () => {
  const page = await sanctionsPage();
  await page.getByText('20.11.2026', { exact: true }).waitFor();
  const older = fixture('SDN.XML').toString('utf8').replace('11/20/2026', '11/03/2026');
  const form = page.getByRole('form', { name: 'Load an OFAC file' });
  await form.locator('input[type="file"]').setInputFiles({ name: 'SDN-november.XML', mimeType: 'application/xml', buffer: Buffer.from(older) });
  await form.getByRole('button', { name: 'Load OFAC file' }).click();
  const refusal = form.getByRole('alert');
  await refusal.getByText('The file was not loaded: the list in force stays').waitFor();
  await refusal
    .getByText(/published 03\.11\.2026, before the list in force \(published 20\.11\.2026\).*tick "Replace the list in force even though this file is older"/)
    .waitFor();
  // The card notes the refused attempt under the list, in words.
  await page.getByRole('status', { name: 'Last attempt' }).getByText('The last upload of an OFAC file on', { exact: false }).waitFor();
  await page.getByText('failed: the list is older than the list in force; the list above stays in force.', { exact: false }).waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, 'admin-sanctions-ofac-older-refused');

  // The file stays chosen: tick the option (keyboard), load again.
  await form.getByRole('checkbox', { name: /Replace the list in force even though this file is older/ }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('button', { name: 'Load OFAC file' }).click();
  await form.getByText('The list in force is now SDN.XML published 03.11.2026, with 19 listed addresses.').waitFor();
  await page.getByText('03.11.2026', { exact: true }).waitFor();
  await page.getByText(`uploaded by ${ADMIN.email}: SDN-november.XML`).waitFor();
  await expectNoText(page, 'Last attempt', 'status');
  await page.waitForTimeout(300);
  await screenshot(page, 'admin-sanctions-ofac-forced');
  await page.context().close();
}, 60_000);

async function expectDisabled(locator: ReturnType<Page['getByRole']>) {
  expect(await locator.isDisabled()).toBe(true);
}

async function expectNoText(page: Page, text: string, role?: 'status') {
  const locator = role ? page.getByRole(role, { name: text }) : page.getByText(text, { exact: true });
  expect(await locator.count()).toBe(0);
}
