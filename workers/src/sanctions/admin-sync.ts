/**
 * The OFAC sync an admin asks for (behind POST /api/admin/sanctions/sync, command-api/src/sanctions/routes.ts):
 * the recorded sync from the configured URL, one at a time (an admin pressing twice waits for the
 * one running). A failed download is an outcome too (`result: failed`, with its reason): the list
 * in force stays.
 */
import type { SanctionsSyncResponse } from '@walletscreen/contracts';
import type { EventStore, Logger } from '@walletscreen/platform';
import { OFAC_SDN_ADVANCED_URL } from './sync';
import { runRecordedSanctionsSync } from './sync-log';

/** What came of it; the route adds the status after it. */
export type SanctionsSyncOutcome = Omit<SanctionsSyncResponse, 'status'>;

export function createSanctionsAdminSync(deps: {
  eventStore: EventStore;
  clock: () => Date;
  logger: Logger;
  /** Where to download the list from (OFAC_SDN_URL); OFAC's own address when absent. */
  url?: string;
}): () => Promise<SanctionsSyncOutcome> {
  const { eventStore, clock, logger } = deps;
  let syncing: Promise<SanctionsSyncOutcome> | null = null;
  return () =>
    (syncing ??= (async () => {
      try {
        const result = await runRecordedSanctionsSync({ eventStore, url: deps.url ?? OFAC_SDN_ADVANCED_URL, clock, logger, trigger: 'admin-sync' });
        logger.info({ status: result.status, addresses: result.addressCount }, 'OFAC sanctions list synced on an admin request');
        return { result: result.status, error: null };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logger.warn({ reason }, 'OFAC sanctions list sync asked by an admin failed: the list in force stays');
        return { result: 'failed' as const, error: reason };
      } finally {
        syncing = null;
      }
    })());
}
