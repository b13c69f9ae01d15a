import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Screenshots of the main screens land here, to be looked at (CI keeps them as artifacts). */
export const ARTIFACTS = path.resolve(__dirname, '..', '..', 'test-artifacts', 'screenshots');

/** Debian's Chromium, headless, with the flags that keep it off the network. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    return await chromium.launch({
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    });
  } catch (error) {
    throw new Error(`Could not start Chromium at ${executablePath} (install Debian's chromium or set CHROMIUM_PATH): ${(error as Error).message}`, {
      cause: error,
    });
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

let registered = 0;

/**
 * A new customer registers through the screens (an e-mail starting with `prefix`), which signs
 * them in, and lands on the Wallet Checker.
 */
export async function registerAndSignIn(page: Page, prefix: string): Promise<void> {
  const user = { email: `${prefix}-${++registered}-${Date.now()}@exchange.example`, company: 'Exchange Ltd', password: 'Str0ng-Passphrase-2026' };
  await page.goto('/register');
  await page.getByLabel(/e-?mail/i).fill(user.email);
  await page.getByLabel(/company name/i).fill(user.company);
  await page.getByLabel(/password/i).fill(user.password);
  await page.getByRole('button', { name: /^register$/i }).click();
  // Registering signs the new user in: straight to the dashboard, which opens on the Wallet Checker.
  await page.waitForURL('**/dashboard/wallet-checker');
  await page.getByTestId('wallet-address-input').waitFor();
}
