/**
 * Cases in a real browser against the real server, with four eyes: a customer's check of a wallet an
 * OFAC list names (High Risk, Non-compliant; blockchain data replayed from recorded answers) is opened
 * as a case from its Details; the customer notes, assigns (refused for a stranger), escalates,
 * decides and requests the close, is told a second person must approve it and is refused when
 * trying; an admin finds the case in the admin area and approves the close; an auditor reads it
 * without any action; the customer then sees it closed with both names, in the case and in the
 * check's Details. The Cases list and the case view have no serious accessibility violation, and
 * neither the list nor the case view scrolls sideways on a phone.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { caseMessages, shortenAddress } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { expectAccessible } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

const customer = { email: 'cases-ui@exchange.example', password: 'Cases-Passphrase-2026', username: 'Cases' };
const auditor = { email: 'case-reader@audit.example', username: 'Case Reader', password: 'Review-Passphrase-2026' };
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
    MONITORING_SCHEDULER_INTERVAL_SECONDS: '0',
  });
  base = server.url.replace('localhost', '127.0.0.1');
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  writeFileSync(
    path.join(dir, 'sdn.csv'),
    `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${a.btcWallet}."\n`,
  );
  await runSanctionsSync({
    eventStore: server.eventStore,
    file: path.join(dir, 'sdn.csv'),
    clock: () => new Date(),
    logger: createLogger({ level: 'silent' }),
  });
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  const adminToken = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
  expect((await server.api('POST', '/api/admin/auditors', { token: adminToken, body: auditor })).status).toBe(201);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
});

async function signIn(as: 'customer' | 'admin' | 'auditor'): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: base });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const who = as === 'admin' ? ADMIN : as === 'auditor' ? auditor : customer;
  await page.goto(as === 'customer' ? '/login' : '/admin-login');
  await page.getByLabel(/e-?mail/i).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL(as === 'customer' ? '**/dashboard/**' : '**/admin/customers');
  return page;
}

