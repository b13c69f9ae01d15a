/**
 * Accessibility in a real browser: axe-core audits every screen of the route table
 * (frontend/src/app/router.tsx) as the visitor it is for, in the light and the dark colour scheme,
 * with the modals and drawers open (check details, top-up confirmation, API key and webhook
 * creation, confirm dialogs, an alert, a batch's results, the admin's wallet, audit-event and
 * balance-history panels, a check's evidence and replay, a customer's stream, the progress overlay and the result of a check, the navigation drawers
 * at phone width). None may
 * have a critical or serious WCAG 2.x A/AA violation.
 *
 * The SPA is served from dist/: run `npm run build` first.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createLogger } from '@walletscreen/platform';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { accessibilityReport } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

type Scheme = 'light' | 'dark';
const SCHEMES: Scheme[] = ['light', 'dark'];
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const customer = { email: 'a11y@exchange.example', password: 'Access-Passphrase-2026', username: 'Exchange' };

let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let base: string;
let webhookId: string;
let checkId: string;

beforeAll(async () => {
  // Answers held back a moment, so the progress overlay stays up long enough to be audited.
  replay = await startReplayServer([...recordedWalletRoutes({ delayMs: 1_500 })]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '5000',
    CHAIN_DATA_CACHE_TTL_MS: '0',
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
  // Something on every list: a check (History, Details, Wallets, Audit), a watched wallet, a batch, an API key and a webhook endpoint.
  expect((await server.api('POST', '/api/transactions/analyze-realtime', { token, body: { wallet_address: a.btcWallet } })).status).toBe(200);
  const watched = await server.api('POST', '/api/watchlist', { token, body: { address: a.btcWallet } });
  expect(watched.status).toBe(201);
  expect((await server.api('POST', '/api/batches', { token, raw: ['address', a.btcWallet].join('\n'), headers: { 'content-type': 'text/csv' } })).status).toBe(
    202,
  );
  expect((await server.api('POST', '/api/keys', { token, body: { name: 'Deposits service', scopes: ['read'] } })).status).toBe(201);
  const webhook = await server.api<{ id: string }>('POST', '/api/webhooks', {
    token,
    body: { url: 'http://127.0.0.1:9/hooks', events: ['screening.completed'] },
  });
  expect(webhook.status).toBe(201);
  webhookId = webhook.body.id;
  // A custom block list naming the watched wallet: it is re-screened and raises an alert (and the list can be removed).
  const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
  expect(
    (await server.api('POST', '/api/admin/lists', { token: admin, body: { name: 'Desk blocklist', kind: 'block', content: `${a.btcWallet}\n` } })).status,
  ).toBe(201);
  for (let i = 0; (await server.api<{ items: unknown[] }>('GET', '/api/alerts', { token })).body.items.length === 0; i++) {
    if (i === 100) throw new Error('No alert was raised for the watched wallet');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.projections.waitFor(await server.eventStore.headPosition());
  checkId = (await server.api<{ id: string }[]>('GET', '/api/transactions/history', { token })).body[0]!.id;
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
});

/** Collects each screen's report, so one run lists every screen that fails rather than the first. */
class Audit {
  readonly failures: string[] = [];
  constructor(private readonly scheme: Scheme) {}

  async check(page: Page, where: string): Promise<void> {
    const report = await accessibilityReport(page, `${where} (${this.scheme})`);
    if (report) this.failures.push(report);
  }

  assert(): void {
    expect(this.failures.join('\n\n')).toBe('');
  }
}

async function newPage(scheme: Scheme, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: base, colorScheme: scheme });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

async function signIn(scheme: Scheme, as: 'customer' | 'admin', viewport = DESKTOP): Promise<Page> {
  const page = await newPage(scheme, viewport);
  const who = as === 'admin' ? ADMIN : customer;
  await page.goto(as === 'admin' ? '/admin-login' : '/login');
  await page.getByLabel(/e-?mail/i).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL(as === 'admin' ? '**/admin/customers' : '**/dashboard/**');
  return page;
}

