/**
 * Batch screening in a real browser against the real server: a file with bad lines is refused
 * line by line, a good one shows its cost and is screened with live progress, its results are
 * filtered and downloaded (the CSV read with csv-parse, the ZIP's signature checked), the same
 * file again offers its earlier batch at no charge, and the History exports as CSV.
 */
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { createLogger } from '@walletscreen/platform';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { launchBrowser, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

const SANCTIONED = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let base: string;
let customerToken: string;
const dir = mkdtempSync(path.join(tmpdir(), 'ws-batch-e2e-'));
const customer = { email: 'batch-desk@exchange.example', password: 'Batch-Desk-Passphrase-1', username: 'Batch desk' };

beforeAll(async () => {
  replay = await startReplayServer(recordedWalletRoutes());
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
  });
  base = server.url.replace('localhost', '127.0.0.1');
  writeFileSync(
    path.join(dir, 'sdn.csv'),
    `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${SANCTIONED}."\n`,
  );
  await runSanctionsSync({
    eventStore: server.eventStore,
    file: path.join(dir, 'sdn.csv'),
    clock: () => new Date(),
    logger: createLogger({ level: 'silent' }),
  });
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  customerToken = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: customer })).body.token;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(customer.email);
  await page.getByLabel(/password/i).fill(customer.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/dashboard/**');
  return page;
}

const chooseFile = (page: Page, name: string, text: string) =>
  page
    .getByRole('region', { name: 'Screen a file of wallets' })
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; body: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), body: readFileSync(await download.path()) };
}

const good = [
  'address,network,reference',
  `${a.btcWallet},bitcoin,deposit-1001`,
  `${SANCTIONED},bitcoin,deposit-1002`,
  `${a.btcWallet},BTC,deposit-1003`,
  `${a.evmWallet},ethereum,withdrawal-7`,
].join('\n');

it('refuses bad lines, screens a file live, filters and downloads its results, offers the earlier batch for the same file, and exports the History', async () => {
  const page = await signedInPage();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Batch screening' }).click();
  await page.waitForURL('**/dashboard/batch');
  await page.getByText('No batches yet').waitFor();

  await chooseFile(page, 'bad.csv', ['address,network', `${a.btcWallet},bitcoin`, 'not-a-wallet,', `${a.btcA},dogecoin-classic`].join('\n'));
  const errors = page.getByTestId('batch-line-errors');
  await errors.waitFor();
  expect((await errors.locator('tbody tr td:first-child').allInnerTexts()).map(Number)).toEqual([3, 4]);
  await errors.getByText('Unknown network "dogecoin-classic"').waitFor();
  await page
    .getByTestId('batch-file-error')
    .getByText(/Nothing was charged/)
    .waitFor();
  await screenshot(page, 'batch-line-errors');
  // Offered: screen the valid row, leaving the bad ones out (listed, as written), costing only the valid wallet.
  await page.getByTestId('batch-skip-invalid').click();
  const leftOut = page.getByTestId('batch-left-out');
  await leftOut.getByText('2 rows cannot be screened and are left out', { exact: false }).waitFor();
  await leftOut.getByText('Line 3 (not-a-wallet):', { exact: false }).waitFor();
  await page.getByTestId('batch-preview').getByText('1 row, 1 distinct wallet. You have 20 checks left.').waitFor();

  await chooseFile(page, 'deposits.csv', good);
  const preview = page.getByTestId('batch-preview');
  await preview.getByText('4 rows, 3 distinct wallets. You have 20 checks left.').waitFor();
  await preview.getByText('Screening costs 3 checks, one per distinct wallet.', { exact: false }).waitFor();
  // The file input's clear button has a name (axe: button-name).
  await page.getByRole('button', { name: 'Clear the chosen CSV file' }).waitFor();
  await screenshot(page, 'batch-preview');
  await preview.getByRole('button', { name: 'Screen 3 wallets (3 checks)' }).click();

  const detail = page.getByTestId('batch-detail');
  await detail.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 60_000 });
  await detail.getByTestId('batch-progress').getByText('3 of 3 wallets screened').waitFor();
  // Three wallets charged; the Ethereum one's source cannot be reached, so its row is Incomplete and given back: the balance shows it.
  await page.getByTestId('premium-checks').getByText('18', { exact: true }).waitFor();
  const rows = detail.getByTestId('batch-row');
  expect(await rows.count()).toBe(4);
  await rows.filter({ hasText: 'deposit-1002' }).getByText('HERON TEST EXCHANGE LTD. (CYBER2)', { exact: false }).waitFor();
  await rows.filter({ hasText: 'deposit-1003' }).getByText('Same wallet as line 2').waitFor();
  await screenshot(page, 'batch-results');

  await detail.getByTestId('batch-row-filter').click();
  await page.getByRole('option', { name: 'Failed (refunded)' }).click();
  await detail.getByText('No rows with this status.').waitFor();
  await detail.getByTestId('batch-row-filter').click();
  await page.getByRole('option', { name: 'All rows' }).click();
  await rows.first().waitFor();

  const csv = await downloaded(page, () => detail.getByTestId('batch-download-csv').click());
  expect(csv.name).toBe('deposits-results.csv');
  const records = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
  expect(records.map((r) => [r.line, r.reference, r.status])).toEqual([
    ['2', 'deposit-1001', 'completed'],
    ['3', 'deposit-1002', 'completed'],
    ['4', 'deposit-1003', 'completed'],
    ['5', 'withdrawal-7', 'completed'],
  ]);
  expect(records[1]).toMatchObject({ risk_level: 'High Risk', sanctions_hits: 'HERON TEST EXCHANGE LTD. (CYBER2)' });
  const zip = await downloaded(page, () => detail.getByTestId('batch-download-zip').click());
  expect(zip.name).toBe('deposits-reports.zip');
  expect(zip.body.subarray(0, 4).toString('hex')).toBe('504b0304');

  // Its screened wallets watched at once, each compared next with its check here.
  await detail.getByTestId('batch-watch').click();
  const confirm = page.getByRole('dialog', { name: "Watch this batch's wallets" });
  await confirm.getByText('A scheduled re-screen costs one check', { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Watch 3 wallets' }).click();
  await detail.getByTestId('batch-watched').getByText('Watching 3 wallets.', { exact: false }).waitFor();
  const watched = (
    await server.api<{ items: Array<{ address: string; reference: string | null; last_check_id: string | null }> }>('GET', '/api/watchlist', {
      token: customerToken,
    })
  ).body.items;
  expect(watched.map((w) => w.reference).sort()).toEqual(['deposit-1001', 'deposit-1002', 'withdrawal-7']);
  expect(watched.every((w) => w.last_check_id !== null)).toBe(true);

  // The same file again: nothing to pay, the earlier batch offered.
  const batchId = await detail.getAttribute('data-batch-id');
  await chooseFile(page, 'deposits.csv', good);
  await preview.getByText('You already screened this file.', { exact: false }).waitFor();
  await preview.getByRole('button', { name: 'Open the earlier batch' }).click();
  await page.waitForURL(`**/dashboard/batch?batch=${batchId}`);
  expect(await page.getByTestId('batch-list-row').count()).toBe(1);
  await page.getByTestId('premium-checks').getByText('18', { exact: true }).waitFor();

  // The History exports every check as CSV.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'History' }).click();
  await page.waitForURL('**/dashboard/history');
  const history = await downloaded(page, () => page.getByTestId('history-export').click());
  expect(history.name).toMatch(/^walletscreen-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = parse(history.body, { columns: true }) as Array<Record<string, string>>;
  expect(exported).toHaveLength(3);
  expect(new Set(exported.map((r) => r.batch_id))).toEqual(new Set([batchId]));
}, 120_000);
