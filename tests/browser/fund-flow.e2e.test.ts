/**
 * The fund-flow graph in a real browser against the real server: a check of the recorded two-hop
 * Bitcoin trace scenario (workers/test-fixtures/chain-data/README.md, replayed on loopback) with an
 * OFAC list listing X, two hops from the wallet, and labels for the exchange E and the mixer Z. The
 * result draws the wallet, its three counterparties and the four addresses beyond them, X red and
 * marked sanctioned; each address links to its explorer page and to the wallet checker with the
 * address filled in (no check is started, none charged); the table shows the same addresses; axe
 * finds nothing serious in the light and dark themes; History's Details show the graph too.
 *
 * The SPA is served from dist/: run `npm run build` first.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { shortenAddress } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { startReplayServer, traceAddresses, traceRoutes, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { expectAccessible } from '../support/axe';
import { ARTIFACTS, launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

const a = traceAddresses.btc;
const short = shortenAddress;

let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let work: string;

beforeAll(async () => {
  replay = await startReplayServer(traceRoutes('esplora'));
  work = mkdtempSync(path.join(tmpdir(), 'ws-fund-flow-e2e-'));
  const labels = path.join(work, 'labels.json');
  const label = (address: string, category: string, name: string) => ({
    address,
    network: 'bitcoin',
    category,
    name,
    source: 'https://compliance.example.com/cases/trace',
  });
  writeFileSync(
    labels,
    JSON.stringify({ description: 'The trace scenario', labels: [label(a.e, 'exchange', 'Exchange E (test)'), label(a.z, 'mixer', 'Mixer Z (test)')] }),
  );
  server = await startTestServer({ BITCOIN_ESPLORA_URLS: `${replay.url}/api`, EXTRA_LABELS_FILE: labels, CHAIN_DATA_RETRIES: '0', TRACE_DEPTH: '2' });
  const sdn = path.join(work, 'sdn.csv');
  writeFileSync(sdn, `90007,"TRACED PARTY ON THE LIST",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${a.x}."\n`);
  await runSanctionsSync({ eventStore: server.eventStore, file: sdn, clock: () => new Date(), logger: createLogger({ level: 'silent' }) });
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const centre = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};
const distance = (p: { x: number; y: number }, q: { x: number; y: number }) => Math.hypot(p.x - q.x, p.y - q.y);
const premiumChecks = (page: Page, value: number) =>
  page
    .getByTestId('premium-checks')
    .filter({ hasText: new RegExp(`^${value}$`) })
    .first();

it('draws the fund flow of a real check, links each address to its explorer page and to its own check, and reads as a table', async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.url.replace('localhost', '127.0.0.1') });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  // Registered through the API: the sign-in page is not what is audited here.
  const customer = { email: 'flows@exchange.example', password: 'Flows-Passphrase-2026', username: 'Exchange' };
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(customer.email);
  await page.getByLabel(/password/i).fill(customer.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/dashboard/wallet-checker');
  await premiumChecks(page, 20).waitFor();
  await page.getByTestId('wallet-address-input').fill(a.wallet);
  await page.getByTestId('check-button').click();
  const result = page.getByTestId('analysis-result');
  await result.waitFor({ timeout: 60_000 });
  await page.getByRole('dialog', { name: 'Running AML Analysis...' }).waitFor({ state: 'hidden' });

  const card = result.getByTestId('fund-flow-card');
  await card.getByRole('heading', { name: 'Fund flow' }).waitFor();
  const summary = card.getByTestId('fund-flow-summary');
  expect(await summary.textContent()).toBe(
    `The wallet, its 3 direct counterparties and 4 addresses beyond them that funds were traced to (up to 2 hops). Marked: ${short(a.x)} (sanctioned, 2 hops, 15% of all value); ${short(a.z)} (mixer, 2 hops, 5% of all value). 1 address is a labelled service (exchange, DeFi, bridge, mining pool or other).`,
  );
  const graph = card.getByRole('application', { name: `Fund-flow graph of ${short(a.wallet)}` });
  await graph.waitFor();
  expect(await graph.getAttribute('aria-describedby')).toBe(await summary.getAttribute('id'));
  await card.getByTestId('fund-flow-node').nth(7).waitFor();
  expect(await card.getByTestId('fund-flow-node').count()).toBe(8);

  // X, two hops away, is marked sanctioned and drawn red, on the ring beyond the wallet's counterparties.
  const x = card.getByRole('group', { name: `${short(a.x)}: sanctioned, 2 hops, 15% of all value` });
  await x.getByText('Sanctioned · 15%').waitFor();
  const circle = x.getByTestId('fund-flow-circle');
  expect(await circle.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(201, 42, 42)');
  const wallet = card.getByRole('group', { name: `Wallet ${short(a.wallet)}: unlabelled` });
  const i1 = card.getByRole('group', { name: `${short(a.i1)}: unlabelled, direct, 60% of all value` });
  expect(distance(await centre(x), await centre(wallet))).toBeGreaterThan(distance(await centre(i1), await centre(wallet)) * 1.5);
  await card.getByRole('group', { name: `${short(a.z)}: mixer, 2 hops, 5% of all value` }).waitFor();
  await card.getByRole('group', { name: `${short(a.e)}: exchange, direct, 20% of all value` }).waitFor();
  await screenshot(page, 'fund-flow-result');
  await card.screenshot({ path: path.join(ARTIFACTS, 'fund-flow-card.png') });

  // Its explorer page opens in a new tab, without a handle on this one.
  const explorer = x.getByRole('link', { name: `${short(a.x)} in the block explorer (opens in a new tab)` });
  expect(await explorer.getAttribute('href')).toBe(`https://mempool.space/address/${a.x}`);
  expect(await explorer.getAttribute('target')).toBe('_blank');
  expect((await explorer.getAttribute('rel'))?.split(' ')).toContain('noopener');

  await expectAccessible(page, 'the check result with its fund-flow graph (light)');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
  expect(await circle.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(250, 82, 82)');
  await expectAccessible(page, 'the check result with its fund-flow graph (dark)');
  await card.screenshot({ path: path.join(ARTIFACTS, 'fund-flow-card-dark.png') });
  await page.getByRole('button', { name: 'Switch to light theme' }).click();

  // The same addresses as a table.
  await card.locator('label', { hasText: /^Table$/ }).click();
  const table = card.getByRole('table', { name: 'Fund flow: the addresses of the graph' });
  await table.waitFor();
  expect(await table.locator('tbody tr').count()).toBe(8);
  const row = table.locator(`tr[data-address="${a.x}"]`);
  await row.getByText('Sanctioned: TRACED PARTY ON THE LIST (OFAC SDN: CYBER2; listed under XBT)').waitFor();
  await row.getByText(`Sent 15% to ${short(a.i1)}`).waitFor();
  await expectAccessible(page, 'the fund flow as a table');
  await card.locator('label', { hasText: /^Graph$/ }).click();
  await x.waitFor();

  // Its own check: the wallet checker with X filled in, and nothing checked or charged.
  await x.getByRole('link', { name: `Check ${short(a.x)} in the wallet checker` }).click();
  await page.waitForURL(
    (url) => url.pathname === '/dashboard/wallet-checker' && url.searchParams.get('address') === a.x && url.searchParams.get('network') === 'bitcoin',
  );
  const input = page.getByTestId('wallet-address-input');
  await page.waitForFunction((address) => (document.querySelector('[data-testid="wallet-address-input"]') as HTMLInputElement | null)?.value === address, a.x);
  expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
  await page
    .getByTestId('check-button')
    .filter({ hasText: /^Check$/ })
    .waitFor();
  expect(await page.getByRole('dialog', { name: 'Running AML Analysis...' }).count()).toBe(0);
  await premiumChecks(page, 19).waitFor();

  // History's Details show the graph of the check too.
  await page.getByRole('link', { name: 'History' }).first().click();
  await page.waitForURL('**/dashboard/history');
  await page
    .getByTestId('history-row')
    .filter({ hasText: short(a.wallet) })
    .getByRole('button', { name: /details/i })
    .click();
  const details = page.getByRole('dialog', { name: /^Check [0-9a-f-]{8} details$/ });
  await details.getByRole('heading', { name: 'Fund flow' }).waitFor();
  await details.getByRole('group', { name: `${short(a.x)}: sanctioned, 2 hops, 15% of all value` }).waitFor();
  await page.waitForFunction(() => {
    const content = document.querySelector('[data-testid="history-details"] .mantine-Modal-content');
    return content !== null && getComputedStyle(content).opacity === '1';
  });
  await expectAccessible(page, 'History details with the fund-flow graph');
  await context.close();
}, 180_000);

