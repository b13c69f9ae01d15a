/**
 * An admin audits a check and a customer's stream in a real browser against the real server: a
 * real check (chain data replayed on loopback, an imported OFAC list naming a counterparty) is
 * opened from History's details as its evidence (versions used, events), replayed identical with
 * its score, and refunded by the admin with a reason (once: the button is gone after); after its
 * stored score is edited in the SQLite file, the replay shows it differs at
 * the score with both values. The customer's stream is browsed before and after a top-up, showing
 * the two balances. An auditor (read-only) replays and browses the same way, with nothing on
 * these pages that changes anything: only the server's records of what the auditor viewed are
 * appended. Each page has no serious or critical axe violation and does not scroll
 * sideways on a phone.
 *
 * The SPA is served from dist/: run `npm run build` first.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { auditEventName, auditorAccessStreamPrefix, type CheckReplayResponse } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { RISK_MODEL_VERSION } from '@walletscreen/workers/checks/risk-model';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { expectAccessible } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let base: string;
let adminToken: string;
let checkId: string;
let score: number;
let customerId: string;
const customer = { email: 'treasury@fund.example', password: 'Treasury-Passphrase-7', username: 'Treasury' };

beforeAll(async () => {
  replay = await startReplayServer(recordedWalletRoutes());
  server = await startTestServer({ BITCOIN_ESPLORA_URLS: `${replay.url}/api`, CHAIN_DATA_RETRIES: '0', CHAIN_DATA_TIMEOUT_MS: '2000', CHECK_WAIT_MS: '20000' });
  base = server.url.replace('localhost', '127.0.0.1');
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  writeFileSync(
    path.join(dir, 'sdn.csv'),
    `90002,"COUNTERPARTY ON THE LIST",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${a.btcA}."\n`,
  );
  await runSanctionsSync({
    eventStore: server.eventStore,
    file: path.join(dir, 'sdn.csv'),
    clock: () => new Date(),
    logger: createLogger({ level: 'silent' }),
  });
  rmSync(dir, { recursive: true, force: true });

  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  const token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: customer })).body.token;
  const check = await server.api<{ check_id: string; status: string }>('POST', '/api/transactions/analyze-realtime', {
    token,
    body: { wallet_address: a.btcWallet },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(check.body.status).toBe('completed');
  checkId = check.body.check_id;
  adminToken = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
  const replayed = await server.api<CheckReplayResponse>('GET', `/api/admin/checks/${checkId}/replay`, { token: adminToken });
  expect(replayed.body.verdict).toBe('identical');
  score = replayed.body.recorded!.result.risk_score;
  await server.projections.waitFor(await server.eventStore.headPosition());
  customerId = (await server.api<Array<{ id: string; email: string }>>('GET', `/api/admin/customers?email=${customer.email}`, { token: adminToken })).body.find(
    (c) => c.email === customer.email,
  )!.id;
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
});

async function adminPage(viewport = { width: 1366, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: base });
  const page = await context.newPage();
  await page.goto('/admin-login');
  await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/admin/customers');
  return page;
}

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect([where, widths.scroll]).toEqual([where, widths.client]);
}

it("opens a check's evidence from History, replays it identical with its score, then differs at the score once the stored score is edited", async () => {
  const page = await adminPage();
  await page.getByRole('link', { name: 'History' }).click();
  await page.waitForURL('**/admin/history');
  await page.getByRole('button', { name: `Details of check ${checkId.slice(0, 8)}` }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Evidence & replay' }).click();
  await page.waitForURL(`**/admin/checks/${checkId}`);

  // The versions it used, and its events by their human names with type, position and hash.
  const versions = page.getByRole('region', { name: 'Versions used' });
  await versions.getByText(RISK_MODEL_VERSION, { exact: true }).waitFor();
  await versions
    .getByText(/OFAC|ofac/)
    .first()
    .waitFor();
  const events = page.getByRole('list', { name: 'Events of the check' });
  await events.getByTestId('stream-event').first().waitFor();
  expect(await events.getByRole('listitem').count()).toBe(9);
  await events.getByText(auditEventName('WalletCheckRequested'), { exact: true }).waitFor();
  expect(await events.getByTestId('event-type').first().textContent()).toBe('WalletCheckRequested');
  await events.getByRole('button', { name: 'Copy hash' }).first().waitFor();
  await events.getByRole('button', { name: 'Show data' }).first().click();
  await events
    .getByLabel(/^Data of event \d+ as JSON$/)
    .first()
    .waitFor();
  await expectAccessible(page, 'Check evidence');
  await expectNoSidewaysScroll(page, 'Check evidence at 1366 px');

  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  const verdict = page.getByTestId('replay-verdict');
  await verdict.waitFor();
  expect(await verdict.getAttribute('data-verdict')).toBe('identical');
  await verdict.getByText('Identical', { exact: true }).waitFor();
  expect(await verdict.getByTestId('replay-score').textContent()).toBe(`${score} / 100`);
  const agreed = page.getByRole('table', { name: 'The recorded and the replayed verdict' });
  expect(
    await agreed
      .getByRole('row', { name: /^Risk score/ })
      .getByRole('cell')
      .allTextContents(),
  ).toEqual(['Risk score', String(score), String(score)]);
  await page.waitForTimeout(300);
  await expectAccessible(page, 'Replay: identical');
  await screenshot(page, 'admin-check-replay-identical');

  // What the check cost: charged and not refunded, so an admin may refund it here, with a reason, once.
  const charge = page.getByRole('region', { name: /^Charge/ });
  await charge.getByText(/paid one bonus check for it, and it was not refunded/).waitFor();
  await page.getByRole('button', { name: 'Refund this check…' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund this check' });
  await refund.getByRole('textbox', { name: /Reason/ }).fill('Goodwill: screened twice by mistake');
  await expectAccessible(page, 'Refund this check');
  await refund.getByRole('button', { name: 'Refund check' }).click();
  await page.getByText(`${customer.email} has the check back`).waitFor();
  await charge.getByText(`by ${ADMIN.email}: Goodwill: screened twice by mistake`).waitFor();
  expect(await page.getByRole('button', { name: 'Refund this check…' }).count()).toBe(0);

  // The stored score edited behind the store (the hash chain would show it): the replay names the score, recorded and replayed.
  const db = new Database(path.join(server.dataDir, 'walletscreen.db'));
  db.pragma('busy_timeout = 5000');
  const changed = db
    .prepare(
      "UPDATE events SET data = json_set(data, '$.result.risk_score', json_extract(data, '$.result.risk_score') - 7) WHERE stream_id = ? AND type = 'WalletCheckCompleted'",
    )
    .run(`check-${checkId}`);
  db.close();
  expect(changed.changes).toBe(1);
  await page.getByRole('button', { name: 'Replay again' }).click();
  await page.locator('[data-testid="replay-verdict"][data-verdict="differs"]').waitFor();
  await verdict.getByText('Differs in 1 field').waitFor();
  const differences = page.getByRole('table', { name: 'Differences between the recorded and the replayed verdict' });
  const row = differences.locator('tr[data-field="result.risk_score"]');
  expect(await row.getByRole('cell').allTextContents()).toEqual([expect.stringContaining('Risk score'), String(score - 7), String(score)]);
  expect(await differences.locator('tbody tr').count()).toBe(1);
  await expectAccessible(page, 'Replay: differs');
  await screenshot(page, 'admin-check-replay-differs');

  // On a phone nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await expectNoSidewaysScroll(page, 'Check evidence at 390 px');
  await page.context().close();
}, 90_000);

it("browses a customer's stream before and after a top-up, showing the two balances", async () => {
  const topUp = await server.api('POST', `/api/admin/topup/${customerId}`, {
    token: adminToken,
    body: { amount: 5, reason: 'Goodwill' },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(topUp.status).toBe(200);
  const page = await adminPage();
  await page.getByRole('link', { name: 'Streams' }).click();
  await page.waitForURL('**/admin/streams');
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: /^user / }).click();
  const streams = page.getByRole('table', { name: 'Streams' });
  const link = streams.getByRole('link', { name: `user-${customerId}` });
  await link.waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('table[aria-label="Streams"] tbody tr')].every((r) => r.textContent?.startsWith('user-')));
  await expectAccessible(page, 'Streams');
  await screenshot(page, 'admin-streams');
  await link.click();
  await page.waitForURL(`**/admin/streams/user-${customerId}`);

  // The latest state: after the top-up.
  const remaining = page.getByTestId('balance-remaining');
  await remaining.waitFor();
  const after = Number(await remaining.textContent());
  const purchasedAfter = Number(await page.getByTestId('balance-purchased').textContent());
  const bonusAfter = Number(await page.getByTestId('balance-bonus').textContent());
  expect(bonusAfter + purchasedAfter).toBe(after);

  // The top-up's own stop, then the stop before it.
  const toppedUp = auditEventName('ChecksToppedUp');
  await page.getByRole('combobox', { name: 'Position' }).click();
  await page.getByRole('option', { name: new RegExp(toppedUp) }).click();
  await page.waitForURL(/\?position=\d+$|\/admin\/streams\/user-[^?]+$/);
  expect(Number(await remaining.textContent())).toBe(after);
  await page.getByRole('list', { name: 'Events of the stream up to this position' }).getByText(toppedUp, { exact: true }).waitFor();
  await expectAccessible(page, 'Stream at the top-up');
  await screenshot(page, 'admin-stream-after-top-up');

  await page.getByRole('button', { name: 'Previous event' }).click();
  await page.waitForURL(/\?position=\d+$/);
  await page.waitForFunction((n) => document.querySelector('[data-testid="balance-remaining"]')?.textContent === String(n), after - 5);
  expect(Number(await page.getByTestId('balance-remaining').textContent())).toBe(after - 5);
  expect(await page.getByRole('list', { name: 'Events of the stream up to this position' }).getByText(toppedUp, { exact: true }).count()).toBe(0);
  expect(await page.getByTestId('user-blocked').textContent()).toBe('No');
  await expectAccessible(page, 'Stream before the top-up');
  await screenshot(page, 'admin-stream-before-top-up');

  // The slider steps from event to event too: one step on is the top-up again (the latest state).
  const slider = page.getByRole('slider', { name: 'State as of event' });
  await slider.press('ArrowRight');
  await page.waitForFunction((n) => document.querySelector('[data-testid="balance-remaining"]')?.textContent === String(n), after);
  expect(await slider.getAttribute('aria-valuetext')).toMatch(new RegExp(`${toppedUp}$`));
  await page.waitForURL(`**/admin/streams/user-${customerId}`);

  // From the audit log, an event's stream opens as of that event.
  await page.getByRole('link', { name: 'Audit log' }).click();
  const topUpRow = page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row', { name: /ChecksToppedUp/ })
    .first();
  await topUpRow.getByRole('link', { name: new RegExp(`^Open stream user-${customerId} as of event \\d+$`) }).click();
  await page.waitForURL(new RegExp(`/admin/streams/user-${customerId}\\?position=\\d+$`));
  await page.waitForFunction((n) => document.querySelector('[data-testid="balance-remaining"]')?.textContent === String(n), after);
  expect(await page.getByRole('dialog').count()).toBe(0); // the link opened the stream, not the event's drawer

  // A stream of no fold says so.
  await page.goto('/admin/streams/sanctions-ofac');
  await page
    .getByTestId('no-fold')
    .getByText(/no known kind/)
    .waitFor();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/streams/user-${customerId}`);
  await page.getByTestId('balance-remaining').waitFor();
  await page.waitForTimeout(300);
  await expectNoSidewaysScroll(page, 'Stream at 390 px');
  await screenshot(page, 'admin-stream-mobile');
  await page.goto('/admin/streams');
  await page.getByRole('table', { name: 'Streams' }).waitFor();
  await expectNoSidewaysScroll(page, 'Streams at 390 px');
  await page.context().close();
}, 90_000);

it('an auditor replays a check and browses its stream read-only: nothing but the records of the views is appended', async () => {
  const auditor = { email: 'ines@audit.example', username: 'Ines Auditor', password: 'Auditor-Passphrase-42' };
  expect((await server.api('POST', '/api/admin/auditors', { token: adminToken, body: auditor })).status).toBe(201);
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, baseURL: base });
  const page = await context.newPage();
  await page.goto('/admin-login');
  await page.getByLabel(/e-?mail/i).fill(auditor.email);
  await page.getByLabel(/password/i).fill(auditor.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/admin/customers');
  await page.getByText('Auditor · read-only').waitFor();
  const before = (await server.eventStore.readAll()).length;

  await page.goto(`/admin/checks/${checkId}`);
  await page.getByRole('list', { name: 'Events of the check' }).getByTestId('stream-event').first().waitFor();
  // Replay is the one button that asks the server anything, and it is a read.
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  await page.getByTestId('replay-verdict').waitFor();
  await page.getByRole('link', { name: 'Open in stream browser' }).click();
  await page.waitForURL(`**/admin/streams/check-${checkId}`);
  await page.getByRole('code', { name: "The check's state as JSON" }).or(page.getByLabel("The check's state as JSON")).first().waitFor();
  await page.getByRole('button', { name: 'Previous event' }).click();
  await page.waitForURL(/\?position=\d+$/);
  await page.getByRole('link', { name: 'Streams', exact: true }).first().click();
  await page.getByRole('table', { name: 'Streams' }).waitFor();
  const buttons = await page.getByRole('button').allTextContents();
  expect(buttons.filter((b) => /top up|block|remove|upload|sync|delete|save/i.test(b))).toEqual([]);
  await expectAccessible(page, 'Streams, read-only');

  const appended = (await server.eventStore.readAll()).slice(before);
  expect(appended.length).toBeGreaterThan(0);
  expect(appended.filter((e) => !e.streamId.startsWith(auditorAccessStreamPrefix)).map((e) => `${e.streamId} ${e.type}`)).toEqual([]);
  await context.close();
}, 90_000);
