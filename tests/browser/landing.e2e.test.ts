/**
 * The landing page in a real browser against the real server: the price it advertises comes from
 * the plans on offer (PLANS), the contact addresses from the settings (CONTACT_EMAIL, SALES_EMAIL),
 * and a visitor already signed in gets a Dashboard link and goes straight to the checker.
 *
 * The SPA is served from dist/: run `npm run build` first.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let base: string;
const user = { email: 'landing.visitor@exchange.example', password: 'Landing-Passphrase-3', username: 'Landing Desk' };
// $60 for 40 checks is $1.50 a check, the cheapest; $45 for 25 is $1.80.
const PLANS = JSON.stringify([
  { id: 'desk', name: 'Desk', checks: 25, price: 45 },
  { id: 'team', name: 'Team', checks: 40, price: 60 },
]);

beforeAll(async () => {
  server = await startTestServer({ PLANS, CONTACT_EMAIL: 'hello@desk.example', SALES_EMAIL: 'deals@desk.example' });
  base = server.url.replace('localhost', '127.0.0.1');
  await server.api('POST', '/api/auth/register', { body: user });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, baseURL: base });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

it('advertises the cheapest price per check of the plans on offer and the configured contact address', async () => {
  const page = await newPage();
  await page.goto('/');
  await page.getByTestId('advertised-price').filter({ hasText: 'From $1.50 per check' }).waitFor();
  await page.getByTestId('contact-email').filter({ hasText: 'hello@desk.example' }).waitFor();
  expect(await page.getByTestId('contact-email').getAttribute('href')).toBe('mailto:hello@desk.example');
  const text = await page.locator('body').innerText();
  expect(text).not.toContain('$0.99');
  expect(text).not.toMatch(/walletscreen\.(local|example)/);
  // Not signed in: no Dashboard link, and Check Wallet asks to sign in.
  expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  await page.getByRole('banner').getByRole('link', { name: 'Check Wallet' }).click();
  await page.waitForURL('**/auth');
  await page.context().close();
});

it('knows a signed-in user: a Dashboard link, and Check Wallet goes straight to the checker; Contact Sales writes to SALES_EMAIL', async () => {
  const page = await newPage();
  await page.goto('/auth');
  await page.getByLabel(/e-?mail/i).fill(user.email);
  await page.getByLabel(/password/i).fill(user.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/dashboard/wallet-checker');

  await page.goto('/dashboard/top-up');
  expect(await page.getByTestId('contact-sales').getAttribute('href')).toBe('mailto:deals@desk.example');

  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Dashboard' }).waitFor();
  await screenshot(page, 'landing-signed-in');
  await page.getByRole('main').getByRole('link', { name: 'Check Wallet' }).first().click();
  await page.waitForURL('**/dashboard/wallet-checker');
  await page.getByTestId('wallet-address-input').waitFor();

  await page.goto('/');
  await header.getByRole('link', { name: 'Dashboard' }).click();
  await page.waitForURL('**/dashboard/**');
  await page.context().close();
});
