/**
 * Every page of the app, in a real browser against the real server, as the visitor it is for
 * (anyone, a customer, an admin, an auditor), at a desktop (1440 px) and a phone (375 px) width:
 * each has exactly one h1 and a tab title that names it, no link that goes nowhere (href="#"),
 * nothing wider than the window, and no critical or serious axe violation (WCAG 2.x A/AA). Admin
 * History's table fits a 1366- and a 1440-px laptop without scrolling sideways; an alert's card
 * fits a phone. (accessibility.e2e.test.ts opens the modals and drawers, in both colour schemes.)
 *
 * The SPA is served from dist/: run `npm run build` first.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createLogger } from '@walletscreen/platform';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { accessibilityReport } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

type State = Awaited<ReturnType<BrowserContext['storageState']>>;
type Who = 'visitor' | 'customer' | 'admin' | 'auditor';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;
const customer = { email: 'pages@exchange.example', password: 'Every-Page-Passphrase-4', username: 'Every Page Exchange' };
const auditor = { email: 'pages.auditor@audit.example', password: 'Every-Page-Auditor-7', username: 'Page Auditor' };

let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let base: string;
const states: Partial<Record<Who, State>> = {};
/** The ids the pages with one in their path open. */
const ids = { check: '', case: '', webhook: '', session: '' };

/**
 * The operator's Terms (Markdown) and Privacy notice (HTML), each with a heading of level 1 of its
 * own and markup that must not run.
 */
const TERMS_MD = '# Terms of the desk\n\nScreen **responsibly**. <img src="x" onerror="window.pwned = 1">\n\n## Fees\n\nNone.\n';
const PRIVACY_HTML = '<h1>Our privacy</h1><p>We keep <em>little</em>.</p><script>window.pwned = 2</script><img src="x" alt="" onerror="window.pwned = 3">';

beforeAll(async () => {
  const legal = mkdtempSync(path.join(tmpdir(), 'ws-legal-'));
  writeFileSync(path.join(legal, 'terms.md'), TERMS_MD);
  writeFileSync(path.join(legal, 'privacy.html'), PRIVACY_HTML);
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({
    TERMS_FILE: path.join(legal, 'terms.md'),
    PRIVACY_FILE: path.join(legal, 'privacy.html'),
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '5000',
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
  });
  base = server.url.replace('localhost', '127.0.0.1');
  await runSanctionsSync({
    eventStore: server.eventStore,
    file: path.resolve(__dirname, '../../workers/test-fixtures/sanctions/sdn.csv'),
    clock: () => new Date(),
    logger: createLogger({ level: 'silent' }),
  });
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  const token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: customer })).body.token;
  const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
  expect((await server.api('POST', '/api/admin/auditors', { token: admin, body: auditor })).status).toBe(201);

  // Something on every list: a check and its case, a watched wallet with an alert, a batch, an API key, a webhook endpoint, a purchase.
  expect((await server.api('POST', '/api/transactions/analyze-realtime', { token, body: { wallet_address: a.btcWallet } })).status).toBe(200);
  await server.projections.waitFor(await server.eventStore.headPosition());
  ids.check = (await server.api<{ id: string }[]>('GET', '/api/transactions/history', { token })).body[0]!.id;
  const opened = await server.api<{ id: string }>('POST', '/api/cases', { token, body: { check_id: ids.check } });
  expect(opened.status).toBe(201);
  ids.case = opened.body.id;
  expect((await server.api('POST', '/api/watchlist', { token, body: { address: a.btcWallet } })).status).toBe(201);
  expect((await server.api('POST', '/api/batches', { token, raw: ['address', a.btcWallet].join('\n'), headers: { 'content-type': 'text/csv' } })).status).toBe(
    202,
  );
  expect((await server.api('POST', '/api/keys', { token, body: { name: 'Deposits service', scopes: ['read'] } })).status).toBe(201);
  const webhook = await server.api<{ id: string }>('POST', '/api/webhooks', {
    token,
    body: { url: 'http://127.0.0.1:9/hooks', events: ['screening.completed'] },
  });
  expect(webhook.status).toBe(201);
  ids.webhook = webhook.body.id;
  const bought = await server.api<{ checkout_url: string }>('POST', '/api/billing/create-subscription-session', { token, body: { price_id: 'professional' } });
  ids.session = new URL(bought.body.checkout_url, base).searchParams.get('session')!;
  expect((await server.api('POST', '/api/billing/local/complete', { token, body: { session: ids.session } })).status).toBe(200);
  // A second checkout left open: its confirmation page.
  const pending = await server.api<{ checkout_url: string }>('POST', '/api/billing/create-subscription-session', { token, body: { price_id: 'starter' } });
  ids.session = new URL(pending.body.checkout_url, base).searchParams.get('session')!;
  // A custom block list naming the watched wallet: it is re-screened and raises an alert.
  expect(
    (await server.api('POST', '/api/admin/lists', { token: admin, body: { name: 'Desk blocklist', kind: 'block', content: `${a.btcWallet}\n` } })).status,
  ).toBe(201);
  for (let i = 0; (await server.api<{ items: unknown[] }>('GET', '/api/alerts', { token })).body.items.length === 0; i++) {
    if (i === 100) throw new Error('No alert was raised for the watched wallet');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.projections.waitFor(await server.eventStore.headPosition());

  browser = await launchBrowser();
  states.visitor = { cookies: [], origins: [] };
  states.customer = await signedIn('/login', customer, '**/dashboard/wallet-checker');
  states.admin = await signedIn('/admin-login', ADMIN, '**/admin/customers');
  states.auditor = await signedIn('/admin-login', auditor, '**/admin/customers');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
});

