/**
 * `npm run sanctions:sync [-- --file PATH | --url URL] [--allow-older]`: the command behind server/src/sanctions-sync-main.ts, apart
 * from the process so it can be tested. A composition root: it reads the environment and builds
 * the SQLite event store the embedded server uses.
 *
 * Environment: DATA_DIR (default ./data; the store is DATA_DIR/walletscreen.db), OFAC_SDN_URL
 * (default OFAC's SDN_ADVANCED.XML), LOG_LEVEL (default warn: the summary line is the output).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { networks } from '@walletscreen/contracts';
import { createLogger, readCommandLine } from '@walletscreen/platform';
import type { SyncCommandIO } from '../shared/download';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { withForceHint } from './errors';
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';
import { ofacFormatNames } from '@walletscreen/domain/sanctions-list/events';
import { OFAC_SDN_ADVANCED_URL, type SanctionsSyncResult } from './sync';
import { runRecordedSanctionsSync } from './sync-log';

export const syncUsage = `usage: npm run sanctions:sync [-- --file PATH | --url URL] [--allow-older]
  Imports OFAC's SDN list into DATA_DIR/walletscreen.db.
  --file PATH    a local SDN_ADVANCED.XML, SDN.XML or sdn.csv
  --url URL      download from URL (default: OFAC_SDN_URL, or ${OFAC_SDN_ADVANCED_URL})
  --allow-older  replace the list in force even with a list published before it, or with one
                 that states no publication date (sdn.csv) while the list in force does`;

/** What the command adds to a refusal that --allow-older would override. */
export const allowOlderHint = 'Run it again with --allow-older to replace the list in force with it anyway.';

type Args = { file?: string; url?: string; help?: boolean; allowOlder?: boolean };

function parseArgs(argv: readonly string[]): Args | string {
  const line = readCommandLine(argv, { file: { type: 'string' }, url: { type: 'string' }, 'allow-older': { type: 'boolean' } });
  if (typeof line === 'string') return line;
  const { file, url, help, 'allow-older': allowOlder } = line.values;
  if (file !== undefined && url !== undefined) return 'give --file or --url, not both';
  return { file, url, help, allowOlder };
}

function httpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * One line: what was imported, when it was published, how many listed addresses are screened
 * (and how many of them under another chain than their ticker's), how many cannot be screened
 * (by ticker), on which networks, and what changed.
 */
export function summaryLine(r: SanctionsSyncResult): string {
  const counts = networks
    .filter((n) => (r.byNetwork[n] ?? 0) > 0)
    .map((n) => `${n} ${r.byNetwork[n]}`)
    .join(', ');
  const tickers = Object.entries(r.unscreenable).map(([t, n]) => `${t} ${n}`);
  const published = r.publishedAt ? `published ${r.publishedAt}` : 'publication date not stated';
  const screened = `${r.screenedCount} screened (${r.crossChainCount} under another chain than their ticker's)`;
  const unscreenable = `${r.addressCount - r.screenedCount} cannot be screened${tickers.length > 0 ? ` (${tickers.join(', ')})` : ''}`;
  const invalid = r.invalidCount > 0 ? `; ${r.invalidCount} not a valid address of its network` : '';
  const changes = r.changes ? `; ${r.changes.listed} new ${r.changes.listed === 1 ? 'listing' : 'listings'}, ${r.changes.delisted} delisted` : '';
  const forced = r.forced ? '; replaced a newer list (--allow-older)' : '';
  const status = r.status === 'imported' ? 'imported' : 'unchanged (this file is already the list in force)';
  return `OFAC SDN list ${status}: ${ofacFormatNames[r.format]}, ${published}, ${r.addressCount} addresses: ${screened}, ${unscreenable}; by network: ${counts || 'none'}${invalid}${changes}${forced}; sha256 ${r.sha256}`;
}

export async function runSyncCommand(io: SyncCommandIO): Promise<number> {
  const args = parseArgs(io.argv);
  if (typeof args === 'string') {
    io.stderr(`sanctions:sync: ${args}\n${syncUsage}`);
    return 2;
  }
  if (args.help) {
    io.stdout(syncUsage);
    return 0;
  }
  const envUrl = io.env.OFAC_SDN_URL?.trim() || undefined;
  const url = args.url ?? envUrl;
  if (url !== undefined && !httpUrl(url)) {
    io.stderr(`sanctions:sync: ${args.url ? '--url' : 'OFAC_SDN_URL'} must be an http(s) URL, got "${url}"`);
    return 2;
  }
  const dataDir = io.env.DATA_DIR?.trim() || './data';
  const logger = io.logger ?? createLogger({ level: io.env.LOG_LEVEL?.trim() || 'warn', name: 'sanctions-sync' });
  let eventStore: SqliteEventStore | null = null;
  try {
    mkdirSync(dataDir, { recursive: true });
    eventStore = new SqliteEventStore({ file: path.join(dataDir, 'walletscreen.db') });
    const result = await runRecordedSanctionsSync({
      eventStore,
      file: args.file,
      url,
      fetch: io.fetch,
      clock: io.clock ?? (() => new Date()),
      logger,
      allowOlder: args.allowOlder,
      trigger: 'command-line',
    }).catch((error: unknown) => {
      throw withForceHint(error, allowOlderHint);
    });
    for (const w of result.warnings) io.stderr(`warning: ${w}`);
    io.stdout(summaryLine(result));
    return 0;
  } catch (error) {
    const message = error instanceof SanctionsListError ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    io.stderr(`sanctions:sync failed: ${message}`);
    return 1;
  } finally {
    await eventStore?.close();
  }
}
