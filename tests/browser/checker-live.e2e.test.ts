/**
 * The Wallet Checker's live behaviour in a real browser against the real server, with the
 * blockchain data replayed on loopback: the seven steps shown one after another even when their
 * stage events arrive within milliseconds of each other, each step checked only after its event
 * arrived, and the result after the last step's moment.
 *
 * The SPA is served from dist/: run `npm run build` first.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { shortenAddress } from '@walletscreen/contracts';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { launchBrowser, registerAndSignIn, screenshot } from '../support/browser';
import { importSanctionsList } from '../support/sanctions';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The overlay's steps, in the spec's order (§2 Wallet Checker). No language model is configured
 * here, so step 6 does not claim AI: the rule-based writer writes the narrative.
 */
const SPEC_STEPS = [
  'initializing AML model',
  'fetching blockchain data',
  'running sanctions screening',
  'scanning intelligence feeds',
  'analyzing transaction patterns',
  'writing the narrative',
  'finalizing AML report',
];
/** How long the replayed source holds back the blockchain data of `a.btcFresh`: long enough to reload mid-check and open a tab, even on a busy machine. */
const SLOW_CHAIN_MS = 12_000;
/**
 * The shortest moment a step may be seen as current: the checker holds each for 200 ms from when
 * it rendered; this page notes a change a little after the render, so a little is allowed for.
 */
const SEEN_AT_LEAST_MS = 150;

let replay: ReplayServer;
let server: TestServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  // Answered at once: the check's stages follow each other within milliseconds.
  replay = await startReplayServer([
    ...recordedWalletRoutes(),
    // Slow: a check of this wallet stays on "fetching blockchain data" a few seconds.
    { path: `/api/address/${a.btcFresh}`, replies: [{ fixture: 'esplora/address-fresh.json', delayMs: SLOW_CHAIN_MS }] },
    { path: `/api/address/${a.btcFresh}/txs`, replies: [{ json: [], delayMs: SLOW_CHAIN_MS }] },
  ]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '30000',
    CHECK_WAIT_MS: '20000',
  });
  // A sanctions list, so the check gives a verdict and keeps its charge (an Incomplete one is given back).
  await importSanctionsList(server.eventStore);
  base = server.url.replace('localhost', '127.0.0.1');
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  await replay?.close();
});

interface LiveLog {
  /** The step shown as current, each time it changes (page clock, ms since the epoch). */
  current: Array<{ index: number; text: string; at: number }>;
  /** When each step (by index) was first shown as done. */
  doneAt: Record<number, number>;
  /** When the Analysis Result first appeared. */
  resultAt: number | null;
  /** The check:progress messages received on the socket: stage and status, when. */
  messages: Array<{ stage: number; status: string; at: number }>;
  /** When the analysis call answered. */
  answeredAt: number | null;
}

/**
 * Before the app loads, in every page of the context: notes each change of the step shown as
 * current and of the steps shown as done (a MutationObserver), every check:progress message as it
 * arrives on the WebSocket, and when the analysis call answered, all on the page's clock.
 */
async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
  await context.addInitScript(() => {
    const log: LiveLog = { current: [], doneAt: {}, resultAt: null, messages: [], answeredAt: null };
    (window as unknown as { __live: LiveLog }).__live = log;
    const NativeWebSocket = window.WebSocket;
    window.WebSocket = class extends NativeWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('message', (event: MessageEvent) => {
          if (typeof event.data !== 'string' || !event.data.startsWith('42')) return;
          try {
            const [name, payload] = JSON.parse(event.data.slice(2)) as [string, { stage: number; status: string }];
            if (name === 'check:progress') log.messages.push({ stage: payload.stage, status: payload.status, at: Date.now() });
          } catch {
            // not a message of ours
          }
        });
      }
    };
    const originalFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await originalFetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/analyze-realtime')) log.answeredAt = Date.now();
      return response;
    };
    const look = () => {
      const now = Date.now();
      const steps = Array.from(document.querySelectorAll('[data-testid="check-step"]'));
      steps.forEach((step, index) => {
        if (step.getAttribute('data-state') === 'done' && log.doneAt[index] === undefined) log.doneAt[index] = now;
      });
      const index = steps.findIndex((step) => step.getAttribute('data-state') === 'current');
      if (index >= 0 && log.current.at(-1)?.index !== index) log.current.push({ index, text: steps[index]!.textContent ?? '', at: now });
      if (log.resultAt === null && document.querySelector('[data-testid="analysis-result"]')) log.resultAt = now;
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
  return context;
}

