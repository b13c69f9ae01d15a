/**
 * A mark by clustering in a real browser against the real server (issue 28): the recorded Bitcoin
 * wallet (workers/test-fixtures/chain-data/esplora/txs-small.json, replayed on loopback) received
 * from a transaction whose inputs are two addresses, A and C, spent together. A labels file names A
 * a mixer; C carries no label of its own. The check's fund-flow graph and table show C as
 * "Mixer (by clustering)" with a dashed ring and say which address carries the label; the linked
 * wallets say so too; and axe finds nothing serious.
 *
 * The SPA is served from dist/: run `npm run build` first.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { shortenAddress } from '@walletscreen/contracts';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { expectAccessible } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { importSanctionsList } from '../support/sanctions';
import { startTestServer, type TestServer } from '../support/server';

const short = shortenAddress;
const SOURCE = 'https://compliance.example.com/cases/mixer-a';

let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let work: string;

beforeAll(async () => {
  replay = await startReplayServer(recordedWalletRoutes());
  work = mkdtempSync(path.join(tmpdir(), 'ws-clustering-e2e-'));
  const labels = path.join(work, 'labels.json');
  writeFileSync(
    labels,
    JSON.stringify({
      description: 'A mixer among the co-spent senders',
      labels: [{ address: a.btcA, network: 'bitcoin', category: 'mixer', name: 'Mixer A (test)', source: SOURCE }],
    }),
  );
  server = await startTestServer({ BITCOIN_ESPLORA_URLS: `${replay.url}/api`, EXTRA_LABELS_FILE: labels, CHAIN_DATA_RETRIES: '0' });
  await importSanctionsList(server.eventStore);
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

it('shows an address marked by clustering as such, in the graph, the table and the linked wallets', async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.url.replace('localhost', '127.0.0.1') });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const customer = { email: 'clusters@exchange.example', password: 'Clusters-Passphrase-2026', username: 'Clusters' };
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(customer.email);
  await page.getByLabel(/password/i).fill(customer.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/dashboard/wallet-checker');
  await page.getByTestId('wallet-address-input').fill(a.btcWallet);
  await page.getByTestId('check-button').click();
  const result = page.getByTestId('analysis-result');
  await result.waitFor({ timeout: 60_000 });
  await page.getByRole('dialog', { name: 'Running AML Analysis...' }).waitFor({ state: 'hidden' });

  const card = result.getByTestId('fund-flow-card');
  await card.getByRole('heading', { name: 'Fund flow' }).waitFor();
  // A, labelled itself; C, by clustering: a dashed ring, and the words say so.
  const mixerA = card.getByRole('group', { name: new RegExp(`^${short(a.btcA)}: mixer, direct, `) });
  await mixerA.getByText(/^Mixer · /).waitFor();
  const c = card.getByRole('group', { name: new RegExp(`^${short(a.btcC)}: mixer by clustering, direct, `) });
  await c.getByText(/^Mixer \(by clustering\) · /).waitFor();
  expect(await c.getByTestId('fund-flow-node').getAttribute('data-by-clustering')).toBe('true');
  expect(await c.getByTestId('fund-flow-circle').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('dashed');
  expect(await mixerA.getByTestId('fund-flow-circle').evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('dashed');
  expect(await card.getByTestId('fund-flow-summary').textContent()).toContain(`${short(a.btcC)} (mixer by clustering, direct, `);
  await screenshot(page, 'clustering-fund-flow');
  await expectAccessible(page, 'a check with an address marked by clustering');

  await card.locator('label', { hasText: /^Table$/ }).click();
  const row = card.getByRole('table', { name: 'Fund flow: the addresses of the graph' }).locator(`tr[data-address="${a.btcC}"]`);
  await row.getByText('Mixer (by clustering)').waitFor();
  const reason = `Labelled mixer by clustering: Mixer A (test) (spent together with ${short(a.btcA)}, which carries the label; source: ${SOURCE})`;
  await row.getByText(reason).waitFor();
  await expectAccessible(page, 'the fund flow as a table, with an address marked by clustering');
  // The linked wallets say it in the same words.
  await result.getByText(reason).first().waitFor();

  await context.close();
});