/** A screenshot once transitions are over. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((x) => x.playState !== 'running' || x.effect?.getTiming().iterations === Infinity));
  await screenshot(page, name);
}

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** The visible elements reaching past the right edge of the window (what would make it scroll sideways). */
const wideElements = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('body *'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > window.innerWidth + 1 && getComputedStyle(el).position !== 'fixed';
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`)
      .slice(0, 5),
  );

it('opens a High-risk check as a case, decides and requests the close; an admin approves it; the customer sees it closed with both names', async () => {
  // The customer checks the listed wallet: High Risk.
  const page = await signIn('customer');
  await page.waitForURL('**/dashboard/wallet-checker');
  await page.getByTestId('wallet-address-input').fill(a.btcWallet);
  await page.getByTestId('check-button').click();
  await page.getByTestId('analysis-result').waitFor({ timeout: 60_000 });

  // From the check's Details in History: no case yet, open one; the case view opens.
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'History' }).click();
  await page.waitForURL('**/dashboard/history');
  await page
    .getByRole('button', { name: /^Details of check / })
    .first()
    .click();
  const details = page.getByRole('dialog');
  const caseSection = details.getByRole('region', { name: 'Case' });
  await caseSection.getByText('No case is open on this check.').waitFor();
  await caseSection.getByRole('button', { name: 'Open a case' }).click();
  await page.waitForURL(/\/dashboard\/cases\/[0-9a-f-]{36}$/);
  const caseUrl = new URL(page.url()).pathname;
  const caseId = caseUrl.split('/').pop()!;
  const view = page.getByTestId('case-view');
  await view.getByTestId('case-status').getByText('Open').waitFor();
  await page.getByRole('heading', { name: `Case of ${shortenAddress(a.btcWallet)}` }).waitFor();
  await view.getByText('No decision yet').waitFor();
  await expectAccessible(page, 'Case view (customer, open)');

  // A note, then the decision with its reason (a decision without a reason is refused where it belongs).
  const actions = view.getByTestId('case-actions');
  await view.getByRole('textbox', { name: 'Note', exact: true }).fill('Direct OFAC SDN match on the wallet');
  await view.getByRole('button', { name: 'Add note' }).click();
  await view.getByTestId('case-notes').getByText('Direct OFAC SDN match on the wallet').waitFor();

  // Assigned to someone who may not have it: refused under the input; to the admin: shown as the assignee.
  const assign = actions.getByRole('form', { name: 'Assign the case' });
  await assign.getByRole('textbox', { name: 'Assignee e-mail' }).fill('stranger@elsewhere.example');
  await assign.getByRole('button', { name: 'Assign' }).click();
  await assign.getByText(caseMessages.assigneeNotAllowed).waitFor();
  await assign.getByRole('textbox', { name: 'Assignee e-mail' }).fill(ADMIN.email);
  await assign.getByRole('button', { name: 'Assign' }).click();
  await view.getByTestId('case-assignee').getByText(ADMIN.email).waitFor();

  // Escalated with its reason.
  const escalate = actions.getByRole('form', { name: 'Escalate the case' });
  await escalate.getByRole('textbox', { name: 'Reason for escalating' }).fill('Sanctions hit: needs compliance review');
  await escalate.getByRole('button', { name: 'Escalate' }).click();
  await view.getByTestId('case-status').getByText('Escalated').waitFor();
  await escalate.waitFor({ state: 'detached' });

  const decision = actions.getByRole('form', { name: 'Record a decision' });
  await decision.getByRole('radio', { name: 'Report' }).check();
  await decision.getByRole('button', { name: 'Record decision' }).click();
  await decision.getByText(caseMessages.reasonRequired).waitFor();
  await decision.getByRole('textbox', { name: 'Reason for the decision' }).fill('OFAC SDN match; SAR filed');
  await decision.getByRole('button', { name: 'Record decision' }).click();
  await view.getByTestId('case-decision').getByText(`Decided by ${customer.email}`, { exact: false }).waitFor();
  expect(await view.getByTestId('case-decision').textContent()).toContain('Report: OFAC SDN match; SAR filed');

  // Four eyes: the close is a request; a second person must approve it, not the customer.
  await actions.getByText('needs a second person to close it', { exact: false }).waitFor();
  await actions.getByRole('button', { name: 'Request close' }).click();
  const pending = view.getByTestId('case-pending-close');
  await pending.getByText(`${customer.email} requested the close`, { exact: false }).waitFor();
  expect(await pending.textContent()).toContain(`A different person than ${customer.email} must approve it (four eyes). You cannot approve it yourself.`);
  await actions.getByRole('button', { name: 'Approve close' }).click();
  await actions.getByTestId('case-action-error').getByText(caseMessages.awaitingSecondPerson).waitFor();
  await view.getByTestId('case-status').getByText('Escalated').waitFor();
  await shot(page, 'cases-awaiting-second-person');

  // The Cases list shows it, filtered by the server; accessible, and no sideways scroll on a phone.
  await nav.getByRole('link', { name: 'Cases' }).click();
  await page.waitForURL('**/dashboard/cases');
  const row = page.locator(`[data-testid="case-row"][data-case-id="${caseId}"]`);
  await row.getByText('Report').waitFor();
  await row.getByText('close pending').waitFor();
  await row.getByText(shortenAddress(a.btcWallet)).waitFor();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Closed' }).click();
  await page.getByTestId('cases-empty').getByText('No cases match these filters').waitFor();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Any status' }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
  await row.waitFor();
  await page
    .locator('[aria-busy="false"]')
    .filter({ has: page.getByTestId('cases-total') })
    .waitFor();
  await expectAccessible(page, 'Cases list (customer)');
  await shot(page, 'cases-list');
  await page.setViewportSize(PHONE);
  await page.locator(`[data-testid="case-card"][data-case-id="${caseId}"]`).waitFor();
  // Measured once the frame's transitions (the sidebar leaving) are over.
  await shot(page, 'cases-list-phone');
  expect(await wideElements(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);

  // An admin finds it in the admin area by the owner's e-mail, sees who asked, and approves the close.
  const admin = await signIn('admin');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Cases' }).click();
  await admin.waitForURL('**/admin/cases');
  await admin.locator('[data-testid="case-row"]').first().waitFor();
  // The filter goes to the server (debounced); the list is judged once its answer is shown.
  const filtered = admin.waitForResponse((r) => r.url().includes('/api/admin/cases?') && r.url().includes('owner=CASES-UI'));
  await admin.getByRole('textbox', { name: 'Owner' }).fill('CASES-UI@');
  await filtered;
  await admin
    .locator('[aria-busy="false"]')
    .filter({ has: admin.getByTestId('cases-total') })
    .waitFor();
  const adminRow = admin.locator(`[data-testid="case-row"][data-case-id="${caseId}"]`);
  await adminRow.getByText(customer.email).waitFor();
  await expectAccessible(admin, 'Cases list (admin)');
  await adminRow.getByRole('link', { name: `Open the case of ${a.btcWallet}` }).click();
  await admin.waitForURL(`**/admin/cases/${caseId}`);
  const adminView = admin.getByTestId('case-view');
  await adminView.getByTestId('case-pending-close').getByText(`${customer.email} requested the close`, { exact: false }).waitFor();
  await expectAccessible(admin, 'Case view (admin, close pending)');
  await adminView.getByRole('button', { name: 'Approve close' }).click();
  const closedByAdmin = adminView.getByTestId('case-closed');
  await closedByAdmin.waitFor();
  expect(await closedByAdmin.textContent()).toContain(`by ${customer.email}, approved by ${ADMIN.email} (four eyes)`);
  await adminView.getByTestId('case-status').getByText('Closed').waitFor();
  await shot(admin, 'cases-admin-closed');
  await admin.context().close();

  // An auditor reads the closed case in the admin area, without any action.
  const reader = await signIn('auditor');
  await reader.goto(`/admin/cases/${caseId}`);
  const readView = reader.getByTestId('case-view');
  await readView.getByTestId('case-closed').waitFor();
  await readView.getByTestId('case-notes').getByText('Direct OFAC SDN match on the wallet').waitFor();
  expect(await readView.getByTestId('case-actions').count()).toBe(0);
  // Its only button copies the address.
  expect(await readView.getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent))).toEqual([
    'Copy wallet address',
  ]);
  expect(await readView.getByRole('textbox').count()).toBe(0);
  await expectAccessible(reader, 'Case view (auditor)');
  await reader.context().close();

  // The customer sees it closed, with both names, in the case and in the check's Details.
  await page.goto(caseUrl);
  const closed = view.getByTestId('case-closed');
  await closed.waitFor();
  expect(await closed.textContent()).toContain(`by ${customer.email}, approved by ${ADMIN.email} (four eyes)`);
  await view.getByTestId('case-status').getByText('Closed').waitFor();
  await view.getByRole('form', { name: 'Reopen the case' }).waitFor();
  expect(await view.getByRole('button', { name: 'Add note' }).count()).toBe(0);
  await expectAccessible(page, 'Case view (customer, closed)');
  await shot(page, 'cases-customer-closed');
  await page.setViewportSize(PHONE);
  await closed.waitFor();
  // Measured once the frame's transitions (the sidebar leaving) are over.
  await shot(page, 'cases-customer-closed-phone');
  expect(await wideElements(page)).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);

  await view.getByRole('link', { name: 'Open the check' }).click();
  await page.waitForURL('**/dashboard/history?check=*');
  const checkCase = page.getByRole('dialog').getByRole('region', { name: 'Case' });
  await checkCase.getByText('Decision: Report').waitFor();
  expect(await checkCase.getByTestId('details-case-decided').textContent()).toContain(`Decided by ${customer.email}`);
  expect(await checkCase.getByTestId('details-case-closed').textContent()).toContain(`by ${customer.email}, approved by ${ADMIN.email}`);
  expect(await checkCase.getByRole('link', { name: 'Open the case' }).getAttribute('href')).toBe(caseUrl);
}, 180_000);