it('lists the fund flow in the PDF of the check: each address by hop with its category and share', async () => {
  const customer = { email: 'flows@exchange.example', password: 'Flows-Passphrase-2026' };
  const token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: customer })).body.token;
  const [check] = (await server.api<Array<{ id: string; wallet_address: string }>>('GET', '/api/transactions/history', { token })).body.filter(
    (c) => c.wallet_address === a.wallet,
  );
  const res = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/pdf/download_aml_report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ aml_report: 'stored', wallet_address: a.wallet, check_id: check!.id }),
  });
  expect(res.status).toBe(200);
  const file = path.join(work, 'fund-flow.pdf');
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('FUND FLOW');
  expect(text.replace(/\s+/g, ' ')).toContain(
    '7 addresses funds moved through, up to 2 hops from the wallet, with the share of its examined volume through each:',
  );
  expect(text).toMatch(new RegExp(`^\\s*2\\s+15\\.0%\\s+sanctioned\\s+${a.x}\\s*$`, 'm'));
  expect(text).toMatch(new RegExp(`^\\s*1\\s+60\\.0%\\s+unlabelled\\s+${a.i1}\\s*$`, 'm'));
  expect(text).toMatch(new RegExp(`^\\s*2\\s+5\\.0%\\s+mixer\\s+${a.z}\\s*$`, 'm'));
});

