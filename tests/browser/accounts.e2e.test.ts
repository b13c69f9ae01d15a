/**
 * A person's first session, in a real browser against the real server: the landing page,
 * registration that lands signed in, the e-mail confirmation through a real e-mail that brings the
 * 20 premium checks, sign-out and sign-in, a password reset through a real e-mail, the admin area,
 * the unauthorized page and the phone-sized drawer.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { confirmationLinkOf, resetLinkOf, startSmtpSink } from '../support/smtp';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let browser: Browser;
let base: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // The server sends e-mail, so new users confirm their address (the product's default with SMTP_URL).
  server = await startTestServer({ SMTP_URL: smtp.url, REGISTRATION_EMAIL_CONFIRMATION: 'auto' });
  base = server.url.replace('localhost', '127.0.0.1');
  // Links in e-mails point at the server the browser uses.
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await smtp?.close();
});

async function newPage(viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: base });
  return context.newPage();
}

const user = { email: 'compliance@exchange.example', company: 'Exchange Ltd', password: 'Str0ng-Passphrase-2026' };

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
}

describe('a new customer', () => {
  it('reads the landing page', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: /Is This Wallet Clean\?/i }).waitFor();
    for (const text of ['Source of Funds', 'Linked Wallets', 'Mixers / Tumblers', '20 free premium checks', 'FATF']) {
      await page.getByText(text, { exact: false }).first().waitFor();
    }
    await screenshot(page, 'landing-desktop');
    await page
      .getByRole('link', { name: /check wallet/i })
      .first()
      .click();
    await page.waitForURL('**/auth');
    await page.context().close();
  });

  it('registers and lands signed in; confirms the e-mail address through the link and gets 20 premium checks; signs out and in', async () => {
    const page = await newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: /^register$/i }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Company name is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel(/e-?mail/i).fill(user.email);
    await page.getByLabel(/company name/i).fill(user.company);
    await page.getByLabel(/password/i).fill(user.password);
    await screenshot(page, 'register');
    await page.getByRole('button', { name: /^register$/i }).click();

    // Straight into the signed-in app: no retyping.
    await page.waitForURL('**/dashboard/wallet-checker');
    await page.getByText(user.email).first().waitFor();
    const notice = page.getByTestId('email-confirmation-notice');
    await notice.getByText('Confirm your e-mail address').waitFor();
    await page.getByTestId('premium-checks').first().filter({ hasText: /^0$/ }).waitFor();
    await screenshot(page, 'email-confirmation-notice');
    const first = confirmationLinkOf(await smtp.next());
    await notice.getByRole('button', { name: 'Send the link again' }).click();
    await notice.getByText('We sent you a new link. Open it to confirm your e-mail address.').waitFor();
    expect(confirmationLinkOf(await smtp.next())).not.toBe(first);

    // The first link still works, and leads back to the dashboard with the free checks.
    const link = new URL(first);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByTestId('email-confirmed').getByText('Your e-mail address is confirmed.', { exact: false }).waitFor();
    await screenshot(page, 'email-confirmed');
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL('**/dashboard/wallet-checker');
    await page.getByTestId('premium-checks').first().filter({ hasText: '20' }).waitFor();
    await notice.waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: /logout/i })
      .first()
      .click();
    await page.waitForURL('**/login');

    await page.getByLabel(/e-?mail/i).fill(user.email);
    await page.getByLabel(/password/i).fill('wrong-password-here');
    await page.getByRole('button', { name: /^login$/i }).click();
    await page.getByText('Invalid email or password').first().waitFor();

    await page.getByLabel(/password/i).fill(user.password);
    await page.getByRole('button', { name: /^login$/i }).click();
    await page.waitForURL('**/dashboard/wallet-checker');
    // The screen's own title is its one heading of level 1, and the tab's title.
    await page.getByRole('heading', { level: 1, name: 'Check Wallet' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.title()).toBe('Check Wallet · WalletScreen');
    await page.getByText(user.email).first().waitFor();
    await page
      .getByText(/Premium Checks/i)
      .first()
      .waitFor();
    await page.getByTestId('premium-checks').first().filter({ hasText: '20' }).waitFor();
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('authToken'), exp: Number(localStorage.getItem('authExpiration')) }));
    expect(stored.token).toBeTruthy();
    expect(stored.exp - Date.now()).toBeGreaterThan(99 * 60_000);
    expect(stored.exp - Date.now()).toBeLessThanOrEqual(100 * 60_000);
    await screenshot(page, 'dashboard-desktop');

    await page
      .getByRole('button', { name: /logout/i })
      .first()
      .click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('resets a forgotten password through the e-mail and signs in with the new one', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: /forgot password/i }).click();
    await page.waitForURL('**/reset-password');
    await page.getByLabel(/e-?mail/i).fill(user.email);
    await page.getByRole('button', { name: /send reset link/i }).click();
    await page.getByText('If your email exists in our system, a reset link has been sent.').waitFor();

    const link = new URL(resetLinkOf(await smtp.next()));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel(/^new password/i).fill('Another-Passphrase-77');
    await page.getByLabel(/repeat password/i).fill('Another-Passphrase-78');
    await page.getByRole('button', { name: /set password/i }).click();
    await page
      .getByText(/Passwords do not match/)
      .first()
      .waitFor();
    await page.getByLabel(/repeat password/i).fill('Another-Passphrase-77');
    await page.getByRole('button', { name: /set password/i }).click();
    await page.getByText('Password reset successfully! You can now log in.').waitFor();
    await page.waitForURL('**/login', { timeout: 5_000 });

    await signIn(page, user.email, 'Another-Passphrase-77');
    await page.waitForURL('**/dashboard/wallet-checker');
    await page.context().close();
  });

  it('is sent to /unauthorized when opening the admin area', async () => {
    const page = await newPage();
    await signIn(page, user.email, 'Another-Passphrase-77');
    await page.waitForURL('**/dashboard/wallet-checker');
    await page.goto('/admin');
    await page.waitForURL('**/unauthorized');
    await screenshot(page, 'unauthorized');
    await page.context().close();
  });

  it('opens and closes the navigation drawer on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, user.email, 'Another-Passphrase-77');
    await page.waitForURL('**/dashboard/wallet-checker');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    await drawer.getByText(/Premium Checks/i).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // Let the slide-in transition finish before the picture.
    await page.waitForFunction(() => {
      const box = document.querySelector('[role="dialog"]')?.getBoundingClientRect();
      return box !== undefined && box.left >= 0;
    });
    await page.waitForTimeout(400);
    await screenshot(page, 'dashboard-phone-drawer');
    await drawer.getByRole('link', { name: /history/i }).click();
    await page.waitForURL('**/dashboard/history');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await drawer.waitFor();
    await page.mouse.click(380, 400);
    await drawer.waitFor({ state: 'hidden' });
    await page.context().close();
  });
});

describe('an admin', () => {
  it('signs in to the admin area and finds the new customer', async () => {
    const page = await newPage();
    await page.goto('/admin');
    await page.waitForURL('**/admin-login');
    await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
    await page.getByLabel(/password/i).fill(ADMIN.password);
    await page.getByRole('button', { name: /^login$/i }).click();
    await page.waitForURL('**/admin/customers');
    // The e-mail's cell also links to the customer's event stream.
    const row = page.locator(`[data-testid="customer-row"][data-email="${user.email}"]`);
    await row.getByText(user.email, { exact: true }).waitFor();
    await page.getByLabel(/search/i).fill('exchange.example');
    await row.getByRole('link', { name: `Event stream of ${user.email}` }).waitFor();
    await screenshot(page, 'admin-customers');
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('admin');
    await page.context().close();
  });
});
