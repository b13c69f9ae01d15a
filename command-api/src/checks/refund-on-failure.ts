/**
 * A failed check gives its premium check back: a checkpointed consumer of `WalletCheckFailed` that
 * refunds the charge on the user's stream. The refund is idempotent per check, so a redelivered
 * failure refunds nothing twice.
 */
import type { WalletCheckFailed } from '@walletscreen/domain/check/events';
import { startWorker, type Logger, type MessageBus, type ReadStore, type RunningWorker } from '@walletscreen/platform';

export function startRefundOnFailure(deps: {
  bus: MessageBus;
  readStore: ReadStore;
  logger: Logger;
  refund: (userId: string, checkId: string, reason: string) => Promise<boolean>;
}): RunningWorker {
  return startWorker(deps, {
    name: 'refund-failed-checks',
    filter: { eventTypes: ['WalletCheckFailed'] },
    handle: async (event) => {
      const failed = event.data as WalletCheckFailed;
      const refunded = await deps.refund(failed.userId, failed.checkId, failed.reason);
      if (refunded) deps.logger.info({ checkId: failed.checkId, userId: failed.userId }, 'failed check refunded');
    },
  });
}
