/**
 * What `GET /api/sanctions/status` answers about the OFAC list: whether one is loaded, its
 * version, and the last sync attempt (from the sync log; a list imported before the log existed
 * counts as its own last sync).
 */
import type { SanctionsStatus } from '@walletscreen/contracts';
import type { EventStore } from '@walletscreen/platform';
import { cachedSanctionsIndex } from './sanctions-store';
import { cachedSanctionsSyncLog } from './sync-log';

export type OfacStatus = Omit<SanctionsStatus, 'custom_lists'>;

export function createSanctionsStatus(eventStore: EventStore): () => Promise<OfacStatus> {
  const sanctions = cachedSanctionsIndex(eventStore);
  const syncLog = cachedSanctionsSyncLog(eventStore);
  return async () => {
    const [index, log] = await Promise.all([sanctions(), syncLog()]);
    const meta = index?.meta ?? null;
    const attempt = log.lastAttempt ?? (meta ? { at: meta.importedAt, result: 'imported' as const, code: null } : null);
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
    };
  };
}
