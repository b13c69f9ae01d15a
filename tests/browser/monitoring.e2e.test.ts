/**
 * Monitoring in a real browser against the real server: a customer checks a wallet and watches it
 * from the result; the Watchlist shows it with the pricing of re-screens; an admin loads an OFAC
 * file that names the wallet; the wallet is re-screened (free, from the recorded blockchain data)
 * and the alert appears in the inbox, counted in the sidebar, with before → after and the new hit;
 * the customer acknowledges it, then resolves it with a note, and opens it as a case.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createLogger } from '@walletscreen/platform';
import { rescreenPricing, shortenAddress } from '@walletscreen/contracts';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

const fixtures = path.resolve(__dirname, '../../workers/test-fixtures/sanctions');
const customer = { email: 'monitoring@exchange.example', password: 'M0nitor-Passphrase-2026', username: 'Exchange' };

let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHAIN_DATA_CACHE_TTL_MS: '0',
  });
  base = server.url.replace('localhost', '127.0.0.1');
  // The list in force does not name the wallet (the fixture's sdn.csv).
  await runSanctionsSync({
    eventStore: server.eventStore,
    file: path.join(fixtures, 'sdn.csv'),
    clock: () => new Date(),
    logger: createLogger({ level: 'silent' }),
  });
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
});

async function signIn(as: 'customer' | 'admin'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, baseURL: base });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const who = as === 'admin' ? ADMIN : customer;
  await page.goto(as === 'admin' ? '/admin-login' : '/login');
  await page.getByLabel(/e-?mail/i).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL(as === 'admin' ? '**/admin/customers' : '**/dashboard/**');
  return page;
}

/** A screenshot once transitions are over. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((x) => x.playState !== 'running' || x.effect?.getTiming().iterations === Infinity));
  await screenshot(page, name);
}

it('watches a wallet from its result, sees the alert a new list raises, acknowledges and resolves it', async () => {
  const page = await signIn('customer');
  await page.waitForURL('**/dashboard/wallet-checker');
  await page.getByTestId('wallet-address-input').fill(a.btcWallet);
  await page.getByTestId('check-button').click();
  await page.getByTestId('analysis-result').waitFor({ timeout: 60_000 });

  const watch = page.getByTestId('watch-wallet');
  await watch.getByRole('button', { name: 'Watch this wallet' }).click();
  await watch.getByText('Watching.').waitFor();
  await shot(page, 'monitoring-watch-from-result');

  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Watchlist' }).click();
  await page.waitForURL('**/dashboard/watchlist');
  const row = page.getByTestId('watch-row');
  await row.getByText(shortenAddress(a.btcWallet)).waitFor();
  await row.getByText('Daily').waitFor();
  await page.getByTestId('rescreen-pricing').getByText(rescreenPricing.scheduled).waitFor();
  await page.getByTestId('rescreen-pricing').getByText(rescreenPricing.listChange).waitFor();
  await shot(page, 'monitoring-watchlist');

  // An admin loads an OFAC file that names the wallet (undated, like the list in force, so it replaces it).
  const admin = await signIn('admin');
  await admin.getByRole('link', { name: 'Sanctions & lists' }).click();
  await admin.waitForURL('**/admin/sanctions');
  const listed = `${readFileSync(path.join(fixtures, 'sdn.csv'), 'utf8').trimEnd()}\n90901,"OSPREY MIXING SERVICE",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${a.btcWallet}."\n`;
  const form = admin.getByRole('form', { name: 'Load an OFAC file' });
  await form.locator('input[type="file"]').setInputFiles({ name: 'sdn.csv', mimeType: 'text/csv', buffer: Buffer.from(listed) });
  await form.getByRole('button', { name: 'Load OFAC file' }).click();
  await form.getByText('File loaded').waitFor();
  await admin.context().close();

  // The alert arrives (the re-screen runs on its own): the inbox shows it.
  await nav.getByRole('link', { name: 'Alerts' }).click();
  await page.waitForURL('**/dashboard/alerts');
  // Each load is waited for until it shows either the alert or the empty inbox, then read.
  const item = page.getByTestId('alert-item').filter({ hasText: a.btcWallet });
  for (let i = 0; ; i++) {
    await item.or(page.getByText('No open alerts')).first().waitFor();
    if ((await item.count()) > 0) break;
    if (i === 60) throw new Error('no alert appeared');
    await page.waitForTimeout(500);
    await page.reload();
  }
  await item.getByText('New sanctions hit').waitFor();
  await item.getByTestId('alert-new-hits').getByText('OSPREY MIXING SERVICE (CYBER2)').waitFor();
  await item.getByText('The blockchain data of the previous check was reused', { exact: false }).waitFor();
  await nav.getByTestId('open-alerts-count').filter({ hasText: /^1$/ }).waitFor();
  expect(await item.getByRole('link', { name: 'Open the check' }).getAttribute('href')).toMatch(/^\/dashboard\/history\?check=[0-9a-f-]{36}$/);
  await shot(page, 'monitoring-alerts-inbox');

  // Acknowledged, the alert leaves the open ones (and the sidebar's count) for the Acknowledged tab.
  await item.getByRole('button', { name: 'Acknowledge' }).click();
  await page.getByText('No open alerts').waitFor();
  await nav.getByTestId('open-alerts-count').waitFor({ state: 'detached' });
  const show = page.getByRole('radiogroup', { name: 'Show alerts' });
  await show.getByText('Acknowledged', { exact: true }).click();
  const acknowledged = page.getByTestId('alert-item').filter({ hasText: a.btcWallet });
  await acknowledged.getByTestId('alert-status').filter({ hasText: 'acknowledged' }).waitFor();

  // Resolving asks for a note.
  await acknowledged.getByRole('button', { name: 'Resolve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resolve alert' });
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await dialog.getByText('Write a note saying how the alert was resolved').waitFor();
  await dialog.getByLabel('Note').fill('Customer offboarded; report filed.');
  await shot(page, 'monitoring-resolve-alert');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('No alerts here').waitFor();

  await show.getByText('Resolved', { exact: true }).click();
  await page.getByTestId('alert-note').filter({ hasText: 'Customer offboarded; report filed.' }).waitFor();
  await shot(page, 'monitoring-alert-resolved');

  // The link opens the check in History.
  await page.getByRole('link', { name: 'Open the check' }).first().click();
  await page.waitForURL('**/dashboard/history?check=*');
  await page.getByTestId('history-details').getByTestId('history-report').waitFor();

  // The alert opens as a case for review.
  await page.keyboard.press('Escape');
  await nav.getByRole('link', { name: 'Alerts' }).click();
  await page.waitForURL('**/dashboard/alerts');
  await show.getByText('All', { exact: true }).click();
  await page.getByTestId('alert-item').filter({ hasText: a.btcWallet }).first().getByRole('button', { name: 'Open a case' }).click();
  await page.waitForURL(/\/dashboard\/cases\/[0-9a-f-]{36}$/);
  await page.getByText('Opened on an alert').waitFor();
  await page.getByTestId('case-view').getByTestId('case-status').getByText('Open').waitFor();
}, 120_000);
