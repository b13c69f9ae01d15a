/**
 * The screens fit the screens people use, in a real browser against the real server: a 1366-px
 * laptop, a 1024-px tablet, 990 px (just under the one breakpoint, 992 px) and a 375×812 phone.
 * From 992 px the dashboard shows its sidebar, the balance, the e-mail and Logout (a 1366-px laptop
 * saw only a hamburger); below it the drawer says the bonus checks are part of the total. History,
 * the checker's result and the admin's Customers never scroll sideways, and on a phone the
 * customers' actions and the result's full address are on screen.
 *
 * The SPA is served from dist/: run `npm run build` first.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

const VIEWPORTS = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'narrow', width: 990, height: 768 },
  { name: 'phone', width: 375, height: 812 },
] as const;
/** An Ethereum address whose chain data cannot be fetched: its check is Incomplete, the longest status there is. */
const UNREACHABLE_EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let base: string;
let token: string;
const user = { email: 'layout.analyst@exchange.example', password: 'Layout-Passphrase-7', username: 'Layout Exchange' };
let userState: Awaited<ReturnType<BrowserContext['storageState']>>;
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
  });
  base = server.url.replace('localhost', '127.0.0.1');
  await server.api('POST', '/api/auth/register', { body: user });
  token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
  // A complete check and an incomplete one in History.
  for (const wallet_address of [a.btcWallet, UNREACHABLE_EVM]) {
    const res = await server.api('POST', '/api/transactions/analyze-realtime', {
      token,
      body: { wallet_address },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(200);
  }
  // An API key with every scope, for the table of keys.
  expect((await server.api('POST', '/api/keys', { token, body: { name: 'Deposits service' } })).status).toBe(201);
  browser = await launchBrowser();
  userState = await signedIn('/auth', user, '**/dashboard/wallet-checker');
  adminState = await signedIn('/admin-login', ADMIN, '**/admin/customers');
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
});

async function signedIn(path: string, who: { email: string; password: string }, landing: string) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto(path);
  await page.getByLabel(/e-?mail/i).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL(landing);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function pageAt(viewport: (typeof VIEWPORTS)[number], state: typeof userState): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: viewport.width, height: viewport.height }, storageState: state });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

/** How far the page is wider than the window (0 when it does not scroll sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The element lies within the window, left to right. */
async function onScreen(page: Page, selector: ReturnType<Page['locator']>) {
  const box = (await selector.boundingBox())!;
  const width = await page.evaluate(() => window.innerWidth);
  return box.x >= 0 && box.x + box.width <= width;
}

describe.each(VIEWPORTS)('at $width × $height ($name)', (viewport) => {
  const wide = viewport.width >= 992;

  it(
    wide
      ? 'shows the sidebar, the balance, the e-mail and Logout'
      : 'puts the navigation and the account in a drawer that says bonus checks are part of the total',
    async () => {
      const { checks_left, bonus_checks } = (await server.api<{ checks_left: number; bonus_checks: number }>('GET', '/api/profile', { token })).body;
      // 20 bonus checks on registration, none bought: every check left is a bonus check.
      expect(bonus_checks).toBe(checks_left);
      const balance = new RegExp(`^${checks_left}$`);
      const page = await pageAt(viewport, userState);
      await page.goto('/dashboard/history');
      await page.getByRole('heading', { name: 'Wallet Checks History' }).waitFor();
      const header = page.locator('header');
      if (wide) {
        await header.getByTestId('premium-checks').filter({ hasText: balance }).waitFor();
        await header.getByText(user.email).waitFor();
        await header.getByRole('button', { name: 'Logout' }).waitFor();
        await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'History' }).waitFor();
        expect(await header.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(false);
        for (const control of [header.getByTestId('premium-checks'), header.getByText(user.email), header.getByRole('button', { name: 'Logout' })]) {
          expect(await onScreen(page, control)).toBe(true);
        }
      } else {
        expect(await header.getByRole('button', { name: 'Logout' }).isVisible()).toBe(false);
        await header.getByRole('button', { name: 'Open navigation' }).click();
        const drawer = page.getByRole('dialog', { name: 'Navigation' });
        await drawer.getByTestId('premium-checks').filter({ hasText: balance }).waitFor();
        // The bonus reads as part of the Premium Checks total, not as a second balance.
        expect(await drawer.getByText(/^of which \d+ are free bonus checks$/).textContent()).toBe(`of which ${bonus_checks} are free bonus checks`);
        await drawer.getByRole('button', { name: 'Logout' }).waitFor();
        await page.waitForTimeout(300);
        await screenshot(page, `layout-${viewport.name}-drawer`);
      }
      await page.context().close();
    },
  );

  it("shows each badge's word whole in a crowded table (an API key's scopes and status)", async () => {
    const page = await pageAt(viewport, userState);
    await page.goto('/dashboard/api-keys');
    await page.getByTestId('api-key-status').first().waitFor();
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('table .mantine-Badge-label')].filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
    );
    expect(cut).toEqual([]);
    await page.context().close();
  });

  it('shows History without scrolling sideways, each check by its id, with its network', async () => {
    const page = await pageAt(viewport, userState);
    await page.goto('/dashboard/history');
    // The table from 1200 px (lg), where it fits beside the sidebar; cards below.
    const list = viewport.width >= 1200 ? page.getByTestId('history-table') : page.getByTestId('history-cards');
    await list.getByText('Incomplete — data unavailable').first().waitFor();
    await list.getByTestId('history-network').filter({ hasText: 'Bitcoin' }).first().waitFor();
    await list.getByTestId('history-network').filter({ hasText: 'Ethereum' }).first().waitFor();
    expect(await list.getByTestId('check-id').count()).toBeGreaterThanOrEqual(2);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `layout-${viewport.name}-history`);
    await page.context().close();
  });

  it("shows the checker's result, with the full address, without scrolling sideways", async () => {
    const page = await pageAt(viewport, userState);
    await page.goto('/dashboard/wallet-checker');
    await page.getByTestId('wallet-address-input').fill(a.btcWallet);
    await page.getByTestId('check-button').click();
    const result = page.getByTestId('analysis-result');
    await result.waitFor({ timeout: 60_000 });
    const address = result.getByTestId('full-address');
    expect(await address.textContent()).toBe(a.btcWallet);
    // Not cut: the whole address is drawn inside its box.
    expect(await address.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await onScreen(page, address)).toBe(true);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `layout-${viewport.name}-result`);
    await page.context().close();
  }, 90_000);

  it("shows the admin's Customers with their actions on screen, without scrolling sideways", async () => {
    const page = await pageAt(viewport, adminState);
    await page.goto('/admin/customers');
    const topUp = page.getByRole('button', { name: `Top up ${user.email}` });
    await topUp.waitFor();
    expect(await onScreen(page, topUp)).toBe(true);
    expect(await onScreen(page, page.getByRole('button', { name: `Block ${user.email}` }))).toBe(true);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `layout-${viewport.name}-customers`);
    await page.context().close();
  });
});
