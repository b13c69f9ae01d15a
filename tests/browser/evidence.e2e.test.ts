/**
 * Evidence bundles and the signed tree head in a real browser against the real server: a customer
 * downloads a check's evidence from its Details in History, an admin from the auditor's replay
 * screen, and each file verifies offline as "identical"; the admin's audit screen shows the latest
 * signed tree head (size, root hash, time, key fingerprint) and what the witness answered. No
 * serious or critical axe violation on the screens.
 *
 * The SPA is served from dist/: run `npm run build` first.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TreeHeadStatus } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { verifyEvidenceBundle } from '@walletscreen/workers/checks/verify-evidence';
import { expectAccessible } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let replay: ReplayServer;
let witness: WebhookReceiver;
let server: TestServer;
let browser: Browser;
let base: string;
let checkId: string;
let downloads: string;
const customer = { email: 'evidence@fund.example', password: 'Evidence-Passphrase-7', username: 'Fund' };

beforeAll(async () => {
  replay = await startReplayServer(recordedWalletRoutes());
  witness = await startWebhookReceiver();
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
    AUDIT_LOG_WITNESS_URL: `${witness.url}/heads`,
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
  });
  base = server.url.replace('localhost', '127.0.0.1');
  downloads = mkdtempSync(path.join(tmpdir(), 'ws-evidence-'));
  const sdn = path.join(downloads, 'sdn.csv');
  writeFileSync(sdn, `90002,"COUNTERPARTY ON THE LIST",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${a.btcA}."\n`);
  await runSanctionsSync({ eventStore: server.eventStore, file: sdn, clock: () => new Date(), logger: createLogger({ level: 'silent' }) });
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  const token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: customer })).body.token;
  const check = await server.api<{ check_id: string; status: string }>('POST', '/api/transactions/analyze-realtime', {
    token,
    body: { wallet_address: a.btcWallet },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(check.body.status).toBe('completed');
  checkId = check.body.check_id;
  await server.projections.waitFor(await server.eventStore.headPosition());
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
  await witness?.close();
  rmSync(downloads, { recursive: true, force: true });
});

async function signedIn(kind: 'customer' | 'admin'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, baseURL: base, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(kind === 'admin' ? '/admin-login' : '/login');
  await page.getByLabel(/e-?mail/i).fill(kind === 'admin' ? ADMIN.email : customer.email);
  await page.getByLabel(/password/i).fill(kind === 'admin' ? ADMIN.password : customer.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL(kind === 'admin' ? '**/admin/customers' : '**/dashboard/**');
  return page;
}

/** Clicks "Download evidence", saves the file the browser receives, and answers its name and the verifier's result. */
async function downloadEvidence(page: Page, where: Page | Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), where.getByRole('button', { name: 'Download evidence' }).click()]);
  const file = path.join(downloads, `${randomUUID()}.json`);
  await download.saveAs(file);
  await page.getByText('Evidence bundle saved').waitFor();
  return { name: download.suggestedFilename(), result: verifyEvidenceBundle(JSON.parse(readFileSync(file, 'utf8'))) };
}

it("downloads a check's evidence from its Details in the customer's History, and it verifies offline", async () => {
  const page = await signedIn('customer');
  await page.goto('/dashboard/history');
  await page.getByRole('button', { name: `Details of check ${checkId.slice(0, 8)}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Download evidence' }).waitFor();
  await expectAccessible(page, 'Check details with the evidence download');
  const { name, result } = await downloadEvidence(page, dialog);
  expect(name).toBe(`walletscreen-evidence-${checkId}.json`);
  expect(result.steps.filter((s) => !s.ok)).toEqual([]);
  expect(result.verdict).toBe('identical');
  await screenshot(page, 'history-details-evidence');
  await page.context().close();
});

it('shows admins the latest signed tree head and the witness’s answer, and downloads the evidence from the replay screen', async () => {
  const page = await signedIn('admin');
  await page.goto(`/admin/checks/${checkId}`);
  await page.getByRole('region', { name: 'Versions used' }).waitFor();
  const { name, result } = await downloadEvidence(page, page);
  expect(name).toBe(`walletscreen-evidence-${checkId}.json`);
  expect(result.verdict).toBe('identical');

  await witness.waitFor('/heads', 1);
  await page.waitForTimeout(300);
  await page.goto('/admin/audit');
  const card = page.getByTestId('tree-head');
  const status = (
    await server.api<TreeHeadStatus>('GET', '/api/admin/audit/tree-head', {
      token: (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token,
    })
  ).body;
  await card.getByText(`${status.latest!.tree_size.toLocaleString('en-US')} events`, { exact: true }).waitFor();
  await card
    .getByText(`${status.latest!.root_hash.slice(0, 6)}`, { exact: false })
    .first()
    .waitFor();
  await card.getByText(status.key_id.slice(0, 6), { exact: false }).first().waitFor();
  await card
    .getByTestId('tree-head-witness')
    .getByText(/took the head of/)
    .waitFor();
  await expectAccessible(page, 'Audit log with the signed tree head');
  await screenshot(page, 'admin-audit-tree-head');
  await page.context().close();
});