it('shows admins the latest check’s graph in the Wallets drawer, each address opening its own entry there', async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.url.replace('localhost', '127.0.0.1') });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto('/admin-login');
  await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/admin/customers');

  // A link to the wallet opens its checks, with the latest check's graph.
  await page.goto(`/admin/wallets?network=bitcoin&address=${a.wallet}`);
  const drawer = page.getByRole('dialog', { name: 'Wallet checks' });
  await drawer.getByRole('heading', { name: /^Fund flow of the latest check/ }).waitFor();
  const x = drawer.getByRole('group', { name: `${short(a.x)}: sanctioned, 2 hops, 15% of all value` });
  await x.waitFor();
  await page.waitForFunction(() => {
    const content = document.querySelector('.mantine-Drawer-content');
    return content !== null && getComputedStyle(content).opacity === '1';
  });
  await expectAccessible(page, 'the admin Wallets drawer with the latest check’s fund-flow graph');

  // X was never checked itself: its entry says so, and offers the wallet checker.
  await x.getByRole('link', { name: `Open ${short(a.x)} in Wallets` }).click();
  await page.waitForURL((url) => url.pathname === '/admin/wallets' && url.searchParams.get('address') === a.x);
  await drawer.getByTestId('wallet-not-screened').getByText('This address has not been checked on Bitcoin yet.').waitFor();
  expect(await drawer.getByRole('link', { name: 'Check it in the wallet checker' }).getAttribute('href')).toBe(
    `/dashboard/wallet-checker?address=${a.x}&network=bitcoin`,
  );
  await context.close();
}, 120_000);
