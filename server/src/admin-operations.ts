/**
 * Wiring of the admin's operations screens (composition root): the audit log over the event store
 * and its read model, the hash chain where the store keeps one, the check replay, the OFAC sync on
 * demand and from an uploaded file, and the intelligence feeds.
 */
import { SANCTIONS_UPLOAD_MAX_BYTES, type FeedId } from '@walletscreen/contracts';
import type { EventStore, Logger, ReadStore } from '@walletscreen/platform';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { createFeedsAdmin } from '@walletscreen/workers/feeds/admin';
import { checkReplayAudit } from '@walletscreen/workers/checks/replay-audit';
import { createSanctionsAdminSync } from '@walletscreen/workers/sanctions/admin-sync';
import { createSanctionsUpload } from '@walletscreen/workers/sanctions/upload';
import type { Authenticator } from '@walletscreen/command-api/http/auth';
import type { RouteGroup } from '@walletscreen/command-api/http/route';
import { auditRoutes } from '@walletscreen/command-api/audit/routes';
import { streamRoutes } from '@walletscreen/command-api/audit/stream-routes';
import { adminFeedsRoutes } from '@walletscreen/command-api/sanctions/feeds-routes';
import { adminSanctionsRoutes, type SanctionsStatusReader } from '@walletscreen/command-api/sanctions/routes';

export function adminOperationsRoutes(deps: {
  auth: Authenticator;
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  clock: () => Date;
  ofacUrl?: string;
  sanctionsStatus: SanctionsStatusReader;
  /** The feeds enabled (FEEDS_ENABLED), and mirrors to download them from (FEED_URLS). */
  feedsEnabled: readonly FeedId[];
  feedUrls?: Partial<Record<FeedId, string>>;
}): RouteGroup[] {
  const { eventStore, logger, clock } = deps;
  return [
    auditRoutes({
      auth: deps.auth,
      readStore: deps.readStore,
      eventStore,
      // The hash chain is kept by the SQLite store only (see EventStoreDbEventStore).
      ...(eventStore instanceof SqliteEventStore ? { hashChain: { readAll: (o) => eventStore.readAll(o), lastAssignedPosition: () => eventStore.lastAssignedPosition() } } : {}),
      clock,
    }),
    streamRoutes({ auth: deps.auth, eventStore, checks: checkReplayAudit }),
    adminSanctionsRoutes({ auth: deps.auth, sync: createSanctionsAdminSync({ eventStore, clock, logger, url: deps.ofacUrl }), upload: createSanctionsUpload({ eventStore, clock, logger, maxBytes: SANCTIONS_UPLOAD_MAX_BYTES }), status: deps.sanctionsStatus }),
    adminFeedsRoutes({ auth: deps.auth, feeds: createFeedsAdmin({ eventStore, enabled: deps.feedsEnabled, urls: deps.feedUrls, clock, logger }) }),
  ];
}
