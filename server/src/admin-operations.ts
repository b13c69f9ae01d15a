/**
 * Wiring of the admin's operations screens (composition root): the audit log over the event store
 * and its read model, the user ledger from the accounts feature, the hash chain's verification,
 * the OFAC sync on demand and from an uploaded file, and the intelligence feeds.
 */
import { SANCTIONS_UPLOAD_MAX_BYTES, type FeedId } from '@walletscreen/contracts';
import { verifyChain, type EventStore, type Logger, type ReadStore } from '@walletscreen/platform';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { createFeedsAdmin } from '@walletscreen/workers/feeds/admin';
import { checkReplayAudit } from '@walletscreen/workers/checks/replay-audit';
import { createSanctionsAdminSync } from '@walletscreen/workers/sanctions/admin-sync';
import { createSanctionsUpload } from '@walletscreen/workers/sanctions/upload';
import { userDecider } from '@walletscreen/domain/user/decide';
import { userStreamId, type UserEvent } from '@walletscreen/domain/user/events';
import { checksLeft, type UserState } from '@walletscreen/domain/user/state';
import type { Authenticator } from '@walletscreen/command-api/http/auth';
import type { RouteGroup } from '@walletscreen/command-api/http/route';
import { auditRoutes } from '@walletscreen/command-api/audit/routes';
import { streamRoutes } from '@walletscreen/command-api/audit/stream-routes';
import type { UserLedger } from '@walletscreen/command-api/audit/balance';
import { streamKinds } from '@walletscreen/command-api/audit/stream-kinds';
import { adminFeedsRoutes } from '@walletscreen/command-api/sanctions/feeds-routes';
import { adminSanctionsRoutes, type SanctionsStatusReader } from '@walletscreen/command-api/sanctions/routes';

export const userLedger: UserLedger<UserState> = {
  streamId: userStreamId,
  types: userDecider.types,
  initialState: userDecider.initialState,
  evolve: (state, event) => userDecider.evolve(state, event as UserEvent),
  balance: (s) => (s.status === 'registered' ? { bonus_checks: s.bonusChecks, purchased_checks: s.purchasedChecks, remaining_checks: checksLeft(s) } : null),
  email: (s) => (s.status === 'registered' ? s.email : null),
};

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
      ledger: userLedger as UserLedger<never>,
      // The hash chain is kept by the SQLite store only (see EventStoreDbEventStore).
      ...(eventStore instanceof SqliteEventStore
        ? { verify: () => verifyChain({ readAll: (o) => eventStore.readAll(o), lastAssignedPosition: () => eventStore.lastAssignedPosition() }) }
        : {}),
      clock,
    }),
    streamRoutes({ auth: deps.auth, eventStore, kinds: streamKinds, checks: checkReplayAudit }),
    adminSanctionsRoutes({ auth: deps.auth, sync: createSanctionsAdminSync({ eventStore, clock, logger, url: deps.ofacUrl }), upload: createSanctionsUpload({ eventStore, clock, logger, maxBytes: SANCTIONS_UPLOAD_MAX_BYTES }), status: deps.sanctionsStatus }),
    adminFeedsRoutes({ auth: deps.auth, feeds: createFeedsAdmin({ eventStore, enabled: deps.feedsEnabled, urls: deps.feedUrls, clock, logger }) }),
  ];
}
