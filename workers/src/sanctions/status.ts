/**
 * What `GET /api/sanctions/status` answers about the OFAC list: whether one is loaded, its
 * version, format and age, where the list in force came from, what its addresses cover, and the
 * last sync attempt (from the sync log; a list imported before the log existed counts as its own
 * last sync), with a failure since the last success.
 *
 * Where a list came from (a server file path, an admin's e-mail) and a failure's full reason are
 * for admins: for other users they are null.
 */
import type { SanctionsStatus } from '@walletscreen/contracts';
import type { EventStore } from '@walletscreen/platform';
import { ofacFormatNames } from '@walletscreen/domain/sanctions-list/events';
import { cachedSanctionsList } from './sanctions-store';
import { cachedSanctionsSyncLog } from './sync-log';

export type OfacStatus = Omit<SanctionsStatus, 'custom_lists'>;
export type StatusAudience = 'admin' | 'user';

const DAY_MS = 86_400_000;

/** Whole days from a YYYY-MM-DD date to the day of `now` (UTC). */
export function daysSince(date: string, now: Date): number | null {
  const then = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(then)) return null;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.max(0, Math.round((today - then) / DAY_MS));
}

export function createSanctionsStatus(eventStore: EventStore, clock: () => Date): (audience: StatusAudience) => Promise<OfacStatus> {
  const sanctions = cachedSanctionsList(eventStore);
  const syncLog = cachedSanctionsSyncLog(eventStore);
  return async (audience) => {
    const [list, log] = await Promise.all([sanctions(), syncLog()]);
    const meta = list?.index.meta ?? null;
    const admin = audience === 'admin';
    const attempt = log.lastAttempt ?? (meta ? { at: meta.importedAt, result: 'imported' as const, code: null } : null);

    let lastImport: OfacStatus['last_import'] = null;
    if (meta) {
      const logged = log.lastImport?.sha256 === meta.sha256 ? log.lastImport : null;
      const from = logged?.origin ?? list?.origin ?? null;
      lastImport = { at: meta.importedAt, trigger: logged?.trigger ?? null, origin: admin ? from : null };
    }
    const failure = log.failureSinceSuccess;
    const unscreenable = Object.entries(meta?.unscreenable ?? {}).map(([ticker, count]) => ({ ticker, count }));
    return {
      loaded: meta !== null,
      source: meta ? 'OFAC SDN' : null,
      publication_date: meta?.publishedAt ?? null,
      address_count: meta?.addressCount ?? 0,
      list_hash: meta?.sha256 ?? null,
      imported_at: meta?.importedAt ?? null,
      last_sync_at: attempt?.at ?? null,
      last_sync_result: attempt?.result ?? null,
      last_sync_error: attempt?.code ?? null,
      format: meta ? ofacFormatNames[meta.format] : null,
      publication_age_days: meta?.publishedAt ? daysSince(meta.publishedAt, clock()) : null,
      last_import: lastImport,
      addresses: {
        listed: meta?.addressCount ?? 0,
        screened: meta?.screenedCount ?? 0,
        cross_chain: meta?.crossChainCount ?? 0,
        unscreenable: unscreenable.reduce((sum, u) => sum + u.count, 0),
        unscreenable_tickers: unscreenable,
        delisted: meta?.delistedCount ?? 0,
      },
      last_failure: failure ? { at: failure.at, trigger: failure.trigger, code: failure.code, reason: admin ? failure.reason : null } : null,
    };
  };
}
