/**
 * A customer's webhook in a real browser against the real server: a refused URL, then an endpoint
 * added on the Webhooks screen with its signing secret shown; a screening made from outside the
 * browser is delivered to a real receiver on loopback (verified with the standardwebhooks package
 * and the secret the screen showed), and the endpoint's delivery log shows the attempt with its
 * response code; a failed delivery is resent from the log.
 */
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { launchBrowser, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let server: TestServer;
let browser: Browser;
let replay: ReplayServer;
let receiver: WebhookReceiver;
let base: string;
const customer = { email: 'hooks@exchange.example', password: 'W3bhook-Passphrase', username: 'Exchange' };

beforeAll(async () => {
  replay = await startReplayServer(recordedWalletRoutes());
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    // The receiver is on loopback.
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
  });
  base = server.url.replace('localhost', '127.0.0.1');
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await receiver?.close();
  await replay?.close();
});

async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(customer.email);
  await page.getByLabel(/password/i).fill(customer.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/dashboard/**');
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  await screenshot(page, name);
}

/** A screening from outside the browser, as the customer's own system would start one. */
async function screen(wallet: string) {
  const token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: customer })).body.token;
  const res = await server.api<{ status: string }>('POST', '/api/transactions/analyze-realtime', { token, body: { wallet_address: wallet } });
  expect(res.body.status).toBe('completed');
}

it('adds a webhook endpoint and sees its deliveries in the delivery log, and resends a failed one', async () => {
  const page = await signedInPage();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Webhooks' }).click();
  await page.waitForURL('**/dashboard/webhooks');
  await page.getByText('No webhook endpoints yet').waitFor();
  await shot(page, 'webhooks-empty');

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await form.getByLabel(/^Endpoint URL/).fill('example.com/hooks');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await form.getByText('The URL must start with https:// (or http://) and name a host').waitFor();
  await form.getByLabel(/^Endpoint URL/).fill(`${receiver.url}/desk`);
  await form.getByLabel(/^Description/).fill('Deposits desk');
  await form.getByLabel(/^Batch completed/).uncheck();
  await shot(page, 'webhooks-add');
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const added = page.getByRole('dialog', { name: 'Webhook endpoint added' });
  const secret = (await added.getByTestId('webhook-secret').textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  await shot(page, 'webhooks-added');
  await added.getByRole('button', { name: 'Done' }).click();
  await added.waitFor({ state: 'hidden' });
  const row = page.getByTestId('webhook-row').filter({ hasText: `${receiver.url}/desk` });
  await row.getByText('Deposits desk').waitFor();
  await row.getByText('Screening completed').waitFor();
  expect(await row.getByText('Batch completed').count()).toBe(0);
  await row.getByTestId('webhook-status').getByText('Enabled').waitFor();

  // The first delivery is refused by the receiver (503), the second taken.
  receiver.answer('/desk', 503);
  await screen(a.btcWallet);
  await row.getByRole('link', { name: /Delivery log/ }).click();
  await page.waitForURL('**/dashboard/webhooks/*');
  await page.getByTestId('webhook-url').getByText(`${receiver.url}/desk`).waitFor();
  const delivery = page.getByTestId('webhook-delivery-row').first();
  await delivery.getByTestId('webhook-delivery-status').getByText('Retrying').waitFor({ timeout: 15_000 });
  await delivery.getByTestId('webhook-delivery-response').getByText('503').waitFor();
  await shot(page, 'webhooks-log-retrying');

  await delivery.getByRole('button', { name: /^Resend delivery/ }).click();
  await delivery.getByTestId('webhook-delivery-status').getByText('Delivered').waitFor({ timeout: 15_000 });
  await delivery.getByTestId('webhook-delivery-response').getByText('200').waitFor();
  await delivery.getByRole('button', { name: /^Show the attempts/ }).click();
  const attempts = page.getByTestId('webhook-attempts');
  await attempts.getByRole('cell', { name: '503', exact: true }).waitFor();
  await attempts.getByRole('cell', { name: '200', exact: true }).waitFor();
  await shot(page, 'webhooks-log-delivered');

  // The receiver got the message twice, with one webhook-id, signed with the secret the screen showed.
  const [first, second] = await receiver.waitFor('/desk', 2);
  expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
  const message = new Webhook(secret).verify(second!.body, {
    'webhook-id': String(second!.headers['webhook-id']),
    'webhook-timestamp': String(second!.headers['webhook-timestamp']),
    'webhook-signature': String(second!.headers['webhook-signature']),
  });
  expect(message).toMatchObject({ type: 'screening.completed', data: { address: a.btcWallet, status: 'completed' } });
  expect(await delivery.getAttribute('data-delivery-id')).toBe(first!.headers['webhook-id']);

  // The secret can be read again on the endpoint's page.
  await page.getByRole('button', { name: 'Reveal' }).click();
  expect((await page.getByTestId('webhook-secret').textContent())!.trim()).toBe(secret);
}, 90_000);