/** Opens a screen and waits for its heading, so the audit sees the screen and not its loader. */
async function visit(page: Page, url: string, heading: string | RegExp): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { name: heading }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe.each(SCHEMES)('in the %s colour scheme', (scheme) => {
  it('the public screens', async () => {
    const audit = new Audit(scheme);
    const page = await newPage(scheme);
    const screens: [string, string | RegExp][] = [
      ['/', /Is This Wallet Clean/i],
      ['/login', /sign in|log ?in|authori[sz]ation/i],
      ['/auth', /sign in|log ?in|authori[sz]ation/i],
      ['/register', /register|sign up|create/i],
      ['/reset-password', /reset/i],
      ['/set-password?token=not-a-token', /password/i],
      ['/auth-demo', /demo/i],
      ['/dashboard-demo/Low', /demo|result|risk/i],
      ['/admin-login', /admin/i],
      ['/unauthorized', /admin/i],
    ];
    for (const [url, heading] of screens) {
      await visit(page, url, heading);
      await audit.check(page, url);
    }
    // A notification (a registration's), with its close button and message.
    await visit(page, '/register', /register|sign up|create/i);
    await page.getByLabel('Email').fill(`new.${scheme}@exchange.example`);
    await page.getByLabel('Company Name / Username').fill('New desk');
    await page.getByLabel(/^Password/).fill('New-Desk-Passphrase-1');
    await page.getByRole('button', { name: /register|sign up|create/i }).click();
    await page.getByText('Account created').waitFor();
    await audit.check(page, '/auth with the registration notification');
    // Errors shown in a form: messages read in the error colour.
    await visit(page, '/login', /sign in|log ?in|authori[sz]ation/i);
    await page.getByRole('button', { name: /^login$/i }).click();
    await audit.check(page, '/login with errors');
    await page.context().close();

    const phone = await newPage(scheme, PHONE);
    await visit(phone, '/', /Is This Wallet Clean/i);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('dialog', { name: 'Menu' }).waitFor();
    await audit.check(phone, '/ menu drawer at phone width');
    await phone.context().close();
    audit.assert();
  }, 120_000);

  it("the customer's dashboard, its modals and a check in progress", async () => {
    const audit = new Audit(scheme);
    const page = await signIn(scheme, 'customer');
    const screens: [string, string | RegExp][] = [
      ['/dashboard/wallet-checker', 'Check Wallet'],
      ['/dashboard/history', /history/i],
      ['/dashboard/top-up', 'Upgrade Your Plan'],
      ['/dashboard/batch', /batch/i],
      ['/dashboard/watchlist', /watchlist/i],
      ['/dashboard/alerts', /alerts/i],
      ['/dashboard/cases', 'Cases'],
      ['/dashboard/api-keys', /API keys/i],
      ['/dashboard/webhooks', /webhooks/i],
      [`/dashboard/webhooks/${webhookId}`, /webhook|127\.0\.0\.1/i],
      ['/dashboard/account', 'Account'],
    ];
    for (const [url, heading] of screens) {
      await visit(page, url, heading);
      await audit.check(page, url);
    }

    await visit(page, `/dashboard/history?check=${checkId}`, /history/i);
    await page.getByTestId('history-details').getByRole('dialog').or(page.getByRole('dialog')).first().waitFor();
    await audit.check(page, 'check details modal');
    // The check's case (opened here in the first scheme, linked in the next): its view.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Open a case' })
      .or(page.getByRole('dialog').getByRole('link', { name: 'Open the case' }))
      .click();
    await page.waitForURL('**/dashboard/cases/*');
    await page.getByTestId('case-view').waitFor();
    await audit.check(page, 'case view');

    await visit(page, '/dashboard/api-keys', /API keys/i);
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByRole('dialog', { name: 'Create an API key' }).waitFor();
    await audit.check(page, 'create API key modal');
    await page.getByRole('dialog', { name: 'Create an API key' }).getByRole('button', { name: 'Create key' }).click();
    await audit.check(page, 'create API key modal with errors');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Revoke Deposits service' }).click();
    await page.getByRole('dialog', { name: 'Revoke API key' }).waitFor();
    await audit.check(page, 'revoke API key dialog');

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('dialog', { name: 'Create an API key' });
    await form.getByLabel(/^Name/).fill('Reconciliation');
    await form.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('dialog', { name: 'Your new API key' }).waitFor();
    await audit.check(page, 'new API key modal');

    await visit(page, '/dashboard/webhooks', /webhooks/i);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const webhookForm = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await webhookForm.waitFor();
    await audit.check(page, 'add webhook modal');
    await webhookForm.getByLabel(/^Endpoint URL/).fill(`http://127.0.0.1:9/${scheme}`);
    await webhookForm.getByRole('button', { name: 'Add endpoint' }).click();
    const added = page.getByRole('dialog', { name: 'Webhook endpoint added' });
    await added.waitFor();
    await audit.check(page, 'webhook added modal');
    await added.getByRole('button', { name: 'Done' }).click();
    await added.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Delete http://127.0.0.1:9/${scheme}` }).click();
    await page.getByRole('dialog', { name: 'Delete webhook endpoint' }).waitFor();
    await audit.check(page, 'delete webhook dialog');

    await visit(page, '/dashboard/alerts', /alerts/i);
    await page.getByTestId('alert-item').first().waitFor();
    await audit.check(page, '/dashboard/alerts with an alert');
    await page.getByTestId('alert-item').first().getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('dialog', { name: 'Resolve alert' }).waitFor();
    await audit.check(page, 'resolve alert dialog');

    await visit(page, '/dashboard/batch', /batch/i);
    await page
      .getByTestId('batch-list-row')
      .first()
      .getByRole('button', { name: /Open|Shown/ })
      .click();
    await page.getByTestId('batch-rows').waitFor();
    await audit.check(page, 'batch results');
    await page.getByTestId('batch-watch').click();
    await page.getByRole('dialog', { name: "Watch this batch's wallets" }).waitFor();
    await audit.check(page, 'watch batch dialog');

    await visit(page, '/dashboard/watchlist', /watchlist/i);
    await page.getByRole('button', { name: `Edit ${a.btcWallet}` }).click();
    await page.getByRole('dialog', { name: 'Edit watched wallet' }).waitFor();
    await audit.check(page, 'edit watched wallet modal');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Unwatch ${a.btcWallet}` }).click();
    await page.getByRole('dialog', { name: 'Unwatch wallet' }).waitFor();
    await audit.check(page, 'unwatch dialog');

    await visit(page, '/dashboard/top-up', 'Upgrade Your Plan');
    await page.getByRole('button', { name: 'Buy Professional' }).click();
    await page.waitForURL('**/dashboard/top-up/confirm?session=*');
    await page.getByText('Test payment — no money is charged').waitFor();
    await audit.check(page, '/dashboard/top-up/confirm');

    await visit(page, '/dashboard/wallet-checker', 'Check Wallet');
    await page.getByTestId('wallet-address-input').fill(a.btcB);
    await page.getByTestId('check-button').click();
    await page.getByRole('dialog').waitFor();
    await audit.check(page, 'check progress overlay');
    await page.getByTestId('analysis-result').waitFor({ timeout: 60_000 });
    await audit.check(page, 'analysis result');
    await page.context().close();

    // At phone width tables become cards.
    const phone = await signIn(scheme, 'customer', PHONE);
    for (const [url, heading] of [screens[1]!, screens[4]!, screens[6]!]) {
      await visit(phone, url, heading);
      await audit.check(phone, `${url} at phone width`);
    }
    await phone.getByRole('button', { name: 'Open navigation' }).click();
    await phone.getByRole('dialog').waitFor();
    await audit.check(phone, 'dashboard navigation drawer at phone width');
    await phone.context().close();
    audit.assert();
  }, 300_000);

  it("the admin's screens, drawers and dialogs", async () => {
    const audit = new Audit(scheme);
    const page = await signIn(scheme, 'admin');
    const screens: [string, string | RegExp][] = [
      ['/admin/customers', 'Customers'],
      ['/admin/purchases', 'Purchases'],
      ['/admin/history', /history/i],
      ['/admin/cases', 'Cases'],
      ['/admin/wallets', 'Wallets'],
      ['/admin/financial-stats', /financial/i],
      ['/admin/audit', /audit/i],
      ['/admin/sanctions', /sanctions/i],
      ['/admin/streams', 'Streams'],
      ['/admin/streams/sanctions-ofac', 'Stream'],
    ];
    for (const [url, heading] of screens) {
      await visit(page, url, heading);
      await audit.check(page, url);
    }
    // A customer's stream (its balance) and a check's evidence with its replay.
    await visit(page, '/admin/customers', 'Customers');
    await page
      .getByRole('link', { name: `Event stream of ${customer.email}` })
      .first()
      .click();
    await page.getByTestId('balance-remaining').waitFor();
    await audit.check(page, "a customer's stream");
    await visit(page, '/admin/history', /history/i);
    await page
      .getByRole('button', { name: /^Details of check/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('link', { name: 'Evidence & replay' }).click();
    await page.getByRole('heading', { name: 'Check evidence & replay' }).waitFor();
    await page.getByRole('button', { name: 'Show data' }).first().click();
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByTestId('replay-verdict').waitFor();
    await audit.check(page, "a check's evidence and replay");

    await visit(page, '/admin/customers', 'Customers');
    await page.getByRole('button', { name: `Top up ${customer.email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).waitFor();
    await audit.check(page, 'top-up confirm dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Block ${customer.email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).waitFor();
    await audit.check(page, 'block confirm dialog');

    await visit(page, '/admin/history', /history/i);
    await page
      .getByRole('button', { name: /^Details of check/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await audit.check(page, 'admin check details modal');

    await visit(page, '/admin/cases', 'Cases');
    await page
      .getByRole('link', { name: /^Open the case of / })
      .first()
      .click();
    await page.getByTestId('case-view').waitFor();
    await audit.check(page, 'admin case view');

    await visit(page, '/admin/sanctions', /sanctions/i);
    await page.getByRole('button', { name: 'Remove Desk blocklist' }).click();
    await page.getByRole('dialog', { name: 'Remove this list?' }).waitFor();
    await audit.check(page, 'remove list dialog');

    await visit(page, '/admin/wallets', 'Wallets');
    await page
      .getByRole('button', { name: `Open the checks of ${a.btcWallet}` })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await audit.check(page, 'wallet checks drawer');

    await visit(page, '/admin/audit', /audit/i);
    await page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row', { name: /^Event \d+/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await audit.check(page, 'audit event drawer');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Audit log' }).getByRole('button', { name: customer.email }).first().click();
    await page.getByRole('button', { name: 'Close balance history' }).waitFor();
    await audit.check(page, 'balance history panel');
    await page.context().close();

    const phone = await signIn(scheme, 'admin', PHONE);
    for (const [url, heading] of [screens[0]!, screens[3]!]) {
      await visit(phone, url, heading);
      await audit.check(phone, `${url} at phone width`);
    }
    await phone.getByRole('button', { name: 'Open navigation' }).click();
    await phone.getByRole('dialog', { name: 'Navigation' }).waitFor();
    await audit.check(phone, 'admin navigation drawer at phone width');
    await phone.context().close();
    audit.assert();
  }, 300_000);
});
