/**
 * The admin Wallets and Financial stats screens in a real browser against the real server: two
 * customers check wallets through the real pipeline (chain data replayed on loopback, an imported
 * OFAC list) and buy packs of checks; the admin opens Wallets, one wallet's checks and a check's
 * report, then Financial stats with its charts, on a desktop and a phone.
 *
 * The SPA is served from dist/: run `npm run build` first.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { shortenAddress } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

const SANCTIONED = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let base: string;
const customers = ['compliance@exchange.example', 'risk@otc-desk.example'];

async function customer(email: string) {
  const user = { email, password: 'Insights-Passphrase-1', username: email.split('@')[1]! };
  await server.api('POST', '/api/auth/register', { body: user });
  return (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
}
async function check(token: string, wallet_address: string) {
  const res = await server.api<{ status: string }>('POST', '/api/transactions/analyze-realtime', {
    token,
    body: { wallet_address },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.body.status).toBe('completed');
}
/** A purchase as billing records it, on the user's stream. */
async function purchase(
  userId: string,
  amount: number,
  checks: number,
  at: Date,
  payment: { provider: 'stripe' | 'local'; test: boolean } = { provider: 'stripe', test: false },
) {
  const stream = `user-${userId}`;
  const data = {
    userId,
    purchaseId: randomUUID(),
    planId: `plan-${checks}`,
    planName: `${checks} checks`,
    checks,
    amount,
    currency: 'USD',
    ...payment,
    providerRef: randomUUID(),
    expiresAt: '2099-01-01T00:00:00.000Z',
    at: at.toISOString(),
  };
  await server.eventStore.append(stream, [{ id: randomUUID(), type: 'ChecksPurchased', data, metadata: {} }], {
    expectedRevision: await server.eventStore.streamRevision(stream),
  });
}

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({ BITCOIN_ESPLORA_URLS: `${replay.url}/api`, CHAIN_DATA_RETRIES: '0', CHAIN_DATA_TIMEOUT_MS: '2000', CHECK_WAIT_MS: '20000' });
  base = server.url.replace('localhost', '127.0.0.1');
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  const csv = path.join(dir, 'sdn.csv');
  writeFileSync(
    csv,
    `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${SANCTIONED}; Digital Currency Address - XBT ${a.btcA}."\n`,
  );
  await runSanctionsSync({ eventStore: server.eventStore, file: csv, clock: () => new Date(), logger: createLogger({ level: 'silent' }) });

  const [first, second] = [await customer(customers[0]!), await customer(customers[1]!)];
  await check(first, a.btcWallet);
  await check(first, SANCTIONED);
  await check(second, a.btcWallet);
  await check(first, a.btcWallet);
  await check(second, a.btcFresh);
  const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
  await server.projections.waitFor(await server.eventStore.headPosition());
  const ids = await Promise.all(
    customers.map(async (email) => (await server.api<Array<{ id: string }>>('GET', `/api/admin/customers?email=${email}`, { token: admin })).body[0]!.id),
  );
  const now = Date.now();
  await purchase(ids[0]!, 49, 100, new Date(now));
  await purchase(ids[1]!, 9.99, 10, new Date(now - 3 * 86_400_000));
  await purchase(ids[0]!, 99, 250, new Date(now - 9 * 86_400_000));
  // A test payment (the built-in test-payment page): shown apart, never revenue.
  await purchase(ids[1]!, 25, 50, new Date(now - 86_400_000), { provider: 'local', test: true });
  await server.projections.waitFor(await server.eventStore.headPosition());
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
});

async function adminPage(viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: base });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto('/admin-login');
  await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/admin/customers');
  return page;
}

