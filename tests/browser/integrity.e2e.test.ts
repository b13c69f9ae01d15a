/**
 * A tampered store in a real browser: the server started on an edited SQLite file halts writes,
 * and every admin page carries the banner (where the chain breaks, why, what to do); the admin
 * acknowledges the break with a note, the banner goes, and the acknowledgement is in the audit log.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
let base: string;
let edited: number;
const customer = { email: 'tampered@fund.example', password: 'Tampered-Passphrase-9', username: 'Tampered' };

beforeAll(async () => {
  server = await startTestServer();
  expect((await server.api('POST', '/api/auth/register', { body: customer })).status).toBe(201);
  await server.close();
  const db = new Database(path.join(server.dataDir, 'walletscreen.db'));
  const row = db.prepare("SELECT position, data FROM events WHERE type = 'UserRegistered' AND data LIKE '%tampered@%'").get() as {
    position: number;
    data: string;
  };
  db.prepare('UPDATE events SET data = ? WHERE position = ?').run(row.data.replace('"bonusChecks":', '"bonusChecks":9000,"was":'), row.position);
  db.close();
  edited = row.position;
  server = await server.restart();
  base = server.url.replace('localhost', '127.0.0.1');
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

async function adminPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
  const page = await context.newPage();
  await page.goto('/admin-login');
  await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL('**/admin/customers');
  return page;
}

it('shows the break on every admin page until an admin acknowledges it with a note', async () => {
  const page = await adminPage();
  const banner = page.getByTestId('integrity-banner');
  await banner.getByText("Writes are halted: the event store's records do not verify").waitFor();
  expect(await banner.textContent()).toContain(`breaks at position ${edited}`);
  expect(await banner.textContent()).toContain('hash-mismatch');
  expect(await banner.textContent()).toContain('restore the data directory from a backup');
  await screenshot(page, 'admin-integrity-banner');
  await expectAccessible(page, 'Integrity banner');

  for (const link of ['Audit log', 'Purchases', 'Feeds']) {
    await page.getByRole('link', { name: link }).click();
    await banner.getByText(`breaks at position ${edited}`, { exact: false }).waitFor();
  }

  await banner.getByRole('button', { name: 'Acknowledge…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Acknowledge the integrity break' });
  await dialog.getByRole('button', { name: 'Acknowledge and resume writes' }).click();
  await dialog.getByText('Write a note: what you found and why the service may go on').waitFor();
  await dialog.getByLabel('Note').fill('The registration was edited by the test; restored nothing.');
  await dialog.getByRole('button', { name: 'Acknowledge and resume writes' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await banner.waitFor({ state: 'detached' });

  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.reload();
  await page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row', { name: /Integrity break acknowledged/ })
    .waitFor();
  expect(await page.getByTestId('integrity-banner').count()).toBe(0);
}, 90_000);
