/**
 * What the SPA costs a first visit (issue 13), in Chromium against the real embedded server serving
 * the built frontend (run `npm run build` first): the landing page and a signed-in customer's
 * Wallet Checker, each in a fresh browser context with the cache off. For each: bytes on the wire
 * (headers included), the same responses before compression (decoded bodies), the scripts on the
 * wire, and the scripts gzipped at level 9 (the build's JS weight, whatever the server sends).
 *
 * CHROMIUM_PATH (/usr/bin/chromium)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbedded } from '@walletscreen/server/embedded';
import { createLogger } from '@walletscreen/platform';
import { launchBrowser } from '../tests/support/browser';
import { measureFirstLoad, type PageWeight } from '../tests/support/page-weight';
import { repoRoot } from './support';

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

function figures(name: string, w: PageWeight): Record<string, number> {
  return {
    [`${name}: requests`]: w.requests,
    [`${name}: transferred, KB`]: kb(w.transferred),
    [`${name}: before compression, KB`]: kb(w.decoded),
    [`${name}: JS transferred, KB`]: kb(w.scriptTransferred),
    [`${name}: JS before compression, KB`]: kb(w.scriptDecoded),
    [`${name}: JS gzipped (level 9), KB`]: kb(w.scriptGzipped),
    [`${name}: CSS transferred, KB`]: kb(w.stylesheetTransferred),
  };
}

export async function run(): Promise<Record<string, number | string>> {
  // Playwright's pipe to Chromium does not hold the event loop open, and the bench runner awaits at
  // the top level: without a timer of its own, Node would exit (code 13) while the browser works.
  const keepAlive = setInterval(() => {}, 1_000);
  try {
    return await measure();
  } finally {
    clearInterval(keepAlive);
  }
}

async function measure(): Promise<Record<string, number | string>> {
  const staticDir = path.join(repoRoot(), 'frontend', 'dist');
  if (!existsSync(path.join(staticDir, 'index.html'))) throw new Error('frontend/dist is missing: run npm run build first');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-bench-web-'));
  const server = await startEmbedded({
    env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SANCTIONS_SYNC_INTERVAL_HOURS: '0', FEEDS_SYNC_INTERVAL_HOURS: '0' },
    staticDir,
    logger: createLogger({ level: 'silent' }),
  });
  const base = server.url.replace('localhost', '127.0.0.1');
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  try {
    const landingContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const landing = await measureFirstLoad(landingContext, `${base}/`, (page) => page.getByRole('heading', { name: /Is This Wallet Clean\?/i }).waitFor());
    await landingContext.close();

    // A signed-in customer: the session the login screen would have stored.
    const user = { email: 'bench-web@walletscreen.test', username: 'Bench Ltd', password: 'Str0ng-Passphrase-2026' };
    const post = (p: string, body: unknown) =>
      fetch(`${base}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if ((await post('/auth/register', user)).status !== 201) throw new Error('could not register the bench user');
    const { token } = (await (await post('/auth/login', { email: user.email, password: user.password })).json()) as { token: string };
    const dashboardContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await dashboardContext.addInitScript((t) => {
      localStorage.setItem('authToken', t);
      localStorage.setItem('authExpiration', String(Date.now() + 60 * 60_000));
    }, token);
    const dashboard = await measureFirstLoad(dashboardContext, `${base}/dashboard/wallet-checker`, (page) =>
      page.getByTestId('wallet-address-input').waitFor(),
    );
    await dashboardContext.close();

    return { ...figures('landing /', landing), ...figures('dashboard /dashboard/wallet-checker', dashboard) };
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