describe('an admin', () => {
  it('opens Wallets, searches, and opens one wallet’s checks and a check’s report', async () => {
    const page = await adminPage();
    await page.getByRole('link', { name: 'Wallets', exact: true }).click();
    await page.waitForURL('**/admin/wallets');
    const table = page.getByRole('table', { name: 'Wallets' });
    await table.waitFor();
    await page.getByText('Showing 3 of 3 wallets').waitFor();
    const row = table.getByRole('row').filter({ hasText: shortenAddress(a.btcWallet) });
    expect(await row.getByRole('cell').nth(2).innerText()).toBe('3');
    expect(await row.getByRole('cell').nth(3).innerText()).toBe('2');
    // Its listed counterparty holds more than 10 % of its volume: direct exposure, High.
    await row.getByText('High Risk').waitFor();
    await screenshot(page, 'admin-wallets');

    // Server-side filter by latest level.
    await page.getByRole('combobox', { name: 'Latest risk level' }).click();
    await page.getByRole('option', { name: 'High Risk' }).click();
    await page.getByText('Showing 2 of 2 wallets').waitFor();
    await table.getByText(shortenAddress(SANCTIONED)).waitFor();
    await table.getByText(shortenAddress(a.btcWallet)).waitFor();
    await page.getByRole('combobox', { name: 'Latest risk level' }).click();
    await page.getByRole('option', { name: 'All levels' }).click();
    await page.getByLabel('Search by address').fill(a.btcWallet.slice(3, 12));
    await page.getByText('Showing 1 of 1 wallet').waitFor();

    await page.getByRole('button', { name: `Open the checks of ${a.btcWallet}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Wallet checks' });
    const checks = drawer.getByRole('table', { name: 'Checks of the wallet' });
    await checks.waitFor();
    expect(await checks.getByRole('row').count()).toBe(4);
    await checks.getByRole('cell', { name: customers[1], exact: true }).waitFor();
    expect(await checks.getByRole('cell', { name: customers[0], exact: true }).count()).toBe(2);
    await page.waitForTimeout(400); // the drawer's slide-in
    await screenshot(page, 'admin-wallet-checks');

    await checks
      .getByRole('button', { name: /^Details of the check/ })
      .first()
      .click();
    const details = drawer.getByRole('region', { name: 'Check details' });
    await details.getByText(customers[0]!).waitFor();
    await details.getByText('Risk Score').first().waitFor();
    await details.getByRole('button', { name: /Download AML Report/ }).waitFor();
    await screenshot(page, 'admin-wallet-check-details');
    await details.getByRole('button', { name: 'Back to the checks' }).click();
    await checks.waitFor();
    await page.context().close();
  });

  it('opens Financial stats and sees the totals and charts; by month too', async () => {
    const page = await adminPage();
    await page.getByRole('link', { name: 'Financial Stats' }).click();
    await page.waitForURL('**/admin/financial-stats');
    const totals = page.getByRole('group', { name: 'Totals' });
    await totals.getByTestId('stat-revenue').getByText('$157.99').waitFor();
    await totals.getByTestId('stat-test-payments').getByText('$25.00, not counted as revenue').waitFor();
    await page
      .getByRole('img', { name: /^Revenue per day/ })
      .locator('svg.recharts-surface')
      .first()
      .waitFor();
    await page
      .getByRole('img', { name: /^Checks per day: 5 requested/ })
      .locator('svg.recharts-surface')
      .first()
      .waitFor();
    await page
      .getByRole('img', { name: /^Risk levels of 5 completed checks: Low Risk 0, Medium Risk 0, High Risk 4, Incomplete 1, Unknown 0/ })
      .locator('svg.recharts-surface')
      .first()
      .waitFor();
    await page.getByRole('table', { name: 'Top customers by checks' }).getByRole('cell', { name: customers[0] }).waitFor();
    await page.getByRole('table', { name: 'Top customers by revenue' }).getByRole('cell', { name: '$148.00' }).waitFor();
    await page.waitForTimeout(600); // chart animations
    await screenshot(page, 'admin-financial-stats');

    await page.getByText('Month', { exact: true }).click();
    await page.getByRole('img', { name: /^Revenue per month/ }).waitFor();
    await page.getByText(/from \d{2}\.\d{2}\.\d{4} to/).waitFor();
    await page.context().close();
  });

  it('reads Financial stats and Wallets on a phone', async () => {
    const page = await adminPage({ width: 390, height: 844 });
    await page.goto('/admin/financial-stats');
    await page
      .getByRole('img', { name: /^Revenue per day/ })
      .locator('svg.recharts-surface')
      .first()
      .waitFor();
    await page.waitForTimeout(600);
    await screenshot(page, 'admin-financial-stats-mobile');
    await page.goto('/admin/wallets');
    await page.getByRole('list', { name: 'Wallets' }).waitFor();
    await screenshot(page, 'admin-wallets-mobile');
    await page.context().close();
  });
});
