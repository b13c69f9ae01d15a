/**
 * Wallet checks in a real browser against the real server: the Wallet Checker's "Running AML
 * Analysis..." overlay advancing through the seven steps in order (the blockchain data and the
 * Chainabuse feed are replayed on loopback, each answer held back a moment so the steps can be
 * seen moving), the Analysis Result, the balance going down by one, the PDF download, History with
 * the check's Details, and a sanctioned address from an imported OFAC list coming out High Risk.
 *
 * The SPA is served from dist/: run `npm run build` first.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { shortenAddress } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { ARTIFACTS, launchBrowser, registerAndSignIn, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

/** The overlay's steps, in the spec's order (§2 Wallet Checker). */
const SPEC_STEPS = [
  'initializing AML model',
  'fetching blockchain data',
  'running sanctions screening',
  'scanning intelligence feeds',
  'analyzing transaction patterns',
  'interpreting with AI',
  'finalizing AML report',
];
/** On the imported list: a direct hit. `a.btcA`, also listed, is a counterparty of `a.btcWallet`. */
const SANCTIONED = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
/** How long the replayed sources hold each answer back: long enough to see (and photograph) a step in progress. */
const CHAIN_DELAY_MS = 900;
const CHAINABUSE_DELAY_MS = 2_000;
const LANGUAGE_MODEL_DELAY_MS = 1_500;

/**
 * An OpenAI chat completion (the shape of workers/test-fixtures/interpretation/chat-completion.json)
 * whose narrative states no score, level or status, so it fits any check.
 */
const chatCompletion = {
  id: 'chatcmpl-e2e',
  object: 'chat.completion',
  created: 1763805600,
  model: 'gpt-4o-mini-2024-07-18',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: JSON.stringify({
          summary:
            'The wallet was screened against the OFAC SDN list, the intelligence feeds and its recent transactions; the findings above set out what was found.',
          recommendations: ['Keep this report with the customer file and re-screen the address before any large transfer.'],
        }),
        refusal: null,
        annotations: [],
      },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 1200, completion_tokens: 60, total_tokens: 1260 },
};

let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let base: string;
let work: string;

beforeAll(async () => {
  replay = await startReplayServer([
    ...recordedWalletRoutes({ delayMs: CHAIN_DELAY_MS }),
    // Chainabuse's answer for an address nobody reported (workers/test-fixtures/intelligence/chainabuse-reports-none.json).
    { path: '/chainabuse/reports', replies: [{ json: { reports: [], count: 0 }, delayMs: CHAINABUSE_DELAY_MS }] },
    { method: 'POST', path: '/v1/chat/completions', replies: [{ json: chatCompletion, delayMs: LANGUAGE_MODEL_DELAY_MS }] },
  ]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAINABUSE_URL: `${replay.url}/chainabuse`,
    CHAINABUSE_API_KEY: 'e2e-test-key',
    OPENAI_BASE_URL: `${replay.url}/v1`,
    OPENAI_API_KEY: 'e2e-test-key',
    // Nothing answers here: checks of Ethereum addresses lack their blockchain data.
    BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '8000',
  });
  base = server.url.replace('localhost', '127.0.0.1');
  work = mkdtempSync(path.join(tmpdir(), 'ws-checks-e2e-'));
  const csv = path.join(work, 'sdn.csv');
  writeFileSync(
    csv,
    `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${SANCTIONED}; Digital Currency Address - XBT ${a.btcA}."\n`,
  );
  await runSanctionsSync({ eventStore: server.eventStore, file: csv, clock: () => new Date(), logger: createLogger({ level: 'silent' }) });
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

const premiumChecks = (page: Page, value: number) =>
  page
    .getByTestId('premium-checks')
    .filter({ hasText: new RegExp(`^${value}$`) })
    .first();

interface StepLog {
  /** The steps in the order they became done, with the page's clock. */
  done: Array<{ text: string; at: number }>;
  /** How many steps were done at each change seen. */
  counts: number[];
  /** When the analysis call answered (page clock), if it has. */
  answeredAt: number | null;
}

/**
 * Watches the overlay from inside the page: every change of a step's state is seen (a
 * MutationObserver), the steps that became done are noted in order, and so is the moment the
 * analysis call answered (its fetch is wrapped).
 */
async function watchSteps(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: StepLog = { done: [], counts: [], answeredAt: null };
    (window as unknown as { __steps: StepLog }).__steps = log;
    const seen = new Set<number>();
    const look = () => {
      const steps = Array.from(document.querySelectorAll('[data-testid="check-step"]'));
      if (steps.length === 0) return;
      let count = 0;
      steps.forEach((step, index) => {
        if (step.getAttribute('data-state') !== 'done') return;
        count++;
        if (seen.has(index)) return;
        seen.add(index);
        log.done.push({ text: step.textContent ?? '', at: performance.now() });
      });
      if (log.counts.at(-1) !== count) log.counts.push(count);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/analyze-realtime')) log.answeredAt = performance.now();
      return response;
    };
  });
}

