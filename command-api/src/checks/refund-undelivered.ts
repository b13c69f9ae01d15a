/**
 * A check that delivered no verdict gives its premium check back: a checkpointed consumer of the
 * checks' outcomes that refunds the charge on the user's stream when the check failed or came back
 * Incomplete (the check aggregate's `refundOwed`). The refund is idempotent per check, so a
 * redelivered outcome refunds nothing twice; a free re-screen has no charge and refunds nothing.
 */
import { refundOwed } from '@walletscreen/domain/check/decide';
import type { CheckEvent } from '@walletscreen/domain/check/events';
import { startWorker, type Logger, type MessageBus, type ReadStore, type RunningWorker } from '@walletscreen/platform';

export function startRefundUndelivered(deps: {
  bus: MessageBus;
  readStore: ReadStore;
  logger: Logger;
  refund: (userId: string, checkId: string, reason: string) => Promise<boolean>;
}): RunningWorker {
  return startWorker(deps, {
    // The name keeps the checkpoint of the data directories written when only failures were refunded.
    name: 'refund-failed-checks',
    filter: { eventTypes: ['WalletCheckFailed', 'WalletCheckCompleted'] },
    handle: async (event) => {
      const owed = refundOwed({ type: event.type, data: event.data } as CheckEvent);
      if (!owed) return;
      const refunded = await deps.refund(owed.userId, owed.checkId, owed.reason);
      if (refunded) deps.logger.info({ checkId: owed.checkId, userId: owed.userId, outcome: event.type }, 'undelivered check refunded');
    },
  });
}