async function signedIn(at: string, who: { email: string; password: string }, landing: string): Promise<State> {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto(at);
  await page.getByLabel(/e-?mail/i).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL(landing);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function pageAt(who: Who, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport, storageState: states[who] });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** Each page: its path and the title its tab shows (`<title> · WalletScreen`). */
type Screen = [path: () => string, title: string];

const PUBLIC: Screen[] = [
  [() => '/', 'Is This Wallet Clean?'],
  [() => '/login', 'Authorization'],
  [() => '/auth', 'Authorization'],
  [() => '/register', 'Register'],
  [() => '/reset-password', 'Reset password'],
  [() => '/set-password?token=not-a-token', 'Set a new password'],
  [() => '/confirm-email?token=not-a-token', 'Confirm your e-mail address'],
  [() => '/auth-demo', 'Demo login'],
  [() => '/dashboard-demo/Low', 'Demo dashboard'],
  [() => '/admin-login', 'Admin Login'],
  [() => '/unauthorized', 'No admin access'],
  [() => '/terms', 'Terms of Service'],
  [() => '/privacy', 'Privacy notice'],
];

const CUSTOMER: Screen[] = [
  [() => '/dashboard/wallet-checker', 'Check Wallet'],
  [() => '/dashboard/history', 'Wallet Checks History'],
  [() => '/dashboard/watchlist', 'Watchlist'],
  [() => '/dashboard/alerts', 'Alerts'],
  [() => '/dashboard/cases', 'Cases'],
  [() => `/dashboard/cases/${ids.case}`, 'Case'],
  [() => '/dashboard/top-up', 'Upgrade Your Plan'],
  [() => `/dashboard/top-up/confirm?session=${ids.session}`, 'Confirm your purchase'],
  [() => '/dashboard/batch', 'Batch screening'],
  [() => '/dashboard/api-keys', 'API keys'],
  [() => '/dashboard/webhooks', 'Webhooks'],
  [() => `/dashboard/webhooks/${ids.webhook}`, 'Webhook endpoint'],
  [() => '/dashboard/account', 'Account'],
];

const ADMIN_AREA: Screen[] = [
  [() => '/admin/customers', 'Customers'],
  [() => '/admin/purchases', 'Purchases'],
  [() => '/admin/history', 'Admin: Wallet Checks History'],
  [() => `/admin/checks/${ids.check}`, 'Check evidence & replay'],
  [() => '/admin/wallets', 'Wallets'],
  [() => '/admin/financial-stats', 'Financial Stats'],
  [() => '/admin/cases', 'Cases'],
  [() => `/admin/cases/${ids.case}`, 'Case'],
  [() => '/admin/admins', 'Admins'],
  [() => '/admin/audit', 'Audit log'],
  [() => '/admin/streams', 'Streams'],
  [() => '/admin/streams/sanctions-ofac', 'Stream'],
  [() => '/admin/sanctions', 'Sanctions & lists'],
  [() => '/admin/feeds', 'Intelligence feeds'],
];

/** What is wrong with the page as it is now: its h1s, its tab title, links to "#", sideways overflow, axe. */
async function problemsOf(page: Page, where: string, title: string): Promise<string[]> {
  const problems: string[] = [];
  const h1s = await page.evaluate(() =>
    Array.from(document.querySelectorAll('h1'))
      .filter((h) => h.checkVisibility())
      .map((h) => h.textContent?.trim() ?? ''),
  );
  if (h1s.length !== 1) problems.push(`${where}: ${h1s.length} h1 (${h1s.map((t) => `"${t}"`).join(', ')}), not one`);
  const tab = await page.title();
  if (tab !== `${title} · WalletScreen`) problems.push(`${where}: the tab's title is "${tab}", not "${title} · WalletScreen"`);
  const nowhere = await page.locator('a[href="#"]').count();
  if (nowhere > 0) problems.push(`${where}: ${nowhere} link(s) to "#"`);
  const overflow = await sidewaysOverflow(page);
  if (overflow > 0) problems.push(`${where}: ${overflow} px wider than the window`);
  const report = await accessibilityReport(page, where);
  if (report) problems.push(report);
  return problems;
}

