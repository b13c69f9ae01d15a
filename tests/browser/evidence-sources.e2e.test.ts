/**
 * A source that can mark a wallet and was enabled but not read is named, never silently skipped:
 * in Chromium, an Ethereum wallet checked while the MyEtherWallet darklist (enabled by default)
 * has never been synced comes out not clean, with "Sources not read" naming the feed on the result
 * and in the PDF.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { launchBrowser, registerAndSignIn, screenshot } from '../support/browser';
import { importSanctionsList } from '../support/sanctions';
import { startTestServer, type TestServer } from '../support/server';

let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'ws-evidence-'));
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({
    BLOCKSCOUT_ETHEREUM_URL: `${replay.url}/eth`,
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '5000',
    CHECK_WAIT_MS: '20000',
  });
  await importSanctionsList(server.eventStore);
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
  rmSync(work, { recursive: true, force: true });
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.url.replace('localhost', '127.0.0.1') });
  return context.newPage();
}

const NOT_READ = /Sources not read: the intelligence feed "MyEtherWallet address darklist" \(enabled, but no version is loaded yet\)/;

it('names an enabled feed that was not loaded on the result and in the PDF, and gives no clean verdict', async () => {
  const page = await newPage();
  await registerAndSignIn(page, 'evidence');
  await page.getByTestId('wallet-address-input').fill(a.evmWallet);
  await page.getByTestId('check-button').click();

  const result = page.getByTestId('analysis-result');
  const banner = result.getByTestId('missing-evidence');
  await banner.getByText(NOT_READ).waitFor({ timeout: 60_000 });
  expect(await result.getByText('Low Risk', { exact: true }).count()).toBe(0);
  expect(await result.getByText('Compliant', { exact: true }).count()).toBe(0);
  await screenshot(page, 'evidence-feed-not-loaded');

  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download AML Report' }).click()]);
  const pdf = path.join(work, download.suggestedFilename());
  await download.saveAs(pdf);
  const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toMatch(/Sources not read: the intelligence feed "MyEtherWallet address darklist"/);
  expect(text).not.toMatch(/\bLow Risk\b|\bCompliant\b/);
  await page.context().close();
}, 120_000);