const stepLog = (page: Page) => page.evaluate(() => (window as unknown as { __steps: StepLog }).__steps);
const stepName = (text: string) => SPEC_STEPS.find((label) => text.includes(label)) ?? text;

async function check(page: Page, address: string): Promise<void> {
  await page.getByTestId('wallet-address-input').fill(`  ${address} `);
  await page.getByTestId('check-button').click();
}

describe('the Wallet Checker', () => {
  it('shows the seven steps arriving in order, then the result; charges one check; downloads the PDF; finds the check in History', async () => {
    const page = await newPage();
    // The live connection is opened by the dashboard; the test waits for it before checking.
    const live = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/') });

    await registerAndSignIn(page, 'checker');
    await live;
    await premiumChecks(page, 20).waitFor();
    await page.getByRole('heading', { name: 'Check Wallet' }).waitFor();

    await watchSteps(page);
    await check(page, a.btcWallet);
    await page.getByTestId('check-button').filter({ hasText: 'Checking...' }).waitFor();
    const overlay = page.getByRole('dialog', { name: 'Running AML Analysis...' });
    await overlay.waitFor();
    const steps = page.getByTestId('check-progress').getByTestId('check-step');
    expect(await steps.allTextContents()).toHaveLength(7);
    // Held up on the (delayed) intelligence feed: three steps done, the fourth in progress.
    await page.locator('[data-testid="check-step"][data-state="current"]', { hasText: 'scanning intelligence feeds' }).waitFor();
    await page.waitForFunction(() => {
      const content = document.querySelector('[data-testid="check-progress"] .mantine-Modal-content');
      return content !== null && getComputedStyle(content).opacity === '1';
    });
    expect(await steps.evaluateAll((els) => els.map((el) => el.getAttribute('data-state')))).toEqual([
      'done',
      'done',
      'done',
      'current',
      'pending',
      'pending',
      'pending',
    ]);
    await overlay.getByText(shortenAddress(a.btcWallet)).waitFor();
    // The check is charged when it is requested: the balance goes down while the overlay is still open.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="premium-checks"]')?.textContent === '19' &&
        document.querySelector('[data-testid="check-progress"] [data-testid="check-step"]') !== null,
    );
    await screenshot(page, 'wallet-checker-progress');

    const result = page.getByTestId('analysis-result');
    await result.waitFor({ timeout: 60_000 });
    await overlay.waitFor({ state: 'hidden' });
    await page
      .getByTestId('check-button')
      .filter({ hasText: /^Check$/ })
      .waitFor();

    const log = await stepLog(page);
    expect(log.done.map((d) => stepName(d.text))).toEqual(SPEC_STEPS);
    // The steps moved one change at a time as the server recorded the stages, never backwards.
    expect(log.counts).toEqual([...log.counts].sort((x, y) => x - y));
    expect(new Set(log.counts).size).toBeGreaterThanOrEqual(4);
    // The steps moved while the analysis call was still open: the socket's messages were recognised
    // by the check's Idempotency-Key before the check id was known. (The last stages follow each
    // other within milliseconds of the result, which may reach the page first: the overlay then
    // shows them one after another before the result; checker-live.e2e.test.ts times that.)
    expect(log.answeredAt).not.toBeNull();
    expect(log.done.slice(0, 5).map((d) => d.at < log.answeredAt!)).toEqual([true, true, true, true, true]);

    // The Analysis Result: risk, compliance, sanctions and the linked wallets.
    await result.getByRole('heading', { name: 'Analysis Result' }).waitFor();
    for (const title of [
      'Wallet Address',
      'Risk Score',
      'AML Compliance Status',
      'Wallet Age',
      'Jurisdiction',
      'Sanctions & Blacklists',
      'Source of Funds',
      'Recommendations',
      'Linked Wallets',
      'AML Report',
    ]) {
      await result.getByRole('heading', { name: title, exact: true }).waitFor();
    }
    await result.getByText(a.btcWallet, { exact: true }).first().waitFor();
    // Its listed counterparty holds more than 10 % of the volume: direct exposure, High Risk.
    await result.getByText('High Risk').first().waitFor();
    await result.getByText('Non-compliant').first().waitFor();
    await result.getByText('Direct exposure: 1 sanctioned counterparty').first().waitFor();
    const linked = Number(await result.getByTestId('linked-wallets-count').textContent());
    expect(linked).toBeGreaterThan(0);
    const listed = result.getByRole('list', { name: 'Linked wallet addresses' }).getByRole('listitem');
    expect(await listed.count()).toBe(linked);
    // The sanctioned counterparty comes first, marked, with why.
    const first = listed.first();
    await first.getByText(shortenAddress(a.btcA), { exact: true }).waitFor();
    expect(await first.getAttribute('data-risk')).toBe('sanctioned');
    await first.getByText('Sanctioned', { exact: true }).waitFor();
    await first.getByText('Sanctioned: HERON TEST EXCHANGE LTD. (OFAC SDN: CYBER2; listed under XBT)').waitFor();
    await result.getByTestId('aml-report-text').getByText('Risk level: High Risk').waitFor();
    await premiumChecks(page, 19).waitFor();
    await screenshot(page, 'wallet-checker-result');

    // The PDF: saved under the spec's name, page 1 rendered to a picture, its text read back.
    const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download AML Report' }).click()]);
    expect(download.suggestedFilename()).toBe(`AML_Report_${a.btcWallet}.pdf`);
    const pdf = path.join(work, download.suggestedFilename());
    await download.saveAs(pdf);
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    mkdirSync(ARTIFACTS, { recursive: true });
    const pngBase = path.join(ARTIFACTS, 'aml-report-pdf-page1');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, pngBase]);
    const png = readFileSync(`${pngBase}.png`);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // An A4 page at 60 dpi is about 496 x 702 pixels; a blank page would compress to a few hundred bytes.
    expect(png.readUInt32BE(16)).toBeGreaterThan(400);
    expect(png.readUInt32BE(20)).toBeGreaterThan(600);
    expect(statSync(`${pngBase}.png`).size).toBeGreaterThan(15_000);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(a.btcWallet);
    expect(text).toContain('High Risk');
    // The marked counterparty, named once ("Sanctioned: HERON …", never "SANCTIONED: Sanctioned").
    expect(text).toMatch(/\(\d+(\.\d)?% of volume\): Sanctioned: HERON TEST EXCHANGE/);
    expect(text).not.toMatch(/SANCTIONED|Sanctioned: Sanctioned/);
    await result.getByRole('button', { name: 'Download AML Report' }).waitFor();

    // History: the check is listed; its Details show the report with numbered headings.
    await page.getByRole('link', { name: 'History' }).first().click();
    await page.waitForURL('**/dashboard/history');
    const table = page.getByTestId('history-table');
    await table.waitFor();
    const row = table.getByTestId('history-row').filter({ hasText: shortenAddress(a.btcWallet) });
    await row.waitFor();
    expect(await table.getByTestId('history-row').count()).toBe(1);
    await row.getByText('High Risk').waitFor();
    await row.getByText('Non-compliant').waitFor();
    await screenshot(page, 'history');

    await row.getByRole('button', { name: /details/i }).click();
    const details = page.getByRole('dialog', { name: /^Check [0-9a-f-]{8} details$/ });
    await details.waitFor();
    await page.getByTestId('history-details').getByTestId('history-report').waitFor();
    await details.getByText(a.btcWallet, { exact: true }).first().waitFor();
    await details.getByText('High Risk').first().waitFor();
    expect(await details.locator('[data-risk="sanctioned"]').count()).toBe(1);
    const headings = await details.locator('[data-block="heading"]').allTextContents();
    expect(headings.length).toBeGreaterThanOrEqual(3);
    expect(headings[0]).toMatch(/^1\. Wallet overview/);
    for (const heading of headings) expect(heading).toMatch(/^\d+\. \S/);
    expect(headings.map((h) => Number(h.split('.')[0]))).toEqual(headings.map((_h, i) => i + 1));
    await page.waitForFunction(() => {
      const content = document.querySelector('[data-testid="history-details"] .mantine-Modal-content');
      return content !== null && getComputedStyle(content).opacity === '1';
    });
    await screenshot(page, 'history-details');
    await page.context().close();
  }, 120_000);

  it('makes an address on the imported sanctions list High Risk and Non-compliant', async () => {
    const page = await newPage();
    await registerAndSignIn(page, 'checker');
    await premiumChecks(page, 20).waitFor();
    await check(page, SANCTIONED);
    const result = page.getByTestId('analysis-result');
    await result.waitFor({ timeout: 60_000 });
    await result.getByText(SANCTIONED, { exact: true }).first().waitFor();
    await result.getByText('High Risk').first().waitFor();
    await result.getByText('Non-compliant').first().waitFor();
    await result.getByText('Sanctioned: HERON TEST EXCHANGE LTD. (OFAC SDN: CYBER2; listed under XBT)').first().waitFor();
    await result.getByTestId('aml-report-text').getByText('Risk level: High Risk').waitFor();
    await premiumChecks(page, 19).waitFor();
    await screenshot(page, 'wallet-checker-sanctioned');
    await page.context().close();
  }, 120_000);

  it('shows a check without its blockchain data as Incomplete: what is missing, no score, nothing green, on screen, in History and in the PDF', async () => {
    const page = await newPage();
    await registerAndSignIn(page, 'checker');
    await premiumChecks(page, 20).waitFor();
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    await check(page, address);
    const result = page.getByTestId('analysis-result');
    await result.waitFor({ timeout: 60_000 });
    const banner = result.getByTestId('missing-evidence');
    await banner.getByText('Incomplete — data unavailable').waitFor();
    await banner.getByText(/^Blockchain data: Ethereum data could not be fetched: /).waitFor();
    await banner.getByText(/run the check again/).waitFor();
    expect(await result.getByTestId('risk-score-value').textContent()).toBe('Not scored');
    expect(await result.getByRole('progressbar').count()).toBe(0);
    await result.getByText('Incomplete', { exact: true }).first().waitFor();
    await result.getByTestId('linked-wallets-card').getByText('Unknown: blockchain data could not be fetched', { exact: true }).waitFor();
    const shown = await result.innerText();
    expect(shown).not.toMatch(/Low Risk|Safe address|\b0 \/ 100\b|\bCompliant\b/);
    expect(shown).not.toMatch(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\bnpm\b/);
    // Nothing in the result is in the risk palette's green.
    expect(await result.locator('[data-tone="low"]').count()).toBe(0);
    await screenshot(page, 'wallet-checker-incomplete');

    const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download AML Report' }).click()]);
    const pdf = path.join(work, `incomplete-${download.suggestedFilename()}`);
    await download.saveAs(pdf);
    mkdirSync(ARTIFACTS, { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(ARTIFACTS, 'aml-report-incomplete-pdf-page1')]);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Not scored');
    expect(text).toContain('Incomplete — data unavailable');
    expect(text).not.toMatch(/of 100|Low Risk|Safe address/);

    await page.getByRole('link', { name: 'History' }).first().click();
    const row = page
      .getByTestId('history-table')
      .getByTestId('history-row')
      .filter({ hasText: shortenAddress(address) });
    await row.getByText('Incomplete', { exact: true }).waitFor();
    await row.getByText('Incomplete — data unavailable').waitFor();
    expect(await row.locator('[data-tone="low"]').count()).toBe(0);
    await row.getByRole('button', { name: /details/i }).click();
    const details = page.getByRole('dialog', { name: /^Check [0-9a-f-]{8} details$/ });
    await details.getByTestId('details-missing-evidence').waitFor();
    await details.getByText('Not scored: the check is incomplete').waitFor();
    await page.waitForFunction(() => {
      const content = document.querySelector('[data-testid="history-details"] .mantine-Modal-content');
      return content !== null && getComputedStyle(content).opacity === '1';
    });
    await screenshot(page, 'history-details-incomplete');
    await page.context().close();
  }, 120_000);
});