async function newPage(context?: BrowserContext): Promise<Page> {
  const page = await (context ?? (await newContext())).newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

/** A new customer registers and signs in through the screens, and lands on the Wallet Checker with the live connection open. */
async function registerAndSignInLive(page: Page): Promise<void> {
  // No screen before the dashboard opens the live connection: the first socket.io WebSocket is its.
  const live = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/') });
  await registerAndSignIn(page, 'live');
  await live;
}

const liveLog = (page: Page) => page.evaluate(() => (window as unknown as { __live: LiveLog }).__live);
const stepName = (text: string) => SPEC_STEPS.find((label) => text.startsWith(label)) ?? text;

describe('the Wallet Checker overlay', () => {
  it('shows each of the seven steps as current, in order, for a moment, though their events arrive together; the result after the last', async () => {
    const page = await newPage();
    await registerAndSignInLive(page);
    await page.getByTestId('wallet-address-input').fill(a.btcWallet);
    await page.getByTestId('check-button').click();
    await page.getByTestId('analysis-result').waitFor({ timeout: 60_000 });
    await page.getByRole('dialog', { name: 'Running AML Analysis...' }).waitFor({ state: 'hidden' });
    await screenshot(page, 'wallet-checker-paced-result');

    const log = await liveLog(page);
    // Every step was seen as current, in the spec's order, none skipped or repeated.
    expect(log.current.map((c) => stepName(c.text))).toEqual(SPEC_STEPS);
    // Each for a moment, and the result only after the last one's.
    const moments = [...log.current.map((c) => c.at), log.resultAt!];
    const shownFor = moments.slice(1).map((at, i) => at - moments[i]!);
    expect({ shownFor, everyOneLongEnough: shownFor.every((ms) => ms >= SEEN_AT_LEAST_MS) }).toMatchObject({ everyOneLongEnough: true });
    // When the server said each stage was done: its first message with that stage, or the
    // completed check's answer. The events came faster than the moments: some stage's arrived less
    // than a moment after the one before it (without pacing, that step would not have been seen).
    const arrivals = [1, 2, 3, 4, 5, 6, 7].map((k) => Math.min(...log.messages.filter((m) => m.stage >= k).map((m) => m.at), log.answeredAt ?? Infinity));
    expect(Math.min(...arrivals.slice(1).map((at, i) => at - arrivals[i]!))).toBeLessThan(SEEN_AT_LEAST_MS);
    // Honest: no step was checked before the server said its stage was done.
    arrivals.forEach((arrived, i) => expect(log.doneAt[i]).toBeGreaterThanOrEqual(arrived));
    await page.context().close();
  }, 90_000);
});

const stepStates = (page: Page) =>
  page
    .getByTestId('check-progress')
    .getByTestId('check-step')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-state')));
const premiumChecks = (page: Page, value: number) =>
  page
    .getByTestId('premium-checks')
    .filter({ hasText: new RegExp(`^${value}$`) })
    .first();

describe('a check still running', () => {
  it('is picked up after a reload and in a new tab, at the step it has reached, and followed to its result', async () => {
    const context = await newContext();
    const page = await newPage(context);
    await registerAndSignInLive(page);
    await page.getByTestId('wallet-address-input').fill(a.btcFresh);
    await page.getByTestId('check-button').click();
    const overlay = (p: Page) => p.getByRole('dialog', { name: 'Running AML Analysis...' });
    await page.locator('[data-testid="check-step"][data-state="current"]', { hasText: 'fetching blockchain data' }).waitFor();

    await page.reload();
    // The reloaded checker shows the check at once where it is: initializing done, the blockchain data being fetched.
    await overlay(page).waitFor({ timeout: 10_000 });
    expect(await stepStates(page)).toEqual(['done', 'current', 'pending', 'pending', 'pending', 'pending', 'pending']);
    await overlay(page).getByText(shortenAddress(a.btcFresh)).waitFor();
    await page.getByTestId('check-button').filter({ hasText: 'Checking...' }).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'wallet-checker-resumed-after-reload');

    // Opening the checker in another tab follows it too.
    const tab = await newPage(context);
    await tab.goto('/dashboard/wallet-checker');
    await overlay(tab).waitFor({ timeout: 10_000 });
    expect((await stepStates(tab)).slice(0, 2)).toEqual(['done', 'current']);

    for (const p of [page, tab]) {
      const result = p.getByTestId('analysis-result');
      await result.waitFor({ timeout: 60_000 });
      await result.getByText(a.btcFresh, { exact: true }).first().waitFor();
      await overlay(p).waitFor({ state: 'hidden' });
      await p
        .getByTestId('check-button')
        .filter({ hasText: /^Check$/ })
        .waitFor();
    }
    // The reloaded page never showed the check from its start, and went through the rest in order.
    const log = await liveLog(page);
    expect(log.current.map((c) => stepName(c.text))).toEqual(SPEC_STEPS.slice(1));
    // Charged once.
    await premiumChecks(tab, 19).waitFor();
    await context.close();
  }, 90_000);
});