/** How far the page is wider than the window (0 when it does not scroll sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The elements inside `root` (itself included) whose content is wider than they are: each scrolls or spills sideways. */
function widerThanTheirBox(root: ReturnType<Page['locator']>) {
  return root.evaluate((el) => {
    const wide: string[] = [];
    for (const node of [el, ...Array.from(el.querySelectorAll('*'))]) {
      const style = getComputedStyle(node);
      // Text cut with an ellipsis is meant to be narrower than its text.
      if (style.textOverflow === 'ellipsis') continue;
      if (node.scrollWidth > node.clientWidth + 1 && node.clientWidth > 0) wide.push(`${node.tagName.toLowerCase()}.${String(node.className)}`.slice(0, 120));
    }
    return wide;
  });
}

/** Opens the page and waits for its h1 and for its data. */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe.each(VIEWPORTS)('at $width px ($name)', (viewport) => {
  const areas: [Who, Screen[]][] = [
    ['visitor', PUBLIC],
    ['customer', CUSTOMER],
    ['admin', ADMIN_AREA],
    ['auditor', ADMIN_AREA],
  ];
  it.each(areas)(
    "every page of the %s has one h1, its tab title, no link to '#', no sideways scrolling and no serious axe violation",
    async (who, screens) => {
      const page = await pageAt(who, viewport);
      const problems: string[] = [];
      for (const [url, title] of screens) {
        await visit(page, url());
        problems.push(...(await problemsOf(page, `${url()} as ${who} at ${viewport.width} px`, title)));
      }
      await page.context().close();
      expect(problems.join('\n\n')).toBe('');
    },
    240_000,
  );
});

it.each([1366, 1440])("Admin History's table fits a %i-px laptop without scrolling sideways", async (width) => {
  const page = await pageAt('admin', { width, height: 800 });
  await visit(page, '/admin/history');
  const table = page.getByTestId('history-table');
  await table.getByTestId('history-row').first().waitFor();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // Neither the table nor anything around it scrolls sideways: the table is as wide as its card at most.
  const fits = await table.evaluate((el) => {
    for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth + 1)
        return `${node.tagName.toLowerCase()}.${String(node.className)} is ${node.scrollWidth - node.clientWidth} px too narrow`;
    }
    return el.getBoundingClientRect().right <= window.innerWidth ? 'fits' : 'the table ends outside the window';
  });
  expect(fits).toBe('fits');
  expect(await widerThanTheirBox(table)).toEqual([]);
  await screenshot(page, `admin-history-${width}`);
  await page.context().close();
});

it("an alert's card fits a 375-px phone, its actions on screen", async () => {
  const page = await pageAt('customer', { width: 375, height: 812 });
  await visit(page, '/dashboard/alerts');
  const card = page.getByTestId('alert-item').first();
  await card.waitFor();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await widerThanTheirBox(card)).toEqual([]);
  for (const name of ['Open a case', 'Acknowledge', 'Resolve']) {
    const box = (await card.getByRole('button', { name }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  await screenshot(page, 'alerts-phone');
  await page.context().close();
});

it("shows the operator's Terms (Markdown) and Privacy notice (HTML) under the page's h1, running none of their markup, linked from the footer and the registration form", async () => {
  const page = await pageAt('visitor', { width: 1366, height: 800 });
  await visit(page, '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await page.waitForURL('**/terms');
  const terms = page.getByTestId('legal-text');
  // The document's own "#" heading sits under the page's h1.
  await terms.getByRole('heading', { level: 2, name: 'Terms of the desk' }).waitFor();
  await terms.getByRole('heading', { level: 3, name: 'Fees' }).waitFor();
  expect(await terms.locator('strong').textContent()).toBe('responsibly');
  // Raw HTML in Markdown is shown as text, never made an element.
  await terms.getByText('<img src="x" onerror="window.pwned = 1">').waitFor();
  expect(await terms.locator('img').count()).toBe(0);

  await page.getByRole('link', { name: 'Privacy notice' }).click();
  await page.waitForURL('**/privacy');
  const privacy = page.getByTestId('legal-text');
  await privacy.getByRole('heading', { level: 2, name: 'Our privacy' }).waitFor();
  expect(await privacy.locator('em').textContent()).toBe('little');
  expect(await privacy.locator('script').count()).toBe(0);
  expect(await privacy.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('onerror')))).toEqual([null]);
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Privacy notice']);

  await visit(page, '/register');
  await page.getByRole('link', { name: 'Privacy notice' }).click();
  await page.waitForURL('**/privacy');
  await visit(page, '/register');
  await page.getByRole('link', { name: 'Terms' }).click();
  await page.waitForURL('**/terms');
  await page.context().close();
});

it('gives a visitor the sample report without an e-mail, from the landing page and from the demo sign-in', async () => {
  const page = await pageAt('visitor', { width: 1366, height: 800 });
  await visit(page, '/');
  await page.getByRole('link', { name: 'See a sample report' }).click();
  await page.waitForURL('**/dashboard-demo/Low');
  await page.getByText(/illustrative Low-risk result/).waitFor();
  await page.getByTestId('risk-score-value').first().waitFor();
  await visit(page, '/auth-demo');
  await page.getByRole('button', { name: 'See the sample report' }).click();
  await page.waitForURL('**/dashboard-demo/Low');
  await page.getByText(/illustrative Low-risk result/).waitFor();
  await page.getByTestId('risk-score-value').first().waitFor();
  await page.context().close();
});
